"""Saved games as MILA's ``diplomacy.utils.export`` writes and reads them."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional

__all__ = ["to_saved_game_format", "from_saved_game_format", "load_saved_games_from_disk", "is_valid_saved_game",
           "RULES_TO_SKIP"]

# The rules a saved game leaves out (how the game is run, not how it is played).
RULES_TO_SKIP = ["SOLITAIRE", "NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "IGNORE_ERRORS"]


def to_saved_game_format(game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game as MILA's saved game (``{"id", "map", "rules", "phases"}``); also
    appended as one JSON line to ``output_path``."""
    saved_game = game.to_saved_game_format()
    if output_path:
        with open(output_path, output_mode, encoding="utf-8") as output:
            output.write(json.dumps(saved_game) + "\n")
    return saved_game


def from_saved_game_format(saved_game: Dict[str, Any]):
    """The game a saved game records, its last phase the current one."""
    from ..engine.game import Game
    return Game.from_saved_game_format(saved_game)


def load_saved_games_from_disk(input_path: str, on_error: str = "raise"):
    """The games of a file of saved games, one JSON object a line."""
    games = []
    with open(input_path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                games.append(from_saved_game_format(json.loads(line)))
            except ValueError as error:
                if on_error == "raise":
                    raise ValueError(f"{input_path}:{number}: {error}") from None
                if on_error == "warn":
                    print(f"{input_path}:{number}: {error}")
    return games


def is_valid_saved_game(saved_game: Dict[str, Any]) -> bool:
    """Whether a saved game reads back (MILA also replays it: reading here checks the orders)."""
    try:
        from_saved_game_format(saved_game)
    except (ValueError, KeyError, TypeError):
        return False
    return True


def __getattr__(name: str):
    """MILA's module logger, made when asked (importing logging is slow)."""
    if name == "LOGGER":
        import logging  # pylint: disable=import-outside-toplevel
        return logging.getLogger(__name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
