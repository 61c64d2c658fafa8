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


MAP_ERROR_OFFSET = 20000
GAME_ERROR_OFFSET = 21000
STD_ERROR_OFFSET = 22000


class Error(StringableCode):
    """One of MILA's errors."""

    def __mod__(self, values) -> "Error":
        return Error(self.code, self.message % values)


class MapError(Error):
    """An error of a map: ``MapError(n, message)`` has code 20000 + n."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(MAP_ERROR_OFFSET + code, message)


class GameError(Error):
    """An error of a game's orders: ``GameError(n, message)`` has code 21000 + n."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(GAME_ERROR_OFFSET + code, message)


class StdError(Error):
    """Any other error: ``StdError(n, message)`` has code 22000 + n."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(STD_ERROR_OFFSET + code, message)


def _load() -> dict:
    table = json.loads((Path(__file__).resolve().parent / "mila_errors.json").read_text())
    kinds = ((STD_ERROR_OFFSET, StdError), (GAME_ERROR_OFFSET, GameError), (MAP_ERROR_OFFSET, MapError))
    errors = {}
    for name, (code, message) in table.items():
        kind, offset = next(((kind, offset) for offset, kind in kinds if code >= offset), (Error, 0))
        errors[name] = kind(code - offset, message) if offset else Error(code, message)
    return errors


globals().update(_load())
