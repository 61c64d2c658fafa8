"""A game no longer referenced is freed: MILA's Game and stratagem.diplomacy.Game hold
themselves in cycles (powers, histories), which only the cyclic collector frees, and
pybind11 2.10's dynamic attributes on Python 3.11 hid those cycles from it, so every game
ever made stayed in memory (about 0.27 MB each in MILA's README loop)."""

import gc
import random
import weakref

import pytest

import stratagem.diplomacy
from diplomacy import Game


def _mila_game_played(phases: int) -> Game:
    random.seed(11)
    game = Game()
    for _ in range(phases):
        possible = game.get_all_possible_orders()
        for name in game.powers:
            game.set_orders(name, [random.choice(possible[loc]) for loc in game.get_orderable_locations(name)
                                   if possible[loc]])
        game.process()
    game.get_state()
    return game


@pytest.mark.parametrize("phases", [0, 4])
def test_a_mila_game_dropped_is_freed(phases):
    alive = weakref.ref(_mila_game_played(phases))
    gc.collect()
    assert alive() is None


def test_a_stratagem_game_in_a_cycle_is_freed():
    game = stratagem.diplomacy.Game()
    game.itself = game
    alive = weakref.ref(game)
    del game
    gc.collect()
    assert alive() is None
