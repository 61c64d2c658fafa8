"""Every public name of MILA's package that research code can use without MILA's server
(each module's own classes, functions and constants, and each class's public attributes:
data/mila_api_names.json, recorded by data/make_mila_api_names.py running MILA) exists on
ours, but for those refused below, each for a reason docs/python.md gives; a module refused
whole raises ImportError saying why and what to use instead."""

import importlib
import json
from pathlib import Path

import pytest

from diplomacy import Game, Message

NAMES = json.loads((Path(__file__).resolve().parent / "data" / "mila_api_names.json").read_text())

# MILA's data-model layer (utils.jsonable, utils.parsing), not provided: to_dict/from_dict/json are.
_MODEL = {"build_model", "get_model", "model", "update_json_dict"}
# MILA's adjudicator's working state and caches: the engine adjudicates in C++.
_ADJUDICATOR = {"combat", "lost", "result", "supports", "orders", "convoy_paths", "convoy_paths_dest",
                "convoy_paths_possible", "rule_cache", "zobrist_tables"}
REFUSED = {
    "diplomacy": {"COLORED_FORMATTER", "ROOT", "STREAM_HANDLER"},  # the log handlers MILA installs on import
    "diplomacy.engine.game": {"MESSAGES_TYPE"} | {f"Game.{name}" for name in _MODEL | _ADJUDICATOR | {"load_map"}},
    "diplomacy.engine.map": {"CONVOYS_PATH_CACHE"},  # MILA's file cache of convoy paths
    "diplomacy.engine.message": {f"Message.{name}" for name in _MODEL},
    "diplomacy.engine.power": {f"Power.{name}" for name in _MODEL},
    "diplomacy.utils.common": {"Tornado"},  # MILA's server's event loop helpers
    "diplomacy.utils.game_phase_data": {"MESSAGES_TYPE"} | {f"GamePhaseData.{name}" for name in _MODEL},
}
REFUSED_MODULES = {"diplomacy.utils.convoy_paths", "diplomacy.utils.equilateral_triangle", "diplomacy.utils.jsonable",
                   "diplomacy.utils.network_data", "diplomacy.utils.parsing", "diplomacy.utils.scheduler_event"}


def _instances():
    """MILA's classes whose attributes are set per object: one object of each."""
    game = Game()
    return {"Game": game, "Power": game.get_power("FRANCE"), "GamePhaseData": game.get_phase_data(),
            "Message": Message(sender="FRANCE", recipient="GLOBAL", message="hello", phase="S1901M")}


@pytest.mark.parametrize("module_name", sorted(set(NAMES) - REFUSED_MODULES))
def test_milas_names_exist(module_name):
    module = importlib.import_module(module_name)
    instances = _instances()
    missing = []
    for name, attributes in NAMES[module_name].items():
        if not hasattr(module, name):
            missing.append(name)
            continue
        holder = instances.get(name, getattr(module, name))
        missing += [f"{name}.{attribute}" for attribute in attributes or () if not hasattr(holder, attribute)]
    assert sorted(set(missing) - REFUSED.get(module_name, set())) == []
    # A name refused that exists after all is taken off the list.
    assert sorted(REFUSED.get(module_name, set()) - set(missing)) == []


@pytest.mark.parametrize("module_name", sorted(REFUSED_MODULES))
def test_a_module_refused_says_why(module_name):
    with pytest.raises(ImportError, match=module_name.replace(".", r"\.") + ": .* (is not|are not) "):
        importlib.import_module(module_name)
