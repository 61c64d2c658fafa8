"""MILA's ``Map.convoy_paths``: for each coastal place an army may be convoyed from, every
smallest set of fleets that can carry it, with the places each set reaches.

MILA finds them by trying every chain of seas up to 13 long (minutes, so it ships them
precomputed). A set of seas is one of them exactly when it is a chain of seas, each
bordering the next and no other of the chain (else a shorter chain would do), whose first
sea alone borders the start and whose last sea alone borders the destination; so they are
found here by walking such chains, which takes milliseconds.
"""

import collections

_WATER = ("WATER", "PORT")
_COAST = ("COAST", "PORT")


def convoy_paths(game_map, longest):
    """``{number of fleets: [(start, {fleets}, {destinations})]}`` for 1 .. len(locs)."""
    waters = [loc.upper() for loc in game_map.locs if game_map.area_type(loc) in _WATER]
    starts = [loc.upper() for loc in game_map.locs if game_map.area_type(loc) in _COAST and "/" not in loc]
    neighbours = {loc: [other.upper() for other in game_map.abut_list(loc, incl_no_coast=True)]
                  for loc in waters + starts}
    seas_beside = {loc: {other for other in neighbours[loc] if game_map.area_type(other) in _WATER}
                   for loc in waters + starts}
    shores = {sea: {other for other in neighbours[sea]
                    if game_map.area_type(other) in _COAST and "/" not in other} for sea in waters}

    buckets = collections.OrderedDict((size, []) for size in range(1, len(game_map.locs) + 1))
    for start in starts:
        for fleets, destinations in _chains_from(start, seas_beside, shores, longest):
            buckets[len(fleets)].append((start, fleets, destinations))
    return buckets


def _chains_from(start, seas_beside, shores, longest):
    """The sets of seas of every chain from `start`, each with the places it reaches first."""
    reached_by = {}  # frozenset of seas -> destinations

    def walk(chain, shores_before):
        last = chain[-1]
        for place in shores[last] - shores_before - {start}:
            reached_by.setdefault(frozenset(chain), set()).add(place)
        if len(chain) == longest:
            return
        shores_now = shores_before | shores[last]
        for sea in seas_beside[last]:
            if sea in chain or sea in seas_beside[start] or any(sea in seas_beside[earlier] for earlier in chain[:-1]):
                continue
            walk(chain + [sea], shores_now)

    for first in seas_beside[start]:
        walk([first], set())
    return [(set(fleets), destinations) for fleets, destinations in reached_by.items()]
