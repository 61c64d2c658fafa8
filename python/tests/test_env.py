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


def test_the_vocabulary_holds_every_legal_order_of_random_games():
    from stratagem.env import order_index, order_vocabulary
    vocabulary = order_vocabulary()
    assert len(vocabulary) == len(set(vocabulary)) == 23227 and vocabulary == sorted(vocabulary)
    assert vocabulary[order_index("A PAR - BUR")] == "A PAR - BUR"
    for order in ("A LVP - SMY VIA", "F MAO C A LVP - SMY", "F NTH S A YOR - NWY", "F STP/SC - BOT", "F STP/NC B", "WAIVE"):
        assert order in vocabulary, order
    for never in ("A ADR H", "A MOS - SEV VIA", "F PAR H", "A PAR - ADR VIA"):
        assert never not in vocabulary, never
    rng = random.Random(11)
    seen = 0
    for _ in range(8):
        game = Game()
        while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1912:
            possible = game.get_all_possible_orders()
            for orders in possible.values():
                for order in orders:
                    seen += 1
                    order_index(order)  # KeyError if the vocabulary missed it
            for power, locations in game.get_orderable_locations().items():
                game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
            game.process()
    assert seen > 50000


def random_actions(env, rng):
    """Each live agent's orders as vocabulary indices: one legal order per orderable location."""
    from stratagem.env import order_index
    possible = env.game.get_all_possible_orders()
    orderable = env.game.get_orderable_locations()
    return {agent: [order_index(rng.choice(possible[loc])) for loc in orderable.get(agent, []) if possible[loc]]
            for agent in env.agents}


def test_the_parallel_env_keeps_pettingzoos_promises():
    # The points of PettingZoo's parallel_api_test, checked here (PettingZoo is not
    # packaged for Debian 12).
    from stratagem.env import parallel_env
    env = parallel_env(max_year=1906)
    observations, infos = env.reset(seed=3)
    assert env.possible_agents == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert env.agents == env.possible_agents and set(observations) == set(infos) == set(env.agents)
    space = env.action_space("FRANCE")
    assert space.n == 23227 and env.action_space("ENGLAND").n == space.n
    for agent, observation in observations.items():
        assert observation["board"].shape == (81, 35) and observation["action_mask"].shape == (space.n,)
        mask = observation["action_mask"]
        assert mask.sum() > 0 and mask[space.sample(mask)] == 1
    rng = random.Random(3)
    steps = 0
    while env.agents:
        acting = list(env.agents)
        actions = random_actions(env, rng)
        for agent, indices in actions.items():  # every order chosen is one the mask allows
            assert all(observations[agent]["action_mask"][i] for i in indices)
        observations, rewards, terminations, truncations, infos = env.step(actions)
        steps += 1
        for result in (observations, rewards, terminations, truncations, infos):
            assert set(result) == set(acting)
        assert all(isinstance(r, float) for r in rewards.values())
        assert set(env.agents) <= set(acting) and set(env.agents) <= set(env.possible_agents)
        for agent in acting:
            assert (agent in env.agents) == (not terminations[agent] and not truncations[agent])
        assert all(info["dropped"] == [] for info in infos.values())
    assert steps >= 10 and env.game.is_game_done
    assert sum(len(env.game.get_centers(p)) for p in env.possible_agents) <= 34


def test_an_order_not_legal_now_is_dropped_and_said():
    from stratagem.env import order_index, parallel_env
    env = parallel_env(max_year=1902)
    env.reset()
    _, _, _, _, infos = env.step({"FRANCE": [order_index("A PAR - BUR"), order_index("A MUN - BUR")]})
    assert infos["FRANCE"]["dropped"] == ['FRANCE: "A MUN - BUR": the unit belongs to another power']
    assert infos["GERMANY"]["dropped"] == []


def test_the_vector_env_plays_each_game_as_a_game_would():
    from stratagem.env import VectorEnv, order_vocabulary
    vocabulary = order_vocabulary()
    env = VectorEnv(6, max_year=1904, threads=2)
    games = [Game(max_year=1904) for _ in range(6)]
    assert (env.boards == encode_board(games)).all()
    rng = random.Random(9)
    for _ in range(25):
        offsets, indices = env.legal_orders()
        actions = numpy.full((6, 40), -1, numpy.int32)
        for g, game in enumerate(games):
            legal = [vocabulary[i] for i in indices[offsets[g]:offsets[g + 1]]]
            possible = game.get_all_possible_orders()
            assert set(legal) - {"WAIVE"} == {o for loc in game.get_orderable_locations().values() for l in loc
                                               for o in possible[l]} - {"WAIVE"}
            # One order per unit (or build site), chosen at random; WAIVE names no power,
            # so the vector form ignores it (a power that builds less has waived the rest).
            chosen = {}
            for order in rng.sample(legal, len(legal)):
                if order != "WAIVE":
                    chosen.setdefault(order.split()[1].split("/")[0], order)
            picked = list(chosen.values())[:40]
            actions[g, :len(picked)] = [vocabulary.index(o) for o in picked]
            for power in game.get_orderable_locations():
                game.set_orders(power, [o for o in picked if o in {x for l in game.get_orderable_locations(power) for x in possible[l]}])
            game.process()
            if game.is_game_done:
                games[g] = Game(max_year=1904)
        boards, centres, done = env.step(actions)
        assert (boards == encode_board(games)).all()
        assert [list(row) for row in centres] == [[len(game.get_centers(p)) for p in
                                                   ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")]
                                                  for game in games]
    assert env.phases == 6 * 25
