"""MILA's ``GamePhaseData``: one phase of a game as its history keeps it."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from ..engine.message import Message
from .common import StringableCode
from .order_results import BY_WORD
from .sorted_dict import SortedDict

__all__ = ["GamePhaseData"]


class GamePhaseData:
    """A phase's name, the position it started from (``Game.get_state()``), the orders
    given (power -> list), the results (unit -> results) and its messages (time sent ->
    ``Message``)."""

    __slots__ = ("name", "state", "orders", "results", "messages")

    def __init__(self, name: str, state: Dict[str, Any], orders: Dict[str, Optional[List[str]]],
                 results: Dict[str, List[Any]], messages: Any) -> None:
        self.name, self.state, self.orders, self.results = str(name), state, orders, results
        if not isinstance(messages, SortedDict):
            listed = messages.values() if isinstance(messages, dict) else (messages or [])
            messages = SortedDict(int, Message)
            for message in listed:
                message = message if isinstance(message, Message) else Message.from_dict(message)
                messages.put(message.time_sent, message)
        self.messages = messages

    def to_dict(self) -> Dict[str, Any]:
        """As MILA writes a phase of a saved game: results as their words, messages as a list."""
        return {"name": self.name, "state": self.state, "orders": self.orders,
                "results": {unit: [str(result) for result in results] for unit, results in self.results.items()},
                "messages": [message.to_dict() for message in self.messages.values()]}

    def json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, value: Dict[str, Any]) -> "GamePhaseData":
        results = {unit: [BY_WORD.get(word) or StringableCode(word) for word in words]
                   for unit, words in (value.get("results") or {}).items()}
        return cls(value["name"], value.get("state") or {}, value.get("orders") or {}, results,
                   value.get("messages") or [])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GamePhaseData) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"GamePhaseData({self.name!r})"
