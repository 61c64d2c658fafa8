"""MILA's ``diplomacy.utils.time``: deadlines written as ``1W2D3H4M5S`` and times rounded
to an interval or to an hour of the day, in a time zone."""

import datetime
import math
from zoneinfo import ZoneInfo

__all__ = ["str_to_seconds", "trunc_time", "next_time_at"]

_SECONDS = {"W": 7 * 24 * 3600, "D": 24 * 3600, "H": 3600, "M": 60, "S": 1, " ": 1}
_DAY = 24 * 3600


def str_to_seconds(offset_str) -> int:
    """``"20D"`` -> 1728000: each number times its unit (W, D, H, M, S; a number with no
    unit is seconds; any other character drops the number before it)."""
    total = number = 0
    for char in str(offset_str):
        if char.isdigit():
            number = number * 10 + int(char)
        else:
            total += number * _SECONDS.get(char.upper(), 0)
            number = 0
    return total + number


def _zone_offset(timestamp: int, time_zone: str) -> float:
    return datetime.datetime.fromtimestamp(timestamp, ZoneInfo(time_zone)).utcoffset().total_seconds()


def trunc_time(timestamp: int, trunc_interval, time_zone: str = "GMT") -> int:
    """``timestamp`` (seconds) moved on to the next multiple of ``trunc_interval``
    (seconds or ``"20M"``) counted from midnight in ``time_zone``."""
    since_midnight = timestamp % _DAY
    offset = _zone_offset(timestamp, time_zone)
    interval = str_to_seconds(trunc_interval)
    return int(timestamp - since_midnight + math.ceil((since_midnight + offset) / interval) * interval - offset)


def next_time_at(timestamp: int, time_at, time_zone: str = "GMT") -> int:
    """``timestamp`` (seconds) moved on to the next ``"hh:mm"`` (or ``"1H30M"``) of the
    day in ``time_zone``; unchanged if ``time_at`` is empty or 0."""
    if not time_at:
        return timestamp
    since_midnight = timestamp % _DAY
    offset = _zone_offset(timestamp, time_zone)
    if ":" in time_at:
        hours, minutes = time_at.split(":")[:2]
        time_at = f"{int(hours)}H{int(minutes)}M"
    return int(timestamp + (-since_midnight + str_to_seconds(time_at) - offset) % _DAY)
