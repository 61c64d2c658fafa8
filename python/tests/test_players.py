"""Our computer players from Python: ``player_orders`` gives a named player's orders for a game's position."""

import pytest

from stratagem.diplomacy import POWERS, Game, player_orders


def test_each_player_orders_every_unit_at_the_start():
    game = Game()
    for player in ("random", "holdbot", "dumbbot", "search:1", "equilibrium:1"):
        orders = player_orders(game, "RUSSIA", player, seed=3)
        assert len(orders) == 4, player
        possible = game.get_all_possible_orders()
        every = {order for choices in possible.values() for order in choices}
        assert set(orders) <= every, (player, orders)
    assert sorted(player_orders(Game(), "FRANCE", "holdbot")) == ["A MAR H", "A PAR H", "F BRE H"]


def test_the_same_seed_gives_the_same_orders():
    game = Game()
    first = player_orders(game, "TURKEY", "search:2", seed=11)
    assert player_orders(game, "TURKEY", "search:2", seed=11) == first
    assert player_orders(game.clone(), "TURKEY", "search:2", seed=11) == first


def test_a_game_played_by_dumbbots_through_retreats_and_adjustments():
    game = Game(max_year=1903)
    kinds = set()
    while not game.is_game_done:
        kinds.add(game.phase_type)
        for power in POWERS:
            orders = player_orders(game, power, "dumbbot", seed=5)
            game.set_orders(power, orders)
            assert not game.error, game.error
        game.process()
    assert {"M", "A"} <= kinds


def test_unknown_players_powers_and_finished_games_are_refused():
    game = Game()
    with pytest.raises(ValueError, match='deepblue.*the players are'):
        player_orders(game, "FRANCE", "deepblue")
    with pytest.raises(ValueError, match="1 to 4"):
        player_orders(game, "FRANCE", "equilibrium:9")
    with pytest.raises(ValueError, match="NARNIA"):
        player_orders(game, "NARNIA", "dumbbot")
    over = Game(max_year=1901)
    while not over.is_game_done:
        over.process()
    with pytest.raises(ValueError, match="the game is over"):
        player_orders(over, "FRANCE", "dumbbot")


def test_mila_face_games_take_the_players_too():
    from diplomacy import Game as MilaGame

    game = MilaGame()
    orders = player_orders(game, "ENGLAND", "dumbbot", seed=1)
    assert len(orders) == 3
    game.set_orders("ENGLAND", orders)
    assert sorted(game.get_orders("ENGLAND")) == sorted(orders)
