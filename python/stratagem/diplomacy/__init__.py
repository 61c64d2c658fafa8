"""Diplomacy with the names of MILA's ``diplomacy`` package.

A research loop written for ``diplomacy.Game`` runs unchanged on ``stratagem.diplomacy``::

    from stratagem.diplomacy import Game
    from stratagem.diplomacy.utils.export import to_saved_game_format

    game = Game()
    while not game.is_game_done:
        possible_orders = game.get_all_possible_orders()
        for power_name, power in game.powers.items():
            orders = [random.choice(possible_orders[loc])
                      for loc in game.get_orderable_locations(power_name) if possible_orders[loc]]
            game.set_orders(power_name, orders)
        game.process()

Notation, order results and rule profiles are those of the CLI contract
(shared/contracts/diplomacy-cli.md). As MILA does, an order that cannot be read or is
not possible is dropped and recorded in ``game.error``; ``Game(strict=True)`` raises
``ValueError`` instead. Where this module differs from MILA's: ``get_orders`` also lists
WAIVE, so that a saved game replays exactly; results are the CLI's words (``bounce``,
``cut``, ``dislodged``, ``no_convoy``, ``void``); ``game.error`` holds our sentences.
"""

from __future__ import annotations

import base64
import json
import os
import time
from typing import Any, Dict, List, Optional, Sequence, Union

from .. import _core

__all__ = ["Game", "GamePhaseData", "Message", "Power", "POWERS", "GLOBAL", "selfplay", "player_orders"]

# The recipient of a message to everyone (MILA's constant).
GLOBAL = "GLOBAL"


