"""MILA's ``SortedDict``: a dict whose keys are kept sorted (histories by phase, messages
by the time they were sent)."""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import partial
from typing import Any, Callable, Dict, Iterator, List, Optional

__all__ = ["SortedDict", "Deferred"]


class Deferred(partial):
    """A value a SortedDict makes, by calling ``Deferred(make, *arguments)``, when it is
    first read (a game's histories build each phase's state and results only when asked
    for). A ``functools.partial``: made by C code, with no ``__init__`` in Python, as
    ``process()`` makes three a phase."""

    __slots__ = ()


class SortedDict:
    """Keys of ``key_type`` kept in order; values of ``val_type`` (MILA's names)."""

    __slots__ = ("_key_type", "_val_type", "_keys", "_values")

    def __init__(self, key_type: Callable = str, val_type: Any = object, kwargs: Optional[Dict] = None) -> None:
        self._key_type, self._val_type = key_type, val_type
        self._keys: List[Any] = []
        self._values: Dict[Any, Any] = {}
        if kwargs:
            for key, value in kwargs.items():
                self.put(key, value)

    @staticmethod
    def builder(key_type: Callable, val_type: Any) -> Callable[[Dict], "SortedDict"]:
        return lambda dictionary: SortedDict(key_type, val_type, dictionary)

    @property
    def key_type(self) -> Callable:
        return self._key_type

    @property
    def val_type(self) -> Any:
        return self._val_type

    def put(self, key: Any, value: Any) -> None:
        if key.__class__ is not self._key_type:
            key = self._key_type(key)
        if key not in self._values:
            # Histories and messages grow at their end: one comparison, not a search.
            if not self._keys or self._keys[-1] < key:
                self._keys.append(key)
            else:
                insort(self._keys, key)
        self._values[key] = value

    __setitem__ = put

    def _value(self, key: Any) -> Any:
        value = self._values[key]
        if type(value) is Deferred:
            value = self._values[key] = value()
        return value

    def __getitem__(self, key: Any) -> Any:
        return self._value(self._key_type(key))

    def get(self, key: Any, default: Any = None) -> Any:
        key = self._key_type(key)
        return self._value(key) if key in self._values else default

    def remove(self, key: Any) -> Any:
        key = self._key_type(key)
        if key not in self._values:
            return None
        value = self._value(key)
        del self._keys[bisect_left(self._keys, key)]
        del self._values[key]
        return value

    def __delitem__(self, key: Any) -> None:
        self.remove(key)

    def __contains__(self, key: Any) -> bool:
        return self._key_type(key) in self._values

    def __len__(self) -> int:
        return len(self._keys)

    def __bool__(self) -> bool:
        return bool(self._keys)

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._keys))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SortedDict) and self._keys == other._keys and self.values() == other.values()

    def __str__(self) -> str:
        return "{%s}" % ", ".join(f"{key}:{self._value(key)}" for key in self._keys)

    __repr__ = __str__

    def first_key(self) -> Any:
        return self._keys[0]

    def first_value(self) -> Any:
        return self._value(self._keys[0])

    def last_key(self) -> Any:
        return self._keys[-1]

    def last_value(self) -> Any:
        return self._value(self._keys[-1])

    def last_item(self) -> tuple:
        return self._keys[-1], self._value(self._keys[-1])

    def keys(self) -> List[Any]:
        return list(self._keys)

    def values(self) -> List[Any]:
        return [self._value(key) for key in self._keys]

    def reversed_values(self) -> List[Any]:
        return [self._value(key) for key in reversed(self._keys)]

    def items(self) -> List[tuple]:
        return [(key, self._value(key)) for key in self._keys]

    def reversed_items(self) -> List[tuple]:
        return [(key, self._value(key)) for key in reversed(self._keys)]

    def key_from_index(self, index: int) -> Any:
        return self._keys[index]

    def get_previous_key(self, key: Any) -> Optional[Any]:
        position = bisect_left(self._keys, self._key_type(key))
        return self._keys[position - 1] if position > 0 else None

    def get_next_key(self, key: Any) -> Optional[Any]:
        key = self._key_type(key)
        position = bisect_left(self._keys, key)
        if position < len(self._keys) and self._keys[position] == key:
            position += 1
        return self._keys[position] if position < len(self._keys) else None

    def sub_keys(self, key_from: Any = None, key_to: Any = None) -> List[Any]:
        return [key for key in self._keys
                if (key_from is None or key >= self._key_type(key_from))
                and (key_to is None or key <= self._key_type(key_to))]

    def sub(self, key_from: Any = None, key_to: Any = None) -> List[Any]:
        return [self._value(key) for key in self.sub_keys(key_from, key_to)]

    def remove_sub(self, key_from: Any = None, key_to: Any = None) -> None:
        for key in self.sub_keys(key_from, key_to):
            self.remove(key)

    def clear(self) -> None:
        self._keys.clear()
        self._values.clear()

    def fill(self, dictionary: Optional[Dict] = None) -> None:
        for key, value in (dictionary or {}).items():
            self.put(key, value)

    def copy(self) -> "SortedDict":
        copy = SortedDict(self._key_type, self._val_type)
        copy._keys, copy._values = list(self._keys), dict(self._values)
        return copy

    def __reduce__(self):
        return (SortedDict, (self._key_type, self._val_type, dict(self.items())))
