"""Stratagem's exact and fast engines from Python (shared/contracts/python-api.md).

- ``stratagem.diplomacy``: a drop-in for the ``Game`` of MILA's ``diplomacy`` package,
  and ``selfplay`` for random games on several threads.
- ``stratagem.dragonchess``: positions, legal moves, ``perft`` and ``bestmove``.

Bad input raises ``ValueError`` with the engine's message. Calls that adjudicate,
generate orders or search release the interpreter lock.
"""

from . import diplomacy, dragonchess

__version__ = "0.1.0"
__all__ = ["diplomacy", "dragonchess", "__version__"]
