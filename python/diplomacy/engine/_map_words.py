"""The words of MILA's ``Map``: its keyword and alias tables and the phrase reader over
them (``norm``, ``compact``, ``alias``, ``vet``, ``rearrange``), for diplomacy.engine.map.

MILA reads order sentences in its own short notation: one- or three-letter words
(``A``, ``F``, ``S``, ``PAR``, ``STP/SC``), ``-`` for a move, and a few signs for the
words around an order (``|`` a result or "or", ``~`` "via", ``\\`` "of"/"from", ``?``
"with"). The keyword table gives the English words of orders in that notation; the alias
table maps every name of a place or a power that Stratagem's variant knows, in English,
traditional and simplified Chinese and Japanese, to its code.
"""

UNDETERMINED, POWER, UNIT, LOCATION, COAST, ORDER, MOVE_SEP, OTHER = range(8)

# Single words and their short form ('' drops the word): the English words of orders, their
# coasts, the words around them, and the result words of MILA's order histories.
KEYWORDS = {
    ">": "", "-": "-",
    "ARMY": "A", "FLEET": "F",
    "THE": "", "IS": "", "WILL": "", "IN": "", "AT": "", "ON": "", "TO": "",
    "MOVE": "", "MOVES": "", "MOVING": "", "ATTACK": "", "ATTACKS": "", "ATTACKING": "",
    "HOLD": "H", "HOLDS": "H", "HOLDING": "H",
    "SUPPORT": "S", "SUPPORTS": "S", "SUPPORTING": "S",
    "CONVOY": "C", "CONVOYS": "C", "CONVOYING": "C",
    "RETREAT": "R", "RETREATS": "R", "RETREATING": "R",
    "BUILD": "B", "BUILDS": "B", "BUILDING": "B",
    "DISBAND": "D", "DISBANDS": "D", "DISBANDING": "D", "REMOVE": "D", "REMOVES": "D", "REMOVING": "D",
    "DESTROY": "D", "DESTROYS": "D", "DESTROYING": "D",
    "WAIVE": "V", "WAIVES": "V", "WAIVING": "V", "WAIVED": "V",
    "NC": "/NC", "SC": "/SC", "EC": "/EC", "WC": "/WC",
    "OF": "\\", "FROM": "\\", "WITH": "?", "VIA": "VIA", "THROUGH": "~", "OVER": "~", "BY": "~",
    "OR": "|", "BOUNCE": "|", "CUT": "|", "VOID": "?", "DISLODGED": "~", "DESTROYED": "*",
}

# Phrases of several words, written in the keywords' short forms: "north coast of",
# "a fleet", "via convoy", "by land".
PHRASES = {
    "NORTH COAST \\": "/NC \\", "SOUTH COAST \\": "/SC \\", "EAST COAST \\": "/EC \\", "WEST COAST \\": "/WC \\",
    "AN A": "A", "A F": "F", "NO C": "?", "~ C": "^", "~ =": "=", "? =": "=",
    "~ LAND": "_", "~ WATER": "_", "~ SEA": "_", "VIA C": "VIA", "V B": "B V",
}


def norm(phrase, keywords):
    """The phrase upper-cased, a '/' joined to the word after it, '.:-+,' turned to blanks,
    the signs '|*?!~()[]=_^' set apart, and each word replaced by its keyword's short form."""
    phrase = phrase.upper().replace("/", " /").replace(" / ", "")
    phrase = phrase.translate(_BLANKED)
    for sign in "|*?!~()[]=_^":
        phrase = phrase.replace(sign, f" {sign} ")
    return " ".join(keywords.get(word, word) for word in phrase.split())


_BLANKED = str.maketrans(".:-+,", "     ")


def aliases_of(game_map, names):
    """MILA's alias table from the variant's names as written (``[(name, code)]``): the
    phrases, then every code and every name of a power or a place, normalised, to its code;
    a name of a place wins over the same name of a power (``ENG`` is the English Channel)."""
    aliases = dict(PHRASES)
    places = {loc.upper() for loc in game_map.locs}
    for code in sorted(game_map.powers) + [loc.upper() for loc in game_map.locs]:
        aliases.setdefault(game_map.norm(code), code)
    for name, code in names:
        key = game_map.norm(name)
        # Stratagem reads names without regard to blanks and hyphens ("Mid-Atlantic",
        # "midatlantic"): a name of several words is also known written as one.
        joined = key.replace(" ", "") if all(word.isalnum() for word in key.split()) else key
        for key in dict.fromkeys((key, joined)):
            if key and (key not in aliases or (code in places and aliases[key] not in places)):
                aliases[key] = code
    return aliases


