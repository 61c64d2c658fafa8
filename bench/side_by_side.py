#!/usr/bin/env python3
"""Stratagem beside the public engines it is compared with, in one run (docs/diplomacy-speed.md,
docs/dragonchess.md, docs/python.md have the figures and how the anchors were built).

Each comparison runs ours and the anchor in turn, A B A B ..., `--runs` times each, and prints
one JSON object: each side's rate (median, best, worst) and the ratio ours / theirs taken pair
by pair (median and range), so that the machine's drift between runs cancels out. This
program never builds or downloads an anchor: give the path of one built outside the repository.

- `--dipcc PROGRAM`: random self-play on Cicero's dipcc. PROGRAM takes `GAMES SEED` and prints
  the JSON of `stratagem diplomacy selfplay` (`phases`, `seconds`, `phases_per_second`); ours
  is `stratagem diplomacy selfplay --games GAMES --seed SEED`.
- `--dragonchessai PROGRAM`: perft on joconno2/DragonchessAI. PROGRAM takes `DEPTH` and prints
  the JSON of `stratagem dragonchess perft` (`nodes`, `seconds`, `nodes_per_second`); ours is
  `stratagem dragonchess perft DEPTH`.
- `--mila DIRECTORY`: MILA's README loop (every power's orderable locations given a random
  legal order, `set_orders`, `process`, until the game is done or 1910 ends) on the same
  interpreter, with MILA's `diplomacy` package imported from DIRECTORY and ours from
  `stratagem.diplomacy` (PYTHONPATH=build/python).

Usage (after the README's build):
    PYTHONPATH=build/python /usr/bin/python3 bench/side_by_side.py --runs 5 \\
        [--dipcc PROGRAM] [--dragonchessai PROGRAM] [--mila DIRECTORY] [--threads N]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

README_LOOP = """
import json, random, sys, time
{importing}
random.seed({seed})
phases = 0
start = time.perf_counter()
for _ in range({games}):
    game = Game()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= 1910:
        possible_orders = game.get_all_possible_orders()
        for power_name in game.powers:
            power_orders = [random.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                            if possible_orders[loc]]
            game.set_orders(power_name, power_orders)
        game.process()
        phases += 1
seconds = time.perf_counter() - start
print(json.dumps({{"phases": phases, "seconds": seconds, "phases_per_second": phases / seconds}}))
"""


def run_json(command: list, environment: dict = None) -> dict:
    done = subprocess.run(command, capture_output=True, text=True, env=environment)
    if done.returncode != 0:
        sys.exit(f"side_by_side: {' '.join(command)!r} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    sys.exit(f"side_by_side: {' '.join(command)!r} printed no JSON object")


def spread(values: list) -> dict:
    return {"median": statistics.median(values), "best": max(values), "worst": min(values)}


def side_by_side(name: str, ours: list, theirs: list, rate: str, runs: int, environment: dict = None) -> dict:
    ours_rates, their_rates = [], []
    for _ in range(runs):
        ours_rates.append(run_json(ours, environment)[rate])
        their_rates.append(run_json(theirs, environment)[rate])
    ratios = [a / b for a, b in zip(ours_rates, their_rates)]
    return {"comparison": name, "rate": rate, "runs": runs, "ours": spread(ours_rates), "theirs": spread(their_rates),
            "ratio": {"median": statistics.median(ratios), "lowest": min(ratios), "highest": max(ratios)},
            "ours_command": " ".join(ours), "their_command": " ".join(theirs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stratagem", default="build/stratagem", help="our CLI (default build/stratagem)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each side (default 5)")
    parser.add_argument("--dipcc", help="a dipcc self-play program (GAMES SEED)")
    parser.add_argument("--games", type=int, default=300, help="self-play games a run (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="threads of our self-play (default 1)")
    parser.add_argument("--dragonchessai", help="a DragonchessAI perft program (DEPTH)")
    parser.add_argument("--depth", type=int, default=4, help="perft depth (default 4)")
    parser.add_argument("--mila", help="the folder holding MILA's diplomacy package")
    parser.add_argument("--mila-games", type=int, default=2, help="README-loop games a run (default 2)")
    args = parser.parse_args()
    if not (args.dipcc or args.dragonchessai or args.mila):
        parser.error("give at least one of --dipcc, --dragonchessai, --mila")
    if args.dipcc:
        ours = [args.stratagem, "diplomacy", "selfplay", "--games", str(args.games), "--seed", str(args.seed)]
        if args.threads > 1:
            ours += ["--threads", str(args.threads)]
        print(json.dumps(side_by_side("selfplay vs dipcc", ours, [args.dipcc, str(args.games), str(args.seed)],
                                      "phases_per_second", args.runs)), flush=True)
    if args.dragonchessai:
        print(json.dumps(side_by_side("perft vs DragonchessAI", [args.stratagem, "dragonchess", "perft", str(args.depth)],
                                      [args.dragonchessai, str(args.depth)], "nodes_per_second", args.runs)), flush=True)
    if args.mila:
        loop = {"seed": args.seed, "games": args.mila_games}
        ours = README_LOOP.format(importing="from stratagem.diplomacy import Game", **loop)
        theirs = README_LOOP.format(importing=f"sys.path.insert(0, {os.path.abspath(args.mila)!r})\n"
                                    "from diplomacy import Game", **loop)
        result = side_by_side("README loop vs MILA", [sys.executable, "-c", ours], [sys.executable, "-c", theirs],
                              "phases_per_second", args.runs)
        result["ours_command"] = f"{sys.executable}: the README loop over stratagem.diplomacy.Game"
        result["their_command"] = f"{sys.executable}: the README loop over MILA's diplomacy.Game from {args.mila}"
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
