"""A game no longer referenced is freed: MILA's Game and stratagem.diplomacy.Game hold
themselves in cycles (powers, histories), which only the cyclic collector frees, and
pybind11 2.10's dynamic attributes on Python 3.11 hid those cycles from it, so every game
ever made stayed in memory (about 0.27 MB each in MILA's README loop)."""

import gc
import weakref

import pytest

import stratagem.diplomacy
from conftest import mila_game_played


@pytest.mark.parametrize("phases", [0, 4])
def test_a_mila_game_dropped_is_freed(phases):
    alive = weakref.ref(mila_game_played(phases, seed=11))
    gc.collect()
    assert alive() is None


def test_a_stratagem_game_in_a_cycle_is_freed():
    game = stratagem.diplomacy.Game()
    game.itself = game
    alive = weakref.ref(game)
    del game
    gc.collect()
    assert alive() is None
