"""A 2xx means committed: `kill -9` right after acknowledged orders and messages loses
none of them, and a deadline that passed while the server was down is processed when it
comes back, in order. SQLite here; test_postgresql.py does the same on PostgreSQL."""
import time

from diplomacy_helpers import seven_player_game
from serverlib import Server, wait_until

DEADLINES = {"movement_seconds": 3, "retreat_seconds": 3, "adjustment_seconds": 3}
ORDERS = {
    "ENGLAND": ["F Lon-Nth", "A Lvp-Yor", "F Edi-Nwg"],
    "FRANCE": ["陸軍 パリ 移動 ブルゴーニュ", "陸軍 マルセイユ 移動 スペイン"],
    "GERMANY": ["陸軍慕尼黑移動魯爾", "艦隊基爾移動丹麥"],
    "ITALY": ["陆军威尼斯移动蒂罗尔"],
}


def kill_after_orders_then_restart(server_factory, prefix=""):
    first = server_factory().start()
    game_id, players = seven_player_game(first, deadlines=DEADLINES, prefix=prefix)
    started = time.monotonic()
    for power, orders in ORDERS.items():
        players[power].ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {power: orders}})
    players["ENGLAND"].ok("POST", f"/api/v1/games/{game_id}/messages",
                          {"from": "ENGLAND", "to": ["FRANCE"], "text": "acknowledged"}, status=201)
    first.kill9()  # right after the last 2xx
    assert time.monotonic() - started < 3, "the deadline passed before the kill: the test proves nothing"
    time.sleep(max(0.0, 3.5 - (time.monotonic() - started)))  # the deadline passes while nobody runs

    second = server_factory().start()
    try:
        for power in players:
            players[power].port = second.port
        phases = wait_until(lambda: players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}/phases"),
                            timeout=30, what="the overdue phase")
        # The phases after it have 3-second deadlines too: on a loaded machine F1901M may
        # pass before these reads, so only the overdue phase is pinned down.
        assert phases[0]["phase"] == "S1901M"
        given = {power: [e["order"] for e in entries if e.get("result") != "hold"]
                 for power, entries in phases[0]["orders"].items()}
        assert given["ENGLAND"] == ["F LON - NTH", "A LVP - YOR", "F EDI - NWG"]
        assert given["FRANCE"] == ["A PAR - BUR", "A MAR - SPA"]
        assert given["GERMANY"] == ["A MUN - RUH", "F KIE - DEN"]
        assert given["ITALY"] == ["A VEN - TYR"]
        view = players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}")
        assert view["phase"] != "S1901M"
        assert sorted(view["units"]["ENGLAND"]) == ["A YOR", "F NTH", "F NWG"]  # later phases: all hold
        messages = players["FRANCE"].ok("GET", f"/api/v1/games/{game_id}/messages")
        assert [m["text"] for m in messages] == ["acknowledged"]
    finally:
        assert second.stop() == 0


def test_kill_9_loses_nothing_and_the_overdue_deadline_is_processed(tmp_path):
    database = f"sqlite:{tmp_path / 'stratagem.db'}"
    kill_after_orders_then_restart(lambda: Server(database))


def test_overdue_phases_of_several_games_are_processed(tmp_path):
    database = f"sqlite:{tmp_path / 'stratagem.db'}"
    first = Server(database).start()
    games = []
    for index in range(3):
        game_id, players = seven_player_game(first, deadlines=DEADLINES, prefix=f"g{index}")
        games.append((game_id, players["ENGLAND"]))
    first.kill9()
    time.sleep(3.5)
    second = Server(database).start()
    try:
        for game_id, england in games:
            england.port = second.port
            wait_until(lambda: england.ok("GET", f"/api/v1/games/{game_id}/phases"), timeout=30,
                       what=f"game {game_id} processed")
            processed = england.ok("GET", f"/api/v1/games/{game_id}/phases")
            assert processed[0]["phase"] == "S1901M", processed
    finally:
        assert second.stop() == 0


def test_sigterm_under_load_keeps_every_acknowledged_message(tmp_path):
    """SIGTERM while seven players post press as fast as they are answered (most of it
    decided on the I/O thread and answered when its group commit is done): the server
    exits cleanly, and after a restart every message that got a 201 is there, once."""
    import threading

    database = f"sqlite:{tmp_path / 'stratagem.db'}"
    first = Server(database).start()
    game_id, players = seven_player_game(first)
    acknowledged = {power: [] for power in players}
    stop = threading.Event()

    def post(power):
        for index in range(100000):
            if stop.is_set():
                return
            text = f"{power} {index}"
            try:
                answer = players[power].post(f"/api/v1/games/{game_id}/messages",
                                             {"from": power, "to": "all", "text": text})
            except OSError:
                return  # the server has closed
            if answer.status == 201:
                acknowledged[power].append(text)

    threads = [threading.Thread(target=post, args=(power,)) for power in players]
    for thread in threads:
        thread.start()
    wait_until(lambda: sum(len(texts) for texts in acknowledged.values()) >= 200, timeout=30,
               what="200 messages acknowledged")
    try:
        assert first.stop() == 0, first.log.decode()[-3000:]
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    second = Server(database).start()
    try:
        for client in players.values():
            client.port = second.port
        stored = [m["text"] for m in players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}/messages")]
        assert len(stored) == len(set(stored))
        for power, texts in acknowledged.items():
            assert texts, f"{power} had nothing acknowledged"
            missing = set(texts) - set(stored)
            assert not missing, f"{power}: acknowledged but lost: {sorted(missing)[:5]}"
    finally:
        assert second.stop() == 0
