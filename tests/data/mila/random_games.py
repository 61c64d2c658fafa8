"""Random games in the style of MILA's README loop, with orders that are not all good: most
orders are drawn from ``get_all_possible_orders()``, some are written other ways (lower
case, full names), some cannot be used (a move out of reach, a support of nothing, a
unit of another power, a build where none may be made, words that are no order), and a
unit is now and then ordered twice or not at all. Driven under MILA by generate.py.
"""

import random

from answers import phrases_from_orders
from script import RecordedGame


def new_game(diplomacy, to_saved_game_format, rules):
    """A recorded new game with MILA's rule flags `rules` ("-NO_PRESS" removes one)."""
    game = RecordedGame(diplomacy.Game(), diplomacy.Game(), to_saved_game_format)
    for rule in rules:
        if rule.startswith("-"):
            game.remove_rule(rule[1:])
        else:
            game.add_rule(rule)
    return game


def play(diplomacy, to_saved_game_format, seed, last_year, rules=(), bad=0.15, press=0.0):
    """The script of one random game from seed `seed`, played until it is over or
    `last_year` is done, with MILA's rule flags `rules`; each power writes a message in a
    phase with probability `press`."""
    rng = random.Random(seed)
    game = new_game(diplomacy, to_saved_game_format, rules)
    return play_on(diplomacy, game, rng, last_year, bad, press)


def play_endgame(diplomacy, to_saved_game_format, seed, last_year, rules=()):
    """A random game from a position where a power is close to a win (16 or 17 centres, the
    others shared out at random), for the victory rules (HOLD_WIN, SHARED_VICTORY)."""
    rng = random.Random(seed)
    game = new_game(diplomacy, to_saved_game_format, rules)
    game_map = game.map
    powers = sorted(game.powers)
    centers = sorted(game_map.scs)
    rng.shuffle(centers)
    owned = {power: [] for power in powers}
    leader = rng.choice(powers)
    owned[leader] = [centers.pop() for _ in range(rng.choice((16, 17)))]
    for center in centers:
        owned[rng.choice([power for power in powers if power != leader])].append(center)
    game.clear_units()
    game.clear_centers()
    for power in powers:
        game.set_centers(power, sorted(owned[power]))
        units = []
        for center in sorted(owned[power]):
            if rng.random() < 0.8:
                coasts = [loc for loc in game_map.find_coasts(center) if "/" in loc]
                fleet = game_map.area_type(center) == "COAST" and rng.random() < 0.4
                units.append(f"F {rng.choice(coasts)}" if fleet and coasts else ("F " if fleet else "A ") + center)
        game.set_units(power, units)
    return play_on(diplomacy, game, rng, last_year, 0.05, 0.0)


def play_on(diplomacy, game, rng, last_year, bad, press):
    """Random orders (and messages) until the game is over or `last_year` is done."""
    names = place_names(game.map)
    powers = sorted(game.powers)
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
        for sender in powers:
            if rng.random() < press:
                recipient = rng.choice([power for power in powers if power != sender] + ["GLOBAL"])
                game.add_message(diplomacy.Message(sender=sender, recipient=recipient, message=f"{sender} {rng.random()}",
                                                   phase=game.current_short_phase))
        possible = game.get_all_possible_orders()
        for power in sorted(game.powers):
            orders = []
            for loc in game.get_orderable_locations(power):
                roll = rng.random()
                if roll < bad:
                    orders.append(bad_order(game, power, loc, rng))
                elif roll < bad + 0.03 and possible[loc]:
                    orders += phrases_from_orders([rng.choice(sorted(possible[loc]))], names, rng.random(), 1)[-1:]
                elif roll < 0.97 and possible[loc]:
                    orders.append(rng.choice(sorted(possible[loc])))
                if orders and rng.random() < 0.02:
                    orders.append(rng.choice(sorted(possible[loc]) or ["WAIVE"]))  # the unit again
            game.set_orders(power, orders)
        game.process()
    return game.finish()


def place_names(game_map):
    """code -> some names MILA's map gives it (for orders written with names)."""
    names = {}
    for name, loc in game_map.loc_name.items():
        names.setdefault(loc, []).append(name.title())
    return names


def bad_order(game, power, loc, rng):
    """An order for the unit (or build site) at `loc` that is wrong in some way."""
    places = sorted(loc.upper() for loc in game.map.locs)
    units = [unit.lstrip("*") for unit in game.get_units(power)]
    unit = next((unit for unit in units if unit[2:5] == loc[:3]), f"{rng.choice('AF')} {loc}")
    others = [unit.lstrip("*") for name, theirs in game.get_units().items() if name != power for unit in theirs]
    anyone = rng.choice(others or units)
    there = rng.choice(places)
    if game.phase_type == "R":
        return rng.choice([f"{unit} R {there}", f"{unit} - {there}", f"{anyone} R {there}", f"{unit} D",
                           f"{unit} H", f"{anyone} D"])
    if game.phase_type == "A":
        return rng.choice([f"{rng.choice('AF')} {there} B", f"{unit} B", f"{anyone} D", f"{unit} D",
                           f"{rng.choice('AF')} {loc} B", "WAIVE", f"{unit} - {there}"])
    return rng.choice([f"{unit} - {there}", f"{unit} S {anyone}", f"{unit} S {anyone} - {there}",
                       f"{unit} S {rng.choice('AF')} {there} - {rng.choice(places)}",
                       f"{unit} C {anyone} - {there}", f"{anyone} - {there}", f"{anyone} H",
                       f"{unit} - {there} VIA", f"A {there} H", f"{unit} B", unit, f"{unit} HOLD", "XYZ ABC",
                       f"{unit} R {there}", f"{unit[0]} {there[:3]} - {loc}"])
