"""The calls LLM-agent code makes to build its prompts (tests/data/mila/agent_view.py: a
graph of the map from game.map, each unit's place and neighbours from loc_name, loc_type,
scs and get_state(), the nearest centre it does not own, its possible orders and their
norm() form), answered by our package as MILA's answered them in the same games
(tests/data/mila/agent.jsonl.xz, written by running MILA)."""
import json
import lzma
import sys
from pathlib import Path

import pytest

import diplomacy

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "mila"
sys.path.insert(0, str(CORPUS))
import agent_view  # noqa: E402


def games():
    with lzma.open(CORPUS / "agent.jsonl.xz", "rt", encoding="utf-8") as lines:
        next(lines)  # provenance
        return [json.loads(line) for line in lines]


@pytest.fixture(scope="module", params=games(), ids=lambda game: game["name"])
def game(request):
    return request.param


def test_the_map_graph_is_milas(game):
    assert agent_view.map_graph(diplomacy.Game().map) == game["graph"]


def test_every_phase_looks_to_an_agent_as_it_did_under_mila(game):
    ours = diplomacy.Game()
    graph = agent_view.map_graph(ours.map)
    assert len(game["phases"]) > 8
    for phase in game["phases"]:
        for power, view in phase["views"].items():
            mine = json.loads(json.dumps(agent_view.agent_view(ours, graph, power)))
            assert mine == view, (phase["views"][power]["phase"], power)
        for power, orders in phase["orders"].items():
            ours.set_orders(power, orders)
        ours.process()
