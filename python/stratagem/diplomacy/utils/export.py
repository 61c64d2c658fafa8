"""Saved games as MILA's ``diplomacy.utils.export`` writes and reads them."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional

from .. import Game

__all__ = ["to_saved_game_format", "from_saved_game_format"]


def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game as MILA's saved-game JSON; also appended as one line to ``output_path``."""
    saved_game = game.to_saved_game_format()
    if output_path:
        with open(output_path, output_mode, encoding="utf-8") as output:
            output.write(json.dumps(saved_game) + "\n")
    return saved_game


def from_saved_game_format(saved_game: Dict[str, Any]) -> Game:
    """The game a saved game records (see ``Game.from_saved_game_format``)."""
    return Game.from_saved_game_format(saved_game)
