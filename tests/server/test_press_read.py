"""What a person has read of a game's press, kept with the account (issue 29 §4), on SQLite
and on PostgreSQL: a second device (another session, another server process) reads the
marks the first left, marks only move forward, and a wrong conversation or game is refused
with its field named in the caller's language."""
import os
import uuid

import pytest

from serverlib import Server, new_user

URL = os.environ.get("STRATAGEM_TEST_POSTGRESQL")
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not URL, reason="STRATAGEM_TEST_POSTGRESQL is not set (scripts/test sets it)"))]


@pytest.fixture(params=DATABASES)
def servers(request, tmp_path):
    """The servers the two devices talk to: on PostgreSQL two processes on one database, on
    SQLite (one process a database) the same one."""
    url = f"sqlite:{tmp_path / 'stratagem.db'}" if request.param == "sqlite" else URL
    first = Server(url).start()
    second = Server(url).start() if request.param == "postgresql" else first
    yield first, second
    assert first.stop() == 0
    if second is not first:
        assert second.stop() == 0


def sign_in(server, name):
    token = server.client().ok("POST", "/api/v1/sessions", {"name": name, "password": "correct horse"})["token"]
    return server.client(token)


def test_a_second_device_shows_what_the_first_read(servers):
    desktop_server, phone_server = servers
    name = f"reader_{uuid.uuid4().hex[:8]}"
    desktop = new_user(desktop_server, name)
    game = desktop.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "Press", "computer_players": 6})["id"]
    desktop.ok("POST", f"/api/v1/games/{game}/join", {"power": "ENGLAND"})
    path = f"/api/v1/games/{game}/press_read"
    assert desktop.ok("GET", path) == {}

    assert desktop.ok("PUT", path, {"thread": "GERMANY", "last_read": 10}) == {"GERMANY": 10}
    assert desktop.ok("PUT", path, {"thread": "*", "last_read": 12}) == {"*": 12, "GERMANY": 10}
    # The phone: another session of the same account, on the other process.
    phone = sign_in(phone_server, name)
    assert phone.ok("GET", path) == {"*": 12, "GERMANY": 10}
    # A device that was behind brings nothing back.
    assert phone.ok("PUT", path, {"thread": "GERMANY", "last_read": 3}) == {"*": 12, "GERMANY": 10}
    assert phone.ok("PUT", path, {"thread": "FRANCE+GERMANY", "last_read": 14})["FRANCE+GERMANY"] == 14
    assert desktop.ok("GET", path) == {"*": 12, "FRANCE+GERMANY": 14, "GERMANY": 10}
    # Another account has marks of its own.
    other = new_user(desktop_server, f"other_{uuid.uuid4().hex[:8]}")
    assert other.ok("GET", path) == {}


def test_wrong_marks_are_refused_naming_the_field(servers):
    server, _ = servers
    reader = new_user(server, f"wrong_{uuid.uuid4().hex[:8]}", language="ja")
    game = reader.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "Press"})["id"]
    path = f"/api/v1/games/{game}/press_read"
    for body, field in [({"thread": "GERMANY+FRANCE", "last_read": 1}, "thread"),  # not in alphabetical order
                        ({"thread": "GERMANY+", "last_read": 1}, "thread"),
                        ({"thread": "PRUSSIA", "last_read": 1}, "thread"),
                        ({"thread": "GERMANY+GERMANY", "last_read": 1}, "thread"),
                        ({"thread": "GERMANY", "last_read": -1}, "last_read"),
                        ({"thread": "GERMANY", "last_read": "5"}, "last_read"),
                        ({"thread": "GERMANY"}, "last_read"),
                        ({"last_read": 5}, "thread")]:
        refused = reader.put(path, body)
        assert refused.status == 400, body
        assert refused.code == "bad_request"
        assert f"「{field}」" in refused.message, refused.message  # in Japanese, the account's language
    assert reader.ok("GET", path) == {}
    missing = reader.put("/api/v1/games/999999999/press_read", {"thread": "all", "last_read": 1})
    assert missing.status == 404 and missing.code == "not_found"
    assert reader.get("/api/v1/games/999999999/press_read").status == 404
    assert server.client().get(path).status == 401
