"""Calls of MILA's documented API that need no server, and what each answers; run under
MILA's package by make_mila_api.py (which records the answers in mila_api.json) and under
ours by test_mila_api.py, which expects the same answers.

Times, game ids and other values that differ from run to run are left out or replaced
by what they are (``"<timestamp>"``); everything else is compared exactly.
"""

import json
import random


def _plain(value):
    """An answer as JSON: sets sorted, keys as texts, codes as their words."""
    if isinstance(value, dict) or (hasattr(value, "items") and hasattr(value, "keys")):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(item) for item in value)
    if isinstance(value, (list, tuple)) or type(value).__name__ == "dict_keys":
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _failure(call):
    try:
        return ["returned", _plain(call())]
    except Exception as error:  # pylint: disable=broad-except  # what is raised is the answer
        return ["raised", type(error).__name__, str(error)]


TIMELESS = ("timestamp", "timestamp_created", "time_sent", "game_id", "id")


def timeless(value):
    """``value`` with its times and ids replaced by what they are, and a controller's
    history (timestamp -> name) by its names."""
    if isinstance(value, dict):
        if value and all(isinstance(key, str) and key.isdigit() and len(key) >= 15 for key in value):
            return {"<timestamps>": list(value.values())}
        return {key: ("<" + key + ">" if key in TIMELESS and item is not None else timeless(item))
                for key, item in value.items()}
    if isinstance(value, list):
        return [timeless(item) for item in value]
    return value


def roles_answers(diplomacy):
    """Status, roles, controllers, dummies, waiting and votes, step by step."""
    from diplomacy.utils import exceptions, strings  # pylint: disable=import-outside-toplevel
    game = diplomacy.Game()
    france = game.get_power("FRANCE")
    out = {}

    def look(step):
        out[step] = _plain({
            "power_waits": {name: power.wait for name, power in game.powers.items()},
            "does_not_wait": {name: bool(power.does_not_wait()) for name, power in game.powers.items()},
            "game_does_not_wait": game.does_not_wait(),
            "dummies": game.get_dummy_power_names(),
            "dummies_unordered": game.get_dummy_unordered_power_names(),
            "controllers": game.get_controllers(),
            "controlled": game.count_controlled_powers(),
            "expected": [game.get_expected_controls_count(), game.has_expected_controls_count()],
            "is_dummy": [game.is_dummy("FRANCE"), game.is_controlled("FRANCE"), france.is_dummy(),
                         france.is_controlled()],
            "order_is_set": {name: power.order_is_set for name, power in game.powers.items()},
            "votes": {name: power.vote for name, power in game.powers.items()},
        })

    out["game"] = _plain({
        "deadline": game.deadline, "n_controls": game.n_controls, "rules": game.rules, "status": game.status,
        "role": game.role, "power": game.power,
        "statuses": [game.is_game_forming, game.is_game_active, game.is_game_paused, game.is_game_canceled,
                     game.is_game_completed],
        "kinds": [game.is_player_game(), game.is_observer_game(), game.is_omniscient_game(), game.is_server_game()],
        "flags": [game.civil_disorder, game.multiple_powers_per_player, game.no_observations, game.no_press,
                  game.power_choice, game.public_press, game.real_time, game.start_master, game.solitaire],
        "map_powers": list(game.get_map_power_names()), "has_power": [game.has_power("FRANCE"), game.has_power("X")],
        "password": [game.is_valid_password(None), game.is_valid_password("secret")],
        "power_roles": [france.role, france.is_server_power(), france.is_player_power(), france.is_observer_power(),
                        france.is_omniscient_power(), france.get_controller()],
        "compare": [type(france).compare(france, game.get_power("ITALY")),
                    type(france).compare(game.get_power("ITALY"), france), type(france).compare(france, france)],
        "moves_submitted": bool(france.moves_submitted()),
        "tokens": [france.has_token("t"), france.add_token("t"), france.has_token("t"),
                   france.remove_tokens(["t"]), france.has_token("t")],
    })
    look("start")
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA"])
    look("france_ordered")
    game.set_wait("FRANCE", False)
    look("france_not_waiting")
    game.set_controlled("FRANCE", "alice")
    look("alice_plays_france")
    out["alice"] = _plain([game.get_controlled_power_names("alice"), france.is_controlled_by("alice"),
                           france.is_controlled_by("bob")])
    out["bob_takes_france"] = _failure(lambda: game.set_controlled("FRANCE", "bob"))
    out["set_orders_unknown_power"] = _failure(lambda: game.set_orders("NOWHERE", ["A PAR H"]))
    out["random_power_name"] = game.get_random_power_name() in game.get_dummy_power_names()
    for name, power in game.powers.items():
        power.vote = strings.YES if name < "I" else strings.NO
    out["votes"] = [game.has_draw_vote(), game.count_voted()]
    game.clear_vote()
    out["votes_cleared"] = [game.has_draw_vote(), game.count_voted()]
    for power in game.powers.values():
        power.vote = strings.YES
    out["all_yes"] = game.has_draw_vote()
    with game.current_state() as same:
        out["fixed_state"] = _plain([same is game, game.fixed_state == (game.get_current_phase(), game.get_hash()),
                                     game.is_fixed_state_unchanged()])
    out["fixed_state_after"] = _plain(game.fixed_state)
    game.process()
    look("after_process")
    game.set_controlled("FRANCE", None)
    look("france_dummy_again")
    for name in game.powers:
        game.set_orders(name, [])
    look("all_ordered_nothing")
    game.clear_orders("ITALY")
    look("italy_cleared")
    game.set_status(strings.ACTIVE)
    out["active"] = [game.is_game_active, game.is_game_forming]
    out["set_status_unknown"] = _failure(lambda: game.set_status("nowhere"))
    out["exceptions"] = [str(exceptions.MapPowerException("X")), str(exceptions.GamePhaseException("S1901M", "F1901M")),
                         str(exceptions.RandomPowerException(1, 0)), str(exceptions.DiplomacyException()),
                         str(exceptions.NaturalIntegerException("n")), str(exceptions.GameRoleException()),
                         issubclass(exceptions.MapPowerException, exceptions.ResponseException),
                         issubclass(exceptions.ResponseException, exceptions.DiplomacyException)]
    return out


