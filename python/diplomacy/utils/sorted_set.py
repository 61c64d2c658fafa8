"""MILA's ``diplomacy.utils.sorted_set``: a set of elements of one type kept in order."""

import bisect
from copy import copy
from typing import Any, Callable, Iterable, Iterator, Optional

from .common import is_sequence
from .exceptions import TypeException

__all__ = ["SortedSet"]


class SortedSet:
    """Elements of ``element_type``, each once, in increasing order."""

    __slots__ = ("_type", "_list")

    def __init__(self, element_type: type, content: Iterable[Any] = ()) -> None:
        if not is_sequence(content):
            raise TypeException("sequence", type(content))
        self._type, self._list = element_type, []
        for element in content:
            self.add(element)

    @staticmethod
    def builder(element_type: type) -> Callable[[Iterable[Any]], "SortedSet"]:
        return lambda iterable: SortedSet(element_type, iterable)

    @property
    def element_type(self) -> type:
        return self._type

    def __str__(self) -> str:
        return f"SortedSet({self._type.__name__}, {self._list})"

    def __len__(self) -> int:
        return len(self._list)

    def __eq__(self, other: object) -> bool:
        assert isinstance(other, SortedSet)
        return self._type is other._type and self._list == other._list

    def __getitem__(self, index):
        return copy(self._list[index])

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list)

    def __reversed__(self) -> Iterator[Any]:
        return reversed(self._list)

    def _position(self, element: Any) -> Optional[int]:
        """Where ``element`` stands, or None."""
        assert isinstance(element, self._type)
        position = bisect.bisect_left(self._list, element)
        return position if position < len(self._list) and self._list[position] == element else None

    def __contains__(self, element: Any) -> bool:
        return self._position(element) is not None

    def add(self, element: Any) -> int:
        """Adds ``element`` (if not there); returns where it stands."""
        assert isinstance(element, self._type)
        position = bisect.bisect_left(self._list, element)
        if position == len(self._list) or self._list[position] != element:
            self._list.insert(position, element)
        return position

    def get_next_value(self, element: Any) -> Optional[Any]:
        """The smallest element greater than ``element`` (which may be absent), or None."""
        assert isinstance(element, self._type)
        position = bisect.bisect_right(self._list, element)
        return self._list[position] if position < len(self._list) else None

    def get_previous_value(self, element: Any) -> Optional[Any]:
        """The greatest element smaller than ``element`` (which may be absent), or None."""
        assert isinstance(element, self._type)
        position = bisect.bisect_left(self._list, element)
        return self._list[position - 1] if position > 0 else None

    def pop(self, index: int) -> Any:
        return self._list.pop(index)

    def remove(self, element: Any) -> Optional[Any]:
        """Removes ``element`` and returns it; None if absent."""
        position = self._position(element)
        return None if position is None else self._list.pop(position)

    def index(self, element: Any) -> Optional[int]:
        return self._position(element)

    def clear(self) -> None:
        self._list.clear()
