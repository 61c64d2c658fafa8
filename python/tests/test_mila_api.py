"""MILA's documented API that needs no server answers as MILA's does: roles, controllers,
dummies, waiting, votes, the constructor's settings, draws (data/mila_api_scenario.py,
whose answers under MILA's package data/make_mila_api.py recorded in data/mila_api.json);
and ``Game.to_dict()``/``from_dict()`` in MILA's format both ways: ours reads MILA's and
then answers as MILA's game did, and writes back what MILA wrote."""

import copy
import json
import pickle
import sys
from pathlib import Path

import pytest

import diplomacy
from diplomacy import Game, Power

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(DATA))
import mila_api_scenario as scenario  # noqa: E402  pylint: disable=wrong-import-position

MILA = json.loads((DATA / "mila_api.json").read_text())


@pytest.mark.parametrize("part", ["roles", "settings", "draw", "utils"])
def test_calls_answer_as_milas(part):
    ours = json.loads(json.dumps(getattr(scenario, f"{part}_answers")(diplomacy)))
    assert {step: ours[step] for step in MILA[part] if ours[step] != MILA[part][step]} == {}
    assert ours == MILA[part]


@pytest.mark.parametrize("label", sorted(MILA["games"]))
def test_milas_to_dict_is_read_and_answers_as_milas_game(label):
    recorded = MILA["games"][label]
    game = Game.from_dict(copy.deepcopy(recorded["to_dict"]))
    ours = json.loads(json.dumps(scenario.game_answers(game)))
    assert {key: ours[key] for key in recorded["answers"] if ours[key] != recorded["answers"][key]} == {}


@pytest.mark.parametrize("label", sorted(MILA["games"]))
def test_to_dict_writes_what_milas_wrote(label):
    recorded = scenario.timeless(MILA["games"][label]["to_dict"])
    ours = scenario.timeless(scenario.to_dict_of(Game.from_dict(copy.deepcopy(MILA["games"][label]["to_dict"]))))
    assert {key: ours.get(key) for key in recorded if ours.get(key) != recorded[key]} == {}
    assert sorted(ours) == sorted(recorded)


@pytest.mark.parametrize("label", sorted(MILA["games"]))
def test_a_power_read_alone_writes_back_what_mila_wrote(label):
    for name, data in MILA["games"][label]["to_dict"]["powers"].items():
        power = Power.from_dict(copy.deepcopy(data))
        assert (power.name, power.to_dict()) == (name, data)
        assert power.is_controlled() == (name == "ENGLAND")


@pytest.mark.parametrize("label, seed, phases, rules", scenario.GAMES)
def test_our_game_through_to_dict_and_from_dict_answers_the_same(label, seed, phases, rules):
    game = scenario.played_game(diplomacy, seed, phases, rules)
    answers = scenario.game_answers(game)
    assert scenario.game_answers(Game.from_dict(scenario.to_dict_of(game))) == answers, label
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert scenario.game_answers(copied) == answers


def test_a_registration_password_hashed_by_mila_is_checked_as_milas():
    assert scenario.password_answers(diplomacy, MILA["password"]["hash"]) == MILA["password"]["answers"]


def test_from_dict_names_what_is_wrong():
    with pytest.raises(ValueError, match="powers"):
        Game.from_dict({"phases": []})
