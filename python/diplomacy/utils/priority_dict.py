"""MILA's ``diplomacy.utils.priority_dict``: a dict of key -> priority whose keys iterate
from the smallest priority up, with the smallest found quickly (a heap)."""

import heapq
from typing import Any, Iterator, Optional, Tuple

__all__ = ["PriorityDict"]


class PriorityDict(dict):
    """key -> priority; ``smallest()`` is (priority, key) of the smallest, and keys,
    values and items go from the smallest priority up."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__()
        # Heap of [priority, key, still valid]: a replaced or deleted key's entry stays in the
        # heap, marked invalid, until it comes to the top.
        self._heap = []
        for key, priority in kwargs.items():
            self[key] = priority

    def __setitem__(self, key: Any, priority: Any) -> None:
        if key in self:
            del self[key]
        entry = [priority, key, True]
        super().__setitem__(key, entry)
        heapq.heappush(self._heap, entry)

    def __delitem__(self, key: Any) -> None:
        dict.pop(self, key)[-1] = False

    def __getitem__(self, key: Any) -> Any:
        return super().__getitem__(key)[0]

    def __iter__(self) -> Iterator[Any]:
        remaining = self.copy()
        while remaining:
            _, key = remaining.smallest()
            del remaining[key]
            yield key

    def smallest(self) -> Optional[Tuple[Any, Any]]:
        while self._heap and not self._heap[0][-1]:
            heapq.heappop(self._heap)
        return self._heap[0][:2] if self._heap else None

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def copy(self) -> "PriorityDict":
        return PriorityDict(**{key: entry[0] for key, entry in dict.items(self)})

    def keys(self) -> Iterator[Any]:
        return iter(self)

    def values(self) -> Iterator[Any]:
        return (self[key] for key in self)

    def items(self) -> Iterator[Tuple[Any, Any]]:
        return ((key, self[key]) for key in self)
