"""Random games played by MILA's `diplomacy` itself (data/mila_games.json, written by
data/make_mila_games.py running MILA), replayed through ours with the same orders: after
every phase each power's lists hold what MILA's hold, in MILA's order (the places a
dislodged unit may retreat to excepted: MILA lists them in its map file's order of
neighbours, which is not ours; docs/python.md), `power.adjust` and `get_orders()` are
MILA's, and so is the Zobrist hash."""

import json
from pathlib import Path

import pytest

from diplomacy import Game

MILA = json.loads((Path(__file__).resolve().parent / "data" / "mila_games.json").read_text())
GAMES, SCENARIOS = MILA["games"], MILA["scenarios"]


def lists_of(game):
    return {name: {"units": list(power.units), "centers": list(power.centers),
                   "influence": list(power.influence), "retreats": {unit: sorted(places) for unit, places
                                                                    in power.retreats.items()}}
            for name, power in game.powers.items()}


def with_retreats_sorted(lists):
    return {name: dict(power_lists, retreats={unit: sorted(places) for unit, places
                                              in power_lists["retreats"].items()})
            for name, power_lists in lists.items()}


def replay(mila_game, check):
    game = Game()
    for phase in mila_game["phases"]:
        assert game.get_current_phase() == phase["name"]
        for name, orders in phase["orders"].items():
            game.set_orders(name, orders)
        check(game, phase, "before")
        game.process()
        check(game, phase, "after")
    return game


@pytest.mark.parametrize("mila_game", GAMES, ids=[f"seed{game['seed']}" for game in GAMES])
def test_units_centres_influence_and_retreats_in_milas_order_after_every_phase(mila_game):
    assert lists_of(Game()) == mila_game["start"]

    def check(game, phase, when):
        if when == "after":
            assert lists_of(game) == with_retreats_sorted(phase["after"]), phase["name"]
            assert ({name: list(power.retreats) for name, power in game.powers.items()}
                    == {name: list(lists["retreats"]) for name, lists in phase["after"].items()})
            state = game.get_state()
            for name, lists in phase["after"].items():
                assert state["units"][name] == lists["units"] + ["*" + unit for unit in lists["retreats"]]
                assert state["centers"][name] == lists["centers"]
                assert state["influence"][name] == lists["influence"]

    replay(mila_game, check)


def seen(game):
    return {"phase": game.get_current_phase(), "lists": lists_of(game), "hash": game.get_hash(),
            "state_units": game.get_state()["units"]}


def expected(mila_seen):
    return {"phase": mila_seen["phase"], "lists": with_retreats_sorted(mila_seen["lists"]), "hash": mila_seen["hash"],
            "state_units": mila_seen["state_units"]}


def test_set_units_and_set_centers_keep_milas_order():
    mila = SCENARIOS["set_units"]
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A PIC", "F MAO", "A BUR"])
    game.set_units("GERMANY", ["A MUN", "F HOL"])
    game.set_centers("GERMANY", ["BEL", "HOL", "MUN"])
    assert seen(game) == expected(mila[0])
    game.set_orders("FRANCE", ["A PIC - BEL", "A BUR - MUN"])
    game.set_orders("GERMANY", ["A MUN - BUR", "F HOL - BEL"])
    game.process()
    assert seen(game) == expected(mila[1])


def test_set_state_keeps_the_order_of_the_states_lists():
    mila = SCENARIOS["set_state"]
    game = Game()
    game.set_state(mila["state"])
    assert seen(game) == expected(mila["seen"])


@pytest.mark.parametrize("mila_game", GAMES, ids=[f"seed{game['seed']}" for game in GAMES])
def test_power_adjust_and_get_orders_as_milas_before_every_phase(mila_game):
    """MILA makes up an adjustment's orders with WAIVEs to the builds due, drops WAIVEs
    beyond them, and leaves WAIVE out of get_orders() and the order history."""

    def check(game, phase, when):
        if when == "before":
            assert {name: power.adjust for name, power in game.powers.items()} == phase["adjust"], phase["name"]
            assert game.get_orders() == phase["get_orders"], phase["name"]
        else:
            assert game.order_history.last_value() == phase["get_orders"], phase["name"]

    replay(mila_game, check)


@pytest.mark.parametrize("mila_game", GAMES, ids=[f"seed{game['seed']}" for game in GAMES])
def test_the_zobrist_hash_is_milas_after_every_phase(mila_game):
    assert Game().get_hash() == mila_game["start_hash"]

    def check(game, phase, when):
        if when == "after":
            assert game.get_hash() == phase["hash"], phase["name"]
            assert game.get_state()["zobrist_hash"] == phase["hash"]
            assert game.state_history.last_value()["zobrist_hash"] == game.get_phase_history()[-1].state["zobrist_hash"]

    replay(mila_game, check)


def test_a_dislodged_unit_put_on_the_board_in_a_movement_phase_as_milas():
    """MILA keeps it in the power's retreats, its state and hash, and goes on to a retreat
    phase in which it has nowhere to go, is disbanded and has no result."""
    mila = SCENARIOS["dislodged_by_hand"]
    game = Game()
    game.set_units("FRANCE", ["*A PIC", "A BUR"])
    assert seen(game) == expected(mila[0])
    game.set_orders("FRANCE", ["A BUR - MUN", "A PAR - GAS"])
    game.process()
    assert seen(game) == expected(mila[1])
    assert game.state_history.last_value()["units"]["FRANCE"] == mila[0]["state_units"]["FRANCE"]
    assert game.state_history.last_value()["zobrist_hash"] == mila[0]["hash"]
    assert {unit: [str(word) for word in words] for unit, words in game.result_history.last_value().items()} \
        == mila[1]["results"]
    game.process()
    assert seen(game) == expected(mila[2])
    assert {unit: [str(word) for word in words] for unit, words in game.result_history.last_value().items()} \
        == mila[2]["results"]


def test_a_dislodged_unit_put_where_its_own_power_then_moves_is_lost_saying_so():
    """Where the power's own unit moves in (MILA keeps both), the engine cannot hold the
    dislodged unit: the game goes on without it and error names it (docs/python.md)."""
    game = Game()
    game.set_units("FRANCE", ["*A PIC"])
    game.set_orders("FRANCE", ["A PAR - PIC"])
    game.process()
    assert game.get_current_phase() == "F1901M" and "A PIC" in game.get_units("FRANCE")
    assert [str(error) for error in game.error][0].startswith("A PIC: dislodged by hand, cannot stay dislodged: ")


def test_adjustment_orders_given_in_several_calls_as_milas():
    """No orders leave power.adjust empty; orders added with replace=False drop the WAIVEs
    beyond the builds due."""
    mila = SCENARIOS["adjust_calls"]
    game = Game()
    for phase in GAMES[0]["phases"]:
        if phase["name"] == mila["phase"]:
            break
        for name, orders in phase["orders"].items():
            game.set_orders(name, orders)
        game.process()
    for orders, expected_after in zip(mila["calls"], mila["after"]):
        game.set_orders("FRANCE", orders, replace=False)
        assert {"adjust": game.powers["FRANCE"].adjust, "orders": game.get_orders("FRANCE")} == expected_after
