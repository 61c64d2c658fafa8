"""The core's calls MILA's face makes every phase without pybind11's dispatch
(python/src/mila_fast_calls.cpp) answer and refuse as the methods they stand for."""

import pytest

from conftest import mila_game_played
from diplomacy import Game
from stratagem import _core


def _played(phases: int) -> Game:
    return mila_game_played(phases, seed=5)


@pytest.mark.parametrize("phases", [0, 1, 2, 4, 7])
def test_the_same_answers_as_the_methods(phases):
    game = _played(phases)
    core = _core.DiplomacyGame
    assert _core._phase_of(game) == core.get_current_phase(game)
    assert _core._is_done_of(game) is core.is_game_done.fget(game)
    assert _core._history_size_of(game) == core._history_size(game) == phases
    assert _core._possible_orders_of(game) == core._mila_possible_orders(game)
    assert _core._orderable_of(game, None) == core.get_orderable_locations(game, None)
    assert _core._orderable_of(game, "france") == core.get_orderable_locations(game, "france")
    # On a plain core game too, not only on MILA's Game derived from it.
    plain = _core.DiplomacyGame("datc")
    assert _core._phase_of(plain) == "S1901M" and _core._is_done_of(plain) is False


def test_orders_given_and_process_as_the_methods():
    ours, theirs = _played(3), _played(3)
    orders = ["A PAR - BUR", "F BRE - MAO", "A MAR H", "A NOWHERE - PAR"]
    assert _core._give_orders_of(ours, "FRANCE", orders, True) == \
        _core.DiplomacyGame._give_orders_by_unit(theirs, "FRANCE", orders, True)
    assert _core.DiplomacyGame.get_orders(ours, "FRANCE") == _core.DiplomacyGame.get_orders(theirs, "FRANCE")
    assert _core._process_of(ours) == _core.DiplomacyGame._process_with_mila_results(theirs)
    assert _core._history_size_of(ours) == 4


def test_the_same_errors_as_the_methods():
    game = Game()
    with pytest.raises(ValueError, match="NARNIA"):
        _core._orderable_of(game, "NARNIA")
    with pytest.raises(ValueError, match="NARNIA"):
        _core._give_orders_of(game, "NARNIA", ["A PAR H"], True)
    with pytest.raises(TypeError, match="_give_orders_of"):
        _core._give_orders_of(game, "FRANCE")
    with pytest.raises(TypeError, match="a DiplomacyGame, got str"):
        _core._phase_of("S1901M")
    with pytest.raises(ValueError, match="orders must be a list of strings"):
        _core._give_orders_of(game, "FRANCE", 3, True)
    core = _core.DiplomacyGame("standard", 1901)
    while not core.is_game_done:
        core.process()
    assert _core._is_done_of(core) is True
    with pytest.raises(ValueError, match="the game is over"):
        _core._process_of(core)


def test_whether_a_text_that_may_say_via_is_not_held_as_written():
    # Only then can set_orders have a VIA move to refuse (game.py): the README loop's
    # orders, taken as listed, never make it look.
    game = Game()
    _core._give_orders_of(game, "FRANCE", ["A PAR - BUR", "F BRE - MAO"], True)
    assert _core._via_unsettled_of(game) is False
    _core._give_orders_of(game, "FRANCE", ["A PAR - BUR VIA"], True)  # no convoy: read as a move over land
    assert _core._via_unsettled_of(game) is True
    _core._give_orders_of(game, "ENGLAND", ["F LON - NTH", "A LVP - yor via"], True)
    assert _core._via_unsettled_of(game) is True
    _core._give_orders_of(game, "ITALY", ["A ROM - APU", "F NAP - ION"], True)
    assert _core._via_unsettled_of(game) is False
    _core._give_orders_of(game, "ITALY", ["A VEN - TRİ"], True)  # not ASCII: Python's upper() may make VIA of it
    assert _core._via_unsettled_of(game) is True
