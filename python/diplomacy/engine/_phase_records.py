"""The game's phase records written otherwise than by ``process()``: a draw (which records
the phase it ends), phases added from elsewhere (``extend_phase_history``,
``set_phase_data``), and the phases played since a time; a part of
``diplomacy.engine.game.Game``, with MILA's behaviour for each."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple, Union

from ..utils import strings
from ..utils.game_phase_data import GamePhaseData
from ..utils.sorted_dict import SortedDict
from ._phase_names import PhaseName
from .message import Message


class PhaseRecords:
    """Draws and phase records given by hand (a base class of ``Game``)."""

    def draw(self, winners: Optional[Sequence[str]] = None) -> Tuple[GamePhaseData, GamePhaseData]:
        """Ends the game in a draw between ``winners`` (default: every power with units),
        its orders cleared; the phase drawn goes into the histories with no results.
        Returns (the phase drawn, the completed game) as MILA's ``GamePhaseData``."""
        if winners is None:
            winners = [name for name, power in self.powers.items() if power.units]
        self.clear_orders()
        phase = PhaseName(self.get_current_phase())
        orders, messages, state = self.get_orders(), self.messages.copy(), self.get_state()
        self.outcome = [str(phase)] + list(winners)
        self.note = "Victory by: " + ", ".join(name[:3] for name in winners)
        self.status = strings.COMPLETED
        self._completed = True
        self.clear_vote()
        self.clear_orders()
        self.messages = SortedDict(int, Message)
        for history, value in ((self.order_history, orders), (self.message_history, messages),
                               (self.state_history, state), (self.result_history, {})):
            history.put(phase, value)
        return (GamePhaseData(str(phase), state, orders, {}, messages),
                GamePhaseData(self.get_current_phase(), self.get_state(), {}, {}, {}))

    def extend_phase_history(self, game_phase_data: GamePhaseData) -> None:
        """Adds a phase played elsewhere to the histories (one not there yet)."""
        phase = PhaseName(game_phase_data.name)
        for history in (self.state_history, self.message_history, self.order_history, self.result_history):
            assert phase not in history
        self.state_history.put(phase, game_phase_data.state)
        self.message_history.put(phase, game_phase_data.messages)
        self.order_history.put(phase, game_phase_data.orders)
        self.result_history.put(phase, game_phase_data.results)

    def set_phase_data(self, phase_data: Union[GamePhaseData, Sequence[GamePhaseData]],
                       clear_history: bool = True) -> None:
        """The game as ``phase_data`` says (one phase or a list): the last is the current
        phase (its state, orders and messages; not its results), the others are added to
        the histories (emptied first with ``clear_history``)."""
        if not phase_data:
            return
        phases: List[GamePhaseData] = [phase_data] if isinstance(phase_data, GamePhaseData) else list(phase_data)
        if clear_history:
            for history in (self.order_history, self.result_history, self.state_history, self.message_history):
                history.clear()
        else:
            self.clear_vote()
            self.clear_orders()
        for phase in phases[:-1]:
            self.extend_phase_history(phase)
        current = phases[-1]
        self.set_state(current.state, clear_history=False)
        for power_name, orders in current.orders.items():
            if orders is not None:
                self.set_orders(power_name, orders)
        self.messages = current.messages.copy()

    def phase_history_from_timestamp(self, timestamp: int) -> List[GamePhaseData]:
        """The phases of the history whose state was recorded at ``timestamp`` or later."""
        earliest = ""
        for state in self.state_history.reversed_values():
            if state["timestamp"] < timestamp:
                break
            earliest = state["name"]
        return self.get_phase_history(from_phase=earliest) if earliest else []
