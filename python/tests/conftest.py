"""Shared helpers: the CLI the module is checked against, and its JSON; a MILA game played
with random orders."""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

import stratagem


def cli_path() -> Path:
    """The `stratagem` binary of the same build: STRATAGEM_BIN, or beside build/python."""
    if os.environ.get("STRATAGEM_BIN"):
        return Path(os.environ["STRATAGEM_BIN"])
    return Path(stratagem.__file__).resolve().parents[2] / "stratagem"


def run_cli(*args: str, stdin: str = "") -> str:
    done = subprocess.run([str(cli_path()), *args], input=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli_json(*args: str, stdin: str = ""):
    return json.loads(run_cli(*args, stdin=stdin))


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    assert path.is_file(), f"the CLI is not built at {path} (set STRATAGEM_BIN)"
    return path


def mila_game_played(phases: int, seed: int):
    """MILA's Game after `phases` phases of its README loop (random orders, seeded)."""
    from diplomacy import Game

    random.seed(seed)
    game = Game()
    for _ in range(phases):
        possible = game.get_all_possible_orders()
        for name in game.powers:
            game.set_orders(name, [random.choice(possible[loc]) for loc in game.get_orderable_locations(name)
                                   if possible[loc]])
        game.process()
    return game
