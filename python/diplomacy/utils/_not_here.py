"""The parts of MILA's package that Stratagem's ``diplomacy`` does not have: importing
them raises ImportError saying so and what to use instead (docs/python.md)."""

_WHY = {
    "diplomacy.server": "MILA's game server is not part of Stratagem's diplomacy package; "
                        "Stratagem's server is `stratagem serve` (docs/server.md)",
    "diplomacy.client": "MILA's client for its game server is not part of Stratagem's diplomacy package; "
                        "Stratagem's server speaks HTTP (docs/server.md), or play locally with diplomacy.Game",
    "diplomacy.daide": "MILA's DAIDE server is not part of Stratagem's diplomacy package; "
                       "Stratagem's are `stratagem serve --daide` (a DAIDE server) and `stratagem diplomacy daide` "
                       "(a computer player at a DAIDE server): docs/daide.md",
    "diplomacy.utils.network_data": "MILA's base class of its server's requests and responses is not part of "
                                    "Stratagem's diplomacy package (it has no MILA server or client); "
                                    "Stratagem's server speaks HTTP (docs/server.md)",
    "diplomacy.utils.scheduler_event": "MILA's server's deadline scheduler is not part of Stratagem's diplomacy "
                                       "package; Stratagem's server keeps deadlines itself (docs/server.md)",
    "diplomacy.utils.jsonable": "MILA's data-model layer (Jsonable: model, get_model, build_model, "
                                "update_json_dict) is not provided: Game, Power, Message and GamePhaseData have "
                                "MILA's to_dict(), from_dict() and json() (docs/python.md)",
    "diplomacy.utils.parsing": "MILA's type checkers of its data models (parsing.*Type, to_json, to_type, "
                               "validate_data) are not provided: Game.from_dict() checks what it reads and says "
                               "what is wrong (docs/python.md)",
    "diplomacy.utils.convoy_paths": "MILA's precomputed cache of convoy paths (a file of its maps) is not "
                                    "provided: Stratagem's engine finds convoy paths itself; Map.convoy_paths "
                                    "and Game.get_all_possible_orders() give them (docs/python.md)",
    "diplomacy.utils.equilateral_triangle": "the geometry helper of MILA's SVG renderer (where a line meets a "
                                            "convoy's triangle) is not provided: Stratagem's Renderer draws its own "
                                            "map (game.render())",
}


def refuse(package: str) -> None:
    raise ImportError(f"{package}: {_WHY[package]}", name=package)
