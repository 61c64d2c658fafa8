"""Tensors and environments for research on Diplomacy (shared/contracts/python-api.md,
``stratagem.env``).

``order_vocabulary()`` lists every order legal in some position (the action space);
``parallel_env()`` is a PettingZoo ``ParallelEnv`` of the seven powers over it.

``encode_board(games)`` gives the DipNet per-location features of each game as one
``numpy.float32`` array of shape ``(len(games), 81, 35)``, filled by C++ in place with the
interpreter lock released; the layout is in docs/python.md and
``include/stratagem/diplomacy/board_encoding.h``. ``encode_previous_orders(games)`` gives
DipNet's second input, the orders of each game's last movement phase per location,
``(len(games), 81, 40)``, in the same way. Needs NumPy (Debian's
``python3-numpy``); ``import stratagem`` alone does not.
"""

from typing import Any, Dict, List, Optional, Sequence

from . import _core

__all__ = ["encode_board", "BOARD_FEATURES", "LOCATIONS", "FEATURE_NAMES", "encode_previous_orders",
           "ORDER_FEATURES", "ORDER_FEATURE_NAMES", "order_vocabulary", "order_index",
           "parallel_env", "DiplomacyParallelEnv", "VectorEnv"]

BOARD_FEATURES = 35
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
FEATURE_NAMES = (
    ["unit_army", "unit_fleet", "unit_none"]
    + [f"unit_owner_{p}" for p in POWERS] + ["unit_owner_none"]
    + ["buildable", "removable", "dislodged_army", "dislodged_fleet", "dislodged_none"]
    + [f"dislodged_owner_{p}" for p in POWERS] + ["dislodged_owner_none"]
    + ["area_land", "area_water", "area_coast"]
    + [f"centre_owner_{p}" for p in POWERS] + ["centre_owner_none"]
)
assert len(FEATURE_NAMES) == BOARD_FEATURES

ORDER_FEATURES = 40
ORDER_FEATURE_NAMES = (
    ["unit_army", "unit_fleet", "unit_none"]
    + [f"issuer_{p}" for p in POWERS] + ["issuer_none"]
    + ["order_hold", "order_move", "order_support", "order_convoy", "order_none"]
    + [f"source_power_{p}" for p in POWERS] + ["source_power_none"]
    + [f"destination_power_{p}" for p in POWERS] + ["destination_power_none"]
    + [f"centre_owner_{p}" for p in POWERS] + ["centre_owner_none"]
)
assert len(ORDER_FEATURE_NAMES) == ORDER_FEATURES


def _needs_numpy():
    try:
        import numpy  # noqa: F401  (the arrays are NumPy's)
    except ImportError as missing:  # pragma: no cover - depends on the machine
        raise ImportError("stratagem.env needs NumPy: install Debian's python3-numpy "
                          "(scripts/install-deps does)") from missing


def encode_board(games: Sequence["object"]):
    """The board features of each game: ``numpy.ndarray`` float32 ``(len(games), 81, 35)``.

    Rows are the map's locations in the order of ``LOCATIONS`` (the 75 provinces, then the
    six named coasts); columns as ``FEATURE_NAMES``.
    """
    _needs_numpy()
    return _core.encode_board(list(games))


def encode_previous_orders(games: Sequence["object"]):
    """The orders of each game's last movement phase: ``numpy.ndarray`` float32
    ``(len(games), 81, 40)``, rows as ``LOCATIONS``, columns as ``ORDER_FEATURE_NAMES``; a
    game with no movement phase played has "no order" in every row.
    """
    _needs_numpy()
    return _core.encode_previous_orders(list(games))


LOCATIONS = tuple(_core.location_codes())
AREAS = tuple(_core.location_areas())

HOME_CENTRES = {
    "AUSTRIA": ("BUD", "TRI", "VIE"), "ENGLAND": ("EDI", "LON", "LVP"), "FRANCE": ("BRE", "MAR", "PAR"),
    "GERMANY": ("BER", "KIE", "MUN"), "ITALY": ("NAP", "ROM", "VEN"), "RUSSIA": ("MOS", "SEV", "STP", "WAR"),
    "TURKEY": ("ANK", "CON", "SMY"),
}


