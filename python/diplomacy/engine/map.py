"""MILA's ``diplomacy.engine.map``: the ``Map`` of a game, built from Stratagem's own variant.

``Map()`` and ``Map('standard')`` give the standard map with the attributes and methods of
MILA's ``Map`` and MILA's answers: ``locs``, ``loc_name``, ``loc_type``, ``loc_abut``,
``loc_coasts``, ``abuts``, ``abut_list``, ``area_type``, ``scs``, ``homes``, ``units``,
``norm``, ``compact``, the phase calendar and the rest (docs/python.md lists them with the
few answers that differ). Every table comes from ``data/diplomacy/standard.variant``
through ``stratagem._core.map_tables``: the provinces, their terrain and adjacency, the
starting units and the names in four languages, from which MILA's alias table is derived.
Like MILA's, a map is built once per name and shared (``Map(name)`` returns the cached
one); ``copy.deepcopy`` gives a private copy to change.
"""

import copy

from stratagem import _core
from . import _map_convoys, _map_words
# The kinds of words in a compacted phrase (vet()), importable from here as from MILA's.
from ._map_words import UNDETERMINED, POWER, UNIT, LOCATION, COAST, ORDER, MOVE_SEP, OTHER  # noqa: F401
from ..utils.keywords import ALIASES, KEYWORDS  # noqa: F401  (MILA's module offers its tables)

MAP_CACHE = {}

_AREA_TYPES = {"inland": "LAND", "coastal": "COAST", "sea": "WATER", "impassable": "SHUT"}
_COAST_WORDS = {"NC": "NORTH COAST", "SC": "SOUTH COAST", "EC": "EAST COAST", "WC": "WEST COAST"}
# The standard calendar in MILA's terms: a year of spring and fall, each a movement and a
# retreat phase, and a winter adjustment phase.
_FLOW = ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]
_SEQ = ["NEWYEAR", "SPRING MOVEMENT", "SPRING RETREATS", "FALL MOVEMENT", "FALL RETREATS",
        "WINTER ADJUSTMENTS"]
_PHASE_ABBREV = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
# MILA's convoy paths stop at this many fleets.
_LONGEST_CONVOY = 13


