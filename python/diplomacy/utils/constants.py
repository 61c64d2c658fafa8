"""MILA's ``diplomacy.utils.constants`` that games read."""

__all__ = ["DEFAULT_GAME_RULES", "OrderSettings", "DEFAULT_NB_CONTROLS", "NB_CONNECTION_ATTEMPTS",
           "ATTEMPT_DELAY_SECONDS", "DEFAULT_BACKUP_DELAY_SECONDS", "DEFAULT_PING_SECONDS", "REQUEST_TIMEOUT_SECONDS",
           "DEFAULT_HOST", "DEFAULT_PORT", "DEFAULT_SSL_PORT", "PRIVATE_BOT_USERNAME", "PRIVATE_BOT_PASSWORD",
           "PRIVATE_BOT_TIMEOUT_SECONDS"]

# MILA's settings of its client and server, kept with MILA's values for code that reads them.
NB_CONNECTION_ATTEMPTS = 12
ATTEMPT_DELAY_SECONDS = 5
DEFAULT_BACKUP_DELAY_SECONDS = 10 * 60
DEFAULT_PING_SECONDS = 30
REQUEST_TIMEOUT_SECONDS = 30
DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8432
DEFAULT_SSL_PORT = 8433
# The account MILA's server gives the bots it runs (a power it plays is a dummy with tokens).
PRIVATE_BOT_USERNAME = ("#bot@2e723r43tr70fh2239-qf3947-3449-21128-9dh1321d12dm13d83820d28-9dm,"
                        "xw201=ed283994f4n832483")
PRIVATE_BOT_PASSWORD = ("#bot:password:28131821--mx1fh5g7hg5gg5g\u00b4[],s222222223djdjje399333x93901deedd|e[[[]{{|@S{@244f")
PRIVATE_BOT_TIMEOUT_SECONDS = 60

# The rules of a Game() made without any (MILA's).
DEFAULT_GAME_RULES = ("SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE")
DEFAULT_NB_CONTROLS = 1


class OrderSettings:
    """``Power.order_is_set``: no orders, orders set, or "no orders" set on purpose."""
    ORDER_NOT_SET = 0
    ORDER_SET_EMPTY = 1
    ORDER_SET = 2
    ALL_SETTINGS = {ORDER_NOT_SET, ORDER_SET_EMPTY, ORDER_SET}
