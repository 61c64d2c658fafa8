"""MILA's ``diplomacy.utils.exceptions``: the exceptions its package raises, with its names,
its hierarchy and its messages, so research code that catches them (``except
MapPowerException``, ``except DiplomacyException``) runs unchanged.

Each class says in its docstring what it means; that sentence is its message when it is
raised with no words of its own. The ones that take arguments put them into MILA's words.
"""

from typing import Any, Iterable

__all__ = ["DiplomacyException"]  # and every class below, listed at the end


class DiplomacyException(Exception):
    """Diplomacy network code exception."""

    def __init__(self, message: str = "") -> None:
        self.message = (message or self.__doc__ or "").strip()
        super().__init__(self.message)


def _phrased(base: type, template: str, *parameters: str):
    """A class of ``base`` whose message is ``template`` filled with its arguments."""

    def __init__(self, *arguments: Any) -> None:
        if len(arguments) != len(parameters):
            raise TypeError(f"{type(self).__name__}() takes {len(parameters)} arguments "
                            f"({', '.join(parameters)}), {len(arguments)} given")
        base.__init__(self, template % arguments)

    return __init__


def _declare(name: str, base: type, doc: str, template: str = "", parameters: Iterable[str] = ()) -> type:
    namespace = {"__doc__": doc, "__module__": __name__}
    parameters = tuple(parameters)
    if parameters:
        namespace["__init__"] = _phrased(base, template, *parameters)
    cls = type(name, (base,), namespace)
    globals()[name] = cls
    __all__.append(name)
    return cls


# name, base, meaning (the message without arguments), and the words with arguments.
_declare("AlreadyScheduledException", DiplomacyException, "Cannot add a data already scheduled.")
_declare("CommonKeyException", DiplomacyException, "Common key error.",
         "Forbidden common key in two dicts (%s)", ["key"])
_declare("KeyException", DiplomacyException, "Key error.", "Key error: %s", ["key"])
_declare("LengthException", DiplomacyException, "Length error.",
         "Expected length %d, got %d.", ["expected_length", "given_length"])


class NaturalIntegerException(DiplomacyException):
    """Expected a positive integer (int >= 0)."""

    def __init__(self, integer_name: str = "") -> None:
        super().__init__(f"Integer error: {integer_name}. {self.__doc__}" if integer_name else "")


class NaturalIntegerNotNullException(NaturalIntegerException):
    """Expected a strictly positive integer (int > 0)."""


__all__ += ["NaturalIntegerException", "NaturalIntegerNotNullException"]

_declare("RandomPowerException", DiplomacyException, "No enough playable powers to select random powers.",
         "Cannot randomly select %s power(s) in %s available power(s).", ["nb_powers", "nb_available_powers"])
_declare("TypeException", DiplomacyException, "Type error.",
         "Expected type %s, got type %s", ["expected_type", "given_type"])


class ValueException(DiplomacyException):
    """Value error."""

    def __init__(self, expected_values: Iterable[Any], given_value: Any) -> None:
        super().__init__(f"Forbidden value {given_value}, expected: {', '.join(str(v) for v in expected_values)}")


__all__.append("ValueException")

_declare("NotificationException", DiplomacyException, "Unknown notification.")
ResponseException = _declare("ResponseException", DiplomacyException, "Unknown response.")
_declare("RequestException", ResponseException, "Unknown request.")
for _name, _doc in (
        ("AdminTokenException", "Invalid token for admin operations."),
        ("DaidePortException", "Daide server not started for the game"),
        ("GameCanceledException", "Game was cancelled."),
        ("GameCreationException", "Cannot create more games on that server."),
        ("GameFinishedException", "This game is finished."),
        ("GameIdException", "Invalid game ID."),
        ("GameJoinRoleException", "A token can have only one role inside a game: player, observer or omniscient."),
        ("GameRoleException", "Game role does not accepts this action."),
        ("GameMasterTokenException", "Invalid token for master operations."),
        ("GameNotPlayingException", "Game not playing."),
        ("GameObserverException", "Disallowed observation for non-master users."),
        ("GamePlayerException", "Invalid player."),
        ("GameRegistrationPasswordException", "Invalid game registration password."),
        ("GameSolitaireException", "A solitaire game does not accepts players."),
        ("GameTokenException", "Invalid token for this game."),
        ("MapIdException", "Invalid map ID."),
        ("ServerRegistrationException", "Registration currently not allowed on this server."),
        ("TokenException", "Invalid token."),
        ("UserException", "Invalid user."),
        ("PasswordException", "Password must not be empty.")):
    _declare(_name, ResponseException, _doc)


class GamePhaseException(ResponseException):
    """Data does not match current game phase."""

    def __init__(self, expected: Any = None, given: Any = None) -> None:
        message = self.__doc__
        if expected is not None:
            message += f" Expected: {expected}"
        if given is not None:
            message += f" Given: {given}"
        super().__init__(message)


__all__.append("GamePhaseException")

_declare("MapPowerException", ResponseException, "Invalid map power.", "Invalid map power %s", ["power_name"])
_declare("FolderException", ResponseException, "Given folder not available in server.",
         "Given folder not available in server: %s", ["folder_path"])
_declare("ServerDirException", ResponseException, "Error with working folder.",
         "No server directory available at path %s", ["server_dir"])
del _name, _doc
