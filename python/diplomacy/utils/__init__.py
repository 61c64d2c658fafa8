"""MILA's ``diplomacy.utils``: the helpers research code imports."""
