#!/usr/bin/env python3
"""Prints KNOWN_DIFFERENCES for python/tests/test_mila_differential.py: replays the corpus
through Stratagem's ``diplomacy`` package (build/python on PYTHONPATH), puts each
difference down to the first cause of that test's CAUSES that fits it, and writes one
line per answer that differs: how many games differ there, and their causes. With
``--size``: each corpus's games, phases, answers compared and how many agree.

    PYTHONPATH=build/python nice -n 10 /usr/bin/python3 tests/data/mila/known_differences.py [--size]
"""

import collections
import json
import re
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "python" / "tests"))
import test_mila_differential  # noqa: E402

POSITION = ("position.units", "position.centers", "position.phase")
FOLLOW_POSITION = POSITION + ("position.long_phase", "position.phase_type", "position.state", "position.hash",
                              "position.orderable")


def first_divergence(found):
    """(corpus, game) -> the first step where the game's position differs."""
    diverged = {}
    for (compared, corpus), kinds in found.items():
        for kind in POSITION if compared == "what" else ():
            for game, step, *_ in kinds.get(kind, []):
                diverged[corpus, game] = min(diverged.get((corpus, game), step), step)
    return diverged


def cause(diverged, compared, corpus, kind, game, step, path, mila, ours):
    """The first of CAUSES that fits one difference."""
    A, B = json.dumps(mila), json.dumps(ours)
    if compared == "order":
        return "order"
    if step > diverged.get((corpus, game), step) or (kind.startswith("final") and (corpus, game) in diverged):
        return "diverged"
    if kind in FOLLOW_POSITION and (corpus, game) in diverged:
        return "diverged"
    if kind.endswith(".error"):
        return "error"
    if "VIA" in B and "VIA" not in A:
        return "via"
    if kind == "processed.command" and B == '"H"' and A == '"<absent>"':
        return "command-hold"
    if kind == "processed.command" and A == '"<absent>"':
        return "command-kept"
    if kind == "position.possible":
        return "support-coast" if (" S " in A) else "possible"
    if re.search(r'/[NSEW]C', B) and not re.search(r'/[NSEW]C', A):
        return "coast-written"
    if "void" in A and "void" not in B:
        return "void"
    if "void" in B and "void" not in A:
        return "void-ours"
    if "WAIVE" in A or "WAIVE" in B:
        return "waive"
    if kind in ("orders.power_orders", "position.powers") and A == '"<absent>"':
        return "adjust-kept" if re.match(r'"[BD]"', B) else ("retreat-kept" if B.startswith('"R') else "kept")
    if kind in ("orders.power_orders", "position.powers", "orders.orders", "processed.returned",
                "processed.ordered_units", "processed.command", "processed.order_status") and B in ('"<absent>"', "[]"):
        return "dropped"
    if kind in ("processed.results", "processed.returned", "processed.order_status") and A == '"<absent>"':
        return "results-empty"
    if kind in ("processed.results", "processed.returned", "processed.order_status") and B == '"<absent>"':
        return "results-missing"
    return "other:" + kind

def size():
    import diplomacy
    import script
    for corpus in test_mila_differential.CORPORA:
        games = phases = answers = same = 0
        for game in test_mila_differential.load(corpus):
            games += 1
            phases += sum(1 for step in game["script"] if step["do"] == "process")
            for _, answer, theirs, ours in script.replay(game["script"], diplomacy):
                keys = test_mila_differential.KINDS.get(answer)
                if keys is None:  # a call that raised on one side only
                    answers += 1
                    continue
                answers += len(keys)
                same += sum(theirs.get(key, "<absent>") == ours.get(key, "<absent>") for key in keys)
        print(f"{corpus}: {games} games, {phases} phases, {answers} answers, {same} the same as MILA's "
              f"({100 * same / answers:.1f} %)")


def main():
    if sys.argv[1:] == ["--size"]:
        size()
        return
    found = test_mila_differential.replay_all(test_mila_differential.CORPORA)
    diverged = first_divergence(found)
    for (compared, corpus), kinds in sorted(found.items()):
        for kind, items in sorted(kinds.items()):
            if not items or kind.endswith(" raises"):
                continue
            games = collections.defaultdict(set)
            for item in items:
                games[item[0]].add(cause(diverged, compared, corpus, kind, *item))
            counted = collections.Counter(reason for reasons in games.values() for reason in reasons)
            reasons = sorted(counted, key=lambda reason: (-counted[reason], reason))
            line = f"    {(compared, corpus, kind)!r}: ({len(games)}, {reasons!r}),"
            if len(line) > 120:
                line = textwrap.fill(line, 120, subsequent_indent=" " * 8, break_long_words=False,
                                     break_on_hyphens=False)
            print(line)


if __name__ == "__main__":
    main()
