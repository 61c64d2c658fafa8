"""Saving and copying MILA's Game: MILA's saved-game format, ``to_dict``/``from_dict``,
pickling and copies, as a part of ``diplomacy.engine.game.Game``."""

from __future__ import annotations

from typing import Any, Dict, List

from stratagem.diplomacy import _dislodged_units, _position_of

from ..utils import strings
from ..utils.common import StringableCode
from ..utils.game_phase_data import GamePhaseData
from ._phase_names import PhaseName

# Rules MILA's saved games leave out (how the game is run, not how it is played).
_RULES_NOT_SAVED = ("SOLITAIRE", "NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "IGNORE_ERRORS")


class SavedGame:
    """The saving and copying half of ``Game`` (a base class of it)."""

    def to_saved_game_format(self) -> Dict[str, Any]:
        """MILA's saved game: ``{"id", "map", "rules", "phases": [...]}``, the last phase
        the current one."""
        phases = [phase.to_dict() for phase in self.get_phase_history()]
        phases.append(self.get_phase_data().to_dict())
        rules = [rule for rule in self.rules if rule not in _RULES_NOT_SAVED]
        for phase in phases:
            phase["state"] = {**phase["state"], "game_id": self.game_id, "map": self.map_name, "rules": rules}
        return {"id": self.game_id, "map": self.map_name, "rules": rules, "phases": phases}

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

    def to_dict(self) -> Dict[str, Any]:
        """The whole game as plain data (MILA's ``to_dict``): read back by ``from_dict``."""
        return {
            "game_id": self.game_id, "map_name": self.map_name, "rules": list(self.rules),
            "phase": self.phase, "note": self.note, "outcome": list(self.outcome), "status": self.status,
            "error": [str(error) for error in self.error], "n_controls": self.n_controls,
            "deadline": self.deadline, "role": self.role, "timestamp_created": self.timestamp_created,
            "registration_password": self.registration_password,
            "phases": self.to_saved_game_format()["phases"],
            "orders": {name: self.get_orders(name) for name in self.powers},
            "unchecked": {name: list(orders) for name, orders in self._unchecked.items()},
            "voided": {name: list(orders) for name, orders in self._voided.items()},
        }

    @classmethod
    def from_dict(cls, value: Dict[str, Any]) -> "SavedGame":
        game = cls.__new__(cls)
        game._load_dict(value)
        return game

    def _load_dict(self, value: Dict[str, Any]) -> None:
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

    # ------------------------------------------------------------------ copies
    def __reduce__(self):
        return (_game_from_dict, (type(self), self.to_dict()))

    def __deepcopy__(self, memo: Dict[int, Any]) -> "SavedGame":
        return _game_from_dict(type(self), self.to_dict())

    def __copy__(self) -> "SavedGame":
        return self.__deepcopy__({})


def _game_from_dict(cls: type, value: Dict[str, Any]) -> "SavedGame":
    return cls.from_dict(value)
