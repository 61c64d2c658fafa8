"""PostgreSQL (STRATAGEM_TEST_POSTGRESQL, set by scripts/test): the durability test, the
computers' draw votes (test_diplomacy_extensions), and two server processes on one
database: a client may talk to either, a phase is processed exactly once, and events reach
the clients of the other process (LISTEN/NOTIFY)."""
import os
import uuid

import pytest

from diplomacy_helpers import seven_player_game
from serverlib import EventReader, Server, wait_until
from test_diplomacy_extensions import one_person_against_six_computers_ends_nothing
from test_durability import kill_after_orders_then_restart

URL = os.environ.get("STRATAGEM_TEST_POSTGRESQL")
pytestmark = pytest.mark.skipif(not URL, reason="STRATAGEM_TEST_POSTGRESQL is not set (scripts/test sets it)")


def unique_prefix():
    # The database outlives the test run: names must not collide with earlier runs.
    return uuid.uuid4().hex[:8]


def test_kill_9_on_postgresql(tmp_path):
    kill_after_orders_then_restart(lambda: Server(URL), prefix=unique_prefix())


def test_one_person_at_spring_1901_ends_nothing_against_six_computers_on_postgresql():
    server = Server(URL).start()
    try:
        one_person_against_six_computers_ends_nothing(server, prefix=unique_prefix())
    finally:
        assert server.stop() == 0


def test_two_processes_on_one_database():
    a = Server(URL).start()
    b = Server(URL).start()
    try:
        game_id, players = seven_player_game(a, deadlines={"movement_seconds": 2, "retreat_seconds": 2,
                                                           "adjustment_seconds": 2}, prefix=unique_prefix())
        england, france = players["ENGLAND"], players["FRANCE"]
        france.port = b.port  # France talks to the other process
        assert france.ok("GET", f"/api/v1/games/{game_id}")["phase"] == "S1901M"

        stream_on_b = EventReader(b.port, f"/api/v1/games/{game_id}/events", token=france.token)
        england.ok("POST", f"/api/v1/games/{game_id}/messages",
                   {"from": "ENGLAND", "to": ["FRANCE"], "text": "via process A"}, status=201)
        seen = stream_on_b.events_until(lambda e: e["event"] == "message")
        assert seen[-1]["data"]["text"] == "via process A"

        england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        france.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"FRANCE": ["A Par-Bur"]}})
        # Both schedulers see the deadline; the phase is processed once.
        wait_until(lambda: len(england.ok("GET", f"/api/v1/games/{game_id}/phases")) >= 2, timeout=30,
                   what="two phases processed by deadline")
        phases = france.ok("GET", f"/api/v1/games/{game_id}/phases")
        names = [p["phase"] for p in phases]
        assert names[:2] == ["S1901M", "F1901M"] and len(names) == len(set(names))
        spring = {e["order"]: e["result"] for entries in phases[0]["orders"].values() for e in entries}
        assert spring["F LON - NTH"] == "ok" and spring["A PAR - BUR"] == "ok"
        processed = stream_on_b.events_until(lambda e: e["event"] == "phase_processed")
        assert processed[-1]["data"]["phase"] == "S1901M"
        stream_on_b.close()
    finally:
        assert a.stop() == 0
        assert b.stop() == 0


def test_actions_taken_on_the_io_thread_answer_as_a_worker_would():
    """An order or a message over a game the process last wrote itself, from a session it
    remembers, is decided on the I/O thread and answered when its group commit is done;
    refusals, and writes over a game the other process moved on, go to a worker. Each
    answer is the same either way, and every acknowledged write is there."""
    debug = {"SPDLOG_LEVEL": "debug"}
    a = Server(URL, extra_env=debug).start()
    b = Server(URL, extra_env=debug).start()
    try:
        game_id, players = seven_player_game(a, prefix=unique_prefix())
        england, france = players["ENGLAND"], players["FRANCE"]
        orders = f"/api/v1/games/{game_id}/orders"
        first = england.ok("PUT", orders, {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        second = england.ok("PUT", orders, {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Eng", "A Lvp-Yor"]}})
        assert [e["order"] for e in first["orders"]["ENGLAND"]] == ["F LON - NTH"]
        assert [e["order"] for e in second["orders"]["ENGLAND"]] == ["F LON - ENG", "A LVP - YOR"]
        sent = england.ok("POST", f"/api/v1/games/{game_id}/messages",
                          {"from": "ENGLAND", "to": ["FRANCE"], "text": "from the I/O thread"}, status=201)
        assert set(sent) == {"id", "sent_at", "phase"} and sent["phase"] == "S1901M"
        # Refused: answered by a worker, in the caller's language, nothing written.
        wrong_phase = england.put(orders, {"phase": "F1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        assert wrong_phase.status == 409 and wrong_phase.code == "wrong_phase", wrong_phase
        # The other process moves the game on; A's next write finds its game stale and is
        # written by a worker after reading the game again.
        france.port = b.port
        france.ok("PUT", orders, {"phase": "S1901M", "orders": {"FRANCE": ["A Par-Bur"]}})
        third = england.ok("PUT", orders, {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        assert [e["order"] for e in third["orders"]["ENGLAND"]] == ["F LON - NTH"]
        mine = france.ok("GET", f"/api/v1/games/{game_id}/messages")
        assert [m["text"] for m in mine] == ["from the I/O thread"]
    finally:
        assert a.stop() == 0
        assert b.stop() == 0
    log = a.log.decode()
    without_worker = [line for line in log.splitlines() if "without a worker" in line]
    assert any(f"PUT {orders} 200" in line for line in without_worker), log[-3000:]
    assert any(f"POST /api/v1/games/{game_id}/messages 201" in line for line in without_worker), log[-3000:]
    # The refusal and the write over the moved-on game were answered by handle().
    assert not any(" 409 " in line for line in without_worker)
    assert len([line for line in without_worker if f"PUT {orders}" in line]) == 2, without_worker
