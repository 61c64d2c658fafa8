#!/usr/bin/python3
"""Writes MILA's tables of words, by running MILA's `diplomacy` itself:

    PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_words.py

- python/diplomacy/utils/mila_strings.json: ``diplomacy.utils.strings`` (each constant's
  name and value; a set as its sorted members), read by our ``diplomacy.utils.strings``;
- python/diplomacy/utils/mila_keywords.json: ``diplomacy.utils.keywords`` (KEYWORDS and
  ALIASES), read by our ``diplomacy.utils.keywords``.
"""

import json
from pathlib import Path

from diplomacy.utils import keywords, strings

HERE = Path(__file__).resolve().parent


def main():
    table = {}
    for name, value in vars(strings).items():
        if name.startswith("_") or callable(value) or type(value).__name__ == "module":
            continue
        table[name] = {"set": sorted(value)} if isinstance(value, (set, frozenset)) else value
    (HERE.parent.parent / "diplomacy" / "utils" / "mila_strings.json").write_text(
        json.dumps(table, indent=0, sort_keys=True) + "\n")
    (HERE.parent.parent / "diplomacy" / "utils" / "mila_keywords.json").write_text(
        json.dumps({"KEYWORDS": keywords.KEYWORDS, "ALIASES": keywords.ALIASES}, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