def compact(game_map, phrase):
    """The phrase as a list of short words; a leading ``POWER:`` is dropped."""
    if ":" in phrase:
        before, after = phrase.split(":", 1)
        said = vet(game_map, compact(game_map, before))
        if len(said) == 1 and said[0][1] == POWER:
            phrase = after
    words, result = norm(phrase, game_map.keywords).split(), []
    while words:
        short, taken = alias(game_map, words)
        if short:
            result += short.split()
        words = words[taken:]
    return result


def alias(game_map, word):
    """The short form of what ``word`` (a list of normalised words) starts with, and how
    many words it took: a bracketed group read on its own, else the longest phrase the
    alias table knows (or the first word), joined with a coast that follows it
    (``SPA /SC`` -> ``SPA/SC``) or preceded by one written before ("north coast of Spain")."""
    first = word[0]
    if first in ("(", "["):
        return _bracketed(game_map, word)
    taken = next((n for n in range(len(word), 0, -1) if " ".join(word[:n]) in game_map.aliases), 0)
    short = game_map.aliases[" ".join(word[:taken])] if taken else first
    taken = taken or 1
    if taken == len(word):
        return game_map._resolve_unclear(short), taken
    if short.endswith(" \\"):  # "<coast> of": the place comes next
        place, more = alias(game_map, word[taken:])
        if place[:1] == "/" or " " in place:
            return short, taken
        short, coast = place, short[:-2]
    elif short[:1] != "/" and " " not in short:
        coast, more = alias(game_map, word[taken:])
        if coast[:1] != "/" or " " in coast:
            return game_map._resolve_unclear(short), taken
    else:
        return game_map._resolve_unclear(short), taken
    short = game_map._resolve_unclear(short)
    joined = game_map.aliases.get(f"{short} {coast}", short + coast)
    return joined, taken + more


def _bracketed(game_map, word):
    """alias() of a group in brackets: ``( ... )`` or ``[ ... ]``, ``(* ... *)`` as its
    inside; a group the table knows as "<coast> of" gives the coast."""
    closing = ")" if word[0] == "(" else "]"
    end = next((j for j in range(1, len(word)) if word[j] == closing), None)
    if end is None:
        return word[0], 1
    if end == 1:
        return "", 2
    if word[1] + word[end - 1] == "**":
        inside = word[2:end - 1]
    else:
        inside = word[1:end]
        coast_of = game_map.aliases.get(" ".join(inside) + " \\", "")
        if coast_of.endswith(" \\"):
            return coast_of[:-2], end + 1
    shorts = []
    while inside:
        short, taken = alias(game_map, inside)
        if short:
            shorts.append(short)
        inside = inside[taken:]
    return " ".join(shorts), end + 1


def kind_of(game_map, thing):
    """vet()'s kind of one short word."""
    if " " in thing:
        return UNDETERMINED
    if len(thing) == 1:
        if thing in game_map.unit_names:
            return UNIT
        if thing.isalnum():
            return ORDER
        return MOVE_SEP if thing in "-=_" else OTHER
    if "/" in thing:
        return COAST if thing.find("/") == 3 else POWER
    if thing == "VIA":
        return ORDER
    return LOCATION if len(thing) == 3 else POWER


def vet(game_map, word, strict=0):
    """``[(word, kind)]``; with ``strict`` the kind is negative for a word that is neither
    a value of the alias table nor of the keyword table."""
    known = set(game_map.aliases.values()) | set(game_map.keywords.values()) if strict else ()
    return [(thing, -kind_of(game_map, thing) if strict and thing not in known else kind_of(game_map, thing))
            for thing in word]


def rearrange(game_map, word):
    """Short words put in the order of an order: results and stray signs at either end
    dropped; "with <unit>" brought to the front; "from <place>" before the places it
    follows; "via <place>" after the destination; the order letter after the first place;
    a power before its unit; ``-`` between two places in a row."""
    tokens = vet(game_map, ["|"] + list(word) + ["|"])
    tokens[0] = ("|", UNDETERMINED)  # stops the trimming below at the start
    while tokens[-2][1] == OTHER:
        del tokens[-2]
    if len(tokens) == 2:
        return []
    tokens[0] = ("|", OTHER)
    while tokens[1][1] == OTHER:
        del tokens[1]
    _bring_with_forward(tokens)
    _move_from_places(tokens)
    _move_via_places(tokens)
    _put_order_after_first_place(tokens)
    _put_power_before_unit(game_map, tokens)
    places = (LOCATION, COAST)
    for i in range(len(tokens) - 1, 1, -1):
        if tokens[i][1] in places and tokens[i - 1][1] in places:
            tokens.insert(i, ("-", MOVE_SEP))
    return [thing for thing, _ in tokens[1:-1]]


