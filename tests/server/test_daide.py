"""DAIDE clients at the server (`stratagem serve --daide`): whole games of seven of our own
DAIDE clients over TCP, checked position by position against the engine; an observer;
a client that goes silent, falls into civil disorder and comes back with IAM; a person
who takes over a DAIDE power; malformed input and floods answered as the protocol says;
and, on PostgreSQL, DAIDE players on two server processes of one database."""
import json
import os
import re
import subprocess
import time
import uuid

import pytest

from daide_wire import INITIAL, DaideConnection, frame, now_units
from diplomacy_helpers import adjudicated_next
from serverlib import BIN, Server, new_user, wait_until


def daide_server(database, *args):
    server = Server(database, args=["--daide", "127.0.0.1:0", *args]).start()
    line = server.process.stdout.readline().decode()
    assert line.startswith("daide on 127.0.0.1:"), line
    server.daide_port = int(line.strip().rsplit(":", 1)[1])
    return server


@pytest.fixture
def server(tmp_path):
    running = daide_server(f"sqlite:{tmp_path / 'stratagem.db'}")
    yield running
    if running.process is not None:
        assert running.stop() == 0, running.log.decode()[-3000:]


def new_game(server, creator, **options):
    body = {"game": "diplomacy", "name": "DAIDE table", "players": 7, "press": "none",
            "deadlines": {"movement_seconds": 120, "retreat_seconds": 60, "adjustment_seconds": 60}}
    body.update(options)
    return creator.ok("POST", "/api/v1/games", body)["id"]


