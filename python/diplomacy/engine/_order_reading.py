"""Orders as MILA's Game reads and refuses them, as a part of
``diplomacy.engine.game.Game`` (a base class of it): an order the engine cannot read read
again with MILA's phrase reader, a move written with VIA that no convoy can carry refused,
and a refused movement order's errors as MILA's Game gives them (its words read as MILA
reads them, then the engine's reason in MILA's words where MILA gives the same reason)."""

from __future__ import annotations

import json
from typing import Any, List, Optional, Sequence, Tuple, Union

from stratagem import _core

from ..utils import errors
from ..utils.common import StringableCode
from ._last_phase import _unit_key
from ._map_words import COAST, LOCATION, MOVE_SEP, ORDER, OTHER, POWER, UNIT, order_words

# MILA's errors for the words its phrase reader does not know, by the kind of word.
_UNKNOWN_WORD = {POWER: errors.GAME_UNKNOWN_POWER, UNIT: errors.GAME_UNKNOWN_UNIT_TYPE,
                 LOCATION: errors.GAME_UNKNOWN_LOCATION, ORDER: errors.GAME_UNKNOWN_ORDER_TYPE}
_MOVEMENT_ORDERS = ("H", "-", "S", "C")
# The engine's reason for a second order for a unit given with replace=False
# (python/src/py_diplomacy_game.cpp).
_ORDERED_ALREADY = "the unit has an order already"
# The core's calls made at every set_orders, without pybind11's dispatch
# (python/src/mila_fast_calls.cpp): the same answers as the methods named.
_core_give_orders_by_unit = _core._give_orders_of  # DiplomacyGame._give_orders_by_unit
_core_via_unsettled = _core._via_unsettled_of  # after _core_give_orders_by_unit


