"""MILA's ``diplomacy.engine.game.Game`` over Stratagem's engine.

Code written for MILA's ``diplomacy`` package runs on this one unchanged: the same names,
arguments, containers and answers (positions, results as MILA words them, histories,
states, saved games, rule flags), with adjudication, validation and order generation done
by the same C++ engine as ``stratagem.diplomacy`` (this class derives from its core, as
``stratagem.diplomacy.Game`` does, and keeps MILA's conventions where that one keeps the
CLI's). What differs from MILA is listed in docs/python.md.

Written in parts: saving and copying (``_saved_game``), what is said of the phase last
processed (``_last_phase``), reading and refusing orders as MILA does (``_order_reading``),
the position set by hand and who stands where (``_position_editing``), phase names
(``_phase_names``), MILA's hash keys (``_mila_hash``), draws and phases recorded by hand
(``_phase_records``), roles, controllers, waiting and votes (``_game_roles``), drawing
(``_drawing``); the rules, the position as played, orders, processing, state and press here.
"""

from __future__ import annotations

import base64
import json
import os
from typing import Any, Dict, List, Optional, Sequence, Union

from stratagem import _core
from stratagem.diplomacy import POWERS, _dislodged_units, _position_of

from ..utils import errors, strings
from ..utils.common import StringableCode, timestamp_microseconds
from ..utils.constants import DEFAULT_GAME_RULES
from ..utils.exceptions import MapPowerException
from ..utils.game_phase_data import GamePhaseData
from ..utils.order_results import DISBAND, DISLODGED, DISRUPTED, MAYBE, NO_CONVOY, OK, VOID, BOUNCE, CUT  # noqa: F401
from ..utils.sorted_dict import Deferred, SortedDict
from ._mila_hash import MILA_DISLODGED_KEYS
from ._phase_names import PhaseName, _long_phase, _phase_name, _short_phase
from ._last_phase import LastPhase, _unit_key
from ._order_reading import OrderReading
from ._phase_records import PhaseRecords
from ._position_editing import PositionEditing
from ._drawing import Drawing
from ._game_roles import GameRoles
from ._saved_game import SavedGame
from .map import COAST, LOCATION, MOVE_SEP, ORDER, OTHER, POWER, UNDETERMINED, UNIT  # noqa: F401  (MILA's names)
from .message import GLOBAL, OBSERVER, OMNISCIENT, SYSTEM, Message
from .power import Power

__all__ = ["Game"]


