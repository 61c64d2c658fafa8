"""Cicero's adjudicator as a second oracle: 100 random games played by `dipcc`, replayed
through ours phase by phase under the `datc` rules, reach dipcc's positions.

tests/data/dipcc/games.jsonl.xz holds each game's phases as dipcc recorded them: the
orders given and the units and centres the phase stood at (tests/data/dipcc/README.md says
how the games were made). Two conventions differ, and only these:
- a unit dislodged with nowhere to retreat: dipcc keeps it (as "*A NAP") for a retreat
  phase in which it is disbanded; ours disbands it at once (as MILA does), and goes on to
  the next phase where no other unit retreats. Ours must have reported that unit dislodged;
- dipcc ends every game unfinished by 1935 as a draw; ours plays on.
"""

import json
import lzma
from pathlib import Path

from stratagem.diplomacy import Game

GAMES = Path(__file__).resolve().parents[2] / "tests" / "data" / "dipcc" / "games.jsonl.xz"
DIPCC_LAST_YEAR = 1935


def by_power(lists):
    return {power: sorted(items) for power, items in lists.items() if items}


def position(phase_name, units, centres):
    return phase_name, by_power(units), by_power(centres)


def without_disbanded(units, ours, dislodged):
    """dipcc's units less those it keeps dislodged that ours dislodged and disbanded at once."""
    kept = {power: [unit for unit in listed if not (unit.startswith("*") and unit[1:] in dislodged
                                                    and unit not in ours.get(power, []))]
            for power, listed in units.items()}
    return kept, sum(len(units[power]) - len(kept[power]) for power in units)


def replay(game_record):
    """Plays dipcc's orders through ours; returns (phases replayed, retreat phases of dipcc's
    that ours skipped, units ours disbanded at once, the first phase that parted as (phase,
    dipcc's, ours) or None)."""
    phases = game_record["phases"]
    game = Game(rules="datc")
    replayed = skipped = disbanded = 0
    i = 0
    while i + 1 < len(phases):
        for power, orders in phases[i]["orders"].items():
            game.set_orders(power, orders)
        game.process()
        replayed += 1
        following = i + 1
        ours = game.get_current_phase()
        dislodged = {unit for unit, results in game.get_order_results().items() if "dislodged" in results}
        if (ours != phases[following]["name"] and phases[following]["name"].endswith("R")
                and following + 1 < len(phases) and ours == phases[following + 1]["name"]):
            retreating = {unit[1:] for units in phases[following]["units"].values() for unit in units
                          if unit.startswith("*")}
            if not retreating <= dislodged:
                return replayed, skipped, disbanded, (phases[i]["name"], sorted(retreating), sorted(dislodged))
            following += 1
            skipped += 1
            disbanded += len(retreating)
        expected = phases[following]
        ends = [phase["name"] for phase in phases[following:following + 2]]
        if "COMPLETED" in ends and int(phases[i]["name"][1:5]) == DIPCC_LAST_YEAR:
            break  # dipcc's draw: its last retreats (if any) and the end, where ours goes on
        ours_units = game.get_units()
        their_units, disbanded_here = without_disbanded(expected["units"], ours_units, dislodged)
        theirs = position(expected["name"], their_units, expected["centers"])
        got = position(ours, ours_units, game.get_centers())
        if got != theirs:
            return replayed, skipped, disbanded, (phases[i]["name"], theirs, got)
        disbanded += disbanded_here
        i = following
    return replayed, skipped, disbanded, None


def test_every_phase_of_dipccs_random_games_reaches_dipccs_position():
    records = [json.loads(line) for line in lzma.open(GAMES, "rt")]
    assert len(records) == 100
    totals = [0, 0, 0]
    for record in records:
        *counts, parted = replay(record)
        assert parted is None, f"game {record['seed']}: after {parted[0]} dipcc has {parted[1]}, ours {parted[2]}"
        totals = [total + count for total, count in zip(totals, counts)]
    assert totals == [PHASES_REPLAYED, RETREATS_SKIPPED, UNITS_DISBANDED_AT_ONCE]


# Counted on the corpus as committed: a change in any is a change in what is compared.
PHASES_REPLAYED = 9783
RETREATS_SKIPPED = 44
UNITS_DISBANDED_AT_ONCE = 45
