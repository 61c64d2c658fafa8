"""What MILA's ``diplomacy.utils.common`` offers research code: result and error codes
that compare equal to their text, microsecond timestamps, MILA's password hashes and
tokens, and its small text helpers."""

from __future__ import annotations

import os
import re
import time
from typing import Any, Callable, Optional

from .exceptions import CommonKeyException

__all__ = ["StringableCode", "timestamp_microseconds", "is_dictionary", "is_sequence", "hash_password",
           "is_valid_password", "generate_token", "camel_case_to_snake_case", "snake_case_to_upper_camel_case",
           "assert_no_common_keys", "str_cmp_class", "to_string"]


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


# MILA's module's names: the patterns of its case changes (and EPOCH, below).
REGEX_CONSECUTIVE_UPPER_CASES = re.compile("[A-Z]{2,}")
REGEX_LOWER_THEN_UPPER_CASES = re.compile("([a-z0-9])([A-Z])")
REGEX_UNDERSCORE_THEN_LETTER = re.compile("_([a-z])")
REGEX_START_BY_LOWERCASE = re.compile("^[a-z]")


def timestamp_microseconds() -> int:
    """Now, in microseconds since the epoch (MILA's message and state timestamps)."""
    return time.time_ns() // 1000


_DICTIONARY_METHODS = ("__len__", "__contains__", "__bool__", "__iter__", "__getitem__", "keys", "values", "items")


def is_dictionary(value: Any) -> bool:
    """Whether ``value`` is a dict or behaves as one (MILA's test)."""
    return isinstance(value, dict) or all(hasattr(value, method) for method in _DICTIONARY_METHODS)


def is_sequence(value: Any) -> bool:
    """Whether ``value`` can be iterated and is neither a text nor a dictionary (MILA's test)."""
    return not isinstance(value, str) and not is_dictionary(value) and hasattr(value, "__iter__")


def _digest(password: str) -> bytes:
    # MILA's: bcrypt reads 72 bytes at most, so it hashes the password's SHA-256 (base64).
    # Imported here: hashlib loads OpenSSL, a sixth of the package's import time.
    import base64  # pylint: disable=import-outside-toplevel
    import hashlib  # pylint: disable=import-outside-toplevel
    return base64.b64encode(hashlib.sha256(password.encode("utf-8")).digest())


def hash_password(password: str) -> str:
    """MILA's password hash (bcrypt, 14 rounds, over the SHA-256 of the password)."""
    import bcrypt  # pylint: disable=import-outside-toplevel  # only games with passwords need it
    return bcrypt.hashpw(_digest(password), bcrypt.gensalt(14)).decode("utf-8")


def is_valid_password(password: str, hashed: str) -> bool:
    """Whether ``password`` is the one ``hashed`` (a ``hash_password`` answer, MILA's or ours) hides."""
    import bcrypt  # pylint: disable=import-outside-toplevel
    return bcrypt.checkpw(_digest(password), hashed.encode("utf-8"))


def generate_token(n_bytes: int = 128) -> str:
    """``n_bytes`` random bytes as hexadecimal text."""
    return os.urandom(n_bytes).hex()


def camel_case_to_snake_case(name: str) -> str:
    """``GetAllPossibleOrders`` -> ``get_all_possible_orders``; capitals in a run are
    words of one letter (``ABCWord`` -> ``a_b_c_word``)."""
    spaced = REGEX_CONSECUTIVE_UPPER_CASES.sub(lambda run: "_".join(run.group(0)), name)
    return REGEX_LOWER_THEN_UPPER_CASES.sub(r"\1_\2", spaced).lower()


def snake_case_to_upper_camel_case(name: str) -> str:
    """``get_all_possible_orders`` -> ``GetAllPossibleOrders``."""
    if not name:
        return name
    return REGEX_UNDERSCORE_THEN_LETTER.sub(lambda letter: letter.group(1).upper(), name[0].upper() + name[1:])


def assert_no_common_keys(dict1: dict, dict2: dict) -> None:
    """Raises ``CommonKeyException`` naming a key both dictionaries have."""
    smaller, bigger = (dict1, dict2) if len(dict1) < len(dict2) else (dict2, dict1)
    for key in smaller:
        if key in bigger:
            raise CommonKeyException(key)


def str_cmp_class(compare_function: Callable[[str, str], int]) -> type:
    """A class of texts that sort and compare by ``compare_function(a, b)`` (negative,
    zero or positive), as MILA's histories sort phase names."""

    class StringComparator:
        __slots__ = ("value", "cmp_fn")

        def __init__(self, value: Any) -> None:
            self.value, self.cmp_fn = str(value), compare_function

        def __str__(self) -> str:
            return self.value

        def __repr__(self) -> str:
            return repr(self.value)

        def __hash__(self) -> int:
            return hash(self.value)

        def __eq__(self, other: object) -> bool:
            return compare_function(self.value, str(other)) == 0

        def __lt__(self, other: object) -> bool:
            return compare_function(self.value, str(other)) < 0

    StringComparator.__name__ = f"StringComparator{id(compare_function)}"
    return StringComparator


def to_string(element: Any) -> str:
    """``str(element)`` in single quotes if it holds a double quote, else in double
    quotes if it holds a single one."""
    text = str(element)
    if '"' in text:
        return f"'{text}'"
    return f'"{text}"' if "'" in text else text


def __getattr__(name: str):
    """MILA's EPOCH (the epoch of its timestamps, a naive UTC datetime), made when asked:
    importing datetime would slow every import of the package."""
    if name == "EPOCH":
        import datetime  # pylint: disable=import-outside-toplevel
        return datetime.datetime(1970, 1, 1)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
