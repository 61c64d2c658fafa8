#!/usr/bin/python3
"""Records what MILA's package answers to the calls of mila_api_scenario.py (its API
that needs no server: roles, controllers, waiting, votes, draws, settings) and MILA's
``Game.to_dict()`` of a few played games, by running MILA's `diplomacy` itself (nothing
of MILA's is kept here, only what it answers):

    PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_api.py

writes python/tests/data/mila_api.json, read by python/tests/test_mila_api.py.
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import diplomacy  # noqa: E402  (MILA's, from PYTHONPATH)
import mila_api_scenario as scenario  # noqa: E402
from diplomacy.utils import common  # noqa: E402


def main():
    games = {}
    for label, seed, phases, rules in scenario.GAMES:
        game = scenario.played_game(diplomacy, seed, phases, rules)
        saved = scenario.to_dict_of(game)
        reloaded = diplomacy.Game.from_dict(json.loads(json.dumps(saved)))
        games[label] = {"to_dict": saved, "answers": scenario.game_answers(game),
                        "answers_reloaded": scenario.game_answers(reloaded)}
    hashed = common.hash_password("secret")
    answers = {"password": {"hash": hashed, "answers": scenario.password_answers(diplomacy, hashed)},
               "roles": scenario.roles_answers(diplomacy), "settings": scenario.settings_answers(diplomacy),
               "utils": scenario.utils_answers(diplomacy),
               "draw": scenario.draw_answers(diplomacy), "games": games}
    (HERE / "mila_api.json").write_text(json.dumps(answers, indent=0) + "\n")


if __name__ == "__main__":
    main()
