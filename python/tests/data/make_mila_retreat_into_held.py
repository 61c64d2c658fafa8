#!/usr/bin/python3
"""Writes mila_retreat_into_held.json: three phases of a game saved by MILA's `diplomacy`
in which MILA offers a dislodged unit a retreat into a province another unit holds, for
test_mila_face.py to read back through ours (only MILA's output is kept here).

Run with MILA's package importable and ours not (MILA lists possible orders in the order
of its sets, so string hashing is fixed too):
    PYTHONHASHSEED=0 PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_retreat_into_held.py

It plays MILA's README loop (random legal orders, seeds 1, 2, ..., each game until it is
done) and keeps the first retreat phase whose offered places include a held province, with
the phase before and the phase after.
"""

import json
import random
from pathlib import Path

from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format


def offers_a_held_province(state):
    held = {unit.split()[-1][:3] for units in state["units"].values() for unit in units if not unit.startswith("*")}
    return any(place[:3] in held for retreats in state["retreats"].values()
               for places in retreats.values() for place in places)


def random_game(seed):
    random.seed(seed)
    game = Game()
    while not game.is_game_done:
        possible_orders = game.get_all_possible_orders()
        for power_name in game.powers:
            game.set_orders(power_name, [random.choice(possible_orders[loc])
                                         for loc in game.get_orderable_locations(power_name) if possible_orders[loc]])
        game.process()
    return to_saved_game_format(game)


def main():
    for seed in range(1, 100):
        saved = random_game(seed)
        found = [i for i, phase in enumerate(saved["phases"]) if offers_a_held_province(phase["state"])]
        if found:
            break
    saved["phases"] = saved["phases"][found[0] - 1:found[0] + 2]
    out = Path(__file__).with_name("mila_retreat_into_held.json")
    out.write_text(json.dumps(saved, sort_keys=True) + "\n")
    print(out, "seed", seed, [phase["name"] for phase in saved["phases"]])


if __name__ == "__main__":
    main()
