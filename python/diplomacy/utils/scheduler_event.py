"""MILA's ``diplomacy.utils.scheduler_event``: not here (diplomacy.utils._not_here)."""

from ._not_here import refuse

refuse(__name__)
