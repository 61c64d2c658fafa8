"""MILA's ``diplomacy.utils.keywords``: MILA's tables of the English words of orders and
their short forms (KEYWORDS) and of phrases read as one (ALIASES), read from
mila_keywords.json, written by running MILA's package (python/tests/data/make_mila_words.py).

``Map`` here reads orders with its own tables (engine/_map_words.py), which also know the
names of places in Chinese and Japanese; these are MILA's, for code that reads them.
"""

import json
from pathlib import Path

__all__ = ["KEYWORDS", "ALIASES"]

_TABLES = json.loads((Path(__file__).resolve().parent / "mila_keywords.json").read_text())
KEYWORDS = _TABLES["KEYWORDS"]
ALIASES = _TABLES["ALIASES"]
del _TABLES
