"""MILA's Zobrist hash keys, drawn once at import and handed to the engine, so that
``get_hash()`` and the states' ``zobrist_hash`` are MILA's own numbers."""

from __future__ import annotations

import random
import sys
from typing import Dict, List

from stratagem import _core

def _draw_mila_hash_keys(locations: List[str], powers: List[str], centres: List[str]) -> None:
    """Draws the keys of MILA's Zobrist hash as MILA draws them for a map (from a seed made
    of the number of its places and the names of its centres, with Python's random, in
    the order of its sorted places and powers), so that ``get_hash()`` and the states'
    ``zobrist_hash`` are MILA's own numbers for the same position: research code stores
    and compares them. The engine takes them by its own order of places and powers."""
    # MILA leaves out the places no unit may enter (its SHUT areas: Switzerland).
    valid = _core.DiplomacyGame._valid_unit
    places = sorted(location for location in locations if valid("A " + location) or valid("F " + location))
    joined = "-".join(sorted(centres))
    seed = (12345 + len(places) + sum(ord(letter) * 7 ** i for i, letter in enumerate(joined))) % 2 ** 32
    draw = random.Random(seed)

    def table(rows: int) -> List[List[int]]:
        drawn = [[draw.randint(1, sys.maxsize) for _ in places] for _ in range(rows)]
        by_place = [{place: row[i] for i, place in enumerate(places)} for row in drawn]
        return [[row.get(location, 0) for location in locations] for row in by_place]

    by_power = sorted(powers)
    in_engine_order = [by_power.index(power) for power in powers]

    def power_table() -> List[List[int]]:
        keys = table(len(by_power))
        return [keys[i] for i in in_engine_order]

    unit_type, unit_power = table(2), power_table()
    dislodged_type, dislodged_power = table(2), power_table()
    centre, home = power_table(), power_table()
    _core._set_mila_hash_keys(unit_type, unit_power, dislodged_type, dislodged_power, centre, home)
    for p, power in enumerate(powers):
        for i, location in enumerate(locations):
            for t, letter in enumerate("AF"):
                MILA_DISLODGED_KEYS[power, f"{letter} {location}"] = dislodged_type[t][i] ^ dislodged_power[p][i]


# A dislodged unit's part of MILA's hash: (power, unit) -> key.
MILA_DISLODGED_KEYS: Dict[tuple, int] = {}


_START = _core.DiplomacyGame()
_draw_mila_hash_keys(list(_START.get_all_possible_orders()), list(_START.get_units()),
                     _core.DiplomacyGame._supply_centres())
del _START
