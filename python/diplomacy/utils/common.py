"""What MILA's ``diplomacy.utils.common`` offers research code: result and error codes
that compare equal to their text, and microsecond timestamps."""

from __future__ import annotations

import time
from typing import Any, Optional

__all__ = ["StringableCode", "timestamp_microseconds", "is_dictionary", "is_sequence"]


class StringableCode:
    """A code with a message (MILA's): equal to another of the same code, and to its text
    (``BOUNCE == "bounce"``); ``str()`` is the message."""

    __slots__ = ("_code", "_message")

    def __init__(self, code: Any, message: Optional[str] = None) -> None:
        if isinstance(code, str) or message is None:
            message, code = str(code), None
            head, _, rest = message.partition(":")
            if rest and head.isdigit():
                code, message = int(head), rest
        self._code, self._message = code, message

    @property
    def code(self) -> Optional[int]:
        return self._code

    @property
    def message(self) -> str:
        return self._message

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StringableCode):
            return self._code == other._code
        return self._message == str(other)

    def __hash__(self) -> int:
        return hash(self._message)

    def __str__(self) -> str:
        return self._message

    def __repr__(self) -> str:
        return f"{self._code}:{self._message}"

    def __mod__(self, values: Any) -> "StringableCode":
        return StringableCode(self._code, self._message % values)

    def format(self, *values: Any) -> "StringableCode":
        return StringableCode(self._code, self._message.format(*values))

    def __reduce__(self):
        return (StringableCode, (self._code, self._message))


def timestamp_microseconds() -> int:
    """Now, in microseconds since the epoch (MILA's message and state timestamps)."""
    return time.time_ns() // 1000


def is_dictionary(value: Any) -> bool:
    return isinstance(value, dict) or hasattr(value, "items") and hasattr(value, "keys")


def is_sequence(value: Any) -> bool:
    return isinstance(value, (list, tuple, set, frozenset))
