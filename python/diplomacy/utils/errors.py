"""MILA's ``diplomacy.utils.errors``: the errors its Game reports in ``game.error``.

Each is a ``StringableCode`` (its code and its message): ``game.error`` holds one with the
order put into the message, so ``str(game.error[0])`` reads ``UNIT CANNOT SUPPORT ITSELF:
A PAR S A PAR`` and it compares equal to the error it came from
(``game.error[0] == GAME_UNIT_CANT_SUPPORT_ITSELF``). The names, codes and messages are
read from mila_errors.json, written by running MILA's package
(python/tests/data/make_mila_errors.py).
"""

import json
from pathlib import Path

from .common import StringableCode


class Error(StringableCode):
    """One of MILA's errors."""

    def __mod__(self, values) -> "Error":
        return Error(self.code, self.message % values)


def _load() -> dict:
    table = json.loads((Path(__file__).resolve().parent / "mila_errors.json").read_text())
    return {name: Error(code, message) for name, (code, message) in table.items()}


globals().update(_load())
