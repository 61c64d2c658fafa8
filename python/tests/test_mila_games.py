"""Random games played by MILA's `diplomacy` itself (data/mila_games.json, written by
data/make_mila_games.py running MILA), replayed through ours with the same orders: before
every phase `power.adjust` and `get_orders()` are MILA's."""

import json
from pathlib import Path

import pytest

from diplomacy import Game

MILA = json.loads((Path(__file__).resolve().parent / "data" / "mila_games.json").read_text())
GAMES = MILA["games"]


def replay(mila_game, check):
    game = Game()
    for phase in mila_game["phases"]:
        assert game.get_current_phase() == phase["name"]
        for name, orders in phase["orders"].items():
            game.set_orders(name, orders)
        check(game, phase, "before")
        game.process()
        check(game, phase, "after")
    return game


@pytest.mark.parametrize("mila_game", GAMES, ids=[f"seed{game['seed']}" for game in GAMES])
def test_power_adjust_and_get_orders_as_milas_before_every_phase(mila_game):
    """MILA makes up an adjustment's orders with WAIVEs to the builds due, drops WAIVEs
    beyond them, and leaves WAIVE out of get_orders() and the order history."""

    def check(game, phase, when):
        if when == "before":
            assert {name: power.adjust for name, power in game.powers.items()} == phase["adjust"], phase["name"]
            assert game.get_orders() == phase["get_orders"], phase["name"]
        else:
            assert game.order_history.last_value() == phase["get_orders"], phase["name"]

    replay(mila_game, check)
