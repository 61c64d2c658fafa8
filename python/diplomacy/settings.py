"""MILA's ``diplomacy.settings``: where the package is, and the time zone its server keeps
deadlines in."""

import os

DIPLOMACY_ROOT_DIR = os.path.dirname(os.path.realpath(__file__))
PACKAGE_DIR = DIPLOMACY_ROOT_DIR
TIME_ZONE = "America/Montreal"
