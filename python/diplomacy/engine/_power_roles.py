"""Who plays a power, as MILA's ``Power`` records it: its controller over time (a dummy
until someone takes it), its role, its tokens, its draw vote, whether the game waits for
it, and the power as MILA's plain data (``to_dict``/``from_dict``); a part of
``diplomacy.engine.power.Power``.

MILA's rules for ``wait``: a dummy's game waits for it, a controlled power's unless the
game is REAL_TIME; an eliminated power is never waited for, nor one left with nothing to
order when a phase is processed; ``set_wait``/``set_controlled`` set it, and clearing the
orders (which processing does) puts it back to that rule.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Optional

from ..utils import strings
from ..utils.common import timestamp_microseconds
from ..utils.constants import PRIVATE_BOT_USERNAME, OrderSettings
from ..utils.exceptions import DiplomacyException
from ..utils.sorted_dict import SortedDict



class PowerRoles:
    """The controller, role, tokens, vote and wait of a ``Power`` (a base class of it)."""

    __slots__ = ()

    # --- the controller: timestamp -> user name, "dummy" while nobody plays it
    @property
    def controller(self) -> SortedDict:
        if self._controller is None:
            self._controller = SortedDict(int, str)
            self._controller.put(self._created, strings.DUMMY)
        return self._controller

    @controller.setter
    def controller(self, controller: Any) -> None:
        self._controller = None  # None: a dummy since the power was made
        if controller:
            self._controller = SortedDict(int, str)
            for timestamp, name in controller.items():
                self._controller.put(int(timestamp), name)

    def get_controller(self) -> str:
        return self._controller.last_value() if self._controller is not None else strings.DUMMY

    def get_controller_timestamp(self) -> int:
        return self.controller.last_key()

    def is_dummy(self) -> bool:
        return self.get_controller() == strings.DUMMY

    def is_controlled(self) -> bool:
        return not self.is_dummy()

    def is_controlled_by(self, username: Optional[str]) -> bool:
        if username == PRIVATE_BOT_USERNAME:
            return self.is_dummy() and bool(self.tokens)
        return self.get_controller() == username

    def update_controller(self, username: str, timestamp: int) -> None:
        self.controller.put(timestamp, username)

    def set_controlled(self, username: Optional[str]) -> None:
        """``username`` takes the power (None or "dummy": nobody plays it from now); a
        power someone else plays is refused."""
        current = self.get_controller()
        if username is None or username == strings.DUMMY:
            if current != strings.DUMMY:
                self.controller.put(timestamp_microseconds(), strings.DUMMY)
                self.tokens.clear()
                self.wait = True
                self.vote = strings.NEUTRAL
        elif current == strings.DUMMY:
            self.controller.put(timestamp_microseconds(), username)
            self.wait = not self._real_time()
        elif current != username:
            raise DiplomacyException("Power already controlled by someone else. Kick previous controller before.")

    # --- waiting
    @property
    def wait(self) -> bool:
        if self._wait is not None:
            return self._wait
        if self.is_eliminated():
            return False
        if self.orders_given is None and self.game is not None and not self.game.get_orderable_locations(self.name):
            return False  # processing gave it "no orders": nothing to wait for
        return True if self.is_dummy() else not self._real_time()

    @wait.setter
    def wait(self, wait: Optional[bool]) -> None:
        self._wait = None if wait is None else bool(wait)

    def does_not_wait(self) -> bool:
        return bool(self.order_is_set) and not self.wait

    def moves_submitted(self) -> bool:
        """MILA's: true outside movement phases, or once orders are given, or with no units."""
        if self.game.phase_type != "M":
            return 1
        return bool(self.orders) or not self.units

    def _real_time(self) -> bool:
        return self.game is not None and "REAL_TIME" in self.game.rules

    # --- roles and tokens
    def is_observer_power(self) -> bool:
        return self.role == strings.OBSERVER_TYPE

    def is_omniscient_power(self) -> bool:
        return self.role == strings.OMNISCIENT_TYPE

    def is_player_power(self) -> bool:
        return self.role == self.name

    def is_server_power(self) -> bool:
        return self.role == strings.SERVER_TYPE

    def has_token(self, token: str) -> bool:
        assert self.is_server_power()
        return token in self.tokens

    def add_token(self, token: str) -> None:
        assert self.is_server_power()
        self.tokens.add(token)

    def remove_tokens(self, tokens: Iterable[str]) -> None:
        assert self.is_server_power()
        self.tokens.difference_update(tokens)

    @staticmethod
    def compare(power_1: "PowerRoles", power_2: "PowerRoles") -> int:
        """-1, 0 or 1: by role, then by name (MILA's order of powers)."""
        first, second = (power_1.role or "", power_1.name or ""), (power_2.role or "", power_2.name or "")
        return (first > second) - (first < second)

    # --- the position changed as a whole
    def reinit(self, include_flags: int = 6) -> None:
        """MILA's reset by bits: 1 the orders (and civil disorder, votes' wait), 2 the
        abbreviation, 4 the position (units, retreats, centres, influence)."""
        if include_flags & 2:
            self.abbrev = None
        if include_flags & 4:
            self.units, self.retreats, self.centers, self.influence = [], {}, [], []
        if include_flags & 1:
            self.civil_disorder = 0
            if self.game is not None:
                self.game.clear_orders(self.name)
            self._wait = None
        self.goner = 0

    def initialize(self, game: Any) -> None:
        """MILA's start of a server power: belongs to ``game``, waits as a new power does,
        and is given the map's start where it has no centres or units."""
        assert self.is_server_power()
        self.game = game
        self.orders_given = False
        self._wait = None
        self.abbrev = self.name[:1]

    def merge(self, other_power: "PowerRoles") -> None:
        """MILA's: ``other_power``'s units, dislodged units, influence and centres become
        this power's (it is left with none)."""
        self.units = list(self.units) + list(other_power.units)
        self.retreats = {**self.retreats, **other_power.retreats}
        self.influence = list(self.influence) + list(other_power.influence)
        self.centers = list(self.centers) + list(other_power.centers)
        other_power.units, other_power.retreats, other_power.influence, other_power.centers = [], {}, [], []

    # --- MILA's plain data
    def to_dict(self) -> Dict[str, Any]:
        """The power as MILA's ``Power.to_dict()`` gives it (read back by MILA's
        ``Power.from_dict`` and by ours)."""
        return {
            "abbrev": self.abbrev, "adjust": list(self.adjust), "centers": list(self.centers),
            "civil_disorder": self.civil_disorder,
            "controller": {str(timestamp): name for timestamp, name in self.controller.items()},
            "homes": list(self.homes), "influence": list(self.influence), "name": self.name,
            "order_is_set": self.order_is_set,
            "orders": dict(self.orders),
            "retreats": {unit: list(places) for unit, places in self.retreats.items()},
            "role": self.role, "tokens": sorted(self.tokens), "units": list(self.units),
            "vote": self.vote, "wait": self.wait,
        }

    def json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, value: Dict[str, Any]):
        """A power read from MILA's plain data, in no game (a game reads its powers' data
        itself, ``Game.from_dict``): its lists are its own, held by ``power.game``, a
        stand-in that is not a ``Game``."""
        if not isinstance(value, dict) or not isinstance(value.get("name"), str):
            raise ValueError("power: must be an object with a 'name'")
        power = cls(_NoGame(value), value["name"], role=value.get("role", strings.SERVER_TYPE))
        power._take_roles(value)
        return power

    def _take_roles(self, value: Dict[str, Any]) -> None:
        """Takes the controller, role, vote, wait, tokens and civil disorder of MILA's
        plain data of this power."""
        self.controller = value.get("controller") or {}
        self.role = value.get("role", self.role)
        self.vote = value.get("vote", strings.NEUTRAL)
        self.tokens = set(value.get("tokens") or ())
        self.civil_disorder = value.get("civil_disorder", 0)
        self.abbrev = value.get("abbrev", self.abbrev)
        self._wait = value.get("wait") if "wait" in value else None
        setting = value.get("order_is_set")
        if setting is not None:
            self.orders_given = setting != OrderSettings.ORDER_NOT_SET


