"""MILA's ``diplomacy.utils.constants`` that games read."""

__all__ = ["DEFAULT_GAME_RULES", "OrderSettings", "DEFAULT_NB_CONTROLS"]

# The rules of a Game() made without any (MILA's).
DEFAULT_GAME_RULES = ("SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE")
DEFAULT_NB_CONTROLS = 1


class OrderSettings:
    """``Power.order_is_set``: no orders, orders set, or "no orders" set on purpose."""
    ORDER_NOT_SET = 0
    ORDER_SET_EMPTY = 1
    ORDER_SET = 2
    ALL_SETTINGS = {ORDER_NOT_SET, ORDER_SET_EMPTY, ORDER_SET}
