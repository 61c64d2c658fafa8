#!/usr/bin/env python3
"""Writes the corpus of MILA's answers that python/tests/test_mila_*.py check Stratagem's
``diplomacy`` package against: run with MILA's package (github.com/diplomacy/diplomacy,
never committed here) importable, e.g.

    git clone <MILA's repository> /work/ext/mila
    PYTHONPATH=/work/ext/mila nice -n 10 /usr/bin/python3 tests/data/mila/generate.py map

(MILA needs Debian's python3-tornado, -ujson, -bcrypt, -coloredlogs, -dateutil, -pytz
and -tqdm.) Each part is written to its own file beside this one:

    map         map.json: every answer of Map('standard') (answers.map_answers)
"""

import argparse
import json
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import answers  # noqa: E402  (beside this file)


def mila():
    """MILA's package, refusing to run on anything else (such as Stratagem's face)."""
    import diplomacy
    from diplomacy.engine.map import Map
    if hasattr(diplomacy, "_core") or "stratagem" in getattr(Map, "__module__", "") or \
            not Path(diplomacy.__file__).resolve().parent.joinpath("maps", "standard.map").is_file():
        sys.exit(f"generate.py: {diplomacy.__file__} is not MILA's diplomacy package (no maps/standard.map)")
    return diplomacy


def orders_seen(diplomacy, games, seed):
    """Every possible order met over `games` random games to 1905."""
    rng = random.Random(seed)
    seen = set()
    for _ in range(games):
        game = diplomacy.Game()
        while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1906:
            possible = game.get_all_possible_orders()
            for orders in possible.values():
                seen.update(orders)
            for power in game.powers:
                locations = game.get_orderable_locations(power)
                game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
            game.process()
    return seen


def write_map(diplomacy, out):
    game_map = diplomacy.engine.map.Map("standard")
    names = {}
    for name, loc in list(game_map.loc_name.items()) + list(game_map.aliases.items()):
        if len(loc) >= 3 and loc[:3].upper() in game_map.loc_coasts and " " not in loc:
            names.setdefault(loc, []).append(name.title() if " " in name else name)
    phrases = answers.phrases_from_orders(orders_seen(diplomacy, 3, seed=1), names, seed=2, count=1500)
    write_json(out / "map.json", answers.map_answers(game_map, phrases))


def write_json(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"{path}: {os.path.getsize(path):,} bytes")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="+", choices=["map"])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    diplomacy = mila()
    import diplomacy.engine.map  # noqa: F401
    if "map" in args.parts:
        write_map(diplomacy, args.out)


if __name__ == "__main__":
    main()
