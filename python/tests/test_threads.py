"""Independent games and positions used from several threads at once give what they give
one after another, and the long calls let other Python threads run meanwhile."""

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from stratagem import diplomacy, dragonchess
from stratagem.diplomacy import Game

THREADS = 4


def random_game(seed):
    rng = random.Random(seed)
    game = Game(max_year=1915)
    while not game.is_game_done:
        possible = game.get_all_possible_orders()
        for power in game.powers:
            game.set_orders(power, [rng.choice(possible[loc]) for loc in game.get_orderable_locations(power)
                                    if possible[loc]])
        game.process()
    return game.to_saved_game_format()["phases"][-1]["state"]["units"], len(game.get_phase_history())


def test_independent_games_on_several_threads():
    seeds = list(range(8))
    alone = [random_game(seed) for seed in seeds]
    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(random_game, seeds))
    assert together == alone


def test_perft_on_several_threads():
    positions = [dragonchess.Position()]
    for move in ("W2e2-2e3", "W2e7-2e6", "W2f2-2f3"):
        positions.append(dragonchess.Position(positions[-1].text))
        positions[-1].push(move)
    alone = [dragonchess.perft(position, 3) for position in positions]
    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(lambda position: dragonchess.perft(position, 3), positions))
    assert together == alone
    # One position searched by several threads at once.
    with ThreadPoolExecutor(THREADS) as pool:
        same = list(pool.map(lambda _: dragonchess.perft(positions[0], 3), range(THREADS)))
    assert same == [alone[0]] * THREADS


def runs_while(call):
    """How often the calling thread gets to count while `call` runs on another thread."""
    started, counted = threading.Event(), 0
    worker = threading.Thread(target=lambda: (started.set(), call()))
    worker.start()
    started.wait()
    while worker.is_alive():
        counted += 1
    worker.join()
    return counted


@pytest.mark.parametrize("call", [
    lambda: diplomacy.selfplay(300, 1),
    lambda: dragonchess.bestmove(dragonchess.Position(), movetime_ms=400),
], ids=["selfplay", "bestmove"])
def test_long_calls_release_the_interpreter(call):
    # Holding the lock, the counting thread would wait the whole call through.
    assert runs_while(call) > 1000


def test_a_position_being_searched_refuses_changes():
    position = dragonchess.Position()
    done = threading.Event()
    worker = threading.Thread(target=lambda: (dragonchess.bestmove(position, movetime_ms=400), done.set()))
    worker.start()
    refused = 0
    while not done.is_set() and worker.is_alive():
        try:
            position.push("W2e2-2e3")
            position.pop()
        except RuntimeError as error:
            assert "another thread is searching this position" in str(error)
            refused += 1
    worker.join()
    assert refused > 0
    assert position.text == dragonchess.Position().text


def test_selfplay_threads_share_the_games():
    one = diplomacy.selfplay(6, 3, threads=1)
    two = diplomacy.selfplay(6, 3, threads=2)
    assert one["games"] == two["games"] == 6
    assert two["threads"] == 2 and two["phases"] > 0