class _NoGame:
    """What a power read alone (``Power.from_dict``) asks its game for: its own lists."""

    rules: list = []
    phase_type = None

    def __init__(self, value: Dict[str, Any]) -> None:
        self._value = value
        self._homes = {value["name"]: list(value.get("homes") or [])}
        self._position_changed = self._orders_changed = self._powers_read = False

    def _units_of(self, _name: str) -> list:
        return list(self._value.get("units") or [])

    def _centers_of(self, _name: str) -> list:
        return list(self._value.get("centers") or [])

    def _retreats_of(self, _name: str) -> dict:
        return {unit: list(places) for unit, places in (self._value.get("retreats") or {}).items()}

    def _influence_of(self, _name: str) -> list:
        return list(self._value.get("influence") or [])

    def _orders_by_unit(self, _name: str) -> dict:
        return dict(self._value.get("orders") or {})

    def _adjust_of(self, _name: str) -> list:
        return list(self._value.get("adjust") or [])

    def get_orders(self, name: str) -> list:
        return [f"{unit} {order}" for unit, order in self._orders_by_unit(name).items()] + self._adjust_of(name)

    def get_orderable_locations(self, _name: str) -> list:
        return []

    def clear_orders(self, _name: str) -> None:
        self._value = {**self._value, "orders": {}, "adjust": []}
