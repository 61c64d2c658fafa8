"""Bad input raises ValueError with the engine's message; nothing crashes."""

import pytest

from stratagem import diplomacy, dragonchess
from stratagem.diplomacy import Game


def test_orders_that_cannot_be_read_or_are_not_possible():
    # strict=True raises; MILA's default drops them into game.error (test_mila_extras.py).
    game = Game(strict=True)
    with pytest.raises(ValueError, match=r'^FRANCE: "A Xyz-Bur": unknown place "Xyz"'):
        game.set_orders("FRANCE", ["A Xyz-Bur"])
    with pytest.raises(ValueError, match=r'^FRANCE: "A Par-Mos": the unit cannot reach that province$'):
        game.set_orders("FRANCE", ["A Par-Mos"])
    with pytest.raises(ValueError, match=r'^FRANCE: "A MUN - BUR": the unit belongs to another power$'):
        game.set_orders("FRANCE", ["A MUN - BUR"])
    with pytest.raises(ValueError, match=r'^FRANCE: "A PAR B": this kind of order cannot be given in this phase'):
        game.set_orders("FRANCE", ["A PAR B"])
    with pytest.raises(ValueError, match="an order must be a string, got int"):
        game.set_orders("FRANCE", [42])
    # A failed call changes nothing.
    game.set_orders("FRANCE", ["A PAR - BUR"])
    with pytest.raises(ValueError):
        game.set_orders("FRANCE", ["A MAR - SPA", "A Par-Mos"])
    assert game.get_orders("FRANCE") == ["A PAR - BUR"]


def test_unknown_names():
    game = Game()
    with pytest.raises(ValueError, match='"NARNIA"'):
        game.get_units("NARNIA")
    with pytest.raises(ValueError, match='"NARNIA"'):
        game.set_orders("NARNIA", [])
    with pytest.raises(ValueError, match=r'unknown rule profile "chess" \(the profiles are standard, datc\)'):
        Game("chess")
    with pytest.raises(ValueError, match="unknown map 'pure'"):
        Game(map_name="pure")
    with pytest.raises(ValueError, match="max_year: must be from 1901"):
        Game(max_year=1800)


def test_selfplay_arguments():
    with pytest.raises(ValueError, match="games: must be at least 1, got 0"):
        diplomacy.selfplay(0, 1)
    with pytest.raises(ValueError, match="threads: must be at least 1, got 0"):
        diplomacy.selfplay(1, 1, threads=0)
    with pytest.raises(ValueError, match="seed: -1 is not a whole number"):
        diplomacy.selfplay(1, -1)
    with pytest.raises(ValueError, match="max_year: must be from 1901 to 9999, got 1900"):
        diplomacy.selfplay(1, 1, max_year=1900)


def test_saved_games_that_do_not_read():
    with pytest.raises(ValueError, match="phases: a saved game needs a non-empty list"):
        Game.from_saved_game_format({"phases": []})
    saved = Game().to_saved_game_format()
    saved["phases"][0]["state"]["units"]["FRANCE"] = ["A XYZ"]
    with pytest.raises(ValueError, match=r'^phases\[0\]\.state\.units\.FRANCE\[0\]: "A XYZ" is not a unit'):
        Game.from_saved_game_format(saved)
    saved = Game().to_saved_game_format()
    saved["phases"][0]["orders"]["FRANCE"] = ["A PAR - MOS"]
    with pytest.raises(ValueError, match=r'^FRANCE: "A PAR - MOS": the unit cannot reach that province$'):
        Game.from_saved_game_format(saved)
    with pytest.raises(ValueError, match="must be an object"):
        Game.from_saved_game_format([])


def test_dragonchess_bad_input():
    with pytest.raises(ValueError, match="^position: "):
        dragonchess.Position("not a position")
    with pytest.raises(ValueError, match=r"^rules: rule 'dragon-breath': value 'sideways' is not cross or below$"):
        dragonchess.Position(rules={"dragon-breath": "sideways"})
    with pytest.raises(ValueError, match="^rules: rule 'castling=yes': unknown rule 'castling'"):
        dragonchess.Position(rules={"castling": True})
    position = dragonchess.Position()
    with pytest.raises(ValueError, match="^push 'W2e2-2e6': "):
        position.push("W2e2-2e6")
    with pytest.raises(ValueError, match="^pop: no move to take back$"):
        position.pop()
    with pytest.raises(ValueError, match="^perft: depth -1 is negative$"):
        dragonchess.perft(position, -1)
    with pytest.raises(ValueError, match="^perft: depth 31 is above the limit 30$"):
        dragonchess.perft(position, 31)
    with pytest.raises(ValueError, match="^bestmove: give depth or movetime_ms$"):
        dragonchess.bestmove(position)
    with pytest.raises(ValueError, match="^bestmove: depth 0 must be 1-64$"):
        dragonchess.bestmove(position, depth=0)
    assert position.text == dragonchess.Position().text


def retreat_phase_saved_by_mila():
    game = Game()
    game.set_orders("AUSTRIA", ["A VIE - TYR"])
    game.process()
    game.set_orders("AUSTRIA", ["A TYR - VEN", "F TRI S A TYR - VEN"])
    game.process()
    saved = game.to_saved_game_format()
    for phase in saved["phases"]:
        phase["state"].pop("retreats", None)
    return saved


def test_a_mila_retreat_phase_that_does_not_follow_from_the_one_before():
    saved = retreat_phase_saved_by_mila()
    assert saved["phases"][-1]["state"]["units"]["ITALY"][-1] == "*A VEN"
    saved["phases"][-1]["state"]["units"]["ITALY"][-1] = "*A ROM"
    saved["phases"][-1]["state"]["units"]["ITALY"].remove("A ROM")
    with pytest.raises(ValueError, match=r"^phases\[2\]\.state: the dislodged units \(A ROM\) are not those the "
                                         r"phase before leaves in F1901R \(A VEN\)$"):
        Game.from_saved_game_format(saved)
    saved = retreat_phase_saved_by_mila()
    with pytest.raises(ValueError, match=r'^phases\[0\]\.state: a retreat phase saved without "retreats"'):
        Game.from_saved_game_format({"phases": saved["phases"][-1:]})


def test_orders_of_the_wrong_shape():
    with pytest.raises(ValueError, match="^FRANCE: orders must be a list of strings, got int$"):
        Game(strict=True).set_orders("FRANCE", 5)
    saved = Game().to_saved_game_format()
    saved["phases"] = [dict(saved["phases"][0], orders={"FRANCE": "A PAR H"}), saved["phases"][0]]
    with pytest.raises(ValueError, match=r"^phases\[0\]\.orders\.FRANCE: must be a list of orders or null$"):
        Game.from_saved_game_format(saved)
