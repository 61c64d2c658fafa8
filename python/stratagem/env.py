"""Tensors for research on Diplomacy (shared/contracts/python-api.md, ``stratagem.env``).

``encode_board(games)`` gives the DipNet per-location features of each game as one
``numpy.float32`` array of shape ``(len(games), 81, 35)``, filled by C++ in place with the
interpreter lock released; the layout is in docs/python.md and
``include/stratagem/diplomacy/board_encoding.h``. Needs NumPy (Debian's
``python3-numpy``); ``import stratagem`` alone does not.
"""

from typing import Sequence

from . import _core

__all__ = ["encode_board", "BOARD_FEATURES", "LOCATIONS", "FEATURE_NAMES"]

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


def encode_board(games: Sequence["object"]):
    """The board features of each game: ``numpy.ndarray`` float32 ``(len(games), 81, 35)``.

    Rows are the map's locations in the order of ``LOCATIONS`` (the 75 provinces, then the
    six named coasts); columns as ``FEATURE_NAMES``.
    """
    try:
        import numpy  # noqa: F401  (the array is NumPy's)
    except ImportError as missing:  # pragma: no cover - depends on the machine
        raise ImportError("stratagem.env needs NumPy: install Debian's python3-numpy "
                          "(scripts/install-deps does)") from missing
    return _core.encode_board(list(games))


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
