"""MILA's ``diplomacy.server``: not here (diplomacy.utils._not_here)."""

from ..utils._not_here import refuse

refuse(__name__)
