"""Deadlines of two seconds: phases processed at the deadline without everyone's orders,
missed orders (units hold, builds waived) recorded exactly, civil disorder after two
missed phases in a row, and a player coming back to a power in civil disorder."""
from diplomacy_helpers import POWERS, seven_player_game
from serverlib import wait_until

FAST = {"movement_seconds": 2, "retreat_seconds": 2, "adjustment_seconds": 2}


def phases_of(client, game_id, count):
    return wait_until(lambda: (lambda p: p if len(p) >= count else None)(
        client.ok("GET", f"/api/v1/games/{game_id}/phases")), timeout=30, what=f"{count} processed phases")


def test_missed_orders_and_civil_disorder(server):
    game_id, players = seven_player_game(server, deadlines=FAST)
    england = players["ENGLAND"]
    others = [p for p in POWERS if p != "ENGLAND"]

    england.ok("PUT", f"/api/v1/games/{game_id}/orders",
               {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth", "A Lvp-Yor", "F Edi-Nwg"]}})
    spring = phases_of(england, game_id, 1)[0]
    assert spring["phase"] == "S1901M" and spring["next_phase"] == "F1901M"
    assert {e["order"]: e["result"] for e in spring["orders"]["ENGLAND"]} == {
        "F LON - NTH": "ok", "A LVP - YOR": "ok", "F EDI - NWG": "ok"}
    # Units of powers without orders held.
    assert {e["result"] for p in others for e in spring["orders"][p]} == {"hold"}

    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "F1901M"
    assert sorted((m["phase"], m["power"]) for m in view["missed_phases"]) == sorted(
        ("S1901M", p) for p in others)
    assert all(view["powers"][p]["status"] == "playing" for p in POWERS)

    england.ok("PUT", f"/api/v1/games/{game_id}/orders",
               {"phase": "F1901M", "orders": {"ENGLAND": ["F Nth-Nwy", "A Yor H", "F Nwg H"]}})
    phases_of(england, game_id, 2)
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "W1901A"
    # A second phase missed in a row: civil disorder for everyone but England.
    assert {p: view["powers"][p]["status"] for p in POWERS} == {
        p: ("playing" if p == "ENGLAND" else "civil_disorder") for p in POWERS}
    assert sorted((m["phase"], m["power"]) for m in view["missed_phases"]) == sorted(
        [("S1901M", p) for p in others] + [("F1901M", p) for p in others])
    assert "NWY" in view["centers"]["ENGLAND"]

    # England builds in time; nobody else has anything to build.
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "W1901A", "orders": {"ENGLAND": ["F Lon B"]}})
    phases_of(england, game_id, 3)
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert "F LON" in view["units"]["ENGLAND"]
    assert view["phase"].startswith("S1902") or view["phase"].startswith("F1902")

    # France's player comes back to the power.
    back = players["FRANCE"].post(f"/api/v1/games/{game_id}/take_seat", {"power": "FRANCE"})
    assert back.status == 200, back
    view = players["FRANCE"].ok("GET", f"/api/v1/games/{game_id}")
    assert view["powers"]["FRANCE"]["status"] == "playing" and view["my_powers"] == ["FRANCE"]


def test_missed_builds_are_waived(server):
    game_id, players = seven_player_game(server, deadlines=FAST, prefix="w")
    england = players["ENGLAND"]
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
    phases_of(england, game_id, 1)
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "F1901M", "orders": {"ENGLAND": ["F Nth-Nwy"]}})
    phases_of(england, game_id, 2)
    # England gives no build: it is waived at the deadline.
    phases = phases_of(england, game_id, 3)
    assert phases[2]["phase"] == "W1901A"
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert sorted(view["units"]["ENGLAND"]) == ["A LVP", "F EDI", "F NWY"]
    assert ("W1901A", "ENGLAND") in [(m["phase"], m["power"]) for m in view["missed_phases"]]


def test_computers_take_powers_in_civil_disorder(server):
    game_id, players = seven_player_game(server, deadlines=FAST, prefix="c",
                                         extra={"civil_disorder_after": 1, "computer_takes_civil_disorder": True})
    england = players["ENGLAND"]
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
    phases_of(england, game_id, 1)
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["powers"]["FRANCE"]["status"] == "civil_disorder"
    # From now on a computer orders for the powers in civil disorder: in F1901M every French
    # unit has an order given (in S1901M none had).
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "F1901M", "orders": {"ENGLAND": ["F Nth-Nwy"]}})
    fall = phases_of(england, game_id, 2)[1]
    assert fall["phase"] == "F1901M"
    assert all(entry["input"] is None for entry in phases_of(england, game_id, 1)[0]["orders"]["FRANCE"])
    assert all(entry["input"] is not None for entry in fall["orders"]["FRANCE"])
