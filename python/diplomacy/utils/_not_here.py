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
}


def refuse(package: str) -> None:
    raise ImportError(f"{package}: {_WHY[package]}", name=package)