class OrderReading:
    """Reading and refusing orders MILA's way (a base class of ``Game``)."""

    def _give_as_mila_gives(self, power_name: str, orders: Union[str, List[str]], replace: bool, expand: bool,
                            movement: bool) -> Tuple[List[Any], List[str]]:
        """Gives a power orders as MILA's Game takes them: a text the engine cannot read
        read again with MILA's phrase reader, and (in a movement phase) a move written
        with VIA that no convoy can carry refused; the texts still refused, with the
        engine's reasons, and the moves refused for their VIA."""
        dropped = _core_give_orders_by_unit(self, power_name, orders, replace, expand)
        # With no text dropped (the README loop's orders), the engine says whether a text
        # that may say VIA is not held as written: only such a text can be refused below.
        may_say_via = movement and (_may_say_via(orders) if dropped else _core_via_unsettled(self))
        if dropped and expand:
            dropped, read = self._give_as_mila_reads(power_name, dropped, replace)
            if read and replace:  # all again, in the order given, as MILA keeps them
                texts = [orders] if isinstance(orders, str) else orders
                self._give_orders_by_unit(power_name, [read.get(text, text) for text in texts], True, True)
        refused_via = self._refuse_via_without_convoy(power_name, orders, [text for text, _why in dropped]) \
            if may_say_via else []
        return dropped, refused_via

    def _refuse_via_without_convoy(self, power_name: str, orders: Union[str, List[str]],
                                   dropped: Sequence[Any] = ()) -> List[str]:
        """MILA refuses a move written with VIA that no convoy can carry (an army inland, a
        fleet), which the engine takes as a move over land or the fleet's own move: such a
        unit is left without an order, and game.error says so in MILA's words. Not where
        the engine refused the text itself (``dropped``: said already), nor where a later
        order of the call is the unit's (MILA takes that one). The texts refused."""
        refused, given, earlier, texts_refused = {}, None, {}, []
        texts = [orders] if isinstance(orders, str) else list(orders)
        for at, text in enumerate(texts):
            if not isinstance(text, str) or "VIA" not in text.upper() or text in dropped:
                continue
            given = given if given is not None else _core.DiplomacyGame.get_orders(self, power_name)
            if text in given:  # kept as written, by convoy (the README loop's orders)
                continue
            words = order_words(self.map, text)
            if words is None or not words.endswith(" - " + words.split()[-2] + " VIA"):
                continue
            unit = " ".join(words.split()[:2])
            kept = next((order for order in given if _unit_key(order) == unit), None)
            if kept is not None and not kept.endswith(" VIA") and not self._orders_unit(unit, texts[at + 1:]):
                refused[unit] = " ".join(words.split()[2:])
                earlier[unit] = self._orders_unit(unit, texts[:at][::-1])
                texts_refused.append(text)
        if not refused:
            return texts_refused
        kept = [order for order in _core.DiplomacyGame.get_orders(self, power_name) if _unit_key(order) not in refused]
        _core.DiplomacyGame.set_orders(self, power_name, [], True, True)
        self._give_orders_by_unit(power_name, kept, True, False)
        # MILA keeps the order an earlier text of the call gave the unit.
        self._give_orders_by_unit(power_name, [text for text in earlier.values() if text], True, True)
        for unit, rest in refused.items():
            error = errors.GAME_UNIT_CANT_CONVOY if unit[0] == "F" and self.map.area_type(unit[2:]) == "WATER" \
                else errors.GAME_UNIT_CANT_MOVE_VIA_CONVOY_INTO_DEST
            self.error.append(error % (unit, rest))
        return texts_refused

    def _orders_unit(self, unit: str, texts: List[Any]) -> Optional[str]:
        """The first of ``texts`` that orders ``unit`` (without VIA), if any."""
        for text in texts:
            if isinstance(text, str) and "VIA" not in text.upper():
                words = order_words(self.map, text) or " ".join(text.upper().split())
                if " ".join(words.split()[:2]) == unit:
                    return text
        return None

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

    def _mila_errors(self, power_name: str, text: Any, why: str) -> List[StringableCode]:
        """game.error for a movement order the engine refused, as MILA's Game words it
        (its ``_add_order``): each word its phrase reader does not know (``UNKNOWN
        PLACENAME: XYZ``), then a unit that is not the power's (``UNORDERABLE UNIT: XYZ -
        ABC``) or an order of another phase (``UNRECOGNIZED ORDER TYPE: A MUN B``), or the
        engine's reason in MILA's words; our sentence where MILA's reason is none of these."""
        ours = StringableCode(f"{power_name}: {json.dumps(text)}: {why}")
        if not isinstance(text, str):
            return [ours]
        found: List[StringableCode] = []
        word = self._mila_words(text.split(), found)
        if word and len(word[-1]) == 1 and not word[-1].isalpha():
            word = word[:-1]
        if len(word) < 2:
            return found + [errors.STD_GAME_BAD_ORDER % " ".join(word)]
        unit, order = " ".join(word[:2]), " ".join(word[2:])
        owner = self._unit_owner(unit)
        if owner is None or owner.name != power_name:
            return found + [errors.STD_GAME_UNORDERABLE_UNIT % " ".join(word)]
        if not order:
            return found
        refusal = self._mila_invalid_order(power_name, unit, word[2:])
        if refusal is not None:
            return found + [refusal]
        if why == _ORDERED_ALREADY:
            return found + [errors.STD_GAME_UNIT_REORDERED % unit]
        refusal = self._mila_error(power_name, text, word)
        if refusal is not None:
            return found + [refusal]
        if word[2] not in _MOVEMENT_ORDERS:
            return found + [errors.GAME_UNRECOGNIZED_ORDER_TYPE % (unit, order)]
        return found + [ours]

    def _mila_invalid_order(self, power_name: str, unit: str, word: List[str]) -> Optional[StringableCode]:
        """MILA's ``_valid_order``: its error for the first of its checks an order ``word``
        (``['S', 'A', 'PAR', '-', 'BUR']``) of the power's ``unit`` fails, in MILA's order
        of checks (a support of a move the supported unit cannot make is refused as that
        before the supporter's own reach); None where MILA takes the order."""
        game_map, word = self.map, list(word)
        area, owner = game_map.area_type, self._mila_unit_owner
        order, unit_type, unit_loc, order_type = " ".join(word), unit[0], unit[2:], word[0]
        if not game_map.is_valid_unit(unit):
            return errors.GAME_ORDER_TO_INVALID_UNIT % unit
        if order_type in ("S", "C") and word[1:]:
            if word[1] in ("A", "F") and len(word) < 3:
                return None  # MILA's Game raises on it
            alter, other = (word[1], word[2]) if word[1] in ("A", "F") else ("?", word[1])
            if not game_map.is_valid_unit(f"{alter} {other}", no_coast_ok=1):
                return errors.GAME_ORDER_INCLUDES_INVALID_UNIT % f"{alter} {other}"
            if len(word) == 5 - (alter == "?") and not game_map.is_valid_unit(f"{alter} {word[-1]}", no_coast_ok=1):
                return errors.GAME_ORDER_INCLUDES_INVALID_DEST % f"{alter} {word[-1]}"
        power = owner(unit)
        if power is None:
            return errors.GAME_ORDER_NON_EXISTENT_UNIT % unit
        if power.name != power_name:
            return errors.GAME_ORDER_TO_FOREIGN_UNIT % unit
        if area(unit_loc) == "SHUT" and order_type != "H":
            return errors.GAME_UNIT_MAY_ONLY_HOLD % unit
        if order_type == "C" and (unit_type != "F" or area(unit_loc) not in ("WATER", "PORT")):
            return errors.GAME_CONVOY_IMPROPER_UNIT % (unit, order)
        if order_type in ("C", "S"):
            text = "CONVOY" if order_type == "C" else "SUPPORT"
            if len(word) > 1 and word[1] not in ("A", "F"):
                terrain = area(word[1])
                if order_type == "C":
                    word[1:1] = ["AF"[unit_type == "A"]]
                elif terrain in ("WATER", "LAND"):
                    word[1:1] = ["F" if terrain == "WATER" else "A"]
                elif terrain:
                    standing = [kind for kind in "AF" if owner(f"{kind} {word[1]}")]
                    if not standing:
                        return errors.GAME_INVALID_ORDER_NON_EXISTENT_UNIT % (text, unit, order)
                    word[1:1] = standing
                else:
                    return errors.GAME_INVALID_ORDER_RECIPIENT % (text, unit, order)
            if len(word) < 3:
                return errors.GAME_BAD_ORDER_SYNTAX % (text, unit, order)
            recipient, dest = " ".join(word[1:3]), word[2]
            if not owner(recipient, False):
                return errors.GAME_ORDER_RECIPIENT_DOES_NOT_EXIST % (text, unit, order)
            if unit_loc == dest:
                return errors.GAME_UNIT_CANT_SUPPORT_ITSELF % (unit, order)
            if order_type == "C" and (word[1] != "AF"[unit_type == "A"] or area(dest) not in ("COAST", "PORT")):
                return errors.GAME_UNIT_CANT_BE_CONVOYED % (unit, order)
            if len(word) == 5:
                if word[3] != "-":
                    return errors.GAME_BAD_ORDER_SYNTAX % (text, unit, order)
                dest = word[4].split("/")[0]
                if order_type == "C":
                    if not (area(dest) in ("COAST", "PORT") and game_map.is_valid_unit(f"{word[1]} {dest}",
                                                                                        unit[0] < "F")):
                        return errors.GAME_BAD_CONVOY_DESTINATION % (unit, order)
                elif not game_map.abuts(word[1], word[2], "S", dest) and \
                        (recipient[0] == "F" or not self._mila_convoy_path(word[1], word[2][:3], dest)):
                    return errors.GAME_SUPPORTED_UNIT_CANT_REACH_DESTINATION % (unit, order)
            elif order_type == "C":
                return errors.GAME_IMPROPER_CONVOY_ORDER % (unit, order)
            elif len(word) != 3 and (len(word) != 4 or word[-1] != "H"):
                return errors.GAME_IMPROPER_SUPPORT_ORDER % (unit, order)
            if order_type == "S":
                if not game_map.abuts(unit_type, unit_loc, "S", dest):
                    return errors.GAME_UNIT_CANT_PROVIDE_SUPPORT_TO_DEST % (unit, order)
            elif not self._mila_convoy_path(recipient[0], recipient[2:5], dest, unit_loc):
                return errors.GAME_IMPOSSIBLE_CONVOY_ORDER % (unit, order)
        elif order_type == "-":
            via = word[-1] == "VIA"
            if len(word) % 2 != via:
                return errors.GAME_BAD_MOVE_ORDER % (unit, order)
            if len(word) > 2 and unit_type != "A" and area(unit_loc) not in ("COAST", "PORT"):
                return errors.GAME_UNIT_CANT_CONVOY % (unit, order)
            to_loc = word[-1 - via]
            if len(word) - via > 2:
                return errors.GAME_BAD_MOVE_ORDER % (unit, order)
            if to_loc == unit_loc:
                return errors.GAME_MOVING_UNIT_CANT_RETURN % (unit, order)
            if not game_map.abuts(unit_type, unit_loc, "-", to_loc) or via:
                if area(to_loc) not in ("COAST", "PORT"):
                    return errors.GAME_CONVOYING_UNIT_MUST_REACH_COST % (unit, order)
                if unit_type == "A" and "/" in to_loc:
                    return errors.GAME_ARMY_CANT_CONVOY_TO_COAST % (unit, order)
                if not self._mila_convoy_path(unit_type, unit_loc, to_loc):
                    return errors.GAME_UNIT_CANT_MOVE_VIA_CONVOY_INTO_DEST % (unit, order)
        elif order_type == "H":
            if len(word) != 1:
                return errors.GAME_INVALID_HOLD_ORDER % (unit, order)
        else:
            return errors.GAME_UNRECOGNIZED_ORDER_TYPE % (unit, order)
        return None

    def _mila_unit_owner(self, unit: str, coast_required: bool = True):
        """MILA's ``_unit_owner``: without ``coast_required``, ``F STP`` is also the fleet
        on either of its coasts."""
        for power in self.powers.values():
            for standing in power.units:
                if standing == unit or (not coast_required and standing.split("/")[0] == unit):
                    return power
        return None

    def _mila_convoy_path(self, unit_type: str, start: str, end: str, convoying: Optional[str] = None) -> bool:
        """MILA's ``_has_convoy_path``: whether the fleets on the water could convoy an army
        from ``start`` to ``end`` (through ``convoying``, if given)."""
        if unit_type != "A":
            return False
        game_map = self.map
        afloat = {unit[2:] for power in self.powers.values() for unit in power.units
                  if unit[0] == "F" and game_map.area_type(unit[2:]) in ("WATER", "PORT")}
        return any(path_start == start and end in dests and fleets <= afloat and (convoying is None or convoying in fleets)
                   for size in range(1, len(afloat) + 1) for path_start, fleets, dests in game_map.convoy_paths.get(size, ()))

    def _mila_keeps_unchecked(self, text: str) -> bool:
        """NO_CHECK: whether MILA's Game keeps a movement order as written; each word its
        phrase reader does not know goes to game.error, and an order of fewer than three
        words other than a hold is refused (``BAD ORDER: A PAR``)."""
        found: List[StringableCode] = []
        words = self._mila_expanded(text.split(), found)
        self.error.extend(found)
        if len(words) < 3 and (len(words) < 2 or words[1] != "H"):
            self.error.append(errors.STD_GAME_BAD_ORDER % text.upper())
            return False
        return True

    def _mila_adjustment_errors(self, power_name: str, text: Any, why: str) -> Optional[List[StringableCode]]:
        """game.error for an adjustment order the engine refused, as MILA's Game words it
        (its ``_add_adjust_orders``); None where MILA passes over the order in silence (a
        single word), so that it is not voided either."""
        ours = StringableCode(f"{power_name}: {json.dumps(text)}: {why}")
        if not isinstance(text, str):
            return [ours]
        order = text.strip()
        power = self.powers[power_name]
        need = len(power.centers) - len(power.units)
        if order == "WAIVE":
            return [errors.GAME_NO_WAIVE_WITH_DISBAND] if need < 0 else [ours]
        if len(order.split()) < 2:
            return None
        found: List[StringableCode] = []
        word = self._mila_expanded(order.split(), found)
        kind = "D" if need < 0 else "B"
        if not word or (word[-1] != kind and word[-1] in "BD"):
            return found + [errors.GAME_ORDER_NOT_ALLOWED % order]
        if word[-1] == "D":
            word = self._mila_unit_types(word)
            if len(word) != 3:
                return found + [errors.GAME_BAD_ADJUSTMENT_ORDER % " ".join(word)]
            unit = " ".join(word[:2])
            if unit not in power.units:
                return found + [errors.GAME_NO_SUCH_UNIT % unit]
            return found + [errors.GAME_MULTIPLE_ORDERS_FOR_UNIT % unit if why == _ORDERED_ALREADY else ours]
        if len(word) != 3:
            return found + [errors.GAME_BAD_ADJUSTMENT_ORDER % " ".join(word)]
        order = " ".join(word)
        if why == _ORDERED_ALREADY:
            return found + [errors.GAME_MULT_BUILDS_IN_SITE % order]
        if need <= 0 or word[1][:3] not in {site[:3] for site in self.get_orderable_locations(power_name)}:
            return found + [errors.GAME_INVALID_BUILD_SITE % order]
        if not self.map.is_valid_unit(" ".join(word[:2])):
            return found + [errors.GAME_INVALID_BUILD_ORDER % order]
        return found + [ours]

    def _mila_void_text(self, power_name: str, text: Any) -> Any:
        """An adjustment order MILA's Game voids, in the words it keeps after ``VOID`` (and
        reports its void result under): as written where it is of the other kind (a build
        where removals are due), else as its phrase reader reads it (``V`` for ``England:
        WAIVE (*bounce*) |``)."""
        if not isinstance(text, str):
            return text
        order = text.strip()
        if order == "WAIVE":  # where removals are due
            return order
        word = self._mila_expanded(order.split(), [])
        power = self.powers[power_name]
        kind = "D" if len(power.centers) < len(power.units) else "B"
        if not word or (word[-1] in ("B", "D") and word[-1] != kind):
            return order
        return " ".join(self._mila_unit_types(word) if word[-1] == "D" else word)

    def _mila_words(self, written: List[str], found: List[StringableCode]) -> List[str]:
        """An order's words as MILA's Game has them before checking the order
        (``_expand_order``, ``_expand_coast``, ``_add_unit_types``, the map's
        ``default_coast``), with its errors for the words it does not know in ``found``."""
        word = self._mila_expanded(written, found)
        word = self._mila_unit_types(self._mila_coasts(word))
        return self.map.default_coast(word)

    def _mila_expanded(self, written: List[str], found: List[StringableCode]) -> List[str]:
        """MILA's ``_expand_order``: the words of an order as its phrase reader reads them,
        with its errors for the words it does not know in ``found``."""
        game_map = self.map
        tokens = game_map.vet(game_map.rearrange(game_map.compact(" ".join(written))), 1)
        moves = sum(1 for word in written if word == "-")
        seen_moves, order, word = 0, "", []
        for thing, kind in tokens:
            if kind < 1:
                kind = -kind
                if kind == COAST and thing.split("/")[0] in game_map.aliases.values():
                    found.append(errors.GAME_UNKNOWN_COAST % thing)
                    thing, kind = thing.split("/")[0], LOCATION
                elif kind in (LOCATION, COAST):
                    found.append(errors.GAME_UNKNOWN_LOCATION % thing)
                else:
                    found.append(_UNKNOWN_WORD.get(kind, errors.GAME_UNRECOGNIZED_ORDER_DATA) % thing)
                    continue
            if kind == POWER:
                continue
            if kind == ORDER:
                if order == "S" and thing == "H":
                    continue
                order += thing
            elif kind == LOCATION and 0 < seen_moves < moves:
                continue
            elif kind == MOVE_SEP:
                seen_moves += 1
                if seen_moves >= 2:
                    continue
                thing, order = "-", order + "-"
            elif kind == OTHER:
                order = ""
            word.append(thing)
        if moves >= 2 and word and word[-1] != "VIA":
            word.append("VIA")
        return game_map.default_coast(word)

    def _mila_coasts(self, word: List[str]) -> List[str]:
        """MILA's ``_expand_coast``: an army's coasts left out, a fleet's put on the coast
        it stands on, a support's destination coast as MILA corrects it."""
        if not word:
            return word
        word = list(word)
        location = word[1] if len(word) > 1 else ""
        province = location.split("/")[0]
        if word[0] == "A":
            word[1:2] = [province] if len(word) > 1 else []
            if len(word) == 4 and "/" in word[3]:
                word[3] = word[3].split("/")[0]
        elif len(word) > 1 and self._unit_owner(f"{word[0]} {location}") is None \
                and self._unit_owner(f"{word[0]} {province}", coast_required=False) is not None:
            for place in [place for place in self.map.locs if place[:3] == province]:
                if self._unit_owner(f"{word[0]} {place}") is not None:
                    word[1] = place
                    break
        if len(word) == 7 and "/" in word[-1] and word[2] == "S" and word[3] == "A":
            word[-1] = word[-1].split("/")[0]
        if len(word) == 7 and word[0] == "F" and word[2] == "S" and word[3] == "F" and "/" in word[-1]:
            word = word[:3] + self.map.default_coast(word[3:6] + [word[6][:3]])
        return word

    def _mila_unit_types(self, item: List[str]) -> List[str]:
        """MILA's ``_add_unit_types``: ``A`` or ``F`` put before a place where a unit
        stands and none is written, and the place given the coast the unit stands on."""
        word, dependent, had_type = [], True, False
        for token in item:
            if not dependent:
                dependent = token in "CS"
            elif token in "AF":
                had_type = True
            elif token not in ("RETREAT", "DISBAND", "BUILD", "REMOVE"):
                standing = next((unit for power in self.powers.values()
                                 for unit in (power.units if self.phase_type != "R" else power.retreats)
                                 if unit[2:].startswith(token)), None)
                if standing is not None:
                    if not had_type:
                        word.append(standing[0])
                    if self.map.is_valid_unit(word[-1] + standing[1:]):
                        token = standing[2:]
                dependent = had_type = False
            word.append(token)
        return word

    def _mila_error(self, power_name: str, text: str,
                    mila_words: Optional[List[str]] = None) -> Optional[StringableCode]:
        """MILA's error for a movement order the engine refused, where the engine's reason
        is one MILA gives too (python/src/mila_game.cpp): the order's words in the message
        as MILA puts them in (the whole order, or the unit and the rest): ``mila_words``,
        the words MILA's Game read, else the order's canonical words."""
        name, canonical = self._mila_refusal(power_name, text)
        if not name:
            return None
        error = getattr(errors, name)
        words = list(mila_words) if mila_words else canonical.split()
        written = text.upper().split()
        if not mila_words and written[:1] in (["A"], ["F"]):
            words[0] = written[0]  # "A PAR C ...": MILA quotes the unit as written
        unit, rest = " ".join(words[:2]), " ".join(words[2:])
        values = {1: (" ".join(words),), 2: (unit, rest),
                  3: ("SUPPORT" if words[2:3] == ["S"] else "CONVOY", unit, rest)}[error.message.count("%s")]
        return error % values


def _may_say_via(orders: Union[str, List[str]]) -> bool:
    """Whether some order of ``orders`` may be written with VIA: one search of all their
    words, where looking at each order in Python costs more than the rest of set_orders
    (docs/diplomacy-speed.md). Orders given as anything but texts are looked at one by one."""
    try:
        return "VIA" in (orders if isinstance(orders, str) else " ".join(orders)).upper()
    except TypeError:
        return True
