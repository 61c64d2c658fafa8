"""MILA's ``diplomacy.engine.power.Power``: one power of a game, its units, centres,
retreats and orders as live containers of the game.

Reading ``power.units`` (or ``centers``, ``retreats``, ``influence``, ``orders``) gives
the game's own list or dict, as MILA does: changing it (``power.units.remove("A PAR")``,
``del power.orders["A PAR"]``) changes the game, which hands the change to the engine
before it next reads the position or the orders.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..utils.common import timestamp_microseconds
from ..utils.constants import OrderSettings
from ._power_roles import PowerRoles

__all__ = ["Power"]


def _marking(base: type, name: str, flag: str):
    method = getattr(base, name)

    def changed(self, *args, **kwargs):
        setattr(self._game, flag, True)
        return method(self, *args, **kwargs)

    changed.__name__ = name
    return changed


class _LivePositionList(list):
    """A list of the game's position (units, centres, influence): changing it marks the
    position changed."""
    __slots__ = ("_game",)

    def __init__(self, game: Any, items=()) -> None:
        super().__init__(items)
        self._game = game

    def __reduce_ex__(self, protocol):
        return (list, (list(self),))


class _LivePositionDict(dict):
    """The retreats of a power: changing them marks the position changed."""
    __slots__ = ("_game",)

    def __init__(self, game: Any, items=()) -> None:
        super().__init__(items)
        self._game = game

    def __reduce_ex__(self, protocol):
        return (dict, (dict(self),))


class _LiveOrders(dict):
    """A power's orders, unit -> order (MILA's ``{"A PAR": "- BUR"}``): changing them
    marks the orders changed."""
    __slots__ = ("_game",)

    def __init__(self, game: Any, items=()) -> None:
        super().__init__(items)
        self._game = game

    def __reduce_ex__(self, protocol):
        return (dict, (dict(self),))


for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__",
              "__delitem__", "__iadd__", "__imul__"):
    setattr(_LivePositionList, _name, _marking(list, _name, "_position_changed"))
for _name in ("__setitem__", "__delitem__", "pop", "popitem", "clear", "update", "setdefault"):
    setattr(_LivePositionDict, _name, _marking(dict, _name, "_position_changed"))
    setattr(_LiveOrders, _name, _marking(dict, _name, "_orders_changed"))


class Power(PowerRoles):
    """A power of a ``Game`` (MILA's attributes). ``units``, ``centers``, ``retreats``,
    ``influence``, ``homes`` and ``orders`` are the game's own; assigning one replaces it
    in the game. Its controller, role, tokens, vote and wait: ``_power_roles``."""

    __slots__ = ("game", "name", "abbrev", "role", "vote", "orders_given", "tokens", "civil_disorder", "goner",
                 "_units", "_centers", "_retreats", "_influence", "_orders", "_controller", "_created", "_wait")

    def __init__(self, game: Any = None, name: Optional[str] = None, **kwargs: Any) -> None:
        self.game, self.name = game, name or ""
        self.abbrev = self.name[:1] or None
        self.role = kwargs.get("role", self.name)
        self._created = timestamp_microseconds()
        self.controller = kwargs.get("controller")
        self.vote = kwargs.get("vote", "neutral")
        # What MILA's order_is_set records: True once set_orders was called for this power
        # in its phase, False until then (and once its orders are cleared), and None at the
        # start of a phase process() began, where MILA gives "no orders" to a power that has
        # nothing to order.
        self.orders_given: Optional[bool] = bool(kwargs.get("order_is_set", 0))
        self._wait = kwargs.get("wait")
        self.tokens = set(kwargs.get("tokens", ()))
        self.civil_disorder = kwargs.get("civil_disorder", 0)
        self.goner = 0
        self._forget()

    def _forget(self) -> None:
        """The engine's position changed: read every list from it again when asked."""
        self._units = self._centers = self._retreats = self._influence = None
        self._orders = None

    # --- the position, live
    @property
    def units(self) -> List[str]:
        if self._units is None:
            self._units = _LivePositionList(self.game, self.game._units_of(self.name))
            self.game._powers_read = True
        return self._units

    @units.setter
    def units(self, units: List[str]) -> None:
        self._units = _LivePositionList(self.game, units)
        self.game._position_changed = self.game._powers_read = True

    @property
    def centers(self) -> List[str]:
        if self._centers is None:
            self._centers = _LivePositionList(self.game, self.game._centers_of(self.name))
            self.game._powers_read = True
        return self._centers

    @centers.setter
    def centers(self, centers: List[str]) -> None:
        self._centers = _LivePositionList(self.game, centers)
        self.game._position_changed = self.game._powers_read = True

    @property
    def retreats(self) -> Dict[str, List[str]]:
        if self._retreats is None:
            self._retreats = _LivePositionDict(self.game, self.game._retreats_of(self.name))
            self.game._powers_read = True
        return self._retreats

    @retreats.setter
    def retreats(self, retreats: Dict[str, List[str]]) -> None:
        self._retreats = _LivePositionDict(self.game, retreats)
        self.game._position_changed = self.game._powers_read = True

    @property
    def influence(self) -> List[str]:
        if self._influence is None:
            self._influence = _LivePositionList(self.game, self.game._influence_of(self.name))
            self.game._powers_read = True
        return self._influence

    @influence.setter
    def influence(self, influence: List[str]) -> None:
        self._influence = _LivePositionList(self.game, influence)
        self.game._position_changed = self.game._powers_read = True

    @property
    def homes(self) -> List[str]:
        return list(self.game._homes[self.name])

    @property
    def orders(self) -> Dict[str, str]:
        """Movement: unit -> order without the unit (``{"A PAR": "- BUR"}``); under
        ``NO_CHECK``, ``{"ORDER 1": "A PAR - BUR", ...}`` as written."""
        if self._orders is None:
            self._orders = _LiveOrders(self.game, self.game._orders_by_unit(self.name))
            self.game._powers_read = True
        return self._orders

    @orders.setter
    def orders(self, orders: Dict[str, str]) -> None:
        self._orders = _LiveOrders(self.game, orders)
        self.game._orders_changed = self.game._powers_read = True

    @property
    def adjust(self) -> List[str]:
        """Retreat and adjustment phases: the orders given (MILA's ``power.adjust``)."""
        return self.game._adjust_of(self.name)

    @property
    def order_is_set(self) -> int:
        """MILA's OrderSettings: ORDER_NOT_SET until orders are given in a phase (an
        eliminated power's count as given, none), then ORDER_SET or ORDER_SET_EMPTY."""
        if self.orders_given:
            return OrderSettings.ORDER_SET if self.game.get_orders(self.name) else OrderSettings.ORDER_SET_EMPTY
        if self.is_eliminated() or (self.orders_given is None and not self.game.get_orderable_locations(self.name)):
            return OrderSettings.ORDER_SET_EMPTY
        return OrderSettings.ORDER_NOT_SET

    @order_is_set.setter
    def order_is_set(self, setting: int) -> None:
        self.orders_given = setting != OrderSettings.ORDER_NOT_SET

    # --- MILA's questions
    def is_eliminated(self) -> bool:
        return not (self.units or self.centers or self.retreats)

    def clear_units(self) -> None:
        self.units = []
        self.influence = []

    def clear_centers(self) -> None:
        self.centers = []

    def clear_orders(self) -> None:
        self.game.clear_orders(self.name)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Power({self.name!r})"
