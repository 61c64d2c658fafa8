"""MILA's ``diplomacy.engine.message``: press messages and their special recipients."""

from stratagem.diplomacy import GLOBAL, Message

__all__ = ["Message", "GLOBAL", "SYSTEM", "OBSERVER", "OMNISCIENT"]

SYSTEM = "SYSTEM"
OBSERVER = "OBSERVER"
OMNISCIENT = "OMNISCIENT"