class Message:
    """A press message, with the fields of MILA's ``diplomacy.engine.message.Message``."""

    def __init__(self, sender: str, recipient: str, message: str, phase: Optional[str] = None,
                 time_sent: Optional[int] = None) -> None:
        self.sender, self.recipient, self.message = sender, recipient, message
        self.phase, self.time_sent = phase, time_sent

    def is_global(self) -> bool:
        return self.recipient == GLOBAL

    def for_observer(self) -> bool:
        """Whether observers may read it (MILA's recipient "OBSERVER")."""
        return self.recipient == "OBSERVER"

    def json(self) -> str:
        return json.dumps(self.to_dict())

    def to_dict(self) -> Dict[str, Any]:
        return {"sender": self.sender, "recipient": self.recipient, "message": self.message,
                "phase": self.phase, "time_sent": self.time_sent}

    @classmethod
    def from_dict(cls, value: Dict[str, Any]) -> "Message":
        return cls(value["sender"], value["recipient"], value["message"], value.get("phase"), value.get("time_sent"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Message({self.sender} -> {self.recipient} @{self.phase}: {self.message!r})"

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def selfplay(games: int, seed: int, threads: int = 1, max_year: int = 1930,
             rules: str = "standard") -> Dict[str, Any]:
    """Random games as the CLI's ``selfplay``, shared out over ``threads`` threads.

    Returns ``{"games", "phases", "seconds", "phases_per_second", "won", "threads"}``.
    Thread k draws from seed + k: one thread plays exactly ``selfplay --seed S``.
    """
    return _core.selfplay(games, seed, threads, max_year, rules)


def player_orders(game: "Game", power_name: str, player: str = "strongest", seed: int = 0) -> List[str]:
    """The orders one of our computer players gives for ``power_name`` in the game's phase.

    ``player``: a name of ``stratagem diplomacy tournament --player`` (``random``,
    ``holdbot``, ``dumbbot``, ``search:1`` … ``search:5``, ``equilibrium:1`` …
    ``equilibrium:4``, ``strongest``). Canonical text, ready for ``game.set_orders``; the
    same position, player and seed give the same orders. ``ValueError`` for an unknown
    player or power, or a game that is over.
    """
    return _core.player_orders(game, power_name, player, seed)


class Power:
    """One power of a game, as MILA's ``game.powers[name]``: a live view of the game."""

    __slots__ = ("game", "name")

    def __init__(self, game: "Game", name: str) -> None:
        self.game = game
        self.name = name

    @property
    def units(self) -> List[str]:
        return [unit for unit in self.game.get_units(self.name) if not unit.startswith("*")]

    @property
    def retreats(self) -> Dict[str, List[str]]:
        """Dislodged units and where each may retreat (retreat phases)."""
        state = json.loads(self.game._state_json())
        return dict(state.get("retreats", {}).get(self.name, {}))

    @property
    def centers(self) -> List[str]:
        return self.game.get_centers(self.name)

    @property
    def homes(self) -> List[str]:
        return json.loads(self.game._state_json())["homes"][self.name]

    @property
    def orders(self) -> List[str]:
        return self.game.get_orders(self.name)

    def is_eliminated(self) -> bool:
        return not self.game.get_units(self.name) and not self.centers

    def __repr__(self) -> str:
        return f"Power({self.name!r})"


def _mila_state(position: Dict[str, Any], name: str) -> Dict[str, Any]:
    """A position as the CLI writes it, in the shape of MILA's ``Game.get_state()``.

    MILA's keys (units with dislodged ones as ``*A PAR``, centers, homes, builds, ...) and
    two of the CLI's: ``phase`` (the phase of the position, also once the game is over) and
    in retreat phases ``retreats``, so that the position reads back exactly.
    """
    retreats = position.get("retreats", {})
    state: Dict[str, Any] = {
        "timestamp": time.time_ns() // 1000,
        "note": "",
        "name": name,
        "phase": position["phase"],
        "units": {power: units + ["*" + unit for unit in retreats.get(power, {})]
                  for power, units in position["units"].items()},
        "centers": position["centers"],
        "homes": position["homes"],
        "civil_disorder": {power: 0 for power in position["units"]},
        "builds": position["builds"],
    }
    if "retreats" in position:
        state["retreats"] = retreats
    return state


def _position_of(state: Dict[str, Any], name: str, previous: Optional[str], where: str) -> str:
    """The CLI's JSON of a saved state, MILA's or ours."""
    if not isinstance(state, dict):
        raise ValueError(f"{where}: must be an object")
    phase = state.get("phase") or name
    if phase == "COMPLETED":
        # MILA does not say where the finished game stood; its units and centres are what
        # matters, read as at the end of the year of the phase before.
        year = previous[1:5] if previous and len(previous) == 6 else "1901"
        phase = f"W{year}A"
    units = state.get("units", {})
    if not isinstance(units, dict):
        raise ValueError(f"{where}.units: must be an object of power -> units")
    position: Dict[str, Any] = {
        "phase": phase,
        "units": {power: [unit for unit in listed if not (isinstance(unit, str) and unit.startswith("*"))]
                  if isinstance(listed, list) else listed
                  for power, listed in units.items()},
        "centers": state.get("centers", {}),
    }
    if "retreats" in state:
        position["retreats"] = _retreats_to_free_places(state["retreats"], position["units"])
    return json.dumps(position)


def _retreats_to_free_places(retreats: Any, units: Dict[str, Any]) -> Any:
    """The retreat options of a saved state without the provinces a unit holds: MILA's
    saved games can offer one (its random games do), though no unit may retreat there."""
    if not isinstance(retreats, dict):
        return retreats
    held = {unit.split()[-1][:3] for listed in units.values() if isinstance(listed, list)
            for unit in listed if isinstance(unit, str) and unit.split()}
    return {power: {unit: [place for place in places if not (isinstance(place, str) and place[:3] in held)]
                    if isinstance(places, list) else places
                    for unit, places in listed.items()} if isinstance(listed, dict) else listed
            for power, listed in retreats.items()}


def _dislodged_units(state: Dict[str, Any]) -> List[str]:
    """The units a saved state lists as dislodged (MILA's ``*A PAR``), without the star."""
    units = state.get("units", {})
    return [unit[1:] for listed in units.values() if isinstance(listed, list)
            for unit in listed if isinstance(unit, str) and unit.startswith("*")]


class GamePhaseData:
    """One phase as MILA's ``GamePhaseData``: its name, the position it started from (as
    ``Game.get_state()``), the orders given (power -> list, or None where none were given),
    the results (unit -> words) and the messages of the phase (as MILA's dicts)."""

    __slots__ = ("name", "state", "orders", "results", "messages")

    def __init__(self, name: str, state: Dict[str, Any], orders: Dict[str, Optional[List[str]]],
                 results: Dict[str, List[str]], messages: Optional[List[Any]] = None) -> None:
        self.name, self.state, self.orders, self.results = name, state, orders, results
        self.messages = messages or []

    def to_dict(self) -> Dict[str, Any]:
        return {"name": self.name, "state": self.state, "orders": self.orders, "results": self.results,
                "messages": self.messages}

    def __repr__(self) -> str:
        return f"GamePhaseData({self.name!r})"


class Game(_core.DiplomacyGame):
    """A game of Diplomacy on the standard map, from Spring 1901 (MILA's ``Game``).

    ``rules``: a rule profile of the CLI, ``"standard"`` or ``"datc"``; a list (MILA's rule
    flags such as ``["NO_PRESS"]``) is kept in ``rules`` and plays the standard profile.
    ``max_year``: the game ends when a later year would begin (as ``selfplay --max-year``);
    without it, only when a power owns 18 centres.
    """

    def __init__(self, rules: Union[str, Sequence[str]] = "standard", *, game_id: Optional[str] = None,
                 map_name: str = "standard", max_year: Optional[int] = None, strict: bool = False,
                 **_mila_settings: Any) -> None:
        if map_name != "standard":
            raise ValueError(f"map_name: unknown map {map_name!r} (the maps are standard)")
        if max_year is not None and (not isinstance(max_year, int) or isinstance(max_year, bool)):
            raise ValueError(f"max_year: must be a year or None, got {max_year!r}")
        if isinstance(rules, str):
            profile, flags = rules, []
        elif isinstance(rules, (list, tuple, set, frozenset)) and all(isinstance(rule, str) for rule in rules):
            profile, flags = "standard", list(rules)
        else:
            raise ValueError(f"rules: a rule profile (standard, datc) or a list of MILA rule flags, got {rules!r}")
        super().__init__(profile, max_year)
        self.game_id: str = game_id or base64.b64encode(os.urandom(12), b"-_").decode("ascii")
        self.map_name = map_name
        self.rules: List[str] = flags
        self.powers: Dict[str, Power] = {name: Power(self, name) for name in POWERS}
        # strict=False (MILA's way): set_orders drops an order that cannot be given and
        # appends "POWER: \"order\": why" to self.error; strict=True: it raises ValueError.
        self.strict = strict
        self.error = []
        # Press, by the time it was sent (microseconds, strictly increasing), oldest first.
        self.messages: Dict[int, Message] = {}

    # --- press (MILA's add_message / messages)
    def add_message(self, message: Message) -> int:
        """Adds a press message of the current phase; its ``time_sent`` (returned).
        Refused (``ValueError``) when the sender or recipient is no power (or
        ``GLOBAL``), or the game's rules forbid it: ``NO_PRESS``, or ``PUBLIC_PRESS`` for
        a private message."""
        if not isinstance(message, Message):
            raise ValueError(f"add_message: a Message, got {type(message).__name__}")
        if message.sender not in POWERS:
            raise ValueError(f"message sender: {message.sender!r} is no power")
        if message.recipient != GLOBAL and message.recipient not in POWERS:
            raise ValueError(f"message recipient: {message.recipient!r} is neither a power nor GLOBAL")
        if message.recipient == message.sender:
            raise ValueError("message recipient: a power does not write to itself")
        if "NO_PRESS" in self.rules:
            raise ValueError("this game has no press (rule NO_PRESS)")
        if "PUBLIC_PRESS" in self.rules and not message.is_global():
            raise ValueError("this game allows public press only (rule PUBLIC_PRESS): send it to GLOBAL")
        if message.phase is None:
            message.phase = self.get_current_phase()
        last = next(reversed(self.messages), 0) if self.messages else 0
        if message.time_sent is None or message.time_sent <= last:
            message.time_sent = max(int(time.time() * 1_000_000), last + 1)
        self.messages[message.time_sent] = message
        return message.time_sent

    # --- positions (MILA's get_hash, get_state / set_state)
    def set_state(self, state: Dict[str, Any], clear_history: bool = True) -> None:
        """Makes the game stand where ``state`` (as ``get_state()`` writes it, ours or
        MILA's) says, with no orders and no history; ``get_state()`` then gives it back."""
        name = state.get("name") if isinstance(state, dict) else None
        if not isinstance(name, str):
            raise ValueError("state.name: must be a phase name such as S1901M")
        self._restore([(_position_of(state, name, None, "state"), {}, _dislodged_units(state))], name == "COMPLETED")

    @property
    def phase_type(self) -> Optional[str]:
        """``M``, ``R`` or ``A``; None once the game is over (as MILA's)."""
        phase = self.get_current_phase()
        return None if phase == "COMPLETED" else phase[-1]

    @property
    def current_short_phase(self) -> str:
        return self.get_current_phase()

    def get_power(self, power_name: str) -> Optional[Power]:
        return self.powers.get(power_name)

    def clone(self) -> "Game":
        """An independent copy: position, orders and history."""
        copy = Game.__new__(type(self))
        _core.DiplomacyGame.__init__(copy, self)
        copy.game_id, copy.map_name, copy.rules = self.game_id, self.map_name, list(self.rules)
        copy.powers = {name: Power(copy, name) for name in POWERS}
        copy.strict, copy.error = self.strict, list(self.error)
        copy.messages = {sent: Message.from_dict(m.to_dict()) for sent, m in self.messages.items()}
        return copy

    def get_state(self) -> Dict[str, Any]:
        """The current position in the shape of MILA's ``get_state()``."""
        return _mila_state(json.loads(self._state_json()), self.get_current_phase())

    def get_phase_history(self) -> List["GamePhaseData"]:
        """The phases played, oldest first, as MILA's ``GamePhaseData``."""
        phases = []
        for position_json, orders, results in self._played_phases():
            position = json.loads(position_json)
            phases.append(GamePhaseData(position["phase"], _mila_state(position, position["phase"]), orders, results,
                                        self._messages_of(position["phase"])))
        return phases

    def _messages_of(self, phase: str) -> List[Dict[str, Any]]:
        return [m.to_dict() for m in self.messages.values() if m.phase == phase]

    def get_phase_data(self) -> "GamePhaseData":
        """The current phase: its position and the orders given so far (no results yet)."""
        return GamePhaseData(self.get_current_phase(), self.get_state(), self._current_orders(), {},
                             self._messages_of(self.get_current_phase()))

    def to_saved_game_format(self) -> Dict[str, Any]:
        """MILA's saved game: ``{"id", "map", "rules", "phases": [...]}``, the last phase the
        current one; also the rule profile and the year limit, to read it back exactly."""
        phases = [phase.to_dict() for phase in self.get_phase_history() + [self.get_phase_data()]]
        for phase in phases:
            phase["state"].update(game_id=self.game_id, map=self.map_name, rules=list(self.rules))
        return {"id": self.game_id, "map": self.map_name, "rules": list(self.rules),
                "rule_profile": self.rule_profile, "max_year": self.max_year, "phases": phases}

    @classmethod
    def from_saved_game_format(cls, saved_game: Dict[str, Any]) -> "Game":
        """A game from a saved game (ours or MILA's): history and position as recorded, the
        last phase's orders given again (and checked)."""
        if not isinstance(saved_game, dict):
            raise ValueError("saved game: must be an object with 'phases'")
        phases = saved_game.get("phases")
        if not isinstance(phases, list) or not phases:
            raise ValueError("phases: a saved game needs a non-empty list of phases")
        game_id = saved_game.get("id")
        game = cls(saved_game.get("rule_profile") or "standard", game_id=None if game_id is None else str(game_id),
                   map_name=saved_game.get("map", "standard"), max_year=saved_game.get("max_year"))
        game.rules = list(saved_game.get("rules") or [])
        records = []
        previous = None
        for i, phase in enumerate(phases):
            if not isinstance(phase, dict) or not isinstance(phase.get("state"), dict):
                raise ValueError(f"phases[{i}]: must be an object with 'name', 'state' and 'orders'")
            name = phase.get("name") or phase["state"].get("name", "")
            if not isinstance(name, str):
                raise ValueError(f"phases[{i}].name: must be a phase name such as S1901M")
            orders = phase.get("orders") or {}
            if not isinstance(orders, dict):
                raise ValueError(f"phases[{i}].orders: must be an object of power -> orders")
            records.append((_position_of(phase["state"], name, previous, f"phases[{i}].state"), orders,
                            _dislodged_units(phase["state"])))
            previous = name
        game._restore(records, phases[-1].get("name") == "COMPLETED")
        for i, phase in enumerate(phases):
            for k, value in enumerate(phase.get("messages") or []):
                try:
                    message = Message.from_dict(value)
                except (KeyError, TypeError, AttributeError):
                    raise ValueError(f"phases[{i}].messages[{k}]: must have sender, recipient and message") from None
                if message.time_sent is None or message.time_sent in game.messages:
                    raise ValueError(f"phases[{i}].messages[{k}].time_sent: must be a time not used before")
                game.messages[message.time_sent] = message
        game.messages = dict(sorted(game.messages.items()))
        return game
