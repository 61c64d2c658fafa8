"""Phase names as MILA's histories key them: ``S1901M`` for ``SPRING 1901 MOVEMENT``,
sorting in the order the phases are played, ``COMPLETED`` last."""

from __future__ import annotations

from typing import Dict

_SEASONS = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
_TYPES = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
_LONG_SEASONS = {name: code for code, name in _SEASONS.items()}
_LONG_TYPES = {name: code for code, name in _TYPES.items()}


class PhaseName(str):
    """A short phase name (``S1901M``) that sorts in the order the phases are played,
    ``COMPLETED`` last: the keys of the histories (MILA's phase wrapper)."""

    def __new__(cls, phase: str) -> "PhaseName":
        name = super().__new__(cls, phase)
        name._rank = _phase_order(name)
        return name

    def __lt__(self, other: object) -> bool:
        return self._rank < (other._rank if isinstance(other, PhaseName) else _phase_order(other))

    def __le__(self, other: object) -> bool:
        return self._rank <= (other._rank if isinstance(other, PhaseName) else _phase_order(other))

    def __gt__(self, other: object) -> bool:
        return self._rank > (other._rank if isinstance(other, PhaseName) else _phase_order(other))

    def __ge__(self, other: object) -> bool:
        return self._rank >= (other._rank if isinstance(other, PhaseName) else _phase_order(other))

    def __reduce__(self):
        return (PhaseName, (str(self),))

    __hash__ = str.__hash__
    __eq__ = str.__eq__


_PHASE_NAMES: Dict[str, "PhaseName"] = {}


def _phase_name(phase: str) -> "PhaseName":
    """The PhaseName of a phase, made once."""
    name = _PHASE_NAMES.get(phase)
    if name is None:
        name = _PHASE_NAMES[phase] = PhaseName(phase)
    return name


def _phase_order(phase: str) -> tuple:
    if len(phase) != 6 or phase[0] not in "SFW" or phase[-1] not in "MRA":
        return (1, 0, 0, str(phase))
    return (0, int(phase[1:5]), "SFW".index(phase[0]), "MRA".index(phase[-1]))


def _short_phase(phase: str) -> str:
    """``S1901M`` from ``SPRING 1901 MOVEMENT`` (or the short name itself)."""
    words = phase.split()
    if len(words) == 3 and words[0] in _LONG_SEASONS and words[2] in _LONG_TYPES:
        return _LONG_SEASONS[words[0]] + words[1] + _LONG_TYPES[words[2]]
    return phase.upper()


def _long_phase(short: str) -> str:
    if len(short) == 6 and short[0] in _SEASONS and short[-1] in _TYPES:
        return f"{_SEASONS[short[0]]} {short[1:5]} {_TYPES[short[-1]]}"
    return short
