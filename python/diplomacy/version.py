"""MILA's ``diplomacy.version``: the version of MILA's package whose API this one answers
(code that checks it gets the version it was written for)."""

PACKAGE_VERSION = "1.1.2"
