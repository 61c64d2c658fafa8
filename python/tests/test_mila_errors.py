"""game.error as MILA's: for movement orders the engine refuses for a reason MILA also
gives, the error MILA reports (its code and text, data/mila_errors.json written by
data/make_mila_errors.py running MILA); the other orders keep our sentence."""

import json
from pathlib import Path

import pytest

from diplomacy import Game
from diplomacy.utils import errors

CASES = json.loads((Path(__file__).resolve().parent / "data" / "mila_errors.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["order"])
def test_an_order_refused_reports_milas_error(case):
    game = Game()
    game.set_orders(case["power"], [case["order"]])
    assert [[error.code, str(error)] for error in game.error] == case["error"]
    assert game.get_orders(case["power"]) == case["orders"]


def test_errors_compare_as_milas_do():
    game = Game()
    game.set_orders("FRANCE", ["A PAR S A PAR", "A MAR - MOS"])
    assert game.error[0] == errors.GAME_UNIT_CANT_SUPPORT_ITSELF
    assert game.error[0] == "UNIT CANNOT SUPPORT ITSELF: A PAR S A PAR"
    assert game.error[1] == errors.GAME_CONVOYING_UNIT_MUST_REACH_COST
    assert isinstance(game.error[1], errors.Error) and game.error[1].code == 21035
    assert str(errors.STD_GAME_UNORDERABLE_UNIT) == "UNORDERABLE UNIT: %s"

