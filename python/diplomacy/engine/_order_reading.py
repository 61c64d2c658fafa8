"""Orders as MILA's Game reads and refuses them, as a part of
``diplomacy.engine.game.Game`` (a base class of it): an order the engine cannot read read
again with MILA's phrase reader, a move written with VIA that no convoy can carry refused,
and the engine's refusals in MILA's words where MILA gives the same reason."""

from __future__ import annotations

from typing import Any, List, Optional, Union

from stratagem import _core

from ..utils import errors
from ..utils.common import StringableCode
from ._last_phase import _unit_key
from ._map_words import order_words


class OrderReading:
    """Reading and refusing orders MILA's way (a base class of ``Game``)."""

    def _refuse_via_without_convoy(self, power_name: str, orders: Union[str, List[str]]) -> None:
        """MILA refuses a move written with VIA that no convoy can carry (an army inland, a
        fleet), which the engine takes as a move over land or the fleet's own move: such a
        unit is left without an order, and game.error says so in MILA's words."""
        refused, given = {}, None
        for text in [orders] if isinstance(orders, str) else orders:
            if not isinstance(text, str) or "VIA" not in text.upper():
                continue
            given = given if given is not None else _core.DiplomacyGame.get_orders(self, power_name)
            if text in given:  # kept as written, by convoy (the README loop's orders)
                continue
            words = order_words(self.map, text)
            if words is None or not words.endswith(" - " + words.split()[-2] + " VIA"):
                continue
            unit = " ".join(words.split()[:2])
            kept = next((order for order in given if _unit_key(order) == unit), None)
            if kept is not None and not kept.endswith(" VIA"):
                refused[unit] = " ".join(words.split()[2:])
        if not refused:
            return
        kept = [order for order in _core.DiplomacyGame.get_orders(self, power_name) if _unit_key(order) not in refused]
        _core.DiplomacyGame.set_orders(self, power_name, [], True, True)
        self._give_orders_by_unit(power_name, kept, True, False)
        for unit, rest in refused.items():
            error = errors.GAME_UNIT_CANT_CONVOY if unit[0] == "F" and self.map.area_type(unit[2:]) == "WATER" \
                else errors.GAME_UNIT_CANT_MOVE_VIA_CONVOY_INTO_DEST
            self.error.append(error % (unit, rest))

    def _give_as_mila_reads(self, power_name: str, dropped: List[Any], replace: bool):
        """The orders the engine could not read given again as MILA's Game reads them
        (``'Russian F SWE - Norway |'`` as ``F SWE - NWY``): those still refused, and
        what each one taken was read as."""
        still, read = [], {}
        for text, why in dropped:
            words = order_words(self.map, text) if isinstance(text, str) else None
            if words is None or words == " ".join(text.upper().split()) or \
                    self._give_orders_by_unit(power_name, [words], replace, True):
                still.append((text, why))
            else:
                read[text] = words
        return still, read

    def _mila_error(self, power_name: str, text: str) -> Optional[StringableCode]:
        """MILA's error for a movement order the engine refused, where the engine's reason
        is one MILA gives too (python/src/mila_game.cpp): the order's canonical words in
        the message as MILA puts them in (the whole order, or the unit and the rest)."""
        name, canonical = self._mila_refusal(power_name, text)
        if not name:
            return None
        error = getattr(errors, name)
        words = canonical.split()
        written = text.upper().split()
        if written[:1] in (["A"], ["F"]):
            words[0] = written[0]  # "A PAR C ...": MILA quotes the unit as written
        unit, rest = " ".join(words[:2]), " ".join(words[2:])
        values = {1: (" ".join(words),), 2: (unit, rest),
                  3: ("SUPPORT" if words[2:3] == ["S"] else "CONVOY", unit, rest)}[error.message.count("%s")]
        return error % values