def encode_board_reference(game) -> list:
    """The same features as ``encode_board`` for one game, written plainly in Python from
    the game's public methods: a readable statement of the layout, the tests' reference
    and the benchmark's baseline (bench/python_bench.py). Lists of 81 rows of 35 floats."""
    rows = {location: index for index, location in enumerate(LOCATIONS)}
    board = [[0.0] * BOARD_FEATURES for _ in LOCATIONS]
    owner_slot = {power: i for i, power in enumerate(POWERS)}
    for index, area in enumerate(AREAS):
        board[index][24 + ("land", "water", "coast").index(area)] = 1.0
    adjustment = game.get_current_phase().endswith("A")
    units, centres = game.get_units(), game.get_centers()
    for power, listed in units.items():
        removing = adjustment and len([u for u in listed if not u.startswith("*")]) > len(centres.get(power, []))
        for text in listed:
            dislodged = text.startswith("*")
            kind, location = text.lstrip("*").split()
            for where in {location, location.split("/")[0]}:
                row = board[rows[where]]
                if dislodged:
                    row[13 + (0 if kind == "A" else 1)] = 1.0
                    row[16 + owner_slot[power]] = 1.0
                else:
                    row[0 + (0 if kind == "A" else 1)] = 1.0
                    row[3 + owner_slot[power]] = 1.0
                    if removing:
                        row[12] = 1.0
    for row in board:
        if row[0] == 0.0 and row[1] == 0.0:
            row[2] = row[3 + 7] = 1.0
        if row[13] == 0.0 and row[14] == 0.0:
            row[15] = row[16 + 7] = 1.0
    owned = {centre: power for power, listed in centres.items() for centre in listed}
    for location in LOCATIONS:
        province = location.split("/")[0]
        if province in _CENTRES:
            board[rows[location]][27 + owner_slot.get(owned.get(province), 7)] = 1.0
    if adjustment:
        occupied = {u.lstrip("*").split()[1].split("/")[0] for listed in units.values() for u in listed if not u.startswith("*")}
        for power, homes in HOME_CENTRES.items():
            if len(centres.get(power, [])) <= len([u for u in units.get(power, []) if not u.startswith("*")]):
                continue
            for home in homes:
                if owned.get(home) == power and home not in occupied:
                    for location in LOCATIONS:
                        if location.split("/")[0] == home:
                            board[rows[location]][11] = 1.0
    return board


_CENTRES = frozenset(_core.supply_centres())


# --- the order vocabulary and the multi-agent environment

_VOCABULARY: Optional[List[str]] = None
_INDEX: Optional[Dict[str, int]] = None


def order_vocabulary() -> List[str]:
    """Every order legal in some position of the standard map, canonical, sorted (23,227):
    the action space's index ↔ order text (``include/stratagem/diplomacy/action_vocabulary.h``)."""
    global _VOCABULARY, _INDEX
    if _VOCABULARY is None:
        _VOCABULARY = list(_core.order_vocabulary())
        _INDEX = {order: i for i, order in enumerate(_VOCABULARY)}
    return _VOCABULARY


def order_index(order: str) -> int:
    """The vocabulary index of a canonical order (KeyError when it is not one)."""
    order_vocabulary()
    return _INDEX[order]  # type: ignore[index]


def _parallel_base():
    try:
        from pettingzoo import ParallelEnv  # type: ignore
        return ParallelEnv
    except ImportError:
        return object


