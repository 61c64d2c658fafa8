"""What the differential against MILA asks of a ``diplomacy`` package: every public answer
of its ``Map`` (here) and of its ``Game`` (game_answers.py), as JSON data.

The same functions run twice: under MILA's package when generate.py writes the corpus,
and under Stratagem's when python/tests/test_mila_*.py replay it; so both sides are asked
exactly the same questions. Nothing here may use more than the public API of MILA's
``diplomacy`` package.
"""

import random

# Attributes of MILA's Map kept as they are (each JSON data once tuples become lists).
MAP_ATTRIBUTES = ["name", "first_year", "victory", "phase", "validated", "flow_sign", "root_map", "homes",
                  "loc_name", "loc_type", "loc_abut", "loc_coasts", "own_word", "abbrev", "centers", "units",
                  "pow_name", "rules", "files", "powers", "scs", "owns", "inhabits", "flow", "dummies", "locs",
                  "error", "seq", "phase_abbrev", "unclear", "unit_names", "keywords", "aliases"]


def attempt(call, *args, **kwargs):
    """What a call answers, or ``{"raises": <exception type>}``: an exception is an answer
    too, and the two packages must raise the same one."""
    try:
        return call(*args, **kwargs)
    except Exception as error:  # pylint: disable=broad-except
        return {"raises": type(error).__name__}


def map_answers(game_map, phrases):
    """Every answer of a Map: its attributes, its place methods over every location, its
    word methods over `phrases` and its calendar methods over the years 1901-1903."""
    places = list(dict.fromkeys(game_map.locs + [loc.upper() for loc in game_map.locs]))
    everywhere = places + [loc.lower() for loc in places] + ["XYZ", "swi", "Spa/Nc"]
    upper = [loc.upper() for loc in game_map.locs]
    answers = {attribute: getattr(game_map, attribute) for attribute in MAP_ATTRIBUTES}
    answers["str"] = str(game_map)
    answers["convoy_paths"] = {str(size): sorted([start, sorted(fleets), sorted(dests)]
                                                 for start, fleets, dests in paths)
                               for size, paths in game_map.convoy_paths.items()}
    answers["dest_with_coasts"] = {loc: sorted(dests) for loc, dests in game_map.dest_with_coasts.items()}
    answers["abuts"] = sorted([unit_type, loc, order_type, other]
                              for unit_type in "AF?" for loc in upper for order_type in "-SC" for other in upper
                              if game_map.abuts(unit_type, loc, order_type, other))
    answers["abuts_cache_size"] = len(game_map.abuts_cache)
    answers["area_type"] = {loc: game_map.area_type(loc) for loc in everywhere}
    answers["find_coasts"] = {loc: game_map.find_coasts(loc) for loc in everywhere}
    answers["abut_list"] = {loc: [game_map.abut_list(loc), game_map.abut_list(loc, incl_no_coast=True)]
                            for loc in everywhere}
    answers["is_valid_unit"] = {f"{unit_type} {loc} {no_coast_ok} {shut_ok}":
                                int(game_map.is_valid_unit(f"{unit_type} {loc}", no_coast_ok, shut_ok))
                                for unit_type in "AF?" for loc in places for no_coast_ok in (0, 1)
                                for shut_ok in (0, 1)}
    # Only the moves it completes with a coast (the others come back as they were).
    answers["default_coast"] = {f"F {loc} - {other}": coast for loc in upper for other in upper
                                for coast in [game_map.default_coast(["F", loc, "-", other])[3]] if coast != other}
    answers["phrases"] = [phrase_answers(game_map, phrase) for phrase in phrases]
    answers["phases"] = calendar_answers(game_map)
    return answers


def phrase_answers(game_map, phrase):
    """norm, norm_power, compact, vet (loose and strict) and rearrange of one phrase."""
    compact = attempt(game_map.compact, phrase)
    words = compact if isinstance(compact, list) else []
    return {"phrase": phrase, "norm": attempt(game_map.norm, phrase), "norm_power": attempt(game_map.norm_power, phrase),
            "compact": compact, "vet": attempt(game_map.vet, words), "vet_strict": attempt(game_map.vet, words, 1),
            "rearrange": attempt(game_map.rearrange, words)}


