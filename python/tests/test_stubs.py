"""The type stubs name exactly what the compiled module has, so editors complete the real names."""

import ast
from pathlib import Path

import stratagem
from stratagem import _core

STUB = Path(__file__).resolve().parents[1] / "stratagem" / "_core.pyi"


def stub_names():
    tree = ast.parse(STUB.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {item.name for item in node.body if isinstance(item, ast.FunctionDef)} - {"__init__"}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
    return names


def test_stubs_match_the_module():
    stubs = stub_names()
    public = {name for name in dir(_core) if not name.startswith("__")}
    assert set(stubs) == public
    for name, members in stubs.items():
        if members is None:
            continue
        actual = {member for member in vars(getattr(_core, name)) if not member.startswith("__")}
        assert members == actual, name


def test_the_built_package_carries_the_stubs():
    package = Path(stratagem.__file__).parent
    assert (package / "_core.pyi").is_file() and (package / "py.typed").is_file()


def test_contract_names():
    from stratagem import diplomacy, dragonchess
    for name in ("get_current_phase", "is_game_done", "get_units", "get_centers", "get_orderable_locations",
                 "get_all_possible_orders", "set_orders", "get_orders", "process", "clone", "get_order_results",
                 "to_saved_game_format", "from_saved_game_format"):
        assert hasattr(diplomacy.Game, name), name
    assert callable(diplomacy.selfplay)
    for name in ("legal_moves", "push", "pop", "text", "side_to_move", "status"):
        assert hasattr(dragonchess.Position, name), name
    assert callable(dragonchess.perft) and callable(dragonchess.bestmove)