def __getattr__(name: str):
    """MILA's module logger, made when asked: importing logging costs a tenth of the
    package's import time."""
    if name == "LOGGER":
        import logging  # pylint: disable=import-outside-toplevel
        return logging.getLogger(__name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# The rule flags MILA documents (its README_RULES.txt): each with the flags it brings in
# (+), takes out (-) and cannot stand beside (!).
_RULES: Dict[str, Dict[str, Sequence[str]]] = {
    "POWER_CHOICE": {}, "MULTIPLE_POWERS_PER_PLAYER": {}, "NO_OBSERVATIONS": {},
    "SOLITAIRE": {"+": ("NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT")}, "START_MASTER": {},
    "NO_PRESS": {"-": ("PUBLIC_PRESS",)}, "PUBLIC_PRESS": {"-": ("NO_PRESS",)},
    "DONT_SKIP_PHASES": {}, "IGNORE_ERRORS": {}, "BUILD_ANY": {},
    "CIVIL_DISORDER": {"+": ("CD_DUMMIES",)}, "CD_DUMMIES": {},
    "NO_DEADLINE": {}, "REAL_TIME": {"!": ("ALWAYS_WAIT",)}, "ALWAYS_WAIT": {"!": ("REAL_TIME",)},
    "PROPOSE_DIAS": {"!": ("NO_DIAS",)}, "NO_DIAS": {"!": ("PROPOSE_DIAS",)}, "HOLD_WIN": {}, "SHARED_VICTORY": {},
    "NO_CHECK": {}, "DIFFERENT_ADJUDICATION": {},
}

# NO_CHECK: orders MILA's Game ignores when the phase is processed, where others it
# cannot carry out are void.
_NOT_VOIDED_UNCHECKED = (errors.STD_GAME_UNORDERABLE_UNIT, errors.STD_GAME_BAD_ORDER)

# MILA's draw: the game ends in a draw after its hundredth year.
_YEARS_PLAYED = 100


class Game(SavedGame, LastPhase, OrderReading, PositionEditing, PhaseRecords, GameRoles, Drawing,
           _core.DiplomacyGame):
    """A game of Diplomacy with MILA's API (``diplomacy.engine.game.Game``).

    ``Game(game_id=None, **kwargs)``: ``map_name`` (``standard``, the one map here),
    ``rules`` (MILA's rule flags; default its ``DEFAULT_GAME_RULES``), and any other
    attribute of MILA's game (``status``, ``n_controls``, ``deadline``, ...), kept as given.
    """

    # MILA's game.error is a plain list: shadows the core's list of our sentences.
    error: List[Any] = []
    # The phase last processed: the units each power ordered whose orders were void
    # (MILA's VOID and NO_CHECK's INVALID orders), and whether it was played under NO_CHECK.
    _voided_played: Dict[str, List[str]] = {}
    _unchecked_played = False

    def __init__(self, game_id: Optional[str] = None, **kwargs: Any) -> None:
        map_name = kwargs.pop("map_name", "standard")
        if map_name != "standard":
            raise ValueError(f"map_name: this package has no map {map_name!r} (the maps are: standard)")
        rules = kwargs.pop("rules", None)
        super().__init__("datc", _FIRST_YEAR + _YEARS_PLAYED - 1)
        self.game_id: str = game_id or base64.b64encode(os.urandom(12), b"-_").decode("ascii")
        self.map_name = map_name
        self.rules: List[str] = []
        self.no_rules: set = set()
        self.meta_rules: List[str] = []
        self.error = []
        self.note = ""
        self.outcome: List[str] = []
        self.role = kwargs.pop("role", strings.SERVER_TYPE)
        # MILA's default, also for a local game it plays through: only a server starts a game.
        self.status = kwargs.pop("status", strings.FORMING)
        self.n_controls = kwargs.pop("n_controls", None)
        self.deadline = kwargs.pop("deadline", 300)
        self.registration_password = kwargs.pop("registration_password", None)
        self.timestamp_created = kwargs.pop("timestamp_created", None) or timestamp_microseconds()
        for name, value in kwargs.items():
            setattr(self, name, value)
        self.win = 18
        self.victory = [self.win]  # MILA's: more than half of the 34 centres
        self.messages: SortedDict = SortedDict(int, Message)
        self.order_history = SortedDict(PhaseName, dict)
        self.result_history = SortedDict(PhaseName, dict)
        self.state_history = SortedDict(PhaseName, dict)
        self.message_history = SortedDict(PhaseName, SortedDict)
        self._completed = False
        self._position_changed = False
        self._orders_changed = False
        # Some power's containers were read from the engine (and must be read again once
        # the position changes).
        self._powers_read = False
        # MILA gives each power its home centres when centres are next taken over if none
        # owns any (only a position set by hand can have none).
        self._no_centre_owned = False
        # NO_CHECK: movement orders as written, power -> list, checked when processed.
        self._unchecked: Dict[str, List[str]] = {}
        # Retreat and adjustment orders that could not be used (MILA's "VOID ..."):
        # reported void when the phase is processed.
        self._voided: Dict[str, List[str]] = {}
        # Dislodged units put on the board by hand in a movement phase (power -> units):
        # the engine holds dislodged units in retreat phases only; MILA keeps these in the
        # power's retreats, its state and hash, and goes on to a retreat phase that
        # disbands them.
        self._placed_dislodged: Dict[str, List[str]] = {}
        # ... and in the retreat phase that follows, where MILA gives them no result.
        self._placed_retreating: List[str] = []
        self._homes = _HOMES
        self.powers: Dict[str, Power] = {name: Power(self, name, role=self.role) for name in POWERS}
        self._set_arrivals(_START_UNITS, {}, _HOMES, _START_INFLUENCE)
        for rule in DEFAULT_GAME_RULES if rules is None else rules:
            self.add_rule(rule)
        if "NO_DEADLINE" in self.rules:
            self.deadline = 0
        if "SOLITAIRE" in self.rules:
            self.n_controls = 0
        elif self.n_controls == 0:
            self.add_rule("SOLITAIRE")  # MILA's: a game nobody may join is played alone

    # ------------------------------------------------------------------ rules
    def add_rule(self, rule: str) -> None:
        """Adds one of MILA's rule flags, with the flags it brings in; a flag that cannot
        stand beside one already set is refused (in ``error``)."""
        if rule not in _RULES or rule in self.no_rules:
            return
        for forbidden in _RULES[rule].get("!", ()):
            if forbidden in self.rules:
                self.error.append(StringableCode(f"RULE {forbidden} PREVENTS RULE {rule} FROM BEING APPLIED."))
                return
            self.no_rules.add(forbidden)
        for added in _RULES[rule].get("+", ()):
            if added not in self.rules:
                self.rules.append(added)
        for removed in _RULES[rule].get("-", ()):
            if removed in self.rules:
                self.rules.remove(removed)
        if rule not in self.rules:
            self.rules.append(rule)

    def remove_rule(self, rule: str) -> None:
        if rule in self.rules:
            self.rules.remove(rule)

    # ------------------------------------------------------------------ phases
    @property
    def phase(self) -> str:
        """``SPRING 1901 MOVEMENT``, or ``COMPLETED``."""
        return _long_phase(self.get_current_phase())

    @phase.setter
    def phase(self, phase: str) -> None:
        if phase == "COMPLETED":
            self._completed = True
        else:
            self.set_current_phase(phase)

    def get_current_phase(self) -> str:
        if self._position_changed or self._orders_changed:
            self._sync()
        return "COMPLETED" if self._completed else _core_current_phase(self)

    @property
    def current_short_phase(self) -> str:
        return self.get_current_phase()

    @property
    def phase_type(self) -> Optional[str]:
        phase = self.get_current_phase()
        return None if phase == "COMPLETED" else phase[-1]

    @property
    def is_game_done(self) -> bool:
        return self._completed or _core_is_game_done(self)

    @property
    def is_game_active(self) -> bool:
        return self.status == strings.ACTIVE

    @property
    def solitaire(self) -> bool:
        return "SOLITAIRE" in self.rules

    @property
    def no_press(self) -> bool:
        return "NO_PRESS" in self.rules

    def set_current_phase(self, new_phase: str) -> None:
        """Moves the game to ``new_phase`` (``W1901A`` or ``WINTER 1901 ADJUSTMENTS``),
        the position as it stands."""
        self._push_position(_short_phase(new_phase))

    @property
    def map(self):
        """MILA's ``Map`` of the game's map."""
        from .map import Map
        return Map(self.map_name)

    # ------------------------------------------------------------------ the position
    # A power's lists in MILA's order: as things arrived (python/src/mila_lists.h).
    def _units_of(self, power: str) -> List[str]:
        return self._mila_lists(power)[0]

    def _centers_of(self, power: str) -> List[str]:
        return self._mila_lists(power)[2]

    def _retreats_of(self, power: str) -> Dict[str, List[str]]:
        retreats = self._mila_lists(power)[1]
        for unit in self._placed_dislodged.get(power, ()):
            retreats.setdefault(unit, [])
        return retreats

    def _influence_of(self, power: str) -> List[str]:
        return self._mila_lists(power)[3]

    def _arrive_as_in_state(self, state: Dict[str, Any]) -> None:
        """The order of a state's lists (MILA's or ours) becomes the order of the game's:
        MILA's set_state puts its units, dislodged units and centres back in that order."""
        units = state.get("units") if isinstance(state.get("units"), dict) else {}
        influence = state.get("influence")
        self._set_arrivals({name: [unit for unit in power_units if unit[:1] != "*"]
                            for name, power_units in units.items()},
                           {name: [unit[1:] for unit in power_units if unit[:1] == "*"]
                            for name, power_units in units.items()},
                           state.get("centers") if isinstance(state.get("centers"), dict) else {},
                           influence if isinstance(influence, dict) else self._influence_by_power())

    def _influence_by_power(self) -> Dict[str, List[str]]:
        return {name: self._mila_lists(name)[3] for name in self.powers}

    def _forget_position(self) -> None:
        if self._powers_read:
            for power in self.powers.values():
                power._forget()
            self._powers_read = False
        self._position_changed = False
        self._orders_changed = False

    def _push_position(self, phase: Optional[str] = None) -> None:
        """Hands the position the powers' lists now hold to the engine, at ``phase`` if
        given (the orders given go when the phase changes)."""
        current = super().get_current_phase()
        phase = phase or current
        position: Dict[str, Any] = {
            "phase": phase,
            "units": {name: list(power.units) for name, power in self.powers.items()},
            "centers": {name: list(power.centers) for name, power in self.powers.items()},
        }
        if phase.endswith("R"):
            position["retreats"] = {name: dict(power.retreats) for name, power in self.powers.items()}
        self._placed_dislodged = ({name: list(power.retreats) for name, power in self.powers.items() if power.retreats}
                                  if phase.endswith("M") else {})
        influence = {name: list(power.influence) for name, power in self.powers.items()}
        self._set_position(json.dumps(position))
        self._set_arrivals(position["units"], {name: list(power.retreats) for name, power in self.powers.items()},
                           position["centers"], influence)
        self._no_centre_owned = not any(position["centers"].values())
        self._completed = False
        self._position_changed = False
        if phase != current:
            self.clear_orders()

    def _push_orders(self) -> None:
        """Hands the orders the powers' ``orders`` dicts now hold to the engine."""
        self._orders_changed = False
        if _core_current_phase(self)[-1] != "M":
            return  # MILA's power.orders holds movement orders only: a change elsewhere orders nothing
        for name, power in self.powers.items():
            if power._orders is None:
                continue
            orders = dict(power._orders)
            if name in self._unchecked:
                self._unchecked[name] = list(orders.values())
                continue
            _core.DiplomacyGame.set_orders(self, name, [], True, True)
            self._give_orders_by_unit(name, [f"{unit} {order}" for unit, order in orders.items()], True)

    def _sync(self) -> None:
        if self._position_changed:
            self._push_position()
        if self._orders_changed:
            self._push_orders()

    def get_units(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        """A power's units (or every power's), the dislodged ones as ``*A PAR`` (copies)."""
        if power_name is None:
            return {name: self.get_units(name) for name in self.powers}
        power = self.powers[power_name.upper()]
        return list(power.units) + ["*" + unit for unit in power.retreats]

    def get_centers(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        if power_name is None:
            return {name: list(power.centers) for name, power in self.powers.items()}
        return list(self.powers[power_name.upper()].centers)

    def get_power(self, power_name: str) -> Optional[Power]:
        return self.powers.get(power_name.upper() if isinstance(power_name, str) else power_name)

    def get_hash(self) -> str:
        """MILA's Zobrist hash of the position, as text (MILA's type): the same number MILA
        gives the same units, dislodged units, centres and homes (_draw_mila_hash_keys)."""
        if self._position_changed or self._orders_changed:
            self._sync()
        return str(self._mila_hash() ^ self._placed_dislodged_hash())

    def _placed_dislodged_hash(self) -> int:
        keys = 0
        for name, units in self._placed_dislodged.items():
            for unit in units:
                keys ^= MILA_DISLODGED_KEYS.get((name, unit), 0)
        return keys

    def _with_placed_dislodged(self, state: Dict[str, Any], placed: Dict[str, List[str]]) -> Dict[str, Any]:
        """A state of the engine with the dislodged units put on the board by hand in its
        movement phase, as MILA's states have them."""
        keys = 0
        for name, units in placed.items():
            for unit in units:
                if unit not in state["retreats"][name]:
                    state["units"][name].append("*" + unit)
                    state["retreats"][name][unit] = []
                    keys ^= MILA_DISLODGED_KEYS.get((name, unit), 0)
        state["zobrist_hash"] = str(int(state["zobrist_hash"]) ^ keys)
        return state

    def _history_state_with(self, placed: Dict[str, List[str]], index: int, phase: str, note: str,
                            timestamp: int) -> Dict[str, Any]:
        return self._with_placed_dislodged(self._history_state(index, phase, note, timestamp), placed)

    def rebuild_hash(self) -> str:
        return self.get_hash()

    @property
    def zobrist_hash(self) -> str:
        return self.get_hash()

    def clear_cache(self) -> None:
        """MILA rebuilds caches here; the engine keeps none that a change could leave stale."""
        self._sync()

    def build_caches(self) -> None:
        self._sync()

    # ------------------------------------------------------------------ orders
    def get_orderable_locations(self, power_name: Optional[str] = None):
        if self._position_changed or self._orders_changed:
            self._sync()
        if self._completed:
            return [] if power_name else {name: [] for name in self.powers}
        return _core_orderable_locations(self, power_name)

    def get_all_possible_orders(self, loc: Optional[str] = None):
        if self._position_changed or self._orders_changed:
            self._sync()
        possible = _core_possible_orders(self)
        if self._completed:
            possible = {location: [] for location in possible}
        return possible if loc is None else possible.get(loc.upper(), [])

    def set_orders(self, power_name: str, orders: Union[str, List[str]], expand: bool = True,
                   replace: bool = True) -> None:
        """Gives a power orders (MILA's way): a later order for a unit replaces an earlier
        one (``replace=False``: a unit ordered already keeps its order). An order that
        cannot be given is left out and named in ``error``; in retreat and adjustment
        phases it is also reported void when the phase is processed. Under ``NO_CHECK``,
        movement orders are kept as written and checked when the phase is processed."""
        if _core_set_orders(self, power_name, orders, expand, replace) is None:
            return  # given in one call, with nothing more to do (python/src/mila_fast_calls.cpp)
        if self._position_changed or self._orders_changed:
            self._sync()
        power_name = power_name.upper()
        if power_name not in self.powers:
            raise MapPowerException(f"Unknown power {power_name}")
        if self._completed:
            return
        self.powers[power_name].orders_given = True
        phase_type = _core_current_phase(self)[-1]
        if phase_type == "M" and "NO_CHECK" in self.rules:
            given = self._unchecked.setdefault(power_name, [])
            texts = [orders] if isinstance(orders, str) else orders
            for text in (text.strip() for text in texts if text and text.strip()):
                if not self._mila_keeps_unchecked(text):
                    continue
                if replace:
                    given[:] = [order for order in given if _unit_key(order) != _unit_key(text)]
                given.append(text)
            self.powers[power_name]._orders = None
            return
        if phase_type in "RA" and isinstance(orders, (list, tuple)) and not any(orders):
            # MILA: no orders leave the power no retreats or adjustments.
            _core.DiplomacyGame.set_orders(self, power_name, [], True, True)
            self._voided.pop(power_name, None)
            if self._powers_read:
                self.powers[power_name]._orders = None
            return
        dropped, _refused_via = self._give_as_mila_gives(power_name, orders, replace, expand, phase_type == "M")
        for text, why in dropped:
            if phase_type == "M" and expand:
                self.error.extend(self._mila_errors(power_name, text, why))
            elif phase_type == "A" and expand:
                refused = self._mila_adjustment_errors(power_name, text, why)
                if refused is None:
                    continue  # MILA passes over it
                self.error.extend(refused)
            else:
                self.error.append(self._mila_error(power_name, text)
                                  or StringableCode(f"{power_name}: {json.dumps(text)}: {why}"))
            if phase_type in "RA":
                voided = self._mila_void_text(power_name, text) if phase_type == "A" and expand else text
                self._voided.setdefault(power_name, []).append(voided)
        if phase_type == "A":
            self._settle_waives(power_name)
        if self._powers_read:
            self.powers[power_name]._orders = None

    def _settle_waives(self, power_name: str) -> None:
        """MILA's ``power.adjust`` once adjustment orders are given: while more orders are
        given than builds are due, a WAIVE goes (so ``WAIVE, WAIVE, F STP/NC B`` with one
        build due builds); where a WAIVE is given, fewer orders are made up with WAIVEs to
        the builds due."""
        given = _core.DiplomacyGame.get_orders(self, power_name)
        if "WAIVE" not in given:
            return  # nothing to drop or to make up
        # The engine's own lists: the power's live lists would be read only to be counted.
        due = len(_core_centers(self, power_name)) - len(_core_units(self, power_name))
        if due <= 0:
            return
        due = min(due, len(_core_orderable_locations(self, power_name)))
        voided = len(self._voided.get(power_name, ()))
        settled = list(given)
        while 0 < due < len(settled) + voided and "WAIVE" in settled:  # none where no site is free
            settled.remove("WAIVE")
        if "WAIVE" in settled:
            settled += ["WAIVE"] * (due - len(settled) - voided)
        if settled != given:
            _core.DiplomacyGame.set_orders(self, power_name, settled, True, True)

    def get_orders(self, power_name: Optional[str] = None):
        """A power's orders (or every power's) as text: MILA's canonical form, or under
        ``NO_CHECK`` as written."""
        if self._position_changed or self._orders_changed:
            self._sync()
        if power_name is None:
            if not self._unchecked and _core_current_phase(self)[-1] != "A":
                return super().get_orders()
            return {name: self.get_orders(name) for name in self.powers}
        power_name = power_name.upper()
        if power_name in self._unchecked:
            return list(self._unchecked[power_name])
        orders = super().get_orders(power_name)
        return [order for order in orders if order != "WAIVE"] if "WAIVE" in orders else orders

    def _orders_by_unit(self, power_name: str) -> Dict[str, str]:
        if power_name in self._unchecked:
            return {f"ORDER {i}": order for i, order in enumerate(self._unchecked[power_name], 1)}
        if _core_current_phase(self)[-1] != "M":
            return {}  # MILA keeps retreats and adjustments in power.adjust only
        by_unit = {}
        for order in _core.DiplomacyGame.get_orders(self, power_name):
            words = order.split()
            if len(words) < 2:
                by_unit[order] = ""
            else:
                by_unit[" ".join(words[:2])] = " ".join(words[2:])
        return by_unit

    def _adjust_of(self, power_name: str) -> List[str]:
        if self.get_current_phase()[-1] not in "RA":
            return []  # MILA keeps movement orders in power.orders only
        return (_core.DiplomacyGame.get_orders(self, power_name)
                + ["VOID " + order for order in self._voided.get(power_name, [])])

    def clear_orders(self, power_name: Optional[str] = None) -> None:
        if power_name is None:
            super().clear_orders()
            self._unchecked.clear()
            self._voided.clear()
        else:
            power_name = power_name.upper()
            _core.DiplomacyGame.set_orders(self, power_name, [], True, True)
            self._unchecked.pop(power_name, None)
            self._voided.pop(power_name, None)
        for power in self.powers.values():
            power._orders = None
            if power_name is None or power.name == power_name:
                power.orders_given = False
                power._wait = None  # MILA's wait flag, as for a new phase

    # ------------------------------------------------------------------ processing
    def process(self) -> GamePhaseData:
        """Adjudicates the phase and moves on; returns the phase played as MILA's
        ``GamePhaseData`` (its state, orders, messages and results)."""
        if self._position_changed or self._orders_changed:
            self._sync()
        phase = _phase_name(_core_current_phase(self))
        timestamp = timestamp_microseconds()
        if self.error:
            self.error = []
        # Orders MILA takes and reports void when processing, where ours refused them.
        voided: Dict[str, None] = {}
        # ... by power, as MILA lists them among the units ordered.
        voided_by_power: Dict[str, List[str]] = {}
        orders = None
        if self._unchecked:
            orders = self.get_orders()  # as written, not as the engine reads them
            for name, texts in self._unchecked.items():
                _core.DiplomacyGame.set_orders(self, name, [], True, True)
                dropped, refused_via = self._give_as_mila_gives(name, texts, True, True, True)
                for text, why in dropped:
                    # MILA checks NO_CHECK's orders now, with its errors; it ignores orders
                    # to other powers' units and voids the rest.
                    refused = self._mila_errors(name, text, why)
                    self.error.extend(refused)
                    if refused and refused[-1] not in _NOT_VOIDED_UNCHECKED:
                        # MILA's void result is under the order's first two words as
                        # written (``a fleet``), where it refuses the order itself.
                        unit = _unit_key(text) if refused[-1].code is None else " ".join(text.split()[:2])
                        voided[unit] = None
                        voided_by_power.setdefault(name, []).append(unit)
                for text in refused_via:
                    voided[" ".join(text.split()[:2])] = None
                    voided_by_power.setdefault(name, []).append(" ".join(text.split()[:2]))
        for name, texts in self._voided.items():
            for text in texts:
                voided[_unit_key(text)] = None
                voided_by_power.setdefault(name, []).append(_unit_key(text))
        self._voided_played, self._unchecked_played = voided_by_power, bool(self._unchecked)
        if self._no_centre_owned and phase[0] == "F":
            # MILA: a game in which no power owns a centre gives each its home centres
            # when centres are next taken over.
            for name, power in self.powers.items():
                power.centers = list(self._homes[name])
            self._push_position()
        index = _core._history_size_of(self)
        messages = self.messages
        placed, self._placed_dislodged = self._placed_dislodged, {}
        no_result, self._placed_retreating = self._placed_retreating, []
        self._dislodged_by = _core._process_of(self)
        # The histories build a phase's state, orders and results when first read.
        state = (Deferred(self._history_state_with, placed, index, phase, self.note, timestamp) if placed
                 else Deferred(self._history_state, index, phase, self.note, timestamp))
        orders = orders if orders is not None else Deferred(self._orders_played, index)
        results = Deferred(self._results_of, index, voided, no_result)
        # A later phase goes at the end of every history (SortedDict._append, written out:
        # each Python call and slot costs a phase hundreds of instructions here).
        played = self.state_history._keys
        if played and not (played[-1].__class__ is PhaseName and played[-1]._rank < phase._rank):
            for history, value in ((self.state_history, state), (self.order_history, orders),
                                   (self.result_history, results), (self.message_history, messages)):
                history.put(phase, value)
        else:
            for history, value in ((self.state_history, state), (self.order_history, orders),
                                   (self.result_history, results), (self.message_history, messages)):
                history._keys.append(phase)
                history._values[phase] = value
        self.messages = SortedDict(int, Message)
        self._unchecked.clear()
        self._voided.clear()
        neutral = strings.NEUTRAL
        for power in self.powers.values():
            power.orders_given = power._wait = None  # MILA's order and wait flags of a new phase,
            power.vote = neutral  # and its draw votes cleared
        if self._powers_read or self._position_changed or self._orders_changed:
            self._forget_position()
        if placed and not _core_is_game_done(self):
            self._retreat_phase_for(placed, phase)
        elif "DONT_SKIP_PHASES" in self.rules:
            self._stop_at_empty_phase(phase, index)
        if _core_is_game_done(self):
            self._finish(phase)
        return _PlayedPhase(self, phase)

    def _retreat_phase_for(self, placed: Dict[str, List[str]], played: str) -> None:
        """MILA: dislodged units put on the board by hand in the movement phase just
        played stay dislodged, with nowhere to retreat, in the retreat phase that follows
        (which the engine skips when the phase dislodged nobody)."""
        for name, units in placed.items():
            for unit in units:
                self.powers[name].retreats.setdefault(unit, [])
        try:
            self._push_position(played[:5] + "R")
        except ValueError as refused:
            # The engine holds no dislodged unit where its own power's unit stands (MILA
            # does): the unit is gone, and error says so.
            self.error.append(StringableCode(f"{', '.join(u for units in placed.values() for u in units)}: "
                                             f"dislodged by hand, cannot stay dislodged: {refused}"))
        else:
            self._placed_retreating = [unit for units in placed.values() for unit in units]
        self._forget_position()

    def _stop_at_empty_phase(self, played: str, index: int) -> None:
        """DONT_SKIP_PHASES: MILA stops at the retreat or adjustment phase after ``played``
        even where nothing is to be done in it, which the engine skips; the engine is put
        back there, in the position MILA has in that phase (a fall's retreats come before
        centres are taken over)."""
        following = _next_phase(played)
        if following[-1] == "M" or following == _core_current_phase(self):
            return
        if following[-1] == "A" and _core_is_game_done(self):
            return  # won when the centres were taken over: MILA ends the game there
        if following[0] == "F" and following[-1] == "R":
            before = self._history_state(index, played, "", 0)["centers"]
            for name, power in self.powers.items():
                power.centers = list(before[name])
        self._push_position(following)
        self._forget_position()

    def _orders_played(self, index: int) -> Dict[str, List[str]]:
        """The orders of phase ``index`` as MILA's ``get_orders()`` gave them (no WAIVE)."""
        played = self._history_orders(index)
        for name, orders in played.items():
            if "WAIVE" in orders:
                played[name] = [order for order in orders if order != "WAIVE"]
        return played

    def _results_of(self, index: int, voided: Dict[str, None], no_result: List[str]) -> Dict[str, List[Any]]:
        results = self._history_results(index, _RESULTS_BY_CODE)
        for unit in no_result:
            results[unit] = []
        for unit in voided:
            results[unit] = [VOID] + [result for result in results.get(unit, []) if result != VOID]
        return results

    def _finish(self, played: str) -> None:
        """The game ended with the phase `played` (e.g. F2000M): MILA dates its outcome by
        that year's adjustments (W2000A), whatever the phase played in it."""
        centres = {name: len(power.centers) for name, power in self.powers.items()}
        leaders = [name for name, count in centres.items() if count >= self.win]
        self.outcome = [f"W{played[1:5]}A"] + (leaders or [name for name, count in centres.items() if count])
        self.note = ("Victory by: " + ", ".join(name[:3] for name in leaders)) if leaders else "Draw"
        self.status = strings.COMPLETED
        self._completed = True
        for power in self.powers.values():
            power.orders_given = False

    # ------------------------------------------------------------------ state
    def get_state(self) -> Dict[str, Any]:
        """The position as MILA's ``get_state()``: units (dislodged ones as ``*A PAR``),
        retreats, centres, homes, influence, builds, the Zobrist hash."""
        if self._position_changed or self._orders_changed:
            self._sync()
        state = self._mila_state(self.get_current_phase(), self.note, timestamp_microseconds())
        return self._with_placed_dislodged(state, self._placed_dislodged) if self._placed_dislodged else state

    def set_state(self, state: Dict[str, Any], clear_history: bool = True) -> None:
        """The game stands where ``state`` (MILA's or ours) says, with no orders; and no
        history with ``clear_history``."""
        self._placed_dislodged = {}
        name = state.get("name") if isinstance(state, dict) else None
        if not isinstance(name, str):
            raise ValueError("state.name: must be a phase name such as S1901M")
        if clear_history:
            self._restore([(_position_of(state, name, None, "state"), {}, _dislodged_units(state))],
                          name == "COMPLETED")
            for history in (self.order_history, self.result_history, self.state_history, self.message_history):
                history.clear()
        else:
            self._set_position(_position_of(state, name, None, "state"))
        self._arrive_as_in_state(state)
        self._completed = name == "COMPLETED"
        self.note = state.get("note", "")
        self._forget_position()

    def get_phase_data(self) -> GamePhaseData:
        phase = self.get_current_phase()
        orders = self.get_orders()
        # MILA: None for a power given no orders yet in this phase, [] for "no orders" given.
        orders = {name: orders[name] if power.order_is_set else None for name, power in self.powers.items()}
        return GamePhaseData(phase, self.get_state(), orders, {}, self.messages)

    def get_phase_history(self, from_phase=None, to_phase=None, game_role=None) -> List[GamePhaseData]:
        return [self.get_phase_from_history(phase) for phase in self.state_history.sub_keys(from_phase, to_phase)]

    def get_phase_from_history(self, short_phase_name: str, game_role=None) -> GamePhaseData:
        phase = PhaseName(_short_phase(short_phase_name))
        return GamePhaseData(phase, self.state_history[phase], self.order_history.get(phase, {}),
                             self.result_history.get(phase, {}), self.message_history.get(phase, SortedDict(int, Message)))

    # ------------------------------------------------------------------ press
    def add_message(self, message: Message) -> int:
        """Adds a message of the current phase; its ``time_sent`` (microseconds, later than
        every earlier one)."""
        if not isinstance(message, Message):
            raise ValueError(f"add_message: a Message, got {type(message).__name__}")
        if message.sender not in POWERS and message.sender != SYSTEM:
            raise ValueError(f"message sender: {message.sender!r} is no power")
        if message.recipient not in POWERS and message.recipient not in (GLOBAL, OBSERVER, OMNISCIENT):
            raise ValueError(f"message recipient: {message.recipient!r} is neither a power nor GLOBAL")
        if message.phase is None:
            message.phase = self.get_current_phase()
        last = self.messages.last_key() if self.messages else 0
        if message.time_sent is None or message.time_sent <= last:
            message.time_sent = max(timestamp_microseconds(), last + 1)
        self.messages.put(message.time_sent, message)
        return message.time_sent

    def new_system_message(self, recipient: str, body: str) -> Message:
        message = Message(SYSTEM, recipient, body, self.get_current_phase())
        self.add_message(message)
        return message

    def __str__(self) -> str:
        return f"GAME {self.game_id}\nPHASE {self.phase}\nMAP {self.map_name}\nRULES {' '.join(self.rules)}"


class _PlayedPhase(GamePhaseData):
    """``process()``'s answer: the phase just played, read from the game's histories when
    asked (MILA's ``GamePhaseData``)."""

    __slots__ = ("_game", "_phase")
    name = property(lambda self: str(self._phase))
    state = property(lambda self: self._game.state_history[self._phase])
    orders = property(lambda self: self._game.order_history[self._phase])
    results = property(lambda self: self._game.result_history[self._phase])
    messages = property(lambda self: self._game.message_history[self._phase])

    def __init__(self, game: Game, phase: "PhaseName") -> None:  # pylint: disable=super-init-not-called
        self._game, self._phase = game, phase

    def __reduce__(self):
        return (GamePhaseData, (self.name, self.state, self.orders, self.results, self.messages))


def _next_phase(phase: str) -> str:
    """The phase after ``phase`` in the calendar (S1901M, S1901R, F1901M, F1901R, W1901A)."""
    season, year, kind = phase[0], int(phase[1:5]), phase[-1]
    if kind == "M":
        return f"{season}{year}R"
    if season == "S":
        return f"F{year}M"
    return f"W{year}A" if season == "F" else f"S{year + 1}M"



# The results in the order of the engine's MilaResult (python/src/mila_results.h).
_RESULTS_BY_CODE = (OK, NO_CONVOY, BOUNCE, VOID, CUT, DISLODGED, DISRUPTED, DISBAND)
# The core's calls made several times a phase, without pybind11's dispatch
# (python/src/mila_fast_calls.cpp): the same answers as the methods named.
_core_is_game_done = _core._is_done_of  # DiplomacyGame.is_game_done
_core_current_phase = _core._phase_of  # DiplomacyGame.get_current_phase
_core_orderable_locations = _core._orderable_of  # DiplomacyGame.get_orderable_locations
_core_set_orders = _core._set_orders_of  # set_orders where it has nothing more to do
_core_centers = _core.DiplomacyGame.get_centers
_core_units = _core.DiplomacyGame.get_units
_core_possible_orders = _core._possible_orders_of  # DiplomacyGame._mila_possible_orders


# The units of the start in the order MILA's map file lists them, which is the order of
# its lists (and states) until they change.
_START_UNITS = {
    "AUSTRIA": ["A BUD", "A VIE", "F TRI"], "ENGLAND": ["F EDI", "F LON", "A LVP"],
    "FRANCE": ["F BRE", "A MAR", "A PAR"], "GERMANY": ["F KIE", "A BER", "A MUN"],
    "ITALY": ["F NAP", "A ROM", "A VEN"], "RUSSIA": ["A WAR", "A MOS", "F SEV", "F STP/SC"],
    "TURKEY": ["F ANK", "A CON", "A SMY"],
}
_START_INFLUENCE = {name: [unit[2:5] for unit in units] for name, units in _START_UNITS.items()}
_START = _core.DiplomacyGame()
_FIRST_YEAR = int(_START.get_current_phase()[1:5])
_HOMES = _START._mila_state("", "", 0)["homes"]
del _START

