#!/usr/bin/python3
"""Writes mila_games.json: random games played by MILA's `diplomacy` itself, with what
research code reads after each phase, for test_mila_games.py to replay through ours.

Run with MILA's package importable and ours not (nothing of MILA's is kept here, only its
answers):  PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_games.py

Each game: the seed, and for each phase its name, the orders given (MILA's random
choice among its possible orders, power by power), each power's `adjust` and
`get_orders()` before the phase is processed, and after it each power's units, centres, influence and retreats as
MILA's lists hold them (in their order), and `get_hash()`. Then a few positions set by
hand (set_units, a dislodged unit put on the board in a movement phase, set_state) and
what MILA makes of them.
"""

import json
import random
from pathlib import Path

from diplomacy import Game

GAMES = 12
LAST_YEAR = 1906


def lists_of(game):
    return {name: {"units": list(power.units), "centers": list(power.centers),
                   "influence": list(power.influence), "retreats": {unit: list(places) for unit, places
                                                                    in power.retreats.items()}}
            for name, power in game.powers.items()}


def play(seed):
    rng = random.Random(seed)
    game = Game()
    phases = []
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= LAST_YEAR:
        possible = game.get_all_possible_orders()
        orders = {}
        for name in sorted(game.powers):
            chosen = []
            for loc in game.get_orderable_locations(name):
                if possible[loc]:
                    chosen.append(rng.choice(sorted(possible[loc])))
            orders[name] = chosen
            game.set_orders(name, chosen)
        adjust = {name: list(power.adjust) for name, power in game.powers.items()}
        orders_read = game.get_orders()
        phase = game.get_current_phase()
        game.process()
        phases.append({"name": phase, "orders": orders, "adjust": adjust, "get_orders": orders_read,
                       "after": lists_of(game),
                       "hash": game.get_hash()})
    return {"seed": seed, "start": lists_of(Game()), "start_hash": Game().get_hash(), "phases": phases}


def seen(game):
    return {"phase": game.get_current_phase(), "lists": lists_of(game), "hash": game.get_hash(),
            "state_units": game.get_state()["units"]}


def last_results(game):
    return {unit: [str(result) for result in results] for unit, results in game.result_history.last_value().items()}


def scenarios():
    """Positions set by hand, as MILA's own tests and research scripts set them."""
    out = {}
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A PIC", "F MAO", "A BUR"])
    game.set_units("GERMANY", ["A MUN", "F HOL"])
    game.set_centers("GERMANY", ["BEL", "HOL", "MUN"])
    out["set_units"] = [seen(game)]
    game.set_orders("FRANCE", ["A PIC - BEL", "A BUR - MUN"])
    game.set_orders("GERMANY", ["A MUN - BUR", "F HOL - BEL"])
    game.process()
    out["set_units"].append(seen(game))

    game = Game()
    game.set_units("FRANCE", ["*A PIC", "A BUR"])
    out["dislodged_by_hand"] = [seen(game)]
    game.set_orders("FRANCE", ["A BUR - MUN", "A PAR - GAS"])
    game.process()
    out["dislodged_by_hand"].append(dict(seen(game), results=last_results(game)))
    game.process()
    out["dislodged_by_hand"].append(dict(seen(game), results=last_results(game)))

    played = Game()
    rng = random.Random(100)
    for _ in range(6):
        possible = played.get_all_possible_orders()
        for name in sorted(played.powers):
            played.set_orders(name, [rng.choice(sorted(possible[loc])) for loc in
                                     played.get_orderable_locations(name) if possible[loc]])
        played.process()
    state = played.get_state()
    for key in ("units", "centers", "influence"):
        state[key] = {name: list(reversed(values)) for name, values in state[key].items()}
    game = Game()
    game.set_state(state)
    out["set_state"] = {"state": state, "seen": seen(game)}
    return out


def adjust_calls(games):
    """France's builds in the first winter of the first game, given in several calls."""
    game = Game()
    for phase in games[0]["phases"]:
        if phase["name"] == "W1902A":
            break
        for name, orders in phase["orders"].items():
            game.set_orders(name, orders)
        game.process()
    calls = [[], ["A PAR B"], ["WAIVE", "WAIVE", "A MAR B"], []]
    seen_after = []
    for orders in calls:
        game.set_orders("FRANCE", orders, replace=False)
        seen_after.append({"adjust": list(game.powers["FRANCE"].adjust), "orders": game.get_orders("FRANCE")})
    return {"phase": game.get_current_phase(), "calls": calls, "after": seen_after}


def main():
    games = [play(seed) for seed in range(GAMES)]
    out = Path(__file__).resolve().parent / "mila_games.json"
    out.write_text(json.dumps({"games": games, "scenarios": dict(scenarios(), adjust_calls=adjust_calls(games))},
                              separators=(",", ":")) + "\n")
    print(f"{out}: {len(games)} games, {sum(len(g['phases']) for g in games)} phases")


if __name__ == "__main__":
    main()
