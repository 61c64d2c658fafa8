"""A game as a script: the calls that change it, each with the answers MILA gave there.

``RecordedGame`` wraps MILA's Game while generate.py drives it (its own random games, or
MILA's DATC tests): every call that changes the game is written down with its arguments,
and ``process()`` and ``finish()`` also write the answers of game_answers.py. ``replay``
makes the same calls on another package's Game and yields each answer of both, so
python/tests/test_mila_differential.py can compare them one by one.
"""

import json

import game_answers

# Game methods that change a game; every other attribute is read through.
CHANGES = ("add_rule", "remove_rule", "clear_units", "clear_centers", "clear_orders", "set_units", "set_centers",
           "set_orders", "set_current_phase", "add_message", "draw")


class RecordedGame:
    """A MILA Game (any made already has its added rules written as add_rule calls) whose
    changes go to `self.script`."""

    def __init__(self, game, blank_game, to_saved_game_format):
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_saved", to_saved_game_format)
        script = [{"do": "add_rule", "args": [rule]} for rule in game.rules if rule not in blank_game.rules]
        script += [{"do": "remove_rule", "args": [rule]} for rule in blank_game.rules if rule not in game.rules]
        object.__setattr__(self, "script", script)

    def __getattr__(self, name):
        attribute = getattr(self._game, name)
        if name in CHANGES:
            def change(*args, **kwargs):
                step = {"do": name, "args": _json(args)}
                if kwargs:
                    step["kwargs"] = _json(kwargs)
                self.script.append(step)
                try:
                    return attribute(*args, **kwargs)
                except Exception as error:
                    step["raises"] = type(error).__name__
                    raise
            return change
        return attribute

    def __setattr__(self, name, value):
        setattr(self._game, name, value)

    def process(self):
        step = {"do": "process", "position": game_answers.position_answers(self._game),
                "orders": game_answers.orders_answers(self._game)}
        self.script.append(step)
        processed = game_answers.attempt(self._game.process)
        step["processed"] = game_answers.process_answers(self._game, processed)
        return processed

    def finish(self):
        """The last step: the position reached and the histories and saved game."""
        self.script.append({"do": "finish", "position": game_answers.position_answers(self._game),
                            "final": game_answers.final_answers(self._game, self._saved)})
        return self.script


def _json(value):
    """A call's argument as data: a Message as its fields (without its time, which the game
    gives it)."""
    if hasattr(value, "to_dict"):
        return {"Message": game_answers.timeless(value.to_dict())}
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    return value


def replay(script, diplomacy):
    """Makes the script's calls on a new Game of the package `diplomacy`; yields (step
    number, answer name, MILA's answer, this package's answer) for every answer the script
    holds, in order. A call that raises where MILA's did not (or the reverse) is an answer
    too (``{"raises": ...}``)."""
    from diplomacy.utils.export import to_saved_game_format  # the package's own, as MILA's code imports it
    game = diplomacy.Game()
    for number, step in enumerate(script):
        name = step["do"]
        if name == "finish":
            yield number, "position", step["position"], _jsonable(game_answers.position_answers(game))
            yield number, "final", step["final"], _jsonable(game_answers.final_answers(game, to_saved_game_format))
        elif name == "process":
            yield number, "position", step["position"], _jsonable(game_answers.position_answers(game))
            yield number, "orders", step["orders"], _jsonable(game_answers.orders_answers(game))
            processed = game_answers.attempt(game.process)
            yield number, "processed", step["processed"], _jsonable(game_answers.process_answers(game, processed))
        else:
            args = [diplomacy.Message(**arg["Message"]) if isinstance(arg, dict) and "Message" in arg else arg
                    for arg in step["args"]]
            done = game_answers.attempt(getattr(game, name), *args, **step.get("kwargs", {}))
            raised = done["raises"] if isinstance(done, dict) and "raises" in done else None
            if raised or step.get("raises"):
                yield number, f"{name} raises", step.get("raises"), raised


def _jsonable(value):
    """The answer as it reads back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False))
