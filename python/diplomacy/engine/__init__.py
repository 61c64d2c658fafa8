"""MILA's ``diplomacy.engine``: ``game``, ``power``, ``message`` (and ``map``) over
Stratagem's engine."""