class Map:
    """A map as MILA's ``diplomacy.engine.map.Map`` presents it: the same attribute names,
    the same methods, MILA's spelling of locations (a split-coast province is listed after
    its coasts in lower case, ``'bul'``) and of adjacency (an army-only neighbour in lower
    case, ``'edi'``)."""

    __slots__ = ["name", "first_year", "victory", "phase", "validated", "flow_sign", "root_map", "abuts_cache",
                 "homes", "loc_name", "loc_type", "loc_abut", "loc_coasts", "own_word", "abbrev", "centers",
                 "units", "pow_name", "rules", "files", "powers", "scs", "owns", "inhabits", "flow", "dummies",
                 "locs", "error", "seq", "phase_abbrev", "unclear", "unit_names", "keywords", "aliases",
                 "convoy_paths", "dest_with_coasts"]

    def __new__(cls, name="standard", use_cache=True):
        if use_cache and name in MAP_CACHE:
            return MAP_CACHE[name]
        return object.__new__(cls)

    def __init__(self, name="standard", use_cache=True):
        if use_cache and MAP_CACHE.get(name) is self:
            return
        self.name = name
        self.load()
        self.build_cache()
        self.validate()
        if use_cache:
            MAP_CACHE[name] = self

    def __deepcopy__(self, memo):
        other = object.__new__(type(self))
        for slot in self.__slots__:
            setattr(other, slot, copy.deepcopy(getattr(self, slot), memo))
        return other

    def __reduce__(self):
        # Pickled by its tables: unpickling must not land on the shared map of the name.
        return _map_from_tables, ({slot: getattr(self, slot) for slot in self.__slots__},)

    def __str__(self):
        return self.name

    @property
    def svg_path(self):
        """The path of the map's SVG picture: None, as this package ships none (MILA's
        answer for a map without one)."""
        return None

    # ------------------------------------------------------------------ building

    def load(self, file_name=None):
        """Fills the tables from the compiled-in variant of ``self.name``. MILA reads a map
        file here; this package has no map files, so ``file_name`` must be None."""
        if file_name is not None:
            raise ValueError(f"load: this package reads no map files, only its compiled-in maps "
                             f"({', '.join(_core.map_names())}); got {file_name!r}")
        tables = _core.map_tables(self.name)
        self.first_year = None
        self.victory = self.phase = self.validated = self.flow_sign = None
        self.root_map = tables["id"]
        self.files = [tables["id"] + ".map"]
        self.rules, self.owns, self.inhabits, self.dummies, self.error = [], [], [], [], []
        self.abbrev, self.unclear, self.abuts_cache, self.dest_with_coasts = {}, {}, {}, {}
        self.unit_names = {"A": "ARMY", "F": "FLEET"}
        self.keywords = dict(_map_words.KEYWORDS)
        self.flow, self.seq, self.phase_abbrev = list(_FLOW), list(_SEQ), dict(_PHASE_ABBREV)

        powers = tables["powers"]
        self.pow_name = {p["code"]: p["code"] for p in powers}
        self.own_word = {p["code"]: p["adjective"].upper() for p in powers}
        self.own_word["UNOWNED"] = "UNOWNED"
        self.homes = {p["code"]: list(p["homes"]) for p in powers}
        self.centers = {p["code"]: list(p["homes"]) for p in powers}
        self.units = {p["code"]: list(p["units"]) for p in powers}
        self.powers = sorted(self.pow_name)
        self.scs = [home for p in powers for home in p["homes"]]
        self.scs += sorted(p["code"] for p in tables["provinces"] if p["centre"] and p["code"] not in self.scs)
        if tables["victory"] != len(self.scs) // 2 + 1:
            self.victory = [tables["victory"]]  # None: MILA's "more than half the centres"
        self.phase = self.phase_long(tables["start"])

        self._load_locations(tables)
        self.aliases = _map_words.aliases_of(self, tables["names"])

    def _load_locations(self, tables):
        """locs, loc_type, loc_abut and loc_name in MILA's spelling."""
        provinces = {p["code"]: p for p in tables["provinces"]}
        fleet = {loc["code"]: set(loc["fleet"]) for loc in tables["locations"]}
        # A fleet can stand on a sea, a coastal province without named coasts and a coast.
        fleet_stands = {code for code, p in provinces.items()
                        if p["terrain"] == "sea" or (p["terrain"] == "coastal" and not p["coasts"])}
        fleet_stands |= {coast for p in provinces.values() for coast in p["coasts"]}

        def key(loc):  # MILA's spelling of a location in locs: a split-coast province in lower case
            return loc.lower() if provinces.get(loc, {}).get("coasts") else loc

        def written_abuts(loc, army, with_army=True):
            """The neighbours of a place (its army's too unless a coast), spelt as MILA does:
            upper case where both kinds of unit may go (or only one kind could stand there),
            an army-only neighbour in lower case ('edi'), a fleet-only one capitalised
            ('Den'); a neighbour with named coasts by the coasts a fleet reaches ('SPA/NC')."""
            here = provinces[loc[:3]]
            written = set()
            for other in fleet.get(loc, ()):
                fleet_only = "/" not in other and here["terrain"] != "sea" and other not in army \
                    and provinces[other]["terrain"] == "coastal"
                written.add(other.title() if fleet_only else other)
            reached_by_fleet = {other[:3] for other in fleet.get(loc, ())}
            for other in (army - reached_by_fleet if with_army else ()):
                army_only = loc in fleet_stands and provinces[other]["terrain"] == "coastal"
                written.add(other.lower() if army_only else other)
            return written

        # Passable provinces in the variant's order, each after its coasts; impassable ones last.
        ordered = sorted(provinces.values(), key=lambda p: p["terrain"] == "impassable")
        self.locs, self.loc_type, self.loc_abut, self.loc_name = [], {}, {}, {}
        for province in ordered:
            area = _AREA_TYPES[province["terrain"]]
            for coast in province["coasts"]:
                self.locs.append(coast)
                self.loc_type[coast] = area
                self.loc_name[f"{province['name']} ({_COAST_WORDS[coast[4:]]})".upper()] = coast
                self.loc_abut[coast] = sorted(written_abuts(coast, set(province["army"]), False),
                                              key=str.upper)
            code = province["code"]
            self.locs.append(key(code))
            self.loc_type[key(code)] = area
            self.loc_name[province["name"].upper()] = code
            army = set(province["army"])
            if province["coasts"]:
                # The province itself: where its army goes and the seas its coasts touch.
                seas = {loc for coast in province["coasts"] for loc in fleet[coast]
                        if provinces.get(loc, {}).get("terrain") == "sea"}
                self.loc_abut[key(code)] = sorted(army | seas)
            else:
                self.loc_abut[code] = sorted(written_abuts(code, army), key=str.upper)

    def build_cache(self):
        """loc_coasts, abuts_cache, dest_with_coasts and convoy_paths from the tables."""
        self.loc_coasts = {}
        for loc in self.locs:
            self.loc_coasts[loc.upper()] = [other.upper() for other in self.locs
                                            if other[:3].upper() == loc[:3].upper()]
        self.abuts_cache = {}
        others = [loc.upper() for loc in self.locs]
        for unit_type in "AF":
            for unit_loc in others:
                valid = self.is_valid_unit(unit_type + " " + unit_loc)
                first = self._first_neighbours(unit_loc)
                for order_type in "-SC":
                    for other_loc in others:
                        self.abuts_cache[(unit_type, unit_loc, order_type, other_loc)] = \
                            self._abuts_along(unit_type, order_type, other_loc, first) if valid else 0
        self.dest_with_coasts = {}
        for loc in self.locs:
            reached = {coast for dest in self.abut_list(loc.upper(), incl_no_coast=True)
                       for coast in self.find_coasts(dest)}
            self.dest_with_coasts[loc.upper()] = [other.upper() for other in self.locs if other.upper() in reached]
        self.convoy_paths = _map_convoys.convoy_paths(self, _LONGEST_CONVOY)

    def validate(self, force=0):
        """Fills what follows from the tables (the powers, the first year) and checks that
        every named place has a type; problems go to ``error``, as MILA's."""
        if self.validated and not force:
            return
        self.validated = 1
        self.root_map = self.root_map or self.name
        self.powers = sorted(power for power in self.homes if power != "UNOWNED")
        for name, place in self.loc_name.items():
            if not self.area_type(place):
                self.error.append(f"the place {place} ({name}) has no type")
        self.flow_sign = 1
        self.phase = self.phase or "SPRING 1901 MOVEMENT"
        words = self.phase.split()
        if len(words) == 3:
            self.first_year = int(words[1])
        else:
            self.error.append(f"the first phase {self.phase!r} is not SEASON YEAR TYPE")

    def add_homes(self, power, homes, reinit):
        """Adds home centres to a power (``'-PAR'`` removes one); ``reinit`` empties its list
        first."""
        if reinit:
            self.homes[power] = []
        else:
            self.homes.setdefault(power, [])
        self.homes.setdefault("UNOWNED", [])
        for home in " ".join(homes).upper().split():
            removing = home.startswith("-")
            home = home.lstrip("-")
            if not home:
                continue
            if home in self.homes[power]:
                self.homes[power].remove(home)
            if power != "UNOWNED":
                self.homes["UNOWNED"].append(home)
            if not removing:
                self.homes[power].append(home)

    def drop(self, place):
        """Removes a place (and its coasts) from every table."""
        def gone(loc):
            return loc.upper().startswith(place)

        self.locs = [loc for loc in self.locs if not gone(loc)]
        for table in (self.loc_name, self.aliases):
            for key in [key for key, loc in table.items() if loc.startswith(place)]:
                del table[key]
        for power, homes in self.homes.items():
            if place in homes:
                homes.remove(place)
        for power, units in self.units.items():
            units[:] = [unit for unit in units if unit[2:5] != place[:3]]
        self.scs = [center for center in self.scs if not gone(center)]
        for power, centers in self.centers.items():
            centers[:] = [center for center in centers if not center.startswith(place)]
        for site in list(self.loc_abut):
            if site.startswith(place):
                del self.loc_abut[site]
            else:
                self.loc_abut[site] = [loc for loc in self.loc_abut[site] if not gone(loc)]
        for loc in [loc for loc in self.loc_type if loc.startswith(place)]:
            del self.loc_type[loc]

    # ------------------------------------------------------------------ places

    def area_type(self, loc):
        """``'WATER'``, ``'COAST'``, ``'LAND'`` or ``'SHUT'`` (None for an unknown place)."""
        return self.loc_type.get(loc.upper()) or self.loc_type.get(loc.lower())

    def find_coasts(self, loc):
        """Every location of the place's province: ``['BUL/EC', 'BUL/SC', 'BUL']``."""
        return self.loc_coasts.get(loc.upper(), [])

    def abut_list(self, site, incl_no_coast=False):
        """The place's neighbours as ``loc_abut`` writes them; with ``incl_no_coast``, also
        the province of each neighbouring coast."""
        abuts = self.loc_abut.get(site, self.loc_abut.get(site.lower(), []))
        if not incl_no_coast:
            return abuts
        abuts = abuts[:]
        for loc in list(abuts):
            if "/" in loc and loc[:3] not in abuts:
                abuts.append(loc[:3])
        return abuts

    def is_valid_unit(self, unit, no_coast_ok=0, shut_ok=0):
        """Whether a unit may stand there: ``'A BUR'`` yes, ``'F BUL'`` only with
        ``no_coast_ok``, ``'? SWI'`` only with ``shut_ok``."""
        unit_type, loc = unit.upper().split()
        area_type = self.area_type(loc)
        if area_type == "SHUT":
            return 1 if shut_ok else 0
        if unit_type == "?":
            return 1 if area_type is not None else 0
        if unit_type == "A":
            return "/" not in loc and area_type in ("LAND", "COAST", "PORT")
        return (unit_type == "F" and area_type in ("WATER", "COAST", "PORT")
                and (no_coast_ok or loc.lower() not in self.loc_abut))

    def abuts(self, unit_type, unit_loc, order_type, other_loc):
        """1 if a unit of the type (``'A'``, ``'F'`` or ``'?'`` for either) at ``unit_loc``
        may move to (``'-'``), support into (``'S'``) or, an army, be convoyed towards
        (``'C'``) ``other_loc``; 0 otherwise. Answered from ``abuts_cache``."""
        if unit_type == "?":
            return (self.abuts_cache.get(("A", unit_loc.upper(), order_type, other_loc.upper()), 0)
                    or self.abuts_cache.get(("F", unit_loc.upper(), order_type, other_loc.upper()), 0))
        return self.abuts_cache.get((unit_type, unit_loc.upper(), order_type, other_loc.upper()), 0)

    def _abuts(self, unit_type, unit_loc, order_type, other_loc):
        """abuts() worked out from the tables (what fills abuts_cache)."""
        unit_loc = unit_loc.upper()
        if not self.is_valid_unit(unit_type + " " + unit_loc):
            return 0
        return self._abuts_along(unit_type, order_type, other_loc.upper(), self._first_neighbours(unit_loc))

    def _first_neighbours(self, loc):
        """Each name a neighbour of `loc` answers to (its location and its province, upper
        case) -> the first neighbour in abut_list() that answers to it, as written."""
        first = {}
        for place in self.abut_list(loc):
            first.setdefault(place.upper(), place)
            first.setdefault(place[:3].upper(), place)
        return first

    def _abuts_along(self, unit_type, order_type, other_loc, first_neighbours):
        """_abuts() for a unit that may stand where it is, whose neighbours are
        `first_neighbours` (_first_neighbours())."""
        if "/" in other_loc:
            if order_type == "S":
                other_loc = other_loc[:3]  # a support names the province
            elif unit_type == "A":
                return 0
        place = first_neighbours.get(other_loc)
        if place is None:
            return 0
        other_type = self.area_type(other_loc)
        if other_type == "SHUT":
            return 0
        if unit_type == "?":
            return 1
        if unit_type == "F":
            # Not inland, not a neighbour written for armies only ('edi'), and a move names
            # the coast where the province has coasts.
            if other_type == "LAND" or place[0].islower() or (order_type != "S" and other_loc not in self.loc_type):
                return 0
        elif order_type != "C" and (other_type == "WATER" or place == place.title()):
            return 0  # an army: not to sea, not along a fleet-only neighbour ('Den')
        return 1

    def default_coast(self, word):
        """The coast of a fleet's move where only one coast can be reached:
        ``['F', 'GRE', '-', 'BUL']`` becomes ``['F', 'GRE', '-', 'BUL/SC']``; other orders
        come back as they are."""
        if len(word) != 4 or word[0] != "F" or word[2] != "-" or "/" in word[3]:
            return word
        target, candidates = word[3], []
        for place in self.abut_list(word[1]):
            if place.upper() == target:
                return word
            if place.upper()[:3] == target:
                candidates.append(place.upper())
        if len(candidates) == 1:
            word[3] = candidates[0]
        return word

    # ------------------------------------------------------------------ words

    def norm_power(self, power):
        """A power's name normalised, without spaces: ``'Austria'`` -> ``'AUSTRIA'``."""
        return self.norm(power).replace(" ", "")

    def norm(self, phrase):
        """A phrase in upper case with its punctuation spaced out or dropped and each
        keyword replaced: ``'F Stp/sc - Bot'`` -> ``'F STP /SC BOT'``."""
        return _map_words.norm(phrase, self.keywords)

    def compact(self, phrase):
        """A phrase as a list of MILA's short words: ``'England: Fleet Western Mediterranean
        -> Tyrrhenian Sea. (*bounce*)'`` -> ``['F', 'WES', 'TYS', '|']``."""
        return _map_words.compact(self, phrase)

    def alias(self, word):
        """The short form of the longest phrase that ``word`` (normalised words) starts with,
        and how many words it took."""
        return _map_words.alias(self, word)

    def _resolve_unclear(self, alias):
        if alias in self.powers and alias in self.unclear:
            return self.unclear[alias]
        return alias

    def vet(self, word, strict=0):
        """Each short word with its kind (UNDETERMINED, POWER, UNIT, LOCATION, COAST,
        ORDER, MOVE_SEP, OTHER); with ``strict``, negative for words the map does not know."""
        return _map_words.vet(self, word, strict)

    def rearrange(self, word):
        """Short words put in the order of an order: ``['ENGLAND', 'F', 'WES', 'TYS', '|']``
        -> ``['ENGLAND', 'F', 'WES', '-', 'TYS']``."""
        return _map_words.rearrange(self, word)

    # ------------------------------------------------------------------ phases

    def _season_index(self, words):
        return self.seq.index(f"{words[0]} {words[2]}")

    def find_next_phase(self, phase, phase_type=None, skip=0):
        """The long name of the phase after ``phase`` (``'FALL 1901 RETREATS'`` ->
        ``'WINTER 1901 ADJUSTMENTS'``); ``phase_type`` (``'M'``, ``'R'``, ``'A'``) looks for
        the next of that type, ``skip`` passes over that many. ``FORMING`` and ``COMPLETED``
        come back as they are."""
        return self._step_phase(phase, phase_type, skip, 1)

    def find_previous_phase(self, phase, phase_type=None, skip=0):
        """The long name of the phase before ``phase``, as find_next_phase looks forward."""
        return self._step_phase(phase, phase_type, skip, -1)

    def _step_phase(self, phase, phase_type, skip, step):
        words = phase.split()
        if len(words) < 3:
            return phase
        year, index = int(words[1]), self._season_index(words)
        for _ in range(len(self.seq) * (skip + 1)):
            if step < 0 and self.seq[index].split()[0] == "NEWYEAR":
                year -= 1
            index = (index + step) % len(self.seq)
            season = self.seq[index].split()
            if season[0] == "NEWYEAR":
                if step > 0:
                    year += 1
                continue
            if phase_type in (None, season[1][0]):
                if skip == 0:
                    return f"{season[0]} {year} {season[1]}"
                skip -= 1
        return ""

    def compare_phases(self, phase1, phase2):
        """1, -1 or 0 as ``phase1`` comes after, before or with ``phase2``; each a long or a
        short name (``S1901M``), ``FORMING`` or ``COMPLETED``; ``S1901?`` is the season's last
        phase."""
        phase1, phase2 = self._comparable_phase(phase1), self._comparable_phase(phase2)
        if phase1 == phase2:
            return 0
        words1, words2 = phase1.split(), phase2.split()
        if len(words1) < 3 or len(words2) < 3:
            rank1, rank2 = _phase_rank(phase1, words1), _phase_rank(phase2, words2)
            return (rank1 > rank2) - (rank1 < rank2)
        year1, year2 = int(words1[1]), int(words2[1])
        if year1 != year2:
            return (1 if year1 > year2 else -1) * (self.flow_sign or 1)
        index1, index2 = self._season_index(words1), self._season_index(words2)
        if index1 == index2:
            return 0
        later = 1 if index1 > index2 else -1
        between = self.seq[min(index1, index2) + 1:max(index1, index2)]
        return -later if any(season.split()[0] == "NEWYEAR" for season in between) else later

    def _comparable_phase(self, phase):
        if phase[-1] == "?":
            last = [season.split()[1][0] for season in self.seq if season[0] == phase[0]][-1]
            phase = phase[:-1] + last
        return self.phase_long(phase, phase.upper()) if len(phase.split()) == 1 else phase

    @staticmethod
    def phase_abbr(phase, default="?????"):
        """``'SPRING 1901 MOVEMENT'`` -> ``'S1901M'`` (``FORMING``, ``COMPLETED`` as they are;
        ``default`` for anything else)."""
        if phase in ("FORMING", "COMPLETED"):
            return phase
        words = phase.split()
        if len(words) != 3:
            return default
        return f"{words[0][:1]}{int(words[1]):04d}{words[2][:1]}".upper()

    def phase_long(self, phase_abbr, default="?????"):
        """``'S1901M'`` -> ``'SPRING 1901 MOVEMENT'`` (``default`` if it names no phase)."""
        try:
            year = int(phase_abbr[1:-1])
        except ValueError:
            return default
        for season in self.seq:
            words = season.split()
            if words[0] not in ("NEWYEAR", "IFYEARDIV") and words[0][0].upper() == phase_abbr[0].upper() \
                    and words[1][0].upper() == phase_abbr[-1].upper():
                return f"{words[0]} {year} {words[1]}".upper()
        return default


def _phase_rank(phase, words):
    """FORMING before every phase, COMPLETED after (0 for anything else)."""
    if len(words) > 2:
        return 2
    return {"FORMING": 1, "COMPLETED": 3}.get(phase, 0)


def _map_from_tables(tables):
    restored = object.__new__(Map)
    for slot, value in tables.items():
        setattr(restored, slot, value)
    return restored
