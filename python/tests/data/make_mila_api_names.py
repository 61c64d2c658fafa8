#!/usr/bin/python3
"""Records the public names of MILA's package that a research script can use without
MILA's server: each module's own names (its classes, functions and constants, not what it
imports) and each of its classes' public attributes, by running MILA's `diplomacy`
itself (nothing of MILA's is kept here, only its names):

    PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_api_names.py

writes python/tests/data/mila_api_names.json, read by python/tests/test_mila_api_names.py.
"""

import importlib
import inspect
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The modules research code imports: the package, its engine, its utilities, settings and
# version (its server, client, DAIDE server and web page are not here: docs/python.md).
MODULES = (["diplomacy", "diplomacy.settings", "diplomacy.version"]
           + [f"diplomacy.engine.{name}" for name in ("game", "map", "power", "message", "renderer")]
           + [f"diplomacy.utils.{name}" for name in (
               "common", "constants", "convoy_paths", "equilateral_triangle", "errors", "exceptions", "export",
               "game_phase_data", "jsonable", "keywords", "network_data", "order_results", "parsing",
               "priority_dict", "scheduler_event", "sorted_dict", "sorted_set", "splitter", "strings", "time")])


def own_names(module):
    names = {}
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if (inspect.isclass(value) or inspect.isfunction(value)) and value.__module__ != module.__name__:
            continue  # imported from elsewhere
        if inspect.isclass(value):
            names[name] = sorted(attribute for attribute in dir(value) if not attribute.startswith("_"))
        else:
            names[name] = None
    return names


def main():
    table = {name: own_names(importlib.import_module(name)) for name in MODULES}
    (HERE / "mila_api_names.json").write_text(json.dumps(table, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
