"""As MILA's ``diplomacy.utils``: ``export`` reads and writes saved games."""
