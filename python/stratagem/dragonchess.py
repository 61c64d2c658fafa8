"""Dragonchess (shared/contracts/dragonchess-cli.md) from Python.

``Position(text="startpos", rules={})`` takes the CLI's ``--rule`` switches as a dict
(``{"dragon-breath": "below", "elemental-leap": True}``); moves are read in every notation
of the contract and written canonically. ``perft`` and ``bestmove`` release the
interpreter lock, so several positions can be searched on several threads at once.
"""

from ._core import DragonchessPosition as Position
from ._core import bestmove, perft

__all__ = ["Position", "perft", "bestmove"]
