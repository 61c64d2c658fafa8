#!/usr/bin/env python3
"""Writes the corpus of MILA's answers that python/tests/test_mila_*.py check Stratagem's
``diplomacy`` package against: run with MILA's package (github.com/diplomacy/diplomacy,
never committed here) importable, e.g.

    git clone <MILA's repository> /work/ext/mila
    PYTHONPATH=/work/ext/mila nice -n 10 /usr/bin/python3 tests/data/mila/generate.py map

(MILA needs Debian's python3-tornado, -ujson, -bcrypt, -coloredlogs, -dateutil, -pytz
and -tqdm.) Each part is written to its own file beside this one:

    map         map.json: every answer of Map('standard') (answers.map_answers)
    games       games.jsonl.xz: random games under MILA's default rules (random_games.play)
    flags       flags.jsonl.xz: random games under each rule flag that changes answers,
                games with press, and end games near a win under the victory flags
    datc        datc.jsonl.xz: the games of MILA's own DATC tests (test_datc.py and its
                NO_CHECK and no-expansion variants), recorded as MILA's tests drive them
    agent       agent.jsonl.xz: random games with, at every phase, its state and what
                LLM-agent code asks to build each power's prompt (agent_view.py)

The games are scripts (script.py): the calls made, with MILA's answers at every phase.
Python's string hashing is fixed (PYTHONHASHSEED=0), so a run repeats exactly.
"""

import argparse
import inspect
import json
import lzma
import os
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import agent_view  # noqa: E402
import answers  # noqa: E402  (beside this file)
import random_games  # noqa: E402
from script import RecordedGame  # noqa: E402

GAMES, LAST_YEAR = 250, 1904
FLAGS = ["NO_CHECK", "BUILD_ANY", "DONT_SKIP_PHASES", "CIVIL_DISORDER", "HOLD_WIN", "SHARED_VICTORY"]
FLAG_GAMES, FLAG_LAST_YEAR = 12, 1905
PRESS_RULES = [[], ["-NO_PRESS"], ["-NO_PRESS", "PUBLIC_PRESS"]]
ENDGAMES, ENDGAME_LAST_YEAR = 8, 1906
AGENT_GAMES, AGENT_LAST_YEAR = 4, 1903


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
    write_json(out / "map.json", {"provenance": provenance(diplomacy), **answers.map_answers(game_map, phrases)})


def write_games(diplomacy, out):
    from diplomacy.utils.export import to_saved_game_format
    games = [{"name": f"random {seed}", "script": random_games.play(diplomacy, to_saved_game_format, seed, LAST_YEAR)}
             for seed in range(1, GAMES + 1)]
    write_xz(out / "games.jsonl.xz", diplomacy, games)


def write_flags(diplomacy, out):
    from diplomacy.utils.export import to_saved_game_format
    games = []
    for flag in FLAGS:
        for seed in range(1, FLAG_GAMES + 1):
            games.append({"name": f"{flag} {seed}", "script": random_games.play(
                diplomacy, to_saved_game_format, 1000 + seed, FLAG_LAST_YEAR, rules=[flag],
                bad=0.3 if flag == "NO_CHECK" else 0.15)})
    for rules in PRESS_RULES:
        for seed in range(1, 4):
            games.append({"name": f"press {' '.join(rules) or 'default'} {seed}", "script": random_games.play(
                diplomacy, to_saved_game_format, 2000 + seed, 1902, rules=rules, press=0.4)})
    for rules in [[], ["HOLD_WIN"], ["SHARED_VICTORY"]]:
        for seed in range(1, ENDGAMES + 1):
            games.append({"name": f"endgame {' '.join(rules) or 'default'} {seed}", "script":
                          random_games.play_endgame(diplomacy, to_saved_game_format, 3000 + seed, ENDGAME_LAST_YEAR,
                                                    rules)})
    write_xz(out / "flags.jsonl.xz", diplomacy, games)


def write_datc(diplomacy, out):
    """Runs MILA's DATC test classes with each game they make recorded."""
    from diplomacy.utils.export import to_saved_game_format
    from diplomacy.tests import test_datc, test_datc_no_check, test_datc_no_expand
    games = []
    for tests in (test_datc.TestDATC, test_datc_no_check.TestDATCNoCheck, test_datc_no_expand.TestDATCNoExpand):
        made = []

        class Recording(tests):  # pylint: disable=too-few-public-methods
            @staticmethod
            def create_game():
                game = RecordedGame(tests.create_game(), diplomacy.Game(), to_saved_game_format)
                made.append(game)
                return game

        for name, test in sorted(inspect.getmembers(Recording, inspect.isfunction)):
            if not name.startswith("test_"):
                continue
            made.clear()
            test(Recording())
            for number, game in enumerate(made):
                games.append({"name": f"{tests.__name__}.{name}" + (f" #{number + 1}" if len(made) > 1 else ""),
                              "script": game.finish()})
    write_xz(out / "datc.jsonl.xz", diplomacy, games)


def write_agent(diplomacy, out):
    """Random games of legal orders; at every phase, its state and each power's places,
    possible orders and their norm() form as agent code sees them."""
    games = []
    for seed in range(1, AGENT_GAMES + 1):
        rng = random.Random(4000 + seed)
        game = diplomacy.Game()
        graph = agent_view.map_graph(game.map)
        phases = []
        while not game.is_game_done and int(game.get_current_phase()[1:5]) <= AGENT_LAST_YEAR:
            state = {key: value for key, value in game.get_state().items() if key != "timestamp"}
            places = {power: agent_view.place_view(game, graph, power) for power in sorted(game.powers)}
            possible = {power: agent_view.orders_view(game, power) for power in sorted(game.powers)}
            normed = {power: agent_view.normed(game.map, orders) for power, orders in possible.items()}
            phases.append({"state": state, "places": places, "possible": possible, "normed": normed})
            for power, orders in possible.items():
                game.set_orders(power, [rng.choice(listed) for listed in orders.values() if listed])
            game.process()
        games.append({"name": f"agent {seed}", "graph": graph, "phases": phases})
    write_xz(out / "agent.jsonl.xz", diplomacy, games)


def provenance(diplomacy):
    """Which MILA wrote the answers, and how."""
    where = Path(diplomacy.__file__).resolve().parents[1]
    commit = subprocess.run(["git", "-C", str(where), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    return {"mila_commit": commit.strip() or None, "mila_version": getattr(diplomacy, "__version__", None),
            "generator": "tests/data/mila/generate.py " + " ".join(sys.argv[1:])}


def write_xz(path, diplomacy, games):
    """JSON lines, compressed: the provenance, then one game a line (read one at a time)."""
    lines = [provenance(diplomacy)] + games
    data = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines).encode()
    path.write_bytes(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))
    print(f"{path}: {len(games)} games, {os.path.getsize(path):,} bytes ({len(data):,} uncompressed)")


def write_json(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"{path}: {os.path.getsize(path):,} bytes")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="+", choices=["map", "games", "flags", "datc", "agent"])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":  # MILA's answers depend on the order of its sets
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    diplomacy = mila()
    import diplomacy.engine.map  # noqa: F401
    for part in args.parts:
        {"map": write_map, "games": write_games, "flags": write_flags, "datc": write_datc,
         "agent": write_agent}[part](diplomacy, args.out)


if __name__ == "__main__":
    main()
