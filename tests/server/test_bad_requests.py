"""A table of bad requests, each answered with the right status and code, a message naming
what was wrong, and no change at all to what is stored (every table compared before and
after)."""
import sqlite3

import pytest

from diplomacy_helpers import seven_player_game
from serverlib import Server, new_user, wait_until

HUGE = b'{"phase": "S1901M", "orders": {"ENGLAND": ["' + b"F Lon-Nth " * 100000 + b'"]}}'


def snapshot(path):
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: sorted(map(repr, connection.execute(f"SELECT * FROM {table}"))) for table in tables}
    finally:
        connection.close()


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("bad") / "stratagem.db"
    server = Server(f"sqlite:{path}").start()
    game_id, players = seven_player_game(server)
    players["ENGLAND"].ok("PUT", f"/api/v1/games/{game_id}/orders",
                          {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
    players["ENGLAND"].ok("POST", f"/api/v1/games/{game_id}/messages",
                          {"from": "ENGLAND", "to": ["FRANCE"], "text": "hello"}, status=201)
    gold = new_user(server, "gold")
    chess_id = gold.ok("POST", "/api/v1/games", {"game": "dragonchess", "name": "c", "opponent": "human",
                                                 "side": "gold"})["id"]
    new_user(server, "scarlet").ok("POST", f"/api/v1/games/{chess_id}/join", {})
    # The outbox fans the setup's notices out in the background (docs/server.md,
    # "Notices"): the tables are compared once it has.
    wait_until(lambda: snapshot(path).get("notices") == [], what="the setup's notices dispatched")
    yield server, path, game_id, chess_id, players, gold
    assert server.stop() == 0


G = "/api/v1/games/{game}"
C = "/api/v1/games/{chess}"
# (who, method, path, body (dict) or raw (bytes), status, code, words the message must hold)
CASES = [
    ("ENGLAND", "PUT", G + "/orders", b'{"phase": "S1901M", "orders": ', 400, "bad_request", ["JSON"]),
    ("ENGLAND", "PUT", G + "/orders", b'["S1901M"]', 400, "bad_request", []),
    ("ENGLAND", "PUT", G + "/orders", {"phase": 1901, "orders": {"ENGLAND": []}}, 400, "bad_request", ["phase"]),
    ("ENGLAND", "PUT", G + "/orders", {"orders": {"ENGLAND": []}}, 400, "bad_request", ["phase"]),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "S1901M", "orders": "F Lon-Nth"}, 400, "bad_request", ["orders"]),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "S1901M", "orders": {"ENGLAND": "F Lon-Nth"}}, 400, "bad_request",
     ["ENGLAND"]),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "S1901M", "orders": {"ENGLAND": [7]}}, 400, "bad_request",
     ["ENGLAND"]),
    ("ENGLAND", "PUT", G + "/orders", HUGE, 413, "too_large", []),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "S1901M", "orders": {"FRANCE": ["A Par-Bur"]}}, 403, "forbidden",
     ["FRANCE"]),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "F1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}}, 409, "wrong_phase",
     ["F1901M"]),
    ("ENGLAND", "PUT", G + "/orders", {"phase": "S1901M", "orders": {"PRUSSIA": ["A Ber-Sil"]}}, 400, "bad_request",
     ["PRUSSIA"]),
    (None, "PUT", G + "/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}}, 401, "unauthenticated", []),
    ("bad token", "PUT", G + "/orders", {"phase": "S1901M", "orders": {"ENGLAND": []}}, 401, "unauthenticated", []),
    ("ENGLAND", "PUT", "/api/v1/games/999/orders", {"phase": "S1901M", "orders": {"ENGLAND": []}}, 404, "not_found",
     ["999"]),
    ("ENGLAND", "GET", "/api/v1/games/999", None, 404, "not_found", ["999"]),
    ("ENGLAND", "GET", "/api/v1/games/abc", None, 404, "not_found", ["abc"]),
    ("ENGLAND", "GET", "/api/v1/games/999/messages", None, 404, "not_found", []),
    ("ENGLAND", "POST", G + "/ready", {"power": "ENGLAND", "ready": "yes"}, 400, "bad_request", ["ready"]),
    ("ENGLAND", "POST", G + "/ready", {"power": "FRANCE", "ready": True}, 403, "forbidden", ["FRANCE"]),
    ("ENGLAND", "POST", G + "/messages", {"from": "FRANCE", "to": "all", "text": "x"}, 403, "forbidden", ["FRANCE"]),
    ("ENGLAND", "POST", G + "/messages", {"from": "ENGLAND", "to": "all", "text": 12345}, 400, "bad_request", ["text"]),
    ("ENGLAND", "POST", G + "/messages", {"from": "ENGLAND", "to": 5, "text": "x"}, 400, "bad_request", ["to"]),
    ("ENGLAND", "POST", G + "/messages", {"from": "ENGLAND", "to": ["ATLANTIS"], "text": "x"}, 400, "bad_request",
     ["ATLANTIS"]),
    ("ENGLAND", "POST", G + "/join", {}, 409, "conflict", []),
    ("ENGLAND", "POST", "/api/v1/games", {"game": "diplomacy", "name": "x", "press": "loud"}, 400, "bad_request",
     ["press"]),
    ("ENGLAND", "POST", "/api/v1/games", {"game": "diplomacy", "name": "x", "players": "seven"}, 400, "bad_request",
     ["players"]),
    ("ENGLAND", "POST", "/api/v1/games",
     {"game": "diplomacy", "name": "x", "deadlines": {"movement_seconds": -1, "retreat_seconds": 1,
                                                      "adjustment_seconds": 1}},
     400, "bad_request", ["deadlines.movement_seconds"]),
    ("ENGLAND", "POST", "/api/v1/games", {"game": "go"}, 400, "bad_request", ["game"]),
    ("ENGLAND", "POST", "/api/v1/games", b"", 400, "bad_request", ["game"]),
    ("ENGLAND", "POST", C + "/moves", {"move": "W2e2-2e3"}, 403, "forbidden", []),
    ("gold", "POST", C + "/moves", {"move": "W2e2-2e9"}, 400, "bad_request", ["W2e2-2e9"]),
    ("gold", "POST", C + "/moves", {"move": 22}, 400, "bad_request", ["move"]),
    ("gold", "POST", C + "/draw", {"action": "maybe"}, 400, "bad_request", []),
    ("ENGLAND", "POST", C + "/resign", {}, 403, "forbidden", []),
]


