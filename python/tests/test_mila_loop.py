"""MILA's research loop, unchanged but for the import, on stratagem.diplomacy: random legal
orders every phase for whole games, every phase checked against the CLI's adjudication of
the same input; saved games written, read back and replayed to the same final state."""

import json
import random

import pytest

from stratagem.diplomacy import Game
from stratagem.diplomacy.utils.export import from_saved_game_format, to_saved_game_format

from conftest import run_cli

GAMES = 8
LAST_YEAR = 1930  # as `selfplay`: whole games end at a win or after this year


def cli_input(game):
    """The phase about to be adjudicated, as `stratagem diplomacy adjudicate` reads it."""
    state = game.get_state()
    return {
        "phase": state["phase"],
        "units": {power: [unit for unit in units if not unit.startswith("*")]
                  for power, units in state["units"].items()},
        "centers": state["centers"],
        "retreats": state.get("retreats", {}),
        "orders": game.get_orders(),
    }


def position_after(game):
    state = game.get_state()
    position = {
        "phase": state["phase"],
        "units": {power: [unit for unit in units if not unit.startswith("*")]
                  for power, units in state["units"].items()},
        "centers": state["centers"],
    }
    if "retreats" in state:
        position["retreats"] = state["retreats"]
    return position


def result_words(cli_results):
    words = {}
    for entries in cli_results.values():
        for entry in entries:
            if entry["unit"] is None:
                continue
            listed = words.setdefault(entry["unit"], [])
            if entry["result"] not in ("ok", "hold"):
                listed.append(entry["result"])
    return words


def play_and_record(seed, rules="standard"):
    """MILA's README loop; what each phase was given and gave is kept for the check."""
    random.seed(seed)
    phases = []

    game = Game(rules, max_year=LAST_YEAR)
    while not game.is_game_done:

        # Getting the list of possible orders for all locations
        possible_orders = game.get_all_possible_orders()

        # For each power, randomly sampling a valid order
        for power_name, power in game.powers.items():
            power_orders = [random.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                            if possible_orders[loc]]
            game.set_orders(power_name, power_orders)

        given = cli_input(game)
        # Processing the game to move to the next phase
        game.process()
        phases.append((given, position_after(game), game.get_order_results()))

    return game, phases


@pytest.mark.parametrize("rules", ["standard", "datc"])
def test_random_games_match_the_cli_phase_by_phase(rules):
    for seed in range(GAMES):
        game, phases = play_and_record(seed, rules)
        assert game.get_current_phase() == "COMPLETED"
        assert len(phases) > 20
        lines = "".join(json.dumps(given) + "\n" for given, _, _ in phases)
        outputs = run_cli("diplomacy", "adjudicate", "--rules", rules, "--jsonl", stdin=lines).splitlines()
        assert len(outputs) == len(phases)
        for (given, after, results), output in zip(phases, outputs):
            report = json.loads(output)
            assert "error" not in report, (given["phase"], report)
            assert report["next"] == after, given["phase"]
            assert result_words(report["results"]) == results, given["phase"]


def test_possible_orders_are_the_cli_legal_orders_every_phase():
    random.seed(5)
    game = Game(max_year=1912)
    while not game.is_game_done:
        possible = game.get_all_possible_orders()
        position = cli_input(game)
        del position["orders"]
        legal = json.loads(run_cli("diplomacy", "legal", stdin=json.dumps(position)))
        assert legal["phase"] == game.get_current_phase()
        for power_name, by_unit in legal["orders"].items():
            locations = game.get_orderable_locations(power_name)
            if game.get_current_phase().endswith("A"):
                listed = {order for location in locations for order in possible[location]}
                # MILA lists WAIVE under build sites: a power with builds due but no free
                # home centre has nothing to order.
                expected = set(by_unit["orders"]) if by_unit["change"] and locations else set()
                assert listed == expected, (game.get_current_phase(), power_name)
                if by_unit["change"] > 0 and not locations:
                    assert by_unit["orders"] == ["WAIVE"]
                continue
            assert locations == sorted(unit[2:5] for unit in by_unit), (game.get_current_phase(), power_name)
            for unit, orders in by_unit.items():
                assert sorted(possible[unit[2:5]]) == sorted(orders), (game.get_current_phase(), unit)
                assert sorted(possible[unit[2:]]) == sorted(orders), (game.get_current_phase(), unit)
        for power_name in game.powers:
            locations = game.get_orderable_locations(power_name)
            game.set_orders(power_name, [random.choice(possible[loc]) for loc in locations if possible[loc]])
        game.process()


def comparable(state):
    """A state without when it was taken and the game fields saved games add to it."""
    return {key: value for key, value in state.items() if key not in ("timestamp", "game_id", "map", "rules")}


def test_saved_game_reads_back_and_replays_to_the_same_state():
    game, _ = play_and_record(seed=11)
    saved = json.loads(json.dumps(to_saved_game_format(game)))
    assert saved["phases"][-1]["name"] == "COMPLETED"

    loaded = from_saved_game_format(saved)
    assert loaded.get_current_phase() == "COMPLETED" and loaded.is_game_done
    assert comparable(loaded.get_state()) == comparable(game.get_state())
    again = to_saved_game_format(loaded)
    for before, after in zip(saved["phases"], again["phases"]):
        assert comparable(before["state"]) == comparable(after["state"])
        assert before["orders"] == after["orders"] and before["results"] == after["results"]

    # Replayed from the first phase with the saved orders: every phase as saved.
    replay = Game(max_year=LAST_YEAR)
    for phase, following in zip(saved["phases"], saved["phases"][1:]):
        assert replay.get_current_phase() == phase["name"]
        for power_name, orders in phase["orders"].items():
            if orders is not None:
                replay.set_orders(power_name, orders)
        replay.process()
        assert replay.get_order_results() == phase["results"], phase["name"]
        assert comparable(replay.get_state()) == comparable(following["state"]), following["name"]
    assert replay.is_game_done and replay.get_units() == game.get_units()
    assert replay.get_centers() == game.get_centers()


def test_a_saved_game_without_our_extra_fields_reads_as_mila_wrote_it():
    game = Game()
    game.set_orders("AUSTRIA", ["A VIE - TYR"])
    game.process()
    game.set_orders("AUSTRIA", ["A TYR - VEN", "F TRI S A TYR - VEN"])
    game.process()
    assert game.get_current_phase() == "F1901R"
    saved = to_saved_game_format(game)
    # MILA saves neither the retreat options nor our phase and profile fields.
    for phase in saved["phases"]:
        for key in ("retreats", "phase"):
            phase["state"].pop(key, None)
    del saved["rule_profile"], saved["max_year"]
    loaded = from_saved_game_format(saved)
    assert loaded.get_current_phase() == "F1901R"
    assert loaded.powers["ITALY"].retreats == {"A VEN": ["APU", "PIE", "TUS"]}
    loaded.set_orders("ITALY", ["A VEN R TUS"])
    loaded.process()
    assert "A TUS" in loaded.get_units("ITALY")
