"""Pausing a Diplomacy game over real HTTP, on SQLite and on PostgreSQL: the creator
pauses at once and the deadline stops (a 3-second phase is not processed in 7 seconds),
the pause survives a restart, every seated person asking pauses it too, strangers are
refused in their language, and resuming gives the time that was left, after which the
phase is processed at its deadline; computers (the server's own runner) give no orders
while paused and play on once resumed."""
import os
import time
import uuid
from datetime import datetime

import pytest

from diplomacy_helpers import LANGUAGES, POWERS
from serverlib import Server, new_user, wait_until

FAST = {"movement_seconds": 3, "retreat_seconds": 3, "adjustment_seconds": 3}
DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("STRATAGEM_TEST_POSTGRESQL") else [])


@pytest.fixture(params=DATABASES)
def database(request, tmp_path):
    return f"sqlite:{tmp_path / 'db.sqlite'}" if request.param == "sqlite" else os.environ["STRATAGEM_TEST_POSTGRESQL"]


def hosted_game(server, prefix):
    """A game made by a host who does not play, and its seven players."""
    host = new_user(server, f"{prefix}host", language="ja")
    players = {power: new_user(server, f"{prefix}{power.lower()}", language=LANGUAGES[power]) for power in POWERS}
    body = {"game": "diplomacy", "name": "Paused game", "players": 7, "deadlines": FAST}
    game_id = host.ok("POST", "/api/v1/games", body, status=201)["id"]
    for power, client in players.items():
        client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
    return game_id, host, players


def pause(client, game_id, paused):
    return client.ok("POST", f"/api/v1/games/{game_id}/pause", {"paused": paused})


def test_pausing_stops_the_clock_and_resuming_gives_back_the_time_left(database):
    prefix = uuid.uuid4().hex[:6]
    server = Server(database).start()
    try:
        game_id, host, players = hosted_game(server, prefix)
        england = players["ENGLAND"]
        assert pause(host, game_id, True) == {"paused": True, "asked": 0, "needed": 7}
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        assert view["deadline"] is None
        assert view["pause"]["paused"] is True and 0 <= view["pause"]["deadline_left_seconds"] <= 3
        assert (view["pause"]["by_creator"], view["pause"]["can_ask"]) == (False, True)
        assert host.ok("GET", f"/api/v1/games/{game_id}")["pause"]["by_creator"] is True
        # Orders and readiness go on; nothing is processed while paused.
        england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        time.sleep(7)
        assert england.ok("GET", f"/api/v1/games/{game_id}/phases") == []
        assert england.ok("GET", f"/api/v1/games/{game_id}")["phase"] == "S1901M"
        stranger = new_user(server, f"{prefix}stranger", language="zh-Hant")
        refused = stranger.request("POST", f"/api/v1/games/{game_id}/pause", {"paused": False})
        assert (refused.status, refused.code) == (403, "forbidden")
        assert refused.message == "只有對局的建立者或參與其中的弈者可以暫停或繼續本局"
        missing = england.request("POST", f"/api/v1/games/{game_id}/pause", {})
        assert missing.status == 400 and "paused" in missing.message
    finally:
        assert server.stop() == 0
    # Still paused after a restart.
    server = Server(database).start()
    try:
        for client in [host, *players.values()]:
            client.port = server.port
        england = players["ENGLAND"]
        time.sleep(4)
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        assert (view["phase"], view["pause"]["paused"]) == ("S1901M", True)
        # Resumed: the seconds that were left (a phase of 3 s: at most 3 s), then processed.
        resumed_at = time.time()
        assert pause(host, game_id, False) == {"paused": False, "asked": 0, "needed": 7}
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        assert view["pause"]["paused"] is False and view["deadline"] is not None
        [spring] = wait_until(lambda: england.ok("GET", f"/api/v1/games/{game_id}/phases"), timeout=30,
                              what="the spring processed after resuming")
        assert time.time() - resumed_at < 20
        assert spring["phase"] == "S1901M"
        assert {e["order"]: e["result"] for e in spring["orders"]["ENGLAND"]}["F LON - NTH"] == "ok"
    finally:
        assert server.stop() == 0


