"""The position set by hand as MILA's Game does it, as a part of
``diplomacy.engine.game.Game`` (a base class of it): ``set_units``, ``set_centers``,
``clear_units``, ``clear_centers``, and who stands where (``_unit_owner``,
``_occupant``), all on the powers' own lists, which the game reads back when it plays."""

from __future__ import annotations

from typing import List, Optional, Union

from stratagem import _core

from ..utils import errors
from .power import Power


class PositionEditing:
    """MILA's hand-set position: needs ``powers`` (name -> Power) and ``error``."""

    def update_hash(self, power: str, unit_type: str = "", loc: str = "", is_dislodged: bool = False,
                    is_center: bool = False, is_home: bool = False) -> None:  # pylint: disable=unused-argument
        """MILA's code calls this beside each change it makes to a power's lists by hand, to
        keep its Zobrist hash; here the hash is read from the position itself
        (``get_hash()``), so after the same changes it is already MILA's."""

    def clear_units(self, power_name: Optional[str] = None) -> None:
        for name, power in self.powers.items():
            if power_name is None or name == power_name.upper():
                power.units = []
                power.retreats = {}
                power.influence = []

    def clear_centers(self, power_name: Optional[str] = None) -> None:
        for name, power in self.powers.items():
            if power_name is None or name == power_name.upper():
                power.centers = []

    def set_units(self, power_name: str, units: Union[str, List[str]], reset: bool = False) -> None:
        """Puts units on the board for a power (``*A PAR``: dislodged), taking the
        province from whoever stood there; ``reset``: the power's other units go first.
        A unit that cannot stand where it is put is left out (in ``error``)."""
        power_name = power_name.upper()
        if power_name not in self.powers:
            return
        units = [units] if isinstance(units, str) else list(units)
        power = self.powers[power_name]
        if reset:
            power.units, power.retreats = [], {}
        regular = [unit for unit in units if unit and unit[0] != "*"]
        dislodged = [unit[1:] for unit in units if unit and unit[0] == "*"]
        for other in self.powers.values():
            for unit in regular:
                for standing in [u for u in other.units if u[2:5] == unit[2:5]]:
                    other.units.remove(standing)
            for unit in dislodged:
                for standing in [u for u in other.retreats if u[2:5] == unit[2:5]]:
                    del other.retreats[standing]
            for unit in regular + dislodged:
                if unit[2:5] in other.influence:
                    other.influence.remove(unit[2:5])
        for written in regular:
            unit = written.upper()
            if len(unit.split()) != 2:
                continue  # MILA passes over it
            if not self._is_mila_unit(unit):
                self.error.append(errors.MAP_INVALID_UNIT % written)
                continue
            if unit not in power.units:
                power.units.append(unit)
                power.influence.append(unit[2:5])
        for unit in (unit.upper() for unit in dislodged):
            if self._is_mila_unit(unit) and unit not in power.retreats:
                power.retreats[unit] = []

    def _is_mila_unit(self, unit: str) -> bool:
        """A unit MILA's set_units puts on the board: an army or fleet on one of its map's
        locations (its codes only: ``A LIV`` is no unit, Livonia is ``LVN``) where it can
        stand."""
        unit_type, location = unit.split()
        return (unit_type in ("A", "F") and location in {place.upper() for place in self.map.locs}
                and _core.DiplomacyGame._valid_unit(unit))

    def set_centers(self, power_name: str, centers: Union[str, List[str]], reset: bool = False) -> None:
        """Gives supply centres to a power, taking them from their owners; ``reset``: the
        power's other centres go first. A province that is no centre is left out."""
        power_name = power_name.upper()
        if power_name not in self.powers:
            return
        centers = [centers] if isinstance(centers, str) else list(centers)
        power = self.powers[power_name]
        if reset:
            power.centers = []
        for other in self.powers.values():
            for center in centers:
                if center in other.centers:
                    other.centers.remove(center)
        for center in centers:
            if center.upper() in self._supply_centres() and center.upper() not in power.centers:
                power.centers.append(center.upper())

    @staticmethod
    def _supply_centres() -> List[str]:
        return _core.DiplomacyGame._supply_centres()

    def _unit_owner(self, unit: str, coast_required: bool = True) -> Optional[Power]:
        """The power with ``unit`` on the board; without ``coast_required``, a fleet on
        either coast of the province named counts."""
        unit = unit.upper()
        for power in self.powers.values():
            for standing in power.units:
                if standing == unit or (not coast_required and standing.split("/")[0] == unit.split("/")[0]):
                    return power
        return None

    def _occupant(self, site: str, any_coast: int = 0) -> Optional[str]:
        for power in self.powers.values():
            for unit in power.units:
                if unit[2:5] == site[:3].upper():
                    return unit
        return None