def calendar_answers(game_map):
    """The phase methods over three years of phases, FORMING, COMPLETED and bad names."""
    long_names = [f"{season} {year} {kind}" for year in (1901, 1902, 1903)
                  for season, kind in (("SPRING", "MOVEMENT"), ("SPRING", "RETREATS"), ("FALL", "MOVEMENT"),
                                       ("FALL", "RETREATS"), ("WINTER", "ADJUSTMENTS"))]
    short_names = [game_map.phase_abbr(name) for name in long_names]
    odd = ["FORMING", "COMPLETED", "S1901?", "F1902?", "W1903?"]
    steps = {}
    for name in long_names + ["FORMING", "COMPLETED"]:
        for phase_type in (None, "M", "R", "A"):
            for skip in (0, 1, 2):
                key = f"{name}|{phase_type}|{skip}"
                steps[key] = [attempt(game_map.find_next_phase, name, phase_type, skip),
                              attempt(game_map.find_previous_phase, name, phase_type, skip)]
    names = short_names + odd + long_names[:3]
    return {
        "steps": steps,
        "compare": [[a, b, attempt(game_map.compare_phases, a, b)] for a in names for b in names],
        "abbr": {name: [attempt(game_map.phase_abbr, name), attempt(game_map.phase_abbr, name, "X")]
                 for name in long_names + odd + ["spring 1901 movement", "Bad", "A B C D", "SPRING 19O1 M"]},
        "long": {name: [attempt(game_map.phase_long, name), attempt(game_map.phase_long, name, "X")]
                 for name in short_names + ["s1901m", "w1902a", "bad", "S19X1M", "Q1901M", "F1901", "FORMING"]},
    }


# -------------------------------------------------------------------------- phrases

_VERBS = {"-": ["-", "->", "moves to", "MOVE", "attacks"], "S": ["S", "supports", "SUPPORT"],
          "C": ["C", "convoys", "convoy"], "H": ["H", "holds", "HOLD"], "R": ["R", "retreats to", "RETREAT"],
          "B": ["B", "build", "builds"], "D": ["D", "disband", "removes", "DESTROY"]}
_UNITS = {"A": ["A", "Army", "army", "an army", "ARMY"], "F": ["F", "Fleet", "fleet", "a fleet", "FLEET"]}
_COASTS = {"/NC": ["/NC", "/nc", " (nc)", "(north coast)", " NC", " north coast"],
           "/SC": ["/SC", "/sc", " (sc)", "(south coast)", " SC", " south coast"],
           "/EC": ["/EC", "/ec", " (ec)", "(east coast)", " EC", " east coast"]}
_AROUND = [("", ""), ("FRANCE: ", ""), ("England: ", " (*bounce*)"), ("", " (*cut*)"), ("", " (*void*)"),
           ("Russian ", ""), ("", " (*dislodged*)"), ("The ", "."), ("", " via convoy"), ("", " by convoy")]


def phrases_from_orders(orders, names, seed, count):
    """`count` phrases from canonical orders: as they are, lower-cased, with the places'
    names (`names`: code -> names), verbs and unit words in English, coasts written in
    other ways, a power before and a result after, and some words of garbage."""
    rng = random.Random(seed)
    orders = sorted(orders)
    phrases = ["England: Fleet Western Mediterranean -> Tyrrhenian Sea. (*bounce*)", "", "   ", "A", "()",
               "( )", "[ ]", "(**)", "A PAR - BUR ~ MAR", "A PAR \\ BUR", "F NORTH COAST OF SPAIN",
               "A PAR ? F BRE", "WAIVE", "A PAR - BUR | A PAR - PIC", "ITALY: A VEN H", "A ROM S ITALIAN A VEN"]
    for _ in range(count):
        words = rng.choice(orders).split()
        style = rng.randrange(6)
        written = []
        for word in words:
            if style >= 1 and word in _UNITS:
                word = rng.choice(_UNITS[word])
            elif style >= 2 and word in _VERBS:
                word = rng.choice(_VERBS[word])
            elif len(word) >= 3 and word[:3] in names:
                place, coast = word[:3], word[3:]
                if style >= 3 and rng.random() < 0.7:
                    place = rng.choice(names[word] if word in names else names[place])
                    coast = "" if word in names else coast
                if coast and style >= 2:
                    coast = rng.choice(_COASTS.get(coast, [coast]))
                word = place + coast
            written.append(word)
        phrase = " ".join(written)
        if style >= 4:
            before, after = rng.choice(_AROUND)
            phrase = before + phrase + after
        if style == 5:
            phrase = phrase.lower() if rng.random() < 0.5 else phrase + " " + rng.choice(["?", "|", "~", "XYZ", "of"])
        phrases.append(phrase)
    return phrases