def test_every_seated_person_asking_pauses_the_game(database):
    prefix = uuid.uuid4().hex[:6]
    server = Server(database).start()
    try:
        game_id, host, players = hosted_game(server, prefix)
        for count, power in enumerate(POWERS[:-1], start=1):
            assert pause(players[power], game_id, True) == {"paused": False, "asked": count, "needed": 7}
        mine = players["AUSTRIA"].ok("GET", f"/api/v1/games/{game_id}")["pause"]
        assert (mine["asked"], mine["needed"], mine["asked_by_me"]) == (6, 7, True)
        assert players["TURKEY"].ok("GET", f"/api/v1/games/{game_id}")["pause"]["asked_by_me"] is False
        assert pause(players["TURKEY"], game_id, True) == {"paused": True, "asked": 0, "needed": 7}
        time.sleep(5)
        assert players["TURKEY"].ok("GET", f"/api/v1/games/{game_id}/phases") == []
        # A Dragonchess game has no pause.
        castle = host.ok("POST", "/api/v1/games", {"game": "dragonchess", "name": "Castle", "opponent": "human"},
                         status=201)["id"]
        assert host.request("POST", f"/api/v1/games/{castle}/pause", {"paused": True}).status == 404
    finally:
        assert server.stop() == 0


def test_computers_wait_while_paused_past_the_deadline_and_play_on_once_resumed(database):
    """Through the server's own runner: a seat that falls to a computer while the game is
    paused gets no orders however long the pause lasts past the deadline, and nothing is
    processed; resuming gives the phase what was left (here the whole 8-second phase, the
    least a resumed phase gets when it is shorter than an hour), the computer orders, and
    the phase is processed at that deadline, not before."""
    prefix = uuid.uuid4().hex[:6]
    server = Server(database).start()
    try:
        host = new_user(server, f"{prefix}host", language="ja")
        england = new_user(server, f"{prefix}england")
        france = new_user(server, f"{prefix}france", language="ja")
        body = {"game": "diplomacy", "name": "Computers wait", "players": 7, "computer_players": 5,
                "computer_takes_civil_disorder": True,
                "deadlines": {"movement_seconds": 8, "retreat_seconds": 8, "adjustment_seconds": 8}}
        game_id = host.ok("POST", "/api/v1/games", body, status=201)["id"]
        england.ok("POST", f"/api/v1/games/{game_id}/join", {"power": "ENGLAND"})
        france.ok("POST", f"/api/v1/games/{game_id}/join", {"power": "FRANCE"})
        assert pause(host, game_id, True)["paused"] is True
        left = england.ok("GET", f"/api/v1/games/{game_id}")["pause"]["deadline_left_seconds"]
        assert 0 < left <= 8
        # France leaves while paused: a computer takes the seat but does not order yet.
        france.ok("POST", f"/api/v1/games/{game_id}/give_up", {"power": "FRANCE"})
        england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        time.sleep(12)  # past the deadline the phase had
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        assert (view["phase"], view["deadline"], view["pause"]["paused"]) == ("S1901M", None, True)
        assert view["powers"]["FRANCE"]["status"] == "civil_disorder"
        assert (view["powers"]["FRANCE"]["orders_given"], view["powers"]["FRANCE"]["ready"]) == (False, False)
        assert england.ok("GET", f"/api/v1/games/{game_id}/phases") == []

        before = time.time()
        assert pause(host, game_id, False)["paused"] is False
        after = time.time()
        deadline = datetime.fromisoformat(england.ok("GET", f"/api/v1/games/{game_id}")["deadline"].replace("Z", "+00:00"))
        # Resumed with what was left, made up to the whole phase (shorter than an hour).
        assert before + 8 - 1 <= deadline.timestamp() <= after + 8 + 1, (before, deadline, after)
        # The computer's orders are read from the processed spring: polling for them in the
        # 8 seconds before the deadline could miss them on a loaded machine.
        [spring] = wait_until(lambda: england.ok("GET", f"/api/v1/games/{game_id}/phases"), timeout=40,
                              what="the spring processed at the restored deadline")
        assert time.time() >= deadline.timestamp() - 1  # England never said ready: the deadline did it
        assert spring["phase"] == "S1901M"
        assert len(spring["orders"]["FRANCE"]) == 3  # the computer's, one for each unit
        assert {e["order"]: e["result"] for e in spring["orders"]["ENGLAND"]}["F LON - NTH"] == "ok"
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        assert (view["phase"], view["pause"]["paused"]) == ("F1901M", False) and view["deadline"] is not None
    finally:
        assert server.stop() == 0
