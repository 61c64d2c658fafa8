"""The differential against MILA: every game of the corpus in tests/data/mila (random games
under MILA's default rules, under each rule flag, with press, near a win, and the games of
MILA's own DATC tests), written by running MILA's package (generate.py), is played again
here through our ``diplomacy`` package with the same calls, and every answer is compared
with MILA's, phase by phase: the position, what may be ordered, the orders kept and
game.error, what process() returns, the results, the histories and the saved game.

Each test takes one corpus and one kind of answer, so a difference names what differs;
the same answers are compared twice: for what they hold (every list of words compared as
a set: units, centres, locations) and exactly, in MILA's order too. Answers that still
differ are marked below as expected failures (strict: a fixed one fails until its mark
goes), each with the differences it covers; a failure prints the first differences with
both answers.
"""
import collections
import json
import lzma
import sys
from pathlib import Path

import pytest

import diplomacy

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "mila"
sys.path.insert(0, str(CORPUS))
import script  # noqa: E402  (tests/data/mila/script.py: the calls and MILA's answers)

CORPORA = ["games", "flags", "datc"]
KINDS = {
    "position": ["phase", "long_phase", "phase_type", "is_game_done", "units", "centers", "orderable", "possible",
                 "state", "powers", "hash", "outcome", "note"],
    "orders": ["orders", "error", "power_orders"],
    "processed": ["returned", "error", "results", "ordered_units", "dislodged", "popped", "command",
                  "order_status"],
    "final": ["phase", "is_game_done", "outcome", "status", "rules", "victory", "order_history", "result_history",
              "state_history", "message_history", "phase_history", "saved_game"],
}
# ("what" or "order", corpus, "answer.key") -> why ours still differs there
# (docs/mila-differential.md).
KNOWN_DIFFERENCES = {}


def load(corpus):
    """The games of a corpus one at a time (tests/data/mila/<corpus>.jsonl.xz: a line of
    provenance, then a game a line)."""
    with lzma.open(CORPUS / f"{corpus}.jsonl.xz", "rt", encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            yield json.loads(line)


def unordered(answer):
    """The answer with every list of words sorted: what it holds, whatever the order."""
    if isinstance(answer, dict):
        return {key: unordered(value) for key, value in answer.items()}
    if isinstance(answer, list):
        items = [unordered(item) for item in answer]
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    return answer


def differences(mila, ours, path=""):
    """Where two answers differ: [(path, MILA's part, ours)], the deepest parts that differ."""
    if isinstance(mila, dict) and isinstance(ours, dict):
        found = []
        for key in list(mila) + [key for key in ours if key not in mila]:
            found += differences(mila.get(key, "<absent>"), ours.get(key, "<absent>"), f"{path}/{key}")
        return found
    if isinstance(mila, list) and isinstance(ours, list) and len(mila) == len(ours) and mila != ours:
        found = []
        for index, (theirs, mine) in enumerate(zip(mila, ours)):
            found += differences(theirs, mine, f"{path}[{index}]")
        return found
    return [] if mila == ours else [(path, mila, ours)]


@pytest.fixture(scope="session")
def replayed():
    return replay_all(CORPORA)


def replay_all(corpora, games=None):
    """("what" or "order", corpus) -> "answer.key" -> [(game, step, path, MILA's, ours)]:
    the corpora (their first `games` games) replayed through our package."""
    found = {(compared, corpus): collections.defaultdict(list) for compared in COMPARED for corpus in corpora}
    for corpus in corpora:
        for number, game in enumerate(load(corpus)):
            if games is not None and number >= games:
                break
            for step, answer, theirs, mine in script.replay(game["script"], diplomacy):
                if answer not in KINDS:  # a call that raised on one side only
                    found["what", corpus][answer].append((game["name"], step, "", theirs, mine))
                    continue
                for key in KINDS[answer]:
                    theirs_now, mine_now = theirs.get(key, "<absent>"), mine.get(key, "<absent>")
                    if theirs_now == mine_now:
                        continue
                    held = differences(unordered(theirs_now), unordered(mine_now))
                    for path, a, b in held:
                        found["what", corpus][f"{answer}.{key}"].append((game["name"], step, path, a, b))
                    if not held:
                        for path, a, b in differences(theirs_now, mine_now):
                            found["order", corpus][f"{answer}.{key}"].append((game["name"], step, path, a, b))
    return found


# Each answer is compared for what it holds and, where that is the same, for its order.
COMPARED = ["what", "order"]


def cases():
    for compared in COMPARED:
        for corpus in CORPORA:
            for answer, keys in KINDS.items():
                for key in keys:
                    kind = f"{answer}.{key}"
                    known = KNOWN_DIFFERENCES.get((compared, corpus, kind))
                    marks = [pytest.mark.xfail(strict=True, reason=known)] if known else []
                    yield pytest.param(compared, corpus, kind, id=f"{compared}-{corpus}-{kind}", marks=marks)


def report(found, limit=12):
    lines = [f"{len(found)} differences; the first {min(limit, len(found))}:"]
    for game, step, path, theirs, mine in found[:limit]:
        lines.append(f"  {game}, step {step}, {path or 'call'}:\n    MILA: {json.dumps(theirs)[:400]}\n"
                     f"    ours: {json.dumps(mine)[:400]}")
    return "\n".join(lines)


@pytest.mark.parametrize("compared, corpus, kind", list(cases()))
def test_the_same_answers_as_mila(replayed, compared, corpus, kind):
    found = replayed[compared, corpus].get(kind, [])
    assert not found, report(found)


@pytest.mark.parametrize("corpus", CORPORA)
def test_no_call_raises_on_one_side_only(replayed, corpus):
    raised = {kind: found for kind, found in replayed["what", corpus].items() if kind.endswith(" raises")}
    assert not raised, "\n".join(report(found) for found in raised.values())


def test_the_corpus_is_what_it_says():
    games = list(load("games"))
    assert len(games) == 250 and all(game["script"][-1]["do"] == "finish" for game in games)
    flags = {game["name"].rsplit(" ", 1)[0] for game in load("flags")}
    assert {"NO_CHECK", "BUILD_ANY", "DONT_SKIP_PHASES", "CIVIL_DISORDER", "HOLD_WIN", "SHARED_VICTORY",
            "endgame HOLD_WIN", "press -NO_PRESS PUBLIC_PRESS"} <= flags
    datc = list(load("datc"))
    assert {game["name"].split(".")[0] for game in datc} == {"TestDATC", "TestDATCNoCheck", "TestDATCNoExpand"}
    assert len(datc) > 450
