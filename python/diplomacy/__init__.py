"""MILA's ``diplomacy`` package, answered by Stratagem's engine.

Code written for MILA's package (``pip install diplomacy``) runs on this one unchanged:
``import diplomacy``, ``diplomacy.engine.game``, ``.engine.power``, ``.engine.message``,
``.utils.export``, ``.utils.order_results`` and the other modules research code imports
resolve here when Stratagem's ``build/python`` (or its wheel) comes first on the path.
What differs from MILA: docs/python.md.
"""

from .engine.game import Game
from .engine.message import Message
from .engine.power import Power
from .utils.game_phase_data import GamePhaseData

__all__ = ["Game", "GamePhaseData", "Message", "Power"]