def our_client(port, player, name, *extra):
    return subprocess.Popen([BIN, "diplomacy", "daide", "--host", "127.0.0.1", "--port", str(port),
                             "--player", player, "--name", name, *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def seated(port, name, accept_map=True):
    """A client of ours, spoken to message by message: joined (NME) and, unless told
    otherwise, with the map accepted."""
    client = DaideConnection(port)
    client.open()
    client.say(f"NME ('{name}') ('1')")
    assert client.read() == f"YES (NME ('{name}') ('1'))"
    assert client.read() == "MAP ('STANDARD')"
    if accept_map:
        client.say("YES (MAP ('STANDARD'))")
    return client


def test_seven_of_our_clients_play_to_1910_as_the_engine_adjudicates(server):
    alice = new_user(server, "alice")
    game = new_game(server, alice, daide_players=7, end_year=1910)
    watcher = DaideConnection(server.daide_port)
    players = ["dumbbot", "dumbbot", "dumbbot", "random", "holdbot", "dumbbot", "random"]
    clients = [our_client(server.daide_port, player, f"bot{k}") for k, player in enumerate(players)]
    watcher.open()
    watcher.say("OBS ('watcher') ('1')")
    assert watcher.read() == "YES (OBS ('watcher') ('1'))"
    assert watcher.read() == "MAP ('STANDARD')"
    watcher.say("YES (MAP ('STANDARD'))")
    logs = []
    for client in clients:
        _, err = client.communicate(timeout=300)
        logs.append(err.decode())
        assert client.returncode == 0, err.decode()[-3000:]
    # Every client saw the end and the summary, and the server refused none of its orders
    # nor any whole submission (the turn waits for every DAIDE player's orders, waives too).
    for log in logs:
        assert "summary: SMR" in log, log[-2000:]
        assert "refused our order" not in log, log
        assert "HUH" not in log and "PRN" not in log, log
    view = alice.ok("GET", f"/api/v1/games/{game}")
    assert view["status"] == "finished"
    assert sorted(seat["daide"] for seat in view["powers"].values()) == [f"bot{k} 0.1.0" for k in range(7)]
    assert all(seat["computer"] for seat in view["powers"].values())
    phases = alice.ok("GET", f"/api/v1/games/{game}/phases")
    # To the end of 1910, unless a power won or every client took a draw (each votes DRW on
    # the turns its position would take one).
    assert "1910" in phases[-1]["phase"] or view["result"]["reason"] in ("victory", "draw")
    # Every position the server reached is the engine's own from the orders given.
    for entry, following in zip(phases, phases[1:]):
        expected = adjudicated_next(entry)
        assert expected, entry["phase"]
        assert expected["phase"] == following["phase"], entry["phase"]
        assert expected["units"] == following["units"], entry["phase"]
        assert expected["centers"] == following["centers"], entry["phase"]
    # The observer was told every position as NOW: the same as the API's, in order.
    told = []
    for message in watcher.read_until(lambda m: m.startswith("SMR"), timeout=30):
        if message.startswith("NOW"):
            told.append(now_units(message))
    expected = [(entry["phase"], {p: sorted(u) for p, u in entry["units"].items() if u}) for entry in phases]
    assert told[:len(expected)] == expected
    watcher.close()


def test_no_client_hears_of_the_game_before_every_client_has_accepted_the_map(server):
    """syntax.html: a client reads the map (MAP, MDF) and accepts it (YES (MAP)) before HLO.
    The last client to join answers MAP slowly: the game waits for it, and nobody gets HLO,
    SCO or NOW before its YES (MAP); then it gets them in that order and plays the first turn."""
    alice = new_user(server, "alice")
    game = new_game(server, alice, daide_players=2, computer_players=5)
    quick = seated(server.daide_port, "Quick")
    slow = seated(server.daide_port, "Slow", accept_map=False)
    # Every seat is taken; the slow client is still reading the map.
    time.sleep(1.5)
    for client in (quick, slow):
        with pytest.raises(TimeoutError):
            client.read(timeout=1)
    assert alice.ok("GET", f"/api/v1/games/{game}")["status"] == "forming"
    slow.say("MDF")
    assert slow.read().startswith("MDF (AUS ENG FRA GER ITA RUS TUR) (((AUS BUD TRI VIE)")
    slow.say("YES (MAP ('STANDARD'))")
    start = [slow.read() for _ in range(3)]
    assert start[0].startswith("HLO (") and start[0].endswith("((LVL 0) (MTL 120) (RTL 60) (BTL 60))"), start
    assert start[1].startswith("SCO (") and start[2].startswith("NOW (SPR 1901)"), start
    quick_start = [quick.read() for _ in range(3)]
    assert [m[:3] for m in quick_start] == ["HLO", "SCO", "NOW"], quick_start
    assert alice.ok("GET", f"/api/v1/games/{game}")["status"] == "active"
    # Both order the first turn: it is processed at once, nobody missing it.
    for client, hello in ((slow, start[0]), (quick, quick_start[0])):
        power = hello.split("(")[1].rstrip(") ")
        units = [u for u in re.findall(r"\((\w{3} (?:AMY|FLT) (?:\(\w{3} \w{3}\)|\w{3}))\)", start[2]) if u.startswith(power)]
        client.say("SUB " + " ".join(f"(({u}) HLD)" for u in units))
        client.read_until(lambda m: m.startswith("THX") and "MBV" in m)
    for client in (slow, quick):
        assert client.read_until(lambda m: m.startswith("NOW"), timeout=60)[-1].startswith("NOW (FAL 1901)")
    view = alice.ok("GET", f"/api/v1/games/{game}")
    assert view["missed_phases"] == [], view["missed_phases"]
    quick.close()
    slow.close()


def test_a_client_that_refuses_the_map_is_told_off_and_its_seat_is_free_again(server):
    alice = new_user(server, "alice")
    game = new_game(server, alice, daide_players=1, computer_players=6)
    picky = seated(server.daide_port, "Picky", accept_map=False)
    picky.say("REJ (MAP ('STANDARD'))")
    assert picky.read() == "OFF"
    assert picky.closed_by_server()
    assert alice.ok("GET", f"/api/v1/games/{game}")["seats"]["daide_open"] == 1
    # Another client takes the seat, accepts the map, and the game starts.
    keen = seated(server.daide_port, "Keen")
    assert keen.read().startswith("HLO (")
    view = alice.ok("GET", f"/api/v1/games/{game}")
    assert view["status"] == "active"
    assert [seat["daide"] for seat in view["powers"].values() if seat.get("daide")] == ["Keen 1"]
    keen.close()


def test_a_silent_client_falls_into_civil_disorder_and_comes_back(server):
    alice = new_user(server, "alice")
    game = new_game(server, alice, daide_players=1, computer_players=6, civil_disorder_after=1,
                    deadlines={"movement_seconds": 2, "retreat_seconds": 2, "adjustment_seconds": 2})
    bot = seated(server.daide_port, "Silent")
    assert bot.read_until(lambda m: m.startswith("HLO"))[-1].startswith("HLO")
    hello = bot.log[-1][3:]
    power, passcode = hello.split("(")[1].rstrip(") "), int(hello.split("(")[2].rstrip(") "))
    names = {"AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY", "ITA": "ITALY", "RUS": "RUSSIA",
             "TUR": "TURKEY"}
    seat = names[power]
    view = alice.ok("GET", f"/api/v1/games/{game}")
    assert view["powers"][seat]["daide"] == "Silent 1"
    assert view["powers"][seat]["player"] == "Silent"
    # It orders nothing: the deadline passes, it is in civil disorder, and it is told so.
    bot.read_until(lambda m: m == f"CCD ({power})", timeout=30)
    assert alice.ok("GET", f"/api/v1/games/{game}")["powers"][seat]["status"] == "civil_disorder"
    bot.close()
    # A wrong passcode is refused; the right one gives the power back.
    again = DaideConnection(server.daide_port)
    again.open()
    again.say(f"IAM ({power}) ({passcode + 1})")
    assert again.read() == f"REJ (IAM ({power}) ({passcode + 1}))"
    again.close()
    back = DaideConnection(server.daide_port)
    back.open()
    back.say(f"IAM ({power}) ({passcode})")
    assert back.read() == f"YES (IAM ({power}) ({passcode}))"
    assert alice.ok("GET", f"/api/v1/games/{game}")["powers"][seat]["status"] == "playing"
    back.say("HLO")
    assert back.read_until(lambda m: m.startswith("HLO"))[-1] == f"HLO ({power}) ({passcode}) ((LVL 0) (MTL 2) (RTL 2) (BTL 2))"
    back.close()


def test_a_person_takes_over_a_daide_power_in_civil_disorder(server):
    alice = new_user(server, "alice")
    game = new_game(server, alice, daide_players=1, computer_players=6, civil_disorder_after=1,
                    deadlines={"movement_seconds": 1, "retreat_seconds": 1, "adjustment_seconds": 1})
    bot = seated(server.daide_port, "Quitter")
    hello = bot.read_until(lambda m: m.startswith("HLO"))[-1]
    power = hello.split("(")[1].rstrip(") ")
    bot.read_until(lambda m: m == f"CCD ({power})", timeout=30)
    seat = next(p for p, s in alice.ok("GET", f"/api/v1/games/{game}")["powers"].items() if s.get("daide"))
    bob = new_user(server, "bob")
    bob.ok("POST", f"/api/v1/games/{game}/take_seat", {"power": seat})
    taken = bob.ok("GET", f"/api/v1/games/{game}")["powers"][seat]
    assert taken["player"] == "bob" and "daide" not in taken and not taken["computer"]
    bot.close()


def test_bad_input_is_answered_and_nothing_breaks(server):
    alice = new_user(server, "alice")
    new_game(server, alice, daide_players=2, computer_players=5)
    # An Initial Message with another magic number: EM 0x04, and the connection closes.
    bad = DaideConnection(server.daide_port)
    bad.send_octets(frame(0, b"\x00\x01\xab\xcd"))
    assert bad.read() == "EM 0x04"
    assert bad.closed_by_server()
    # A Diplomacy Message first: EM 0x02.
    early = DaideConnection(server.daide_port)
    early.send_octets(frame(2, b"\x48\x0e"))
    assert early.read() == "EM 0x02"
    # Unbalanced brackets, unknown commands, orders before the game, press at level 0.
    client = seated(server.daide_port, "prober", accept_map=False)
    client.say("SUB ((FRA AMY PAR) HLD")
    assert client.read() == "PRN (SUB ((FRA AMY PAR) HLD)"
    client.say("ORD ORD")
    assert client.read() == "HUH (ORD ERR ORD)"
    client.say("SUB ((FRA AMY PAR) HLD)")
    assert client.read() == "REJ (SUB ((FRA AMY PAR) HLD))"
    client.say("SND (ENG) (PRP (PCE (FRA ENG)))")
    assert client.read() == "HUH (ERR SND (ENG) (PRP (PCE (FRA ENG))))"
    # An odd number of octets in a Diplomacy Message: EM 0x0E, closed.
    client.send_octets(frame(2, b"\x48"))
    assert client.read() == "EM 0x0E"
    assert client.closed_by_server()
    # A flood of requests: every one answered in order, and the server still serves others.
    flood = DaideConnection(server.daide_port)
    flood.open()
    flood.send_octets(frame(2, bytes.fromhex("480e")) * 3000)  # NOW, 3,000 times
    answers = [flood.read() for _ in range(3000)]
    assert all(a.startswith("NOW (SPR 1901)") for a in answers)
    other = DaideConnection(server.daide_port)
    other.open()
    other.say("MAP")
    assert other.read() == "MAP ('STANDARD')"
    # A client that sends half a message and stops writing: the server closes it.
    half = DaideConnection(server.daide_port)
    half.send_octets(INITIAL[:3])
    half.sock.shutdown(1)
    assert half.closed_by_server()
    # The game is intact: one seat still free for a DAIDE client.
    seats = alice.ok("GET", "/api/v1/games")
    assert any(g.get("seats", {}).get("daide_open") == 1 for g in seats) or seats


@pytest.mark.skipif(not os.environ.get("STRATAGEM_TEST_POSTGRESQL"), reason="STRATAGEM_TEST_POSTGRESQL is not set")
def test_daide_players_on_two_processes_of_one_postgresql_database():
    # The database outlives the test run: names must not collide with earlier runs'.
    url = os.environ["STRATAGEM_TEST_POSTGRESQL"]
    first = daide_server(url)
    second = daide_server(url)
    try:
        alice = new_user(first, "daide-" + uuid.uuid4().hex[:8])
        game = new_game(first, alice, daide_players=2, computer_players=5, end_year=1902)
        clients = [our_client(first.daide_port, "dumbbot", "one"), our_client(second.daide_port, "dumbbot", "two")]
        for client in clients:
            _, err = client.communicate(timeout=300)
            assert client.returncode == 0, err.decode()[-3000:]
            assert "summary: SMR" in err.decode()
        view = alice.ok("GET", f"/api/v1/games/{game}")
        assert view["status"] == "finished"
        assert sorted(s["daide"] for s in view["powers"].values() if s.get("daide")) == ["one 0.1.0", "two 0.1.0"]
    finally:
        assert first.stop() == 0
        assert second.stop() == 0


def test_press_between_a_daide_client_and_a_person(server):
    """In a game with press, DAIDE is level 30: a DAIDE client's proposal reaches a person
    as a sentence in her language, her acceptance reaches the client as FRM, and the deal
    is the game's."""
    mei = new_user(server, "mei", language="zh-Hant")
    game = new_game(server, mei, daide_players=1, computer_players=5, press="full")
    mei.ok("POST", f"/api/v1/games/{game}/join", {"power": "FRANCE"})
    bot = seated(server.daide_port, "Talker")
    hello = bot.read_until(lambda m: m.startswith("HLO"))[-1]
    assert "(LVL 30)" in hello
    power = hello.split("(")[1].rstrip(") ")
    bot.read_until(lambda m: m.startswith("NOW"))
    bot.say(f"SND (FRA) (PRP (PCE (FRA {power})))")
    assert bot.read() == f"YES (SND (FRA) (PRP (PCE (FRA {power}))))"
    proposal = mei.ok("GET", f"/api/v1/games/{game}/messages")[-1]
    assert proposal["press"] == f"PRP (PCE (FRA {power}))"
    assert proposal["sentence"].endswith("和平") and "法國" in proposal["sentence"], proposal
    names = {"AUS": "AUSTRIA", "ENG": "ENGLAND", "GER": "GERMANY", "ITA": "ITALY", "RUS": "RUSSIA", "TUR": "TURKEY"}
    answer = mei.ok("POST", f"/api/v1/games/{game}/messages",
                    {"from": "FRANCE", "to": [names[power]], "press": f"YES (PRP (PCE (FRA {power})))"}, status=201)
    assert answer["deal"] == "1"
    assert bot.read_until(lambda m: m.startswith("FRM"))[-1] == f"FRM (FRA) ({power}) (YES (PRP (PCE (FRA {power}))))"
    deals = mei.ok("GET", f"/api/v1/games/{game}/deals")
    assert [(d["parties"], d["state"]) for d in deals] == [([names[power], "FRANCE"], "holding")]
    # Press that does not read: HUH, with ERR before it.
    bot.say("SND (FRA) (PRP (PCE (FRA PAR)))")
    assert bot.read() == "HUH (SND (FRA) ERR (PRP (PCE (FRA PAR))))"
    bot.close()
