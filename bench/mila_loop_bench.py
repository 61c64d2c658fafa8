#!/usr/bin/env python3
"""MILA's README loop on whichever `diplomacy` package Python finds: ours or MILA's.

The same code runs on both, so the two are measured side by side on one interpreter:

    PYTHONPATH=build/python /usr/bin/python3 bench/mila_loop_bench.py --games 20     # ours
    PYTHONPATH=/work/ext/mila /usr/bin/python3 bench/mila_loop_bench.py --games 20   # MILA's

Each game is MILA's README loop (every power a random legal order for each orderable
location, set_orders, process) from Spring 1901 until 1910 begins, with everything MILA
keeps (order, result, state and message histories). Prints one JSON object: the package's
file, games, phases, seconds and phases per second (wall clock and CPU time of the
process).
"""

import argparse
import json
import random
import sys
import time

import diplomacy
from diplomacy import Game


def readme_loop(games: int, seed: int, last_year: int) -> dict:
    random.seed(seed)
    phases = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        game = Game()
        while not game.is_game_done and int(game.get_current_phase()[1:5]) < last_year:
            possible_orders = game.get_all_possible_orders()
            for power_name, power in game.powers.items():
                power_orders = [random.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                                if possible_orders[loc]]
                game.set_orders(power_name, power_orders)
            game.process()
            phases += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"package": diplomacy.__file__, "games": games, "phases": phases, "seconds": round(wall, 3),
            "cpu_seconds": round(cpu, 3), "phases_per_second": round(phases / wall, 1),
            "phases_per_cpu_second": round(phases / cpu, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--last-year", type=int, default=1910, help="the loop stops when this year begins")
    args = parser.parse_args()
    print(json.dumps(readme_loop(args.games, args.seed, args.last_year)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
