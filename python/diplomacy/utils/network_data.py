"""MILA's ``diplomacy.utils.network_data``: not here (diplomacy.utils._not_here)."""

from ._not_here import refuse

refuse(__name__)
