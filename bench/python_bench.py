#!/usr/bin/env python3
"""Benchmarks of the `stratagem` Python module (docs/python.md has the figures):

- the MILA-style random-game loop (get the possible orders, pick one per orderable
  location, set them, process) in phases per second, one core;
- `selfplay` on 1 and 2 threads (scaling);
- Dragonchess perft from Python against the CLI's `perft` (what the binding costs);
- `stratagem.env.encode_board` (C++, one call per batch) against the same features built
  in plain Python (`encode_board_reference`), positions a second (needs NumPy);
- `stratagem.env.VectorEnv`: many games stepped per call on 1 and 2 threads, each game
  given random legal orders (drawn with NumPy from its legal order list), phases a second.

Run after the README's build:
    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--games N] [--selfplay-games N]
        [--perft-depth D] [--cli build/stratagem] [--only loop|selfplay|perft|encode|vector]
Prints one JSON object per measurement.
"""

import argparse
import json
import random
import subprocess
import sys
import time

from stratagem import diplomacy, dragonchess
from stratagem.diplomacy import Game


def mila_loop(games: int, seed: int) -> dict:
    random.seed(seed)
    phases = 0
    start = time.perf_counter()
    for _ in range(games):
        game = Game(max_year=1930)
        while not game.is_game_done:
            possible_orders = game.get_all_possible_orders()
            for power_name, power in game.powers.items():
                power_orders = [random.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                                if possible_orders[loc]]
                game.set_orders(power_name, power_orders)
            game.process()
            phases += 1
    seconds = time.perf_counter() - start
    return {"benchmark": "mila_loop", "games": games, "phases": phases, "seconds": round(seconds, 3),
            "phases_per_second": round(phases / seconds)}


def selfplay(games: int, seed: int, threads: int) -> dict:
    result = diplomacy.selfplay(games, seed, threads=threads)
    return {"benchmark": "selfplay", "threads": threads, "games": result["games"], "phases": result["phases"],
            "seconds": round(result["seconds"], 3), "phases_per_second": round(result["phases_per_second"])}


def perft(depth: int, cli: str) -> list:
    position = dragonchess.Position()
    start = time.perf_counter()
    nodes = dragonchess.perft(position, depth)
    seconds = time.perf_counter() - start
    ours = {"benchmark": "perft", "from": "python", "depth": depth, "nodes": nodes, "seconds": round(seconds, 3),
            "nodes_per_second": round(nodes / seconds)}
    out = json.loads(subprocess.run([cli, "dragonchess", "perft", str(depth)], capture_output=True, text=True,
                                    check=True).stdout)
    theirs = {"benchmark": "perft", "from": "cli", "depth": depth, "nodes": out["nodes"],
              "seconds": round(out["seconds"], 3), "nodes_per_second": round(out["nodes_per_second"])}
    return [ours, theirs]


def encode(positions: int, seed: int) -> dict:
    from stratagem.env import encode_board, encode_board_reference, encode_previous_orders
    rng = random.Random(seed)
    games = []
    game = Game()
    while len(games) < positions:
        if game.is_game_done:
            game = Game()
        games.append(game.clone())
        possible = game.get_all_possible_orders()
        for power, locations in game.get_orderable_locations().items():
            game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
        game.process()
    started = time.perf_counter()
    for _ in range(10):
        encode_board(games)
    cxx = (time.perf_counter() - started) / 10
    started = time.perf_counter()
    for one in games:
        encode_board_reference(one)
    python = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(10):
        encode_previous_orders(games)
    orders = (time.perf_counter() - started) / 10
    return {"measure": "encode_board", "positions": positions, "cxx_positions_per_second": positions / cxx,
            "python_positions_per_second": positions / python, "ratio": python / cxx,
            "previous_orders_positions_per_second": positions / orders}


def vector(games: int, steps: int, threads: int, seed: int) -> dict:
    import numpy
    from stratagem.env import VectorEnv
    env = VectorEnv(games, threads=threads)
    rng = numpy.random.default_rng(seed)
    width = 34
    legal_seconds = step_seconds = 0.0
    for _ in range(steps):
        started = time.perf_counter()
        offsets, indices = env.legal_orders()
        counts = numpy.diff(offsets)
        picks = offsets[:-1, None] + (rng.random((games, width)) * counts[:, None]).astype(numpy.int64)
        actions = numpy.where(counts[:, None] > 0, indices[numpy.minimum(picks, len(indices) - 1)], -1).astype(numpy.int32)
        legal_seconds += time.perf_counter() - started
        started = time.perf_counter()
        env.step(actions)
        step_seconds += time.perf_counter() - started
    return {"measure": "vector_env", "games": games, "threads": threads, "phases": env.phases,
            "step_phases_per_second": env.phases / step_seconds,
            "with_legal_orders_phases_per_second": env.phases / (step_seconds + legal_seconds)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games of the MILA-style loop (default 20)")
    parser.add_argument("--selfplay-games", type=int, default=1000, help="games of each selfplay run (default 1000)")
    parser.add_argument("--perft-depth", type=int, default=4, help="perft depth (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli", default="build/stratagem", help="the CLI to compare perft with")
    parser.add_argument("--only", choices=["loop", "selfplay", "perft", "encode", "vector"])
    parser.add_argument("--vector-games", type=int, default=1000, help="games of the vector measurement (default 1000)")
    parser.add_argument("--positions", type=int, default=2000, help="positions of the encode measurement (default 2000)")
    args = parser.parse_args()
    results = []
    if args.only in (None, "loop"):
        results.append(mila_loop(args.games, args.seed))
    if args.only in (None, "selfplay"):
        results += [selfplay(args.selfplay_games, args.seed, threads) for threads in (1, 2)]
    if args.only in (None, "perft"):
        results += perft(args.perft_depth, args.cli)
    if args.only in (None, "encode"):
        results.append(encode(args.positions, args.seed))
    if args.only in (None, "vector"):
        results += [vector(args.vector_games, 50, threads, args.seed) for threads in (1, 2)]
    for result in results:
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
