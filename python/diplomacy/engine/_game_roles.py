"""Who takes part in a game, as MILA's ``Game`` records it: the game's role (a server's,
a player's, an observer's), its status, which powers are controlled and which are dummies,
whom the game waits for, draw votes, the rule flags read as properties, the fixed state of
a ``with game.current_state():`` block, and the messages a role may read; a part of
``diplomacy.engine.game.Game``.

Each answer is MILA's for the same calls (checked against answers recorded by running
MILA: python/tests/test_mila_api.py). The power-level half is ``_power_roles``.
"""

from __future__ import annotations

import random
from typing import Any, Dict, Iterable, List, Optional, Union

from ..utils import strings
from ..utils.common import is_valid_password
from ..utils.exceptions import MapPowerException, RandomPowerException
from .message import GLOBAL, OBSERVER, Message


def _rule_flag(rule: str) -> property:
    return property(lambda self: rule in self.rules, doc=f"Whether the game has MILA's rule {rule}.")


class GameRoles:
    """Roles, status, controllers, waiting and votes of a ``Game`` (a base class of it)."""

    # Set by ``with game.current_state():`` to (phase, hash) while the block runs.
    fixed_state = None
    # MILA's attributes of a game on its server, kept as given (none is used here).
    observer_level = None
    controlled_powers = None
    daide_port = None

    civil_disorder = _rule_flag("CIVIL_DISORDER")
    multiple_powers_per_player = _rule_flag("MULTIPLE_POWERS_PER_PLAYER")
    no_observations = _rule_flag("NO_OBSERVATIONS")
    power_choice = _rule_flag("POWER_CHOICE")
    public_press = _rule_flag("PUBLIC_PRESS")
    real_time = _rule_flag("REAL_TIME")
    start_master = _rule_flag("START_MASTER")

    is_game_forming = property(lambda self: self.status == strings.FORMING)
    is_game_paused = property(lambda self: self.status == strings.PAUSED)
    is_game_canceled = property(lambda self: self.status == strings.CANCELED)
    is_game_completed = property(lambda self: self.status == strings.COMPLETED)

    def set_status(self, status: str) -> None:
        assert status in strings.ALL_GAME_STATUSES
        self.status = status

    # ------------------------------------------------------------------ the game's role
    @property
    def power(self):
        """A player's game: the power played; None otherwise."""
        return self.powers[self.role] if self.is_player_game() else None

    def is_player_game(self) -> bool:
        return self.has_power(self.role)

    def is_observer_game(self) -> bool:
        return self.role == strings.OBSERVER_TYPE

    def is_omniscient_game(self) -> bool:
        return self.role == strings.OMNISCIENT_TYPE

    def is_server_game(self) -> bool:
        return self.role == strings.SERVER_TYPE

    def is_valid_password(self, registration_password: Optional[str]) -> bool:
        """Whether the plain ``registration_password`` matches the game's (MILA's bcrypt
        hash); a game with none takes only None."""
        if self.registration_password is None:
            return registration_password is None
        if registration_password is None:
            return False
        return is_valid_password(registration_password, self.registration_password)

    # ------------------------------------------------------------------ powers and controllers
    def get_map_power_names(self):
        return self.powers.keys()

    def has_power(self, power_name: Any) -> bool:
        return power_name in self.powers

    def is_controlled(self, power_name: str) -> bool:
        return self.get_power(power_name).is_controlled()

    def is_dummy(self, power_name: str) -> bool:
        return not self.is_controlled(power_name)

    def set_controlled(self, power_name: str, username: Optional[str]) -> None:
        self.get_power(power_name).set_controlled(username)

    def update_dummy_powers(self, dummy_power_names: Iterable[str]) -> None:
        for name in dummy_power_names:
            if self.has_power(name):
                self.set_controlled(name, None)

    def update_powers_controllers(self, powers_controllers: Dict[str, str], timestamps: Dict[str, int]) -> None:
        for name, controller in powers_controllers.items():
            self.get_power(name).update_controller(controller, timestamps[name])

    def get_controllers(self) -> Dict[str, str]:
        return {power.name: power.get_controller() for power in self.powers.values()}

    def get_controllers_timestamps(self) -> Dict[str, int]:
        return {power.name: power.get_controller_timestamp() for power in self.powers.values()}

    def get_controlled_power_names(self, username: str) -> List[str]:
        return [power.name for power in self.powers.values() if power.is_controlled_by(username)]

    def count_controlled_powers(self) -> int:
        return sum(1 for name in self.get_map_power_names() if self.is_controlled(name))

    def get_expected_controls_count(self) -> int:
        return len(self.powers) if self.n_controls is None else self.n_controls

    def has_expected_controls_count(self) -> bool:
        return self.count_controlled_powers() == self.get_expected_controls_count()

    def get_dummy_power_names(self) -> set:
        """The dummies still in the game."""
        return {name for name in self.get_map_power_names()
                if self.is_dummy(name) and not self.get_power(name).is_eliminated()}

    def get_dummy_unordered_power_names(self) -> List[str]:
        """The dummies still in the game that have something to order, have not ordered,
        and are waited for."""
        return [name for name in self.get_map_power_names()
                if self.is_dummy(name) and not self.get_power(name).is_eliminated()
                and not self.get_orders(name) and self.get_orderable_locations(name)
                and self.get_power(name).wait]

    def get_random_power_name(self) -> str:
        names = sorted(self.get_dummy_power_names())
        if not names:
            raise RandomPowerException(1, 0)
        return names[random.randint(0, len(names) - 1)]

    # ------------------------------------------------------------------ waiting and votes
    def set_wait(self, power_name: str, wait: bool) -> None:
        if not self.is_fixed_state_unchanged(log_error=False):
            return
        power = self.powers.get(power_name.upper())
        if power is not None:
            power.wait = wait

    def does_not_wait(self) -> bool:
        """Whether every power still in the game has its orders set and is not waited for."""
        return all(power.is_eliminated() or power.does_not_wait() for power in self.powers.values())

    def has_draw_vote(self) -> bool:
        assert self.is_server_game() or self.is_omniscient_game()
        return all(power.vote == strings.YES for power in self.powers.values() if not power.is_eliminated())

    def count_voted(self) -> int:
        assert self.is_server_game() or self.is_omniscient_game()
        return sum(1 for power in self.powers.values() if not power.is_eliminated() and power.vote != strings.NEUTRAL)

    def clear_vote(self) -> None:
        for power in self.powers.values():
            power.vote = strings.NEUTRAL

    # ------------------------------------------------------------------ with game.current_state():
    def current_state(self) -> "GameRoles":
        """The game, for ``with game.current_state():``: inside the block, orders and
        waits given after the phase or position changed are ignored (MILA's guard for a
        game that moves on while a player is deciding)."""
        return self

    def __enter__(self) -> "GameRoles":
        state = (self.get_current_phase(), self.get_hash())
        if self.fixed_state and self.fixed_state != state:
            raise RuntimeError("Game already used in a different context.")
        self.fixed_state = state
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.fixed_state = None

    def is_fixed_state_unchanged(self, log_error: bool = True) -> bool:  # pylint: disable=unused-argument
        return not self.fixed_state or self.fixed_state == (self.get_current_phase(), self.get_hash())

    # ------------------------------------------------------------------ messages by role
    @classmethod
    def filter_messages(cls, messages, game_role: Union[str, Iterable[str]], timestamp_from: Optional[int] = None,
                        timestamp_to: Optional[int] = None) -> Dict[int, Message]:
        """The messages of ``messages`` (a SortedDict by time sent, bounds included) that
        ``game_role`` may read: an observer the global ones and those to observers, an
        omniscient observer all, powers the global ones and their own."""
        chosen = messages.sub(timestamp_from, timestamp_to)
        if isinstance(game_role, str) and game_role == strings.OBSERVER_TYPE:
            return {m.time_sent: m for m in chosen if m.recipient in (GLOBAL, OBSERVER)}
        if isinstance(game_role, str) and game_role == strings.OMNISCIENT_TYPE:
            return {m.time_sent: m for m in chosen}
        roles = [game_role] if isinstance(game_role, str) else list(game_role)
        return {m.time_sent: m for m in chosen
                if m.recipient == GLOBAL or m.recipient in roles or m.sender in roles}

    def new_power_message(self, recipient: str, body: str) -> Message:
        """A player's game: a message from its power to ``recipient``, not yet sent."""
        assert self.is_player_game()
        if not self.has_power(recipient):
            raise MapPowerException(recipient)
        return Message(sender=self.role, recipient=recipient, message=body, phase=self.current_short_phase)

    def new_global_message(self, body: str) -> Message:
        """A player's game: a message from its power to everyone, not yet sent."""
        assert self.is_player_game()
        return Message(sender=self.role, recipient=GLOBAL, message=body, phase=self.current_short_phase)

    def get_latest_timestamp(self) -> int:
        """The time of the latest thing the game holds: its creation, its last phase
        played, or its last message."""
        timestamp = self.timestamp_created
        if self.state_history:
            timestamp = max(self.state_history.last_value()["timestamp"], timestamp)
        if self.messages:
            timestamp = max(self.messages.last_key(), timestamp)
        return timestamp
