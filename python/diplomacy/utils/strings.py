"""MILA's ``diplomacy.utils.strings``: the names of its fields, statuses, roles, votes and
requests, each with MILA's value (sets as sets), read from mila_strings.json, written by
running MILA's package (python/tests/data/make_mila_words.py); and its two role helpers.

The names game code reads most: FORMING, ACTIVE, PAUSED, COMPLETED, CANCELED and
ALL_GAME_STATUSES; SERVER_TYPE, OBSERVER_TYPE, OMNISCIENT_TYPE and ALL_ROLE_TYPES; DUMMY;
YES, NO, NEUTRAL and ALL_VOTE_DECISIONS.
"""

import json
from pathlib import Path


def _load() -> dict:
    table = json.loads((Path(__file__).resolve().parent / "mila_strings.json").read_text())
    return {name: set(value["set"]) if isinstance(value, dict) else value for name, value in table.items()}


globals().update(_load())
# Read by name in this package (the table holds them; named here for readers and linters).
FORMING, ACTIVE, PAUSED, COMPLETED, CANCELED = "forming", "active", "paused", "completed", "canceled"
SERVER_TYPE, OBSERVER_TYPE, OMNISCIENT_TYPE, DUMMY = "server_type", "observer_type", "omniscient_type", "dummy"
YES, NO, NEUTRAL = "yes", "no", "neutral"


def role_is_special(role: str) -> bool:
    """Whether ``role`` is an observer's or an omniscient observer's."""
    return role in (OBSERVER_TYPE, OMNISCIENT_TYPE)


def switch_special_role(role: str) -> str:
    """The other special role: an observer's for an omniscient observer's, and back."""
    if role == OBSERVER_TYPE:
        return OMNISCIENT_TYPE
    if role == OMNISCIENT_TYPE:
        return OBSERVER_TYPE
    raise ValueError(f"Unknown special role {role}")
