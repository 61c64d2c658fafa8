"""MILA's ``diplomacy`` package, answered by Stratagem's engine.

Code written for MILA's package (``pip install diplomacy``) runs on this one unchanged:
``import diplomacy``, ``diplomacy.engine.game``, ``.engine.power``, ``.engine.message``,
``.utils.export``, ``.utils.order_results`` and the other modules research code imports
resolve here when Stratagem's ``build/python`` (or its wheel) comes first on the path.
What differs from MILA: docs/python.md.
"""

from .engine.game import Game
from .engine.map import Map
from .engine.message import Message
from .engine.power import Power
from .utils.game_phase_data import GamePhaseData

__all__ = ["Game", "GamePhaseData", "Map", "Message", "Power"]

# MILA's package also exports its server and client; asking for them here says why not.
_ELSEWHERE = {"Server": "diplomacy.server", "Connection": "diplomacy.client", "connect": "diplomacy.client"}


def __getattr__(name):
    if name in _ELSEWHERE:
        from .utils._not_here import refuse
        refuse(_ELSEWHERE[name])
    raise AttributeError(f"module 'diplomacy' has no attribute {name!r}")
