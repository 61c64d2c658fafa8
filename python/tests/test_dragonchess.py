"""stratagem.dragonchess: every name of the contract, against the CLI."""

import json

import pytest

from stratagem import dragonchess
from stratagem.dragonchess import Position, bestmove, perft

from conftest import cli_json

START = ("2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|"
         "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|"
         "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1")


def test_start_position():
    position = Position()
    assert position.text == START == Position("startpos").text == Position(START).text
    assert position.side_to_move == "gold" and position.status == "ongoing" and not position.in_check
    assert position.legal_moves() == cli_json("dragonchess", "moves")["moves"]
    assert len(position.legal_moves()) == 90
    assert position.rules["dragon-breath"] == "cross"


def test_push_and_pop():
    position = Position()
    assert position.push("2e2-2e3") == "W2e2-2e3"  # any notation in, canonical out
    assert position.side_to_move == "scarlet"
    assert position.text == cli_json("dragonchess", "apply", "--move", "W2e2-2e3")["position"]
    assert position.moves == ["W2e2-2e3"]
    assert position.legal_moves() == cli_json("dragonchess", "moves", "--position", position.text)["moves"]
    assert position.push("W2e7-2e6") == "W2e7-2e6"
    assert position.pop() == "W2e7-2e6" and position.pop() == "W2e2-2e3"
    assert position.text == START and position.moves == []


def test_perft_equals_the_cli():
    position = Position()
    for depth in (0, 1, 2, 3):
        assert perft(position, depth) == cli_json("dragonchess", "perft", str(depth))["nodes"]
    position.push("W2e2-2e3")
    assert perft(position, 2) == cli_json("dragonchess", "perft", "2", "--position", position.text)["nodes"]
    assert position.moves == ["W2e2-2e3"]  # perft leaves the position as it was


def test_perft_under_a_rule_switch():
    rules = {"dragon-breath": "below", "elemental-leap": True}
    position = Position(rules=rules)
    assert position.rules["dragon-breath"] == "below" and position.rules["elemental-leap"] == "yes"
    expected = cli_json("dragonchess", "perft", "3", "--rule", "dragon-breath=below", "--rule", "elemental-leap=yes")
    assert perft(position, 3) == expected["nodes"]


def test_bestmove_equals_the_cli_at_a_fixed_depth():
    position = Position()
    position.push("W2e2-2e3")
    ours = bestmove(position, depth=3)
    cli = cli_json("dragonchess", "bestmove", "--depth", "3", "--position", position.text)
    assert ours == cli
    assert set(ours) == {"move", "score", "depth", "nodes", "pv"}


def test_bestmove_with_a_time_limit():
    result = bestmove(Position(), movetime_ms=50)
    assert result["move"] in Position().legal_moves()
    assert result["depth"] >= 1


def test_a_mate_given_and_taken_back():
    # Scarlet's Dragon flies above 2a2; its breath reaches Gold's King on 2a1, frozen by the
    # Basilisk below it.
    position = Position("6r5/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 s 0 1")
    position.push("R1g8-1a2")
    assert position.status == "checkmate" and position.in_check
    assert position.legal_moves() == [] and perft(position, 3) == 0
    with pytest.raises(ValueError, match=r"already over \(checkmate\)"):
        position.push("K2a1-2b1")
    with pytest.raises(ValueError, match=r"already over \(checkmate\)"):
        bestmove(position, depth=2)
    position.pop()
    assert position.status == "ongoing" and position.side_to_move == "scarlet"


def test_a_draw_by_the_clock():
    position = Position("12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 s 100 90")
    assert position.status == "draw" and position.legal_moves() == []
