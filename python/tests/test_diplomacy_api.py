"""Every name of stratagem.diplomacy in the contract, with exact outcomes."""

import json

import pytest

from stratagem import diplomacy
from stratagem.diplomacy import Game
from stratagem.diplomacy.utils.export import from_saved_game_format, to_saved_game_format

from conftest import cli_json

START_UNITS = {
    "AUSTRIA": ["A BUD", "F TRI", "A VIE"],
    "ENGLAND": ["F EDI", "F LON", "A LVP"],
    "FRANCE": ["F BRE", "A MAR", "A PAR"],
    "GERMANY": ["A BER", "F KIE", "A MUN"],
    "ITALY": ["F NAP", "A ROM", "A VEN"],
    "RUSSIA": ["A MOS", "F SEV", "F STP/SC", "A WAR"],
    "TURKEY": ["F ANK", "A CON", "A SMY"],
}


def test_start_of_the_game():
    game = Game()
    assert game.get_current_phase() == "S1901M"
    assert game.is_game_done is False
    assert game.get_units() == START_UNITS
    assert game.get_units("FRANCE") == ["F BRE", "A MAR", "A PAR"]
    assert game.get_centers("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert game.get_centers()["TURKEY"] == ["ANK", "CON", "SMY"]
    assert game.get_orderable_locations("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert set(game.get_orderable_locations()) == set(START_UNITS)
    assert list(game.powers) == list(START_UNITS)
    assert game.powers["FRANCE"].units == ["F BRE", "A MAR", "A PAR"]
    assert game.powers["FRANCE"].centers == ["BRE", "MAR", "PAR"]
    assert game.get_power("FRANCE") is game.powers["FRANCE"] and game.get_power("NARNIA") is None
    assert game.phase_type == "M" and game.current_short_phase == "S1901M"


def test_possible_orders_are_the_cli_legal_orders_in_mila_layout():
    game = Game()
    possible = game.get_all_possible_orders()
    legal = cli_json("diplomacy", "legal", stdin=json.dumps(cli_json("diplomacy", "new")))
    # Every location of the map is a key, 82 on the standard map.
    assert len(possible) == 82 and possible["NTH"] == [] and possible["SPA/NC"] == []
    for power, by_unit in legal["orders"].items():
        for unit, orders in by_unit.items():
            location = unit[2:]
            assert sorted(possible[location]) == sorted(orders), unit
            # A fleet on a coast is listed under its province too, where MILA looks.
            assert sorted(possible[location[:3]]) == sorted(orders), unit
    assert "F STP/SC - BOT" in possible["STP"]
    assert "A PAR - BUR" in possible["PAR"]


def test_set_orders_reads_any_notation_and_keeps_canonical_text():
    game = Game()
    game.set_orders("FRANCE", ["A Par-Bur", "A Mar S A Par - Bur", "F Bre - Mid"])
    game.set_orders("germany", "A Mun - Bur")
    assert game.get_orders("FRANCE") == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]
    assert game.get_orders()["GERMANY"] == ["A MUN - BUR"]
    game.set_orders("FRANCE", ["A PAR H"])  # replaces
    assert game.get_orders("FRANCE") == ["A PAR H"]
    game.clear_orders()
    assert game.get_orders("FRANCE") == []


def test_process_and_results():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR"])
    game.set_orders("GERMANY", ["A MUN - BUR"])
    game.set_orders("ITALY", ["A VEN - TYR"])
    game.set_orders("AUSTRIA", ["A VIE - TYR"])
    assert game.get_order_results() == {}
    game.process()
    assert game.get_current_phase() == "F1901M"
    assert game.get_units("FRANCE") == ["F BRE", "A BUR", "A MAR"]
    results = game.get_order_results()
    assert results["A PAR"] == [] and results["A MAR"] == []
    assert results["A MUN"] == ["bounce"]
    assert results["A VEN"] == ["bounce"] and results["A VIE"] == ["bounce"]
    assert results["F LON"] == []  # no order: held
    assert game.get_orders("FRANCE") == []  # a new phase starts without orders


def test_a_dislodgement_its_retreat_and_the_adjustments():
    game = Game()
    game.set_orders("AUSTRIA", ["A VIE - TYR"])
    game.process()
    game.set_orders("AUSTRIA", ["A TYR - VEN", "F TRI S A TYR - VEN"])
    game.set_orders("ITALY", ["A VEN H"])
    game.process()
    assert game.get_current_phase() == "F1901R"
    assert game.get_units("ITALY") == ["F NAP", "A ROM", "*A VEN"]
    assert game.get_orderable_locations("ITALY") == ["VEN"]
    assert game.get_orderable_locations("AUSTRIA") == []
    assert game.get_order_results()["A VEN"] == ["dislodged"]
    assert sorted(game.get_all_possible_orders()["VEN"]) == ["A VEN D", "A VEN R APU", "A VEN R PIE", "A VEN R TUS"]
    assert game.powers["ITALY"].retreats == {"A VEN": ["APU", "PIE", "TUS"]}
    assert game.get_state()["retreats"]["ITALY"] == {"A VEN": ["APU", "PIE", "TUS"]}
    game.set_orders("ITALY", ["A Ven R Pie"])
    game.process()
    assert game.get_current_phase() == "W1901A"
    assert game.get_centers("AUSTRIA") == ["BUD", "TRI", "VEN", "VIE"]
    assert game.get_orderable_locations("AUSTRIA") == ["VIE"]
    assert game.get_orderable_locations("ITALY") == ["NAP", "PIE", "ROM"]
    possible = game.get_all_possible_orders()
    assert sorted(possible["VIE"]) == ["A VIE B", "WAIVE"]
    assert possible["PIE"] == ["A PIE D"]
    assert game.get_state()["builds"]["AUSTRIA"] == {"count": 1, "homes": ["VIE"]}
    assert game.get_state()["builds"]["ITALY"] == {"count": -1, "homes": []}
    # MILA's loop gives every orderable location an order: surplus removals are void.
    game.set_orders("ITALY", ["A PIE D", "A ROM D", "F NAP D"])
    game.set_orders("AUSTRIA", ["A VIE B"])
    game.process()
    assert game.get_current_phase() == "S1902M"
    assert game.get_units("ITALY") == ["F NAP", "A ROM"]
    assert game.get_units("AUSTRIA") == ["A BUD", "F TRI", "A VEN", "A VIE"]
    results = game.get_order_results()
    assert [results[unit] for unit in ("A PIE", "A ROM", "F NAP", "A VIE")] == [[], ["void"], ["void"], []]


def test_clone_is_independent():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    copy = game.clone()
    assert isinstance(copy, Game) and copy.get_orders("FRANCE") == ["A PAR - BUR"]
    copy.process()
    assert copy.get_current_phase() == "F1901M" and game.get_current_phase() == "S1901M"
    assert game.get_units("FRANCE") == ["F BRE", "A MAR", "A PAR"]
    assert copy.powers["FRANCE"].game is copy


def test_year_limit_and_done_game():
    game = Game(max_year=1901)
    while not game.is_game_done:
        game.process()
    assert game.get_current_phase() == "COMPLETED" and game.phase_type is None
    assert game.get_orderable_locations("FRANCE") == []
    assert all(orders == [] for orders in game.get_all_possible_orders().values())
    with pytest.raises(ValueError, match="the game is over"):
        game.process()
    assert game.get_state()["phase"] == "S1902M"


def test_rule_profiles():
    assert Game("datc").rule_profile == "datc"
    assert Game().rule_profile == "standard"
    mila = Game(rules=["NO_PRESS", "POWER_CHOICE"])
    assert mila.rules == ["NO_PRESS", "POWER_CHOICE"] and mila.rule_profile == "standard"


def test_saved_game_round_trip(tmp_path):
    game = Game(max_year=1902)
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    saved = to_saved_game_format(game, output_path=str(tmp_path / "games.jsonl"))
    assert [phase["name"] for phase in saved["phases"]] == ["S1901M", "F1901M"]
    assert saved["phases"][0]["orders"]["FRANCE"] == ["A PAR - BUR"]
    assert saved["phases"][0]["orders"]["ENGLAND"] is None
    assert saved["phases"][0]["results"]["A PAR"] == []
    assert saved["phases"][1]["state"]["units"]["FRANCE"] == ["F BRE", "A BUR", "A MAR"]
    history = game.get_phase_history()
    assert [phase.name for phase in history] == ["S1901M"] and history[0].orders["FRANCE"] == ["A PAR - BUR"]
    assert history[0].to_dict() == saved["phases"][0] | {"state": history[0].state}
    assert game.get_phase_data().name == "F1901M" and game.get_phase_data().results == {}
    line = (tmp_path / "games.jsonl").read_text().splitlines()[0]
    loaded = from_saved_game_format(json.loads(line))
    assert loaded.get_current_phase() == "F1901M"
    assert loaded.get_units() == game.get_units()
    assert loaded.game_id == game.game_id


def test_selfplay_matches_the_cli():
    ours = diplomacy.selfplay(3, 7)
    cli = cli_json("diplomacy", "selfplay", "--games", "3", "--seed", "7")
    assert ours["games"] == 3 and ours["phases"] == cli["phases"]
    assert set(ours) >= {"games", "phases", "seconds", "phases_per_second"}
    two = diplomacy.selfplay(4, 7, threads=2)
    assert two["games"] == 4 and two["threads"] == 2
    assert diplomacy.selfplay(4, 7, threads=2)["phases"] == two["phases"]
    # Thread k plays from seed + k: two threads of two games are the CLI's two runs.
    expected = (cli_json("diplomacy", "selfplay", "--games", "2", "--seed", "7")["phases"] +
                cli_json("diplomacy", "selfplay", "--games", "2", "--seed", "8")["phases"])
    assert two["phases"] == expected
