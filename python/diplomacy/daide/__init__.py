"""MILA's ``diplomacy.daide``: not here (diplomacy.utils._not_here)."""

from ..utils._not_here import refuse

refuse(__name__)
