"""What the differential asks of a ``diplomacy`` Game, phase by phase: the position and
what may be ordered before the orders, the orders kept and the errors after them, what
``process()`` reports, and at the end the histories and the saved game. Run by
generate.py under MILA's package and by python/tests/test_mila_differential.py under
Stratagem's, so both are asked the same; only MILA's public Game API is used.

Answers are JSON data. Clock times (``timestamp``, a message's ``time_sent``) differ
between any two runs and are left out; MILA builds possible orders in a set, so each
location's list is sorted.
"""

from answers import attempt

TIMES = ("timestamp", "time_sent", "timestamp_created")


def timeless(value):
    """The value without its clock times, its dicts' keys made strings (as JSON has them);
    messages keyed by their time become a list."""
    if isinstance(value, dict) or callable(getattr(value, "items", None)):  # also MILA's SortedDict
        items = list(value.items())
        if items and all(isinstance(key, int) for key, _ in items):  # {time_sent: message}
            return [timeless(message) for _, message in sorted(items)]
        return {str(key): timeless(item) for key, item in items if key not in TIMES}
    if isinstance(value, (list, tuple)):
        return [timeless(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(timeless(item) for item in value)
    if hasattr(value, "to_dict"):
        return timeless(value.to_dict())
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)  # MILA's result codes and errors read as their words


def power_answers(power):
    return {"units": list(power.units), "centers": list(power.centers), "homes": list(power.homes),
            "retreats": timeless(power.retreats), "influence": list(power.influence),
            "civil_disorder": power.civil_disorder, "is_eliminated": power.is_eliminated(),
            "orders": timeless(power.orders)}


def position_answers(game):
    """The phase and position before any order, and what may be ordered."""
    possible = attempt(game.get_all_possible_orders)
    if isinstance(possible, dict):
        possible = {loc: sorted(orders) for loc, orders in possible.items()}
    return {
        "phase": game.get_current_phase(), "long_phase": game.phase, "phase_type": game.phase_type,
        "is_game_done": game.is_game_done, "units": attempt(game.get_units), "centers": attempt(game.get_centers),
        "orderable": attempt(game.get_orderable_locations), "possible": possible,
        "state": attempt(lambda: timeless(game.get_state())),
        "powers": {name: attempt(power_answers, power) for name, power in game.powers.items()},
        "hash": attempt(game.get_hash), "outcome": timeless(game.outcome), "note": game.note,
    }


def orders_answers(game):
    """After the orders are set: the orders kept and the errors they raised."""
    return {"orders": attempt(lambda: timeless(game.get_orders())),
            "error": [str(error) for error in game.error],
            "power_orders": {name: timeless(power.orders) for name, power in game.powers.items()}}


def process_answers(game, processed):
    """What process() returned (the phase as played) and what the game says of it after."""
    phase = processed if isinstance(processed, dict) and "raises" in processed else timeless(processed)
    return {"returned": phase, "error": [str(error) for error in game.error],
            "results": timeless(game.result_history.last_value()) if game.result_history else {},
            "ordered_units": timeless(game.ordered_units), "dislodged": timeless(game.dislodged),
            "popped": timeless(game.popped), "command": timeless(game.command),
            "order_status": timeless(attempt(game.get_order_status))}


def final_answers(game, to_saved_game_format):
    """The game's histories and its saved form, once played."""
    return {
        "phase": game.get_current_phase(), "is_game_done": game.is_game_done, "outcome": timeless(game.outcome),
        "status": timeless(game.status), "rules": list(game.rules), "victory": timeless(game.victory),
        "order_history": timeless(game.order_history), "result_history": timeless(game.result_history),
        "state_history": timeless(game.state_history), "message_history": timeless(game.message_history),
        "phase_history": timeless(attempt(game.get_phase_history)),
        "saved_game": timeless(attempt(saved_game, game, to_saved_game_format)),
    }


def saved_game(game, to_saved_game_format):
    """The saved game without the game's id (a random one for each new game)."""
    saved = to_saved_game_format(game)
    saved.pop("id", None)
    for phase in saved.get("phases", []):
        phase.get("state", {}).pop("game_id", None)
    return saved
