"""Saving and copying MILA's Game: MILA's saved-game format, MILA's ``to_dict``/``from_dict``
(each reads the other's), pickling and copies, as a part of ``diplomacy.engine.game.Game``.

Pickling and ``deepcopy`` keep a private form of their own (``_private_dict``), which
loads the whole history at once where MILA's form gives each phase's parts by hand.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List

from stratagem.diplomacy import _dislodged_units, _position_of

from ..utils import strings
from ..utils.common import StringableCode
from ..utils.export import RULES_TO_SKIP as _RULES_NOT_SAVED
from ..utils.game_phase_data import GamePhaseData
from ..utils.sorted_dict import SortedDict
from ._phase_names import PhaseName, _short_phase


class SavedGame:
    """The saving and copying half of ``Game`` (a base class of it)."""

    def to_saved_game_format(self) -> Dict[str, Any]:
        """MILA's saved game: ``{"id", "map", "rules", "phases": [...]}``, the last phase
        the current one."""
        phases = self._phases_data()
        rules = [rule for rule in self.rules if rule not in _RULES_NOT_SAVED]
        for phase in phases:
            phase["state"] = {**phase["state"], "game_id": self.game_id, "map": self.map_name, "rules": rules}
        return {"id": self.game_id, "map": self.map_name, "rules": rules, "phases": phases}

    def _phases_data(self) -> List[Dict[str, Any]]:
        """The phases played and the current one as plain data."""
        return [phase.to_dict() for phase in self.get_phase_history()] + [self.get_phase_data().to_dict()]

    @classmethod
    def from_saved_game_format(cls, saved_game: Dict[str, Any]) -> "SavedGame":
        """The game a saved game (MILA's or ours) records: each phase's position, orders,
        results and messages as saved, the last phase the current one."""
        if not isinstance(saved_game, dict):
            raise ValueError("saved game: must be an object with 'phases'")
        phases = saved_game.get("phases")
        if not isinstance(phases, list) or not phases:
            raise ValueError("phases: a saved game needs a non-empty list of phases")
        game = cls(game_id=saved_game.get("id"), map_name=saved_game.get("map", "standard"),
                   rules=saved_game.get("rules") or [])
        game._read_phases([GamePhaseData.from_dict(phase) if isinstance(phase, dict) else phase
                           for phase in phases])
        return game

    def _read_phases(self, phases: List[GamePhaseData]) -> None:
        self._placed_dislodged = {}
        records, previous = [], None
        for i, phase in enumerate(phases):
            if not isinstance(phase.state, dict):
                raise ValueError(f"phases[{i}].state: must be an object")
            name = phase.name or phase.state.get("name", "")
            records.append((_position_of(phase.state, name, previous, f"phases[{i}].state"),
                            {} if i + 1 == len(phases) and name == "COMPLETED" else
                            {power: orders for power, orders in (phase.orders or {}).items()},
                            _dislodged_units(phase.state)))
            previous = name
        self._restore(records, phases[-1].name == "COMPLETED")
        for history in (self.order_history, self.result_history, self.state_history, self.message_history):
            history.clear()
        for phase in phases[:-1]:
            key = PhaseName(phase.name)
            self.state_history.put(key, phase.state)
            self.order_history.put(key, phase.orders)
            self.result_history.put(key, phase.results)
            self.message_history.put(key, phase.messages)
        last = phases[-1]
        self.messages = last.messages
        self._arrive_as_in_state(last.state)
        self._completed = last.name == "COMPLETED"
        self.note = last.state.get("note", "")
        self._forget_position()

    # MILA's saved field of the phase's abbreviation, which its games leave empty.
    phase_abbr = ""

    def json(self) -> str:
        """``to_dict()`` as JSON text (MILA's)."""
        return json.dumps(self.to_dict())

    def to_dict(self) -> Dict[str, Any]:
        """The whole game as MILA's ``Game.to_dict()`` writes it (its powers with their
        position, orders, controllers, votes and waits; the four histories; the current
        messages): MILA's ``Game.from_dict`` reads it, and ours reads MILA's."""
        return {
            "controlled_powers": self.controlled_powers, "daide_port": self.daide_port, "deadline": self.deadline,
            "error": [str(error) for error in self.error], "game_id": self.game_id, "map_name": self.map_name,
            "message_history": {str(phase): _messages_data(messages)
                                for phase, messages in self.message_history.items()},
            "messages": _messages_data(self.messages), "meta_rules": list(self.meta_rules),
            "n_controls": self.n_controls, "no_rules": sorted(self.no_rules), "note": self.note,
            "observer_level": self.observer_level,
            "order_history": {str(phase): {name: list(orders) for name, orders in by_power.items()}
                              for phase, by_power in self.order_history.items()},
            "outcome": list(self.outcome), "phase": self.phase, "phase_abbr": "",
            "powers": {name: power.to_dict() for name, power in self.powers.items()},
            "registration_password": self.registration_password,
            "result_history": {str(phase): {unit: [str(result) for result in results]
                                            for unit, results in by_unit.items()}
                               for phase, by_unit in self.result_history.items()},
            "role": self.role, "rules": list(self.rules),
            "state_history": {str(phase): state for phase, state in self.state_history.items()},
            "status": self.status, "timestamp_created": self.timestamp_created, "victory": list(self.victory),
            "win": self.win, "zobrist_hash": int(self.get_hash()),
        }

    @classmethod
    def from_dict(cls, value: Dict[str, Any]) -> "SavedGame":
        """The game MILA's ``to_dict()`` (or ours) wrote: its histories, its current
        position, orders and messages, its powers' controllers, votes and waits."""
        if not isinstance(value, dict) or not isinstance(value.get("powers"), dict):
            raise ValueError("game: must be an object with 'powers', as Game.to_dict() writes it")
        game = cls.__new__(cls)
        game._load_mila_dict(value)
        return game

    def _load_mila_dict(self, value: Dict[str, Any]) -> None:
        from .game import Game  # pylint: disable=import-outside-toplevel,cyclic-import
        settings = {name: value[name] for name in ("role", "status", "n_controls", "deadline", "timestamp_created",
                                                   "registration_password", "observer_level",
                                                   "controlled_powers", "daide_port") if name in value}
        Game.__init__(self, game_id=value.get("game_id"), map_name=value.get("map_name", "standard"),
                      rules=value.get("rules") or [], **settings)
        self.rules = list(value.get("rules") or [])
        self.no_rules = set(value.get("no_rules") or ())
        self.meta_rules = list(value.get("meta_rules") or [])
        histories = [value.get(name) or {} for name in ("state_history", "order_history", "result_history",
                                                         "message_history")]
        phases = [GamePhaseData(phase, histories[0][phase], histories[1].get(phase, {}),
                                histories[2].get(phase, {}), histories[3].get(phase, []))
                  for phase in sorted(histories[0], key=PhaseName)]
        powers = value["powers"]
        name = "COMPLETED" if value.get("phase") == "COMPLETED" else _short_phase(value.get("phase") or "S1901M")
        state = {"name": name, "note": value.get("note", ""),
                 "units": {power: list(data.get("units") or []) + ["*" + unit for unit in data.get("retreats") or {}]
                           for power, data in powers.items()},
                 "retreats": {power: dict(data.get("retreats") or {}) for power, data in powers.items()},
                 "centers": {power: list(data.get("centers") or []) for power, data in powers.items()},
                 "influence": {power: list(data.get("influence") or []) for power, data in powers.items()}}
        self._read_phases(phases + [GamePhaseData(name, state, {}, {}, value.get("messages") or [])])
        for power_name, data in powers.items():
            orders = _given_orders(data)
            voided = [order[5:] for order in data.get("adjust") or () if order.startswith("VOID ")]
            if orders and not self._completed:
                self.set_orders(power_name, orders)
            if voided:
                self._voided[power_name] = voided
            self.powers[power_name]._take_roles(data)
        self.error = [StringableCode(error) for error in value.get("error") or []]
        self.note, self.outcome = value.get("note", ""), list(value.get("outcome") or [])
        self.status = value.get("status", self.status)

    def _private_dict(self) -> Dict[str, Any]:
        """The whole game in the private form pickling and copies use."""
        return {
            "game_id": self.game_id, "map_name": self.map_name, "rules": list(self.rules),
            "phase": self.phase, "note": self.note, "outcome": list(self.outcome), "status": self.status,
            "error": [str(error) for error in self.error], "n_controls": self.n_controls,
            "deadline": self.deadline, "role": self.role, "timestamp_created": self.timestamp_created,
            "registration_password": self.registration_password,
            "phases": self._phases_data(),
            "orders": {name: self.get_orders(name) for name in self.powers},
            "unchecked": {name: list(orders) for name, orders in self._unchecked.items()},
            "voided": {name: list(orders) for name, orders in self._voided.items()},
            "powers": {name: power.to_dict() for name, power in self.powers.items()},
        }

    def _load_private_dict(self, value: Dict[str, Any]) -> None:
        # Game is the class this is a part of; imported here, as game.py imports this module.
        from .game import Game  # pylint: disable=import-outside-toplevel,cyclic-import
        Game.__init__(self, game_id=value.get("game_id"), map_name=value.get("map_name", "standard"),
                      rules=value.get("rules") or [], role=value.get("role", strings.SERVER_TYPE),
                      status=value.get("status", strings.FORMING), n_controls=value.get("n_controls"),
                      deadline=value.get("deadline", 300), timestamp_created=value.get("timestamp_created"),
                      registration_password=value.get("registration_password"))
        self.rules = list(value.get("rules") or [])
        self._read_phases([GamePhaseData.from_dict(phase) for phase in value["phases"]])
        for name, orders in (value.get("orders") or {}).items():
            if orders and not self._completed:
                self.set_orders(name, orders)
        self._unchecked = {name: list(orders) for name, orders in (value.get("unchecked") or {}).items()}
        self._voided = {name: list(orders) for name, orders in (value.get("voided") or {}).items()}
        self.error = [StringableCode(error) for error in value.get("error") or []]
        self.note, self.outcome = value.get("note", ""), list(value.get("outcome") or [])
        for name, data in value["powers"].items():
            self.powers[name]._take_roles(data)

    # ------------------------------------------------------------------ copies
    def __reduce__(self):
        return (_game_from_private_dict, (type(self), self._private_dict()))

    def __deepcopy__(self, memo: Dict[int, Any]) -> "SavedGame":
        # The private form shares the history's states with this game: the copy gets its own.
        return _game_from_private_dict(type(self), copy.deepcopy(self._private_dict(), memo))

    def __copy__(self) -> "SavedGame":
        return self.__deepcopy__({})


def _game_from_private_dict(cls: type, value: Dict[str, Any]) -> "SavedGame":
    game = cls.__new__(cls)
    game._load_private_dict(value)
    return game


def _messages_data(messages: SortedDict) -> List[Dict[str, Any]]:
    return [message.to_dict() for message in messages.values()]


def _given_orders(power: Dict[str, Any]) -> List[str]:
    """A power's orders in MILA's plain data as texts: movement orders unit -> order
    (``ORDER n`` -> the whole order under NO_CHECK), or the retreats and adjustments
    given; those MILA marked void are not given again."""
    orders = [order if unit.split()[:1] in (["ORDER"], ["REORDER"], ["INVALID"]) else f"{unit} {order}".strip()
              for unit, order in (power.get("orders") or {}).items()]
    return orders + [order for order in power.get("adjust") or () if not order.startswith("VOID ")]