def _bring_with_forward(tokens):
    """The first "? <power> <unit> <place>" group goes after the leading powers and units;
    every '?' goes."""
    moved = False
    while ("?", OTHER) in tokens:
        i = tokens.index(("?", OTHER))
        del tokens[i]
        if moved:
            continue
        end = -1
        for end in range(i, len(tokens)):
            if tokens[end][1] in (POWER, UNIT):
                continue
            if tokens[end][1] in (LOCATION, COAST):
                end += 1
            break
        if end == i:
            continue
        moved = True
        at = 0
        for at in range(1, i):
            if tokens[at][1] not in (POWER, UNIT):
                break
        if at < i:
            group = tokens[i:end]
            tokens[at:at] = group
            del tokens[end:2 * end - i]


def _move_from_places(tokens):
    """A place after '\\' ("from") goes before the places (and '~') just before it."""
    while ("\\", OTHER) in tokens:
        i = tokens.index(("\\", OTHER))
        del tokens[i]
        if tokens[i][1] not in (LOCATION, COAST):
            continue
        j = i - 1
        while tokens[j][1] in (LOCATION, COAST) or tokens[j][0] == "~":
            j -= 1
        if j + 1 != i:
            tokens.insert(j + 1, tokens.pop(i))


def _move_via_places(tokens):
    """In "<place> <place> ~ <place> ...", the place before '~' goes after the run of places
    that follows it."""
    places = (LOCATION, COAST)
    while ("~", OTHER) in tokens:
        i = tokens.index(("~", OTHER))
        del tokens[i]
        if tokens[i][1] not in places or tokens[i - 1][1] not in places or tokens[i - 2][1] not in places:
            continue
        end = i + 1
        while tokens[end][1] in places:
            end += 1
        tokens.insert(end, tokens[i - 1])
        del tokens[i - 1]


def _put_order_after_first_place(tokens):
    """An order letter written before the first place goes right after it."""
    order_at = 0
    for j in range(1, len(tokens)):
        if tokens[j][1] in (LOCATION, COAST):
            if order_at:
                tokens.insert(j + 1, tokens[order_at])
                del tokens[order_at]
            return
        if tokens[j][1] == ORDER:
            order_at = j
        elif tokens[j][0] == "|":
            return


def _put_power_before_unit(game_map, tokens):
    """A power written after its unit goes before it; a power name that is also a place
    (the map's unclear names) is read as the place where a power cannot stand."""
    state = 0  # 0: after an order letter or at the start, 1: after a unit, 2: otherwise
    for i in range(len(tokens)):
        kind = tokens[i][1]
        if kind == POWER:
            if state > 0 and tokens[i][0] in game_map.unclear:
                tokens[i] = (game_map.unclear[tokens[i][0]], LOCATION)
            elif state == 1:
                tokens.insert(i + 1, tokens[i - 1])
                del tokens[i - 1]
            state = 2
        elif state == 0 and kind == UNIT:
            state = 1
        elif kind == ORDER:
            state = 0
        else:
            state = 2


def order_words(game_map, text):
    """The words of an order as MILA's Game reads it before checking it (its
    ``_expand_order``: the phrase compacted, rearranged, powers and a supported hold's
    ``H`` left out): ``'an army munich -> boh (*void*)'`` -> ``'A MUN - BOH'``; None where
    a word is not understood, a power is named within the order (``A TUR S A VEN - TRI``:
    MILA knows no place TUR) or the order names several moves."""
    words, order = [], ""
    for thing, kind in vet(game_map, rearrange(game_map, compact(game_map, text)), 1):
        if kind < 1 or kind == OTHER or (kind == MOVE_SEP and "-" in order) or (kind == POWER and words):
            return None
        if kind == POWER:
            continue
        if kind == ORDER:
            if order == "S" and thing == "H":
                continue
            order += thing
        elif kind == MOVE_SEP:
            order, thing = order + "-", "-"
        words.append(thing)
    return " ".join(words) or None
