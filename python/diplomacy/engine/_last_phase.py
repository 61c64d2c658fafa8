"""What MILA's Game says of the phase last processed, read from its histories:
``get_order_status``, ``command``, ``ordered_units``, ``popped``, ``dislodged``."""

from __future__ import annotations

from typing import Dict, List, Optional

from stratagem import _core

from ..utils.order_results import OK


def _unit_key(order: str) -> str:
    """The unit an order is given to, as MILA keys results: its first two words."""
    return " ".join(order.upper().split()[:2])


class LastPhase:
    """The phase last processed, as a part of ``diplomacy.engine.game.Game`` (a base class
    of it, reading the game's histories)."""

    def get_order_status(self, power_name: Optional[str] = None, unit: Optional[str] = None,
                         loc: Optional[str] = None):
        """The results of the phase last processed: of a unit (a list), of a location
        (``(unit, list)``), of a power's units (a dict) or of every power's."""
        if unit or loc:
            results = self.result_history.last_value() if self.result_history else {}
            if unit:
                return list(results.get(unit, []))
            for result_unit, words in results.items():
                if result_unit[2:5] == loc[:3]:
                    return result_unit, list(words)
            return loc, []
        if power_name is not None:
            power_name = power_name.upper()
            if not self.state_history:
                return {}
            return {ordered.replace("*", ""): self.get_order_status(power_name, ordered.replace("*", ""))
                    for ordered in self.state_history.last_value()["units"][power_name]}
        return {name: self.get_order_status(name) for name in self.powers}

    @property
    def command(self) -> Dict[str, str]:
        """The movement phase last processed: unit -> its order without the unit (``H`` for
        a unit left without one); after a retreat or adjustment phase nothing, as MILA's."""
        if not self.state_history or self.state_history.last_key()[-1] != "M":
            return {}
        state = self.state_history.last_value()
        orders = self.order_history.last_value()
        command = {unit: "H" for units in state["units"].values() for unit in units if unit[0] != "*"}
        for power_orders in orders.values():
            for order in power_orders or []:
                words = order.split()
                if len(words) > 2 and " ".join(words[:2]) in command:
                    command[" ".join(words[:2])] = " ".join(words[2:])
        for unit, order in command.items():
            if order.endswith(" VIA") and not self._convoyed_as_ordered(command, unit, order.split()[1]):
                command[unit] = order[:-4]
        return command

    def _convoyed_as_ordered(self, command: Dict[str, str], unit: str, end: str) -> bool:
        """MILA's command keeps VIA on a move only where fleets ordered to convoy the army
        there (on water) make a path for it (its ``_get_convoy_paths``)."""
        start, game_map = unit[2:], self.map
        convoying = {fleet[2:] for fleet, order in command.items()
                     if order == f"C A {start} - {end}" and fleet[0] == "F" and game_map.area_type(fleet[2:]) == "WATER"}
        return any(path_start == start and end in dests and fleets <= convoying
                   for size in range(1, len(convoying) + 1) for path_start, fleets, dests in game_map.convoy_paths.get(size, ()))

    @property
    def ordered_units(self) -> Dict[str, List[str]]:
        """The phase last processed: power -> the units it gave orders to (after a movement
        phase in the order of the power's units as the phase began, as MILA lists them)."""
        if not self.order_history:
            return {}
        phase_type = self.order_history.last_key()[-1]
        orders_given = self.order_history.last_value()
        if self._unchecked_played:  # the orders as the engine took them, not as written
            orders_given = self._history_orders(_core._history_size_of(self) - 1)
        if phase_type == "A" and "WAIVE" in self.result_history.last_value():
            orders_given = self._orders_with_waives(orders_given)
        ordered = {power: list(dict.fromkeys(_unit_key(order) for order in orders or []))
                   for power, orders in orders_given.items()}
        state = self.state_history.last_value()
        if phase_type == "M":
            for power, power_units in ordered.items():
                given = set(power_units)
                on_board = [unit for unit in state["units"].get(power, ()) if unit in given]
                ordered[power] = on_board + [unit for unit in power_units if unit not in set(on_board)]
        for power, units in self._voided_played.items():
            listed = ordered.setdefault(power, [])
            listed += [unit for unit in units if unit not in listed]
        if phase_type == "A":
            # MILA lists the units its civil-disorder pass removes.
            results = self.result_history.last_value()
            for power, power_units in ordered.items():
                power_units += [unit for unit in state["units"].get(power, ())
                                if results.get(unit) == [OK] and unit not in power_units]
        elif phase_type == "R":
            # MILA lists the retreats and the void orders, not the units disbanded.
            disbanded = {_unit_key(order) for orders in orders_given.values() for order in orders or ()
                         if order.endswith(" D")}
            ordered = {power: [unit for unit in units if unit not in disbanded] for power, units in ordered.items()}
        return ordered

    def _orders_with_waives(self, orders_given: Dict[str, List[str]]) -> Dict[str, List[str]]:
        """The last adjustment phase's orders with the WAIVEs the order history leaves out,
        as MILA lists them among the units ordered (once a power), from the engine's record
        of the phase where it is the same phase."""
        played = self._history_orders(_core._history_size_of(self) - 1)
        if {power: [order for order in orders if order != "WAIVE"] for power, orders in played.items()} != \
                {power: list(orders or []) for power, orders in orders_given.items()}:
            return orders_given
        return played

    @property
    def popped(self) -> List[str]:
        """The retreat phase last processed: the dislodged units that left the board."""
        if not self.result_history or self.result_history.last_key()[-1] != "R":
            return []
        return [unit for unit, results in self.result_history.last_value().items() if "disband" in results]

    @property
    def dislodged(self) -> Dict[str, str]:
        """After a movement phase: each unit dislodged -> the province its attacker came from."""
        if not self.result_history or self.result_history.last_key()[-1] != "M":
            return {}
        return dict(self._dislodged_by)
