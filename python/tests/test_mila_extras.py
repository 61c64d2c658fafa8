"""What code written for MILA's Game also finds here: orders that cannot be given are
dropped into game.error (strict=True raises), the position's hash, get_state/set_state,
and press with add_message / messages, kept in saved games."""
import random

import pytest

from stratagem.diplomacy import GLOBAL, Game, Message


def test_bad_orders_are_dropped_and_recorded_unless_strict():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A Par-Mos", "A Xyz-Bur", "A MAR - SPA"])
    assert game.get_orders("FRANCE") == ["A PAR - BUR", "A MAR - SPA"]
    assert game.error == ['FRANCE: "A Par-Mos": the unit cannot reach that province',
                          'FRANCE: "A Xyz-Bur": unknown place "Xyz"']
    game.set_orders("ENGLAND", "F LON - NTH")  # one order as a string, as MILA takes it
    assert game.get_orders("ENGLAND") == ["F LON - NTH"]
    with pytest.raises(ValueError, match='"NARNIA"'):
        game.set_orders("NARNIA", ["A PAR H"])  # a power that does not exist is never quiet
    strict = Game(strict=True)
    with pytest.raises(ValueError, match="cannot reach"):
        strict.set_orders("FRANCE", ["A PAR - BUR", "A Par-Mos"])
    assert strict.get_orders("FRANCE") == [] and strict.error == []


def test_hash_and_state_round_trip_over_random_games():
    rng = random.Random(3)
    for _ in range(5):
        game = Game()
        while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1906:
            copy = Game()
            copy.set_state(game.get_state())
            assert copy.get_hash() == game.get_hash()
            assert copy.get_orderable_locations() == game.get_orderable_locations()
            assert copy.get_all_possible_orders() == game.get_all_possible_orders()
            before = game.get_hash()
            possible = game.get_all_possible_orders()
            for power, locations in game.get_orderable_locations().items():
                game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
            game.process()
            assert game.get_hash() != before


def test_press_with_rules_and_in_saved_games():
    game = Game()
    first = game.add_message(Message("FRANCE", "ENGLAND", "The Channel stays empty."))
    second = game.add_message(Message("GERMANY", GLOBAL, "Peace in our time."))
    assert second > first and [m.phase for m in game.messages.values()] == ["S1901M", "S1901M"]
    for bad in (Message("SPAIN", GLOBAL, "x"), Message("FRANCE", "FRANCE", "x"), Message("FRANCE", "MARS", "x")):
        with pytest.raises(ValueError):
            game.add_message(bad)
    game.process()
    game.add_message(Message("ENGLAND", "FRANCE", "Agreed."))
    saved = game.to_saved_game_format()
    assert [len(phase["messages"]) for phase in saved["phases"]] == [2, 1]
    back = Game.from_saved_game_format(saved)
    assert list(back.messages.values()) == list(game.messages.values())
    public = Game(rules=["PUBLIC_PRESS"])
    with pytest.raises(ValueError, match="public press only"):
        public.add_message(Message("FRANCE", "ENGLAND", "psst"))
    public.add_message(Message("FRANCE", GLOBAL, "hello all"))
    with pytest.raises(ValueError, match="no press"):
        Game(rules=["NO_PRESS"]).add_message(Message("FRANCE", GLOBAL, "x"))