def settings_answers(diplomacy):
    """What the constructor settles from its arguments."""
    out = {}
    for label, kwargs in (("default", {}), ("no_rules", {"rules": []}), ("no_deadline", {"rules": ["NO_DEADLINE"]}),
                          ("n_controls_0", {"rules": [], "n_controls": 0}),
                          ("deadline_60", {"rules": [], "deadline": 60}),
                          ("real_time", {"rules": ["REAL_TIME"]})):
        game = diplomacy.Game(**kwargs)
        out[label] = _plain([game.deadline, game.n_controls, game.rules, game.real_time,
                             {name: power.wait for name, power in game.powers.items()}])
    game = diplomacy.Game(rules=["REAL_TIME"])
    game.set_controlled("ITALY", "carol")
    out["real_time_controlled_waits"] = game.get_power("ITALY").wait
    return out


def password_answers(diplomacy, hashed):
    """A game's registration password, hashed by MILA's ``hash_password``."""
    game = diplomacy.Game(registration_password=hashed)
    return [game.is_valid_password("secret"), game.is_valid_password("Secret"), game.is_valid_password(None)]


def draw_answers(diplomacy):
    game = diplomacy.Game()
    game.process()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    previous, current = game.draw()
    return _plain({
        "previous": timeless({"name": previous.name, "orders": previous.orders, "results": previous.results,
                              "state": previous.state}),
        "current": timeless({"name": current.name, "orders": current.orders, "state": current.state}),
        "outcome": game.outcome, "note": game.note, "status": game.status, "phase": game.get_current_phase(),
        "histories": [list(map(str, history.keys())) for history in (game.state_history, game.order_history,
                                                                      game.result_history, game.message_history)],
        "is_game_done": game.is_game_done, "orders_now": game.get_orders(),
    })


def played_game(diplomacy, seed, phases, rules=None):
    """A game played ``phases`` phases with random orders (``seed``), then given orders
    for the phase it stands in and a message, as a saved game would hold it."""
    rng = random.Random(seed)
    game = diplomacy.Game() if rules is None else diplomacy.Game(rules=rules)
    for _ in range(phases + 1):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for name in sorted(game.powers):
            locations = game.get_orderable_locations(name)
            orders = [rng.choice(sorted(possible[location])) for location in locations if possible[location]]
            if orders:
                game.set_orders(name, orders)
        if _ == phases:
            break
        if _ == 1:
            game.add_message(diplomacy.Message(sender="FRANCE", recipient="ENGLAND", message="hello",
                                               phase=game.get_current_phase()))
        game.process()
    game.add_message(diplomacy.Message(sender="ENGLAND", recipient="GLOBAL", message="to all",
                                       phase=game.get_current_phase()))
    game.set_controlled("ENGLAND", "dora")
    game.get_power("ENGLAND").vote = "yes"
    game.set_wait("TURKEY", False)
    return game


GAMES = (("start", 7, 0, None), ("movement", 5, 3, None), ("retreat", 10, 5, None), ("long", 11, 17, None),
         ("no_check", 3, 2, ["NO_CHECK"]))


def game_answers(game):
    """What a loaded game answers: its position, orders, histories, waits."""
    return _plain(timeless({
        "phase": game.get_current_phase(), "state": game.get_state(), "orders": game.get_orders(),
        "order_is_set": {name: power.order_is_set for name, power in game.powers.items()},
        "waits": {name: power.wait for name, power in game.powers.items()},
        "controllers": game.get_controllers(), "votes": {name: power.vote for name, power in game.powers.items()},
        "orderable": game.get_orderable_locations(),
        "history": [phase.to_dict() for phase in game.get_phase_history()],
        "messages": [message.to_dict() for message in game.messages.values()],
        "rules": game.rules, "note": game.note, "outcome": game.outcome, "status": game.status,
    }))


def to_dict_of(game):
    return json.loads(json.dumps(game.to_dict()))