class _Discrete:
    """Gymnasium's Discrete(n) where Gymnasium is not installed: ``n``, ``contains``, ``sample``."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        import random
        self.n, self._random = n, random.Random(seed)

    def contains(self, x: Any) -> bool:
        return isinstance(x, (int,)) and 0 <= x < self.n

    def sample(self, mask: Any = None) -> int:
        if mask is None:
            return self._random.randrange(self.n)
        allowed = [i for i, ok in enumerate(mask) if ok]
        return self._random.choice(allowed) if allowed else 0

    def seed(self, seed: Optional[int] = None) -> None:
        import random
        self._random = random.Random(seed)


def _spaces(n: int):
    try:
        from gymnasium import spaces  # type: ignore
        import numpy
        observation = spaces.Dict({"board": spaces.Box(0.0, 1.0, (len(LOCATIONS), BOARD_FEATURES), numpy.float32),
                                   "action_mask": spaces.MultiBinary(n)})
        return observation, spaces.Discrete(n)
    except ImportError:
        return None, _Discrete(n)


class DiplomacyParallelEnv(_parallel_base()):  # type: ignore[misc]
    """Seven agents, one per power, all acting at once (PettingZoo's ``ParallelEnv``).

    An agent's action for a phase is its orders as vocabulary indices: a sequence of them
    (or one int for one order); its ``action_mask`` marks the orders it may give now (all
    zero in a phase where it has nothing to order). Orders not legal are dropped (listed in
    ``infos[agent]["dropped"]``). The reward after a phase is the change in the agent's
    supply centres; an agent is terminated once it has neither units nor centres, and all
    are when a power has won; all are truncated when the year ``max_year`` is over.
    """

    metadata = {"name": "stratagem_diplomacy_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, max_year: int = 1930, rules: str = "standard", render_mode: Optional[str] = None) -> None:
        from .diplomacy import POWERS as _POWERS
        self.possible_agents: List[str] = list(_POWERS)
        self.agents: List[str] = []
        self.max_year, self.rules, self.render_mode = max_year, rules, render_mode
        self._n = len(order_vocabulary())
        self._observation_space, self._action_space = _spaces(self._n)
        self.game = None

    def observation_space(self, agent: str):
        return self._observation_space

    def action_space(self, agent: str):
        return self._action_space

    def _masks(self) -> Dict[str, Any]:
        import numpy
        possible = self.game.get_all_possible_orders()
        orderable = self.game.get_orderable_locations()
        masks = {}
        for agent in self.agents:
            mask = numpy.zeros(self._n, dtype=numpy.int8)
            for location in orderable.get(agent, []):
                for order in possible.get(location, []):
                    index = _INDEX.get(order)  # type: ignore[union-attr]
                    if index is not None:
                        mask[index] = 1
            masks[agent] = mask
        return masks

    def _observations(self, agents: List[str]) -> Dict[str, Dict[str, Any]]:
        """The board for each of `agents`, with the mask of its orders (none once it is out)."""
        import numpy
        board = encode_board([self.game])[0]
        masks = self._masks()
        return {agent: {"board": board, "action_mask": masks.get(agent, numpy.zeros(self._n, dtype=numpy.int8))}
                for agent in agents}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        from .diplomacy import Game
        self.game = Game(self.rules, max_year=self.max_year)
        self.agents = list(self.possible_agents)
        if seed is not None and hasattr(self._action_space, "seed"):
            self._action_space.seed(seed)
        observations = self._observations(self.agents)
        return observations, {agent: {"phase": self.game.get_current_phase()} for agent in self.agents}

    def step(self, actions: Dict[str, Any]):
        vocabulary = order_vocabulary()
        acting = list(self.agents)
        centres_before = {agent: len(self.game.get_centers(agent)) for agent in acting}
        dropped: Dict[str, List[str]] = {agent: [] for agent in acting}
        for agent in acting:
            chosen = actions.get(agent, [])
            indices = list(chosen) if hasattr(chosen, "__len__") else [chosen]  # a sequence, or one index
            orders = [vocabulary[int(i)] for i in indices if 0 <= int(i) < len(vocabulary)]
            errors_before = len(self.game.error)
            self.game.set_orders(agent, orders)
            dropped[agent] = list(self.game.error[errors_before:])
        self.game.process()
        done = self.game.is_game_done
        won = done and any(len(self.game.get_centers(p)) >= 18 for p in self.possible_agents)
        rewards = {agent: float(len(self.game.get_centers(agent)) - centres_before[agent]) for agent in acting}
        terminations, truncations = {}, {}
        for agent in acting:
            gone = not self.game.get_units(agent) and not self.game.get_centers(agent)
            terminations[agent] = gone or won
            truncations[agent] = done and not won and not gone
        infos = {agent: {"phase": self.game.get_current_phase(), "dropped": dropped[agent]} for agent in acting}
        self.agents = [agent for agent in acting if not (terminations[agent] or truncations[agent])]
        # Every agent that acted gets an observation, its last one included.
        return self._observations(acting), rewards, terminations, truncations, infos

    def state(self):
        return encode_board([self.game])[0]

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        return f"{self.game.get_current_phase()}: " + ", ".join(
            f"{p} {len(self.game.get_centers(p))}" for p in self.possible_agents)

    def close(self) -> None:
        self.game = None


def parallel_env(**options: Any) -> DiplomacyParallelEnv:
    """The environment (PettingZoo's ``parallel_env`` convention)."""
    return DiplomacyParallelEnv(**options)


class VectorEnv:
    """``num_games`` games stepped at once by C++ on ``threads`` threads, the interpreter
    free: research loops that play thousands of games per call.

    ``step(actions)`` takes an int array ``(num_games, k)`` of vocabulary indices (negative:
    none), each order given for the power whose unit or build site it names; an order not
    legal now is void (its unit holds, as an unordered one does); WAIVE, which names no
    power, is ignored (a power that builds less has waived the rest). It adjudicates every game
    and starts over each game a power won or whose ``max_year`` is over. It returns
    ``(boards, centres, done)``: the arrays ``self.boards`` ``(num_games, 81, 35)`` float32,
    ``self.centres`` ``(num_games, 7)`` int32 and ``self.done`` ``(num_games,)`` uint8 (1 where
    the game ended in this step), preallocated once and filled in place. ``legal_orders()``
    gives each game's legal orders as vocabulary indices, ``(offsets, indices)``: game g's
    are ``indices[offsets[g]:offsets[g + 1]]``.
    """

    def __init__(self, num_games: int, max_year: int = 1930, threads: int = 1, rules: str = "standard") -> None:
        import numpy
        self.num_games = num_games
        self._games = _core.VectorGames(num_games, max_year, threads, rules)
        self.boards = numpy.zeros((num_games, len(LOCATIONS), BOARD_FEATURES), numpy.float32)
        self.centres = numpy.zeros((num_games, 7), numpy.int32)
        self.done = numpy.zeros(num_games, numpy.uint8)
        self._games.observe(self.boards, self.centres)

    @property
    def phases(self) -> int:
        """Phases adjudicated so far, in all games."""
        return self._games.phases

    def legal_orders(self):
        return self._games.legal()

    def step(self, actions):
        import numpy
        self._games.step(numpy.ascontiguousarray(actions, dtype=numpy.int32), self.boards, self.centres, self.done)
        return self.boards, self.centres, self.done
