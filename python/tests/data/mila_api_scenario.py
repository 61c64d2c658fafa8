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


def utils_answers(diplomacy):  # pylint: disable=unused-argument  # the package's modules, imported here
    """MILA's helpers: splitters, times, sorted sets, priority dicts, strings, common, errors."""
    # pylint: disable=import-outside-toplevel
    from diplomacy.utils import common, errors, keywords, splitter, strings, time
    from diplomacy.utils.priority_dict import PriorityDict
    from diplomacy.utils.sorted_set import SortedSet
    from diplomacy.engine import game as game_module, map as map_module
    from diplomacy import settings, version
    out = {}
    orders = {}
    for order in ("WAIVE", "A LON H", "A IRI - MAO VIA", "A WAL S F MAO - IRI", "F NWG C A NWY - EDI", "A IRO R MAO",
                  "A IRO D", "A LON B", "A WAL S F LON", ["A", "PAR", "-", "BUR"]):
        split = splitter.OrderSplitter(order)
        orders[str(order)] = [split.parts, len(split), split.unit, split.order_type, split.supported_unit,
                              split.support_order_type, split.destination, split.via_flag, split.input_str,
                              split.join()]
    later = splitter.OrderSplitter("A LON H")
    later.destination = "BUR"
    orders["destination set later"] = later.parts
    out["orders"] = orders
    phase = splitter.PhaseSplitter("F1902R")
    phase.year = 1903
    out["phase"] = [phase.parts, phase.season, phase.year, phase.phase_type, len(phase)]
    out["str_to_seconds"] = [time.str_to_seconds(text) for text in ("20D", "1W2D3H4M5S", "5", "3x4M", " 7", 90)]
    out["trunc_time"] = [time.trunc_time(1498746120, interval, zone) for interval in ("20M", 3600, "1D", "7M")
                         for zone in ("GMT", "Asia/Tokyo", "America/Montreal", "Asia/Kolkata")]
    out["next_time_at"] = [time.next_time_at(1498746120, at, zone) for at in ("10:30", "0:00", "", "1H", "23:59")
                           for zone in ("GMT", "Asia/Tokyo", "America/Montreal", "Asia/Kolkata")]
    sorted_set = SortedSet(int, [5, 1, 3, 3, 9])
    out["sorted_set"] = [list(sorted_set), len(sorted_set), str(sorted_set), 3 in sorted_set, 4 in sorted_set,
                         sorted_set.add(4), sorted_set.add(4), list(sorted_set), sorted_set.get_next_value(4),
                         sorted_set.get_next_value(9), sorted_set.get_next_value(2), sorted_set.get_previous_value(4),
                         sorted_set.get_previous_value(1), sorted_set.get_previous_value(100), sorted_set.index(5),
                         sorted_set.index(7), sorted_set.remove(3), sorted_set.remove(3), sorted_set[1],
                         list(reversed(sorted_set)), sorted_set.pop(0), list(sorted_set),
                         SortedSet.builder(str)(["c", "a"]) == SortedSet(str, ["a", "c"]), sorted_set.element_type.__name__]
    out["sorted_set_bad"] = _failure(lambda: SortedSet(int, 5))
    priorities = PriorityDict(a=3, b=1, c=2)
    priorities["d"] = 0
    priorities["b"] = 5
    del priorities["c"]
    out["priority_dict"] = [list(priorities), list(priorities.keys()), list(priorities.values()),
                            list(priorities.items()), priorities.smallest(), priorities["a"],
                            priorities.setdefault("e", 4), priorities.setdefault("a", 9), len(priorities),
                            list(priorities.copy().items()), PriorityDict().smallest()]
    out["strings"] = [strings.role_is_special(strings.OBSERVER_TYPE), strings.role_is_special(strings.SERVER_TYPE),
                      strings.switch_special_role(strings.OBSERVER_TYPE),
                      strings.switch_special_role(strings.OMNISCIENT_TYPE), _failure(lambda: strings.switch_special_role("x")),
                      sorted(strings.ALL_ROLE_TYPES), sorted(strings.ALL_VOTE_DECISIONS), strings.OBSERVER,
                      strings.ALL_GAME_STATUSES]
    out["common"] = [common.camel_case_to_snake_case(name) for name in ("GetAllPossibleOrders", "ABCWord", "", "x2Y")]
    out["common"] += [common.snake_case_to_upper_camel_case(name) for name in ("get_all_orders", "a_b_c", "", "x_2y")]
    out["common"] += [common.to_string(text) for text in ('say "hi"', "it's", "plain", 5)]
    out["common"] += [common.is_dictionary({}), common.is_dictionary([]), common.is_sequence("ab"),
                      common.is_sequence((1,)), common.is_sequence({1}), common.is_sequence({}),
                      _failure(lambda: common.assert_no_common_keys({"a": 1, "b": 2}, {"b": 3})),
                      len(common.generate_token(4)), common.EPOCH.year]
    comparing = common.str_cmp_class(lambda a, b: (len(a) > len(b)) - (len(a) < len(b)))
    out["str_cmp_class"] = [str(value) for value in sorted(map(comparing, ["ccc", "a", "bb"]))]
    out["errors"] = [type(errors.GAME_UNIT_CANT_SUPPORT_ITSELF).__name__, type(errors.MAP_LOC_NOT_FOUND).__name__,
                     errors.MapError(1, "x").code, errors.GameError(1, "x").code, errors.StdError(1, "x").code,
                     errors.MAP_ERROR_OFFSET, errors.GAME_ERROR_OFFSET, errors.STD_ERROR_OFFSET]
    out["keywords"] = [len(keywords.KEYWORDS), len(keywords.ALIASES), keywords.KEYWORDS.get("ARMY"),
                       map_module.KEYWORDS is keywords.KEYWORDS]
    out["word_kinds"] = [game_module.UNDETERMINED, game_module.POWER, game_module.UNIT, game_module.LOCATION,
                         game_module.COAST, game_module.ORDER, game_module.MOVE_SEP, game_module.OTHER,
                         str(game_module.MAYBE)]
    out["settings"] = [settings.TIME_ZONE, version.PACKAGE_VERSION, settings.PACKAGE_DIR == settings.DIPLOMACY_ROOT_DIR]
    return _plain(out)


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
