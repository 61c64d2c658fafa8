"""The calls LLM-agent code makes to build its prompts (tests/data/mila/agent_view.py, our
own words for what GoodStartLabs' AI_Diplomacy asks: a graph of the map from game.map,
each unit's place and neighbours from loc_name, loc_type, scs and get_state(), the
nearest centre it does not own, the possible orders and their norm() form), answered by
our package as MILA's answered them (tests/data/mila/agent.jsonl.xz, written by running
MILA). Each phase is set from MILA's own state, so a difference is in the answers, not in
how the games went."""
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


GAMES = games()


def as_json(value):
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["name"])
def test_the_map_graph_is_milas(game):
    assert agent_view.map_graph(diplomacy.Game().map) == game["graph"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["name"])
def test_each_unit_looks_to_an_agent_as_under_mila(game):
    ours = diplomacy.Game()
    graph = agent_view.map_graph(ours.map)
    assert len(game["phases"]) > 8
    for phase in game["phases"]:
        ours.set_state(phase["state"])
        for power, places in phase["places"].items():
            assert as_json(agent_view.place_view(ours, graph, power)) == places, (phase["state"]["name"], power)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["name"])
def test_orders_read_through_norm_as_under_mila(game):
    game_map = diplomacy.Game().map
    for phase in game["phases"]:
        for power, orders in phase["possible"].items():
            assert agent_view.normed(game_map, orders) == phase["normed"][power], (phase["state"]["name"], power)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["name"])
def test_the_orders_an_agent_is_offered_are_milas(game):
    ours = diplomacy.Game()
    for phase in game["phases"]:
        ours.set_state(phase["state"])
        for power, orders in phase["possible"].items():
            assert as_json(agent_view.orders_view(ours, power)) == orders, (phase["state"]["name"], power)
