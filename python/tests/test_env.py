"""stratagem.env.encode_board: the DipNet per-location features, filled by C++."""
import random

import pytest

numpy = pytest.importorskip("numpy", reason="Debian's python3-numpy (scripts/install-deps)")

from stratagem.diplomacy import Game  # noqa: E402
from stratagem.env import FEATURE_NAMES, LOCATIONS, encode_board, encode_board_reference  # noqa: E402


def features(board, location):
    return {FEATURE_NAMES[k] for k in range(35) if board[LOCATIONS.index(location), k]}


def test_shape_and_the_start():
    board = encode_board([Game()])
    assert board.shape == (1, 81, 35) and board.dtype == numpy.float32
    assert len(LOCATIONS) == 81 and "SWI" not in LOCATIONS and LOCATIONS[-6:] == (
        "BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC")
    assert features(board[0], "PAR") == {"unit_army", "unit_owner_FRANCE", "dislodged_none", "dislodged_owner_none",
                                         "area_land", "centre_owner_FRANCE"}
    assert features(board[0], "MAO") == {"unit_none", "unit_owner_none", "dislodged_none", "dislodged_owner_none",
                                         "area_water"}
    # A fleet on a named coast is on the coast and on its province; not on the other coast.
    assert "unit_fleet" in features(board[0], "STP/SC") and "unit_fleet" in features(board[0], "STP")
    assert "unit_none" in features(board[0], "STP/NC")
    assert "centre_owner_none" in features(board[0], "BEL")
    # Every row has exactly one unit type, one owner, one area.
    assert (board[0][:, 0:3].sum(axis=1) == 1).all() and (board[0][:, 24:27].sum(axis=1) == 1).all()


def test_equal_to_the_plain_python_reference_over_random_games():
    rng = random.Random(5)
    checked = set()
    for game_number in range(12):
        game = Game()
        while not game.is_game_done and game.get_current_phase() != "COMPLETED" and int(game.get_current_phase()[1:5]) < 1908:
            board = encode_board([game])[0]
            assert board.tolist() == encode_board_reference(game), (game_number, game.get_current_phase())
            checked.add(game.get_current_phase()[-1])
            possible = game.get_all_possible_orders()
            for power, locations in game.get_orderable_locations().items():
                game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
            game.process()
    assert checked == {"M", "R", "A"}  # movement, retreats and adjustments were all met


def test_a_batch_is_each_game_encoded():
    first, second = Game(), Game()
    second.set_orders("FRANCE", ["A PAR - BUR"])
    second.process()
    boards = encode_board([first, second])
    assert (boards[0] == encode_board([first])[0]).all()
    assert (boards[1] == encode_board([second])[0]).all()
    assert not (boards[0] == boards[1]).all()
    assert encode_board([]).shape == (0, 81, 35)
