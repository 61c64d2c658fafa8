"""The result words of MILA's ``diplomacy.utils.order_results``: each equal to its text
(``BOUNCE == "bounce"``; ``OK`` is the empty word)."""

from .common import StringableCode

__all__ = ["OrderResult", "OK", "NO_CONVOY", "BOUNCE", "VOID", "CUT", "DISLODGED", "DISRUPTED", "DISBAND",
           "MAYBE", "ORDER_RESULT_OFFSET"]

ORDER_RESULT_OFFSET = 10000


class OrderResult(StringableCode):
    """One order result: a code and the word it prints as."""


OK = OrderResult(0, "")
NO_CONVOY = OrderResult(ORDER_RESULT_OFFSET + 1, "no convoy")
BOUNCE = OrderResult(ORDER_RESULT_OFFSET + 2, "bounce")
VOID = OrderResult(ORDER_RESULT_OFFSET + 3, "void")
CUT = OrderResult(ORDER_RESULT_OFFSET + 4, "cut")
DISLODGED = OrderResult(ORDER_RESULT_OFFSET + 5, "dislodged")
DISRUPTED = OrderResult(ORDER_RESULT_OFFSET + 6, "disrupted")
DISBAND = OrderResult(ORDER_RESULT_OFFSET + 7, "disband")
MAYBE = OrderResult(ORDER_RESULT_OFFSET + 8, "maybe")

# The result of each word, as the engine reports them.
BY_WORD = {str(result): result for result in (OK, NO_CONVOY, BOUNCE, VOID, CUT, DISLODGED, DISRUPTED, DISBAND, MAYBE)}
