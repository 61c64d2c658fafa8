"""MILA's ``diplomacy.utils.splitter``: an order or a phase name cut into its parts.

``OrderSplitter("A WAL S F MAO - IRI")`` has ``unit`` "A WAL", ``order_type`` "S",
``supported_unit`` "F MAO", ``support_order_type`` "-", ``destination`` "IRI" (and
``via_flag`` "VIA" for a move by convoy written so); ``PhaseSplitter("S1901M")`` has
``season`` "S", ``year`` 1901, ``phase_type`` "M". ``parts`` lists the parts in the order
they were found (a part set later goes at the end), ``len()`` counts them.
"""

from abc import ABCMeta, abstractmethod
from typing import Any, List, Sequence, Union

__all__ = ["AbstractStringSplitter", "OrderSplitter", "PhaseSplitter"]


def _part(name: str) -> property:
    """A part of the split: None until set; set the first time, it takes the next place."""
    index_name = f"_{name}_index"

    def get(self):
        index = getattr(self, index_name)
        return None if index is None else self._parts[index]

    def put(self, value):
        if getattr(self, index_name) is None:
            setattr(self, index_name, self._last_index)
            self._last_index += 1
        self._parts[getattr(self, index_name)] = value

    return property(get, put)


class AbstractStringSplitter(metaclass=ABCMeta):
    """A text (or its words) cut into at most ``length`` parts."""

    _names: Sequence[str] = ()

    def __init__(self, string: Union[str, Sequence[str]], length: int) -> None:
        self._input_str = string if isinstance(string, str) else " ".join(string)
        self._parts: List[Any] = [None] * length
        self._last_index = 0
        for name in self._names:
            setattr(self, f"_{name}_index", None)
        self._split()

    def __len__(self) -> int:
        return self._last_index

    @property
    def input_str(self) -> str:
        return self._input_str

    @property
    def parts(self) -> List[Any]:
        return self._parts[:self._last_index]

    def join(self) -> str:
        # MILA's joins the letters of the parts' list as text: kept, code may compare with it.
        return " ".join(str(self._parts[:self._last_index]))

    @abstractmethod
    def _split(self) -> None:
        """Sets the parts read from ``_input_str``."""


class OrderSplitter(AbstractStringSplitter):
    """An order's parts: unit, order type, supported (or convoyed) unit, its order type,
    destination, VIA."""

    _names = ("unit", "order_type", "supported_unit", "support_order_type", "destination", "via_flag")
    unit, order_type, supported_unit = _part("unit"), _part("order_type"), _part("supported_unit")
    support_order_type, destination, via_flag = _part("support_order_type"), _part("destination"), _part("via_flag")

    def __init__(self, string: Union[str, Sequence[str]]) -> None:
        super().__init__(string, 6)

    def _split(self) -> None:
        words = self._input_str.strip().split()
        if len(words) == 1:  # WAIVE
            self.order_type = words.pop()
            return
        self.unit = " ".join(words[:2])
        self.order_type = words[2]
        rest = words[3:]
        if self.order_type in "-R":  # A IRI - MAO [VIA], A IRO R MAO
            self.destination = rest.pop()
        elif self.order_type in "SC":  # A WAL S F LON, A WAL S F MAO - IRI, F NWG C A NWY - EDI
            self.supported_unit = " ".join(rest[:2])
            rest = rest[2:]
            if rest:
                self.support_order_type = rest.pop(0)
                self.destination = rest.pop(0)
        if rest and rest[-1] == "VIA":
            self.via_flag = rest.pop()


class PhaseSplitter(AbstractStringSplitter):
    """A short phase name's parts: season letter, year (a number), phase type letter."""

    _names = ("season", "year", "phase_type")
    season, year, phase_type = _part("season"), _part("year"), _part("phase_type")

    def __init__(self, string: str) -> None:
        super().__init__(string, 3)

    def _split(self) -> None:
        self.season = self._input_str[0]
        self.year = int(self._input_str[1:-1])
        self.phase_type = self._input_str[-1]