@pytest.mark.parametrize("who,method,path,body,status,code,words", CASES,
                         ids=[f"{i}-{c[1]}-{c[4]}" for i, c in enumerate(CASES)])
def test_bad_request(table, who, method, path, body, status, code, words):
    server, db, game_id, chess_id, players, gold = table
    if who is None:
        client = server.client()
    elif who == "bad token":
        client = server.client("ab" * 32)
    elif who == "gold":
        client = gold
    else:
        client = players[who]
    path = path.format(game=game_id, chess=chess_id)
    before = snapshot(db)
    if isinstance(body, bytes):
        response = client.request(method, path, raw=body)
    else:
        response = client.request(method, path, body=body)
    assert response.status == status, response
    assert response.json().keys() == {"error"}
    assert response.json()["error"].keys() == {"code", "message"}
    assert response.code == code
    for word in words:
        assert word in response.message, response.message
    assert snapshot(db) == before


def test_messages_follow_the_callers_language(table):
    server, _, game_id, _, players, _ = table
    # France's player reads Japanese, Germany's traditional Chinese.
    japanese = players["FRANCE"].put(f"/api/v1/games/{game_id}/orders", {"orders": {"FRANCE": []}})
    chinese = players["GERMANY"].put(f"/api/v1/games/{game_id}/orders", {"orders": {"GERMANY": []}})
    english = players["ENGLAND"].put(f"/api/v1/games/{game_id}/orders", {"orders": {"ENGLAND": []}})
    assert japanese.code == chinese.code == english.code == "bad_request"
    assert len({japanese.message, chinese.message, english.message}) == 3
    assert all("phase" in m for m in (japanese.message, chinese.message, english.message))
