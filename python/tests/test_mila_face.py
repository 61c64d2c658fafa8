"""MILA's package face: `import diplomacy` is ours and gives MILA's answers.

The expected values in data/mila_reference.json and data/mila_finished_game.json were
written by running MILA's `diplomacy` 1.1.2 itself on the same scenarios (the scenarios
below, in the same order); nothing of MILA's runs here. Lists are compared in MILA's
order (the order things arrived in).
"""

import copy
import importlib
import json
import pickle
from pathlib import Path

import pytest

import diplomacy
from diplomacy import Game, GamePhaseData, Map, Message, Power
from diplomacy.utils import errors, order_results
from diplomacy.utils.export import from_saved_game_format, to_saved_game_format
from diplomacy.utils.order_results import BOUNCE, DISLODGED, OK, VOID

DATA = Path(__file__).resolve().parent / "data"
MILA = json.loads((DATA / "mila_reference.json").read_text())


def words(game):
    return {unit: [str(result) for result in results] for unit, results in game.result_history.last_value().items()}


def test_import_diplomacy_is_the_face_built_beside_stratagem():
    import stratagem
    assert Path(diplomacy.__file__).resolve().parent.parent == Path(stratagem.__file__).resolve().parent.parent
    for module in ("diplomacy.engine.game", "diplomacy.engine.power", "diplomacy.engine.message",
                   "diplomacy.utils.export", "diplomacy.utils.order_results", "diplomacy.utils.common",
                   "diplomacy.utils.strings", "diplomacy.utils.constants", "diplomacy.utils.sorted_dict",
                   "diplomacy.utils.game_phase_data"):
        importlib.import_module(module)
    assert Game is importlib.import_module("diplomacy.engine.game").Game
    assert Map is importlib.import_module("diplomacy.engine.map").Map
    assert isinstance(Game().get_power("FRANCE"), Power)


def test_default_rules_and_state_of_a_new_game_are_milas():
    game = Game()
    assert game.rules == ["NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS",
                          "POWER_CHOICE"]
    state = game.get_state()
    expected = MILA["start_state"]
    assert set(state) == set(expected) | {"timestamp", "zobrist_hash"}
    for key in ("name", "note", "retreats", "centers", "homes", "civil_disorder", "builds"):
        assert state[key] == expected[key], key
    assert state["units"] == expected["units"]
    assert state["influence"] == expected["influence"]
    assert game.phase == "SPRING 1901 MOVEMENT" and game.phase_type == "M" and not game.error


def test_a_dislodged_units_own_result_comes_before_dislodged():
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A BUR", "A MAR"])
    game.set_units("GERMANY", ["A MUN", "A RUH"])
    game.set_orders("FRANCE", ["A BUR - MUN", "A MAR S A BUR"])
    game.set_orders("GERMANY", ["A MUN - BUR", "A RUH S A MUN - BUR"])
    data = game.process()
    expected = MILA["dislodged"]
    assert isinstance(data, GamePhaseData) and data.name == expected["phase_data_name"]
    assert words(game) == expected["results"]
    assert game.result_history.last_value()["A BUR"] == [BOUNCE, DISLODGED]
    assert game.dislodged == expected["dislodged"]
    assert game.get_current_phase() == expected["phase"]
    assert game.get_units() == expected["units"]
    assert {name: dict(power.retreats) for name, power in game.powers.items()} == expected["retreats"]
    assert game.get_orderable_locations("FRANCE") == expected["orderable"]
    assert sorted(game.get_all_possible_orders()["BUR"]) == expected["possible_BUR"]
    # Two orders for one retreating unit in one call: the first stands, the second is void.
    game.set_orders("FRANCE", ["A BUR R PAR", "A BUR R GAS"])
    assert game.get_orders("FRANCE") == MILA["retreat_orders"]["orders"]
    game.process()
    assert words(game) == MILA["retreat"]["results"]
    assert game.popped == MILA["retreat"]["popped"]
    assert game.get_current_phase() == MILA["retreat"]["phase"]
    assert game.get_units() == MILA["retreat"]["units"]


@pytest.mark.parametrize("scenario", ["convoy_off_path", "convoy_dislodged", "self_dislodge"])
def test_convoy_and_support_annotations_are_milas(scenario):
    game = Game()
    game.clear_units()
    if scenario == "convoy_off_path":
        game.set_units("ENGLAND", ["A LVP", "F ENG"])
        game.set_units("GERMANY", ["A EDI"])
        game.set_units("FRANCE", ["F IRI", "F NTH"])
        game.set_units("RUSSIA", ["F NWG", "F NAO"])
        game.set_orders("ENGLAND", ["A LVP - EDI", "F ENG C A LVP - EDI"])
        game.set_orders("GERMANY", ["A EDI - LVP"])
        game.set_orders("FRANCE", ["F IRI H", "F NTH H"])
        game.set_orders("RUSSIA", ["F NWG C A LVP - EDI", "F NAO C A LVP - EDI"])
    elif scenario == "convoy_dislodged":
        game.set_units("ENGLAND", ["F ENG", "A LON"])
        game.set_units("FRANCE", ["F BRE", "F PIC"])
        game.set_orders("ENGLAND", ["F ENG C A LON - BEL", "A LON - BEL"])
        game.set_orders("FRANCE", ["F BRE - ENG", "F PIC S F BRE - ENG"])
    else:
        game.set_units("GERMANY", ["A BER", "F KIE", "A MUN"])
        game.set_orders("GERMANY", ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"])
    game.process()
    assert words(game) == MILA[scenario]


def test_orders_last_one_for_a_unit_wins_and_histories_are_kept():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A PAR - PIC"])
    game.set_orders("FRANCE", ["A PAR - GAS"], replace=False)  # A PAR has an order: kept
    game.set_orders("ENGLAND", ["LON H", "F EDI - NTH"])
    expected = MILA["orders"]
    assert game.get_orders() == expected["all"]
    assert dict(game.get_power("FRANCE").orders) == expected["france_dict"]
    data = game.process()
    history = MILA["history"]
    assert {str(phase): orders for phase, orders in game.order_history.items()} == history["order_history"]
    assert [str(phase) for phase in game.state_history.keys()] == history["keys"]
    assert data.orders == history["phase_data"]["orders"]
    assert game.command == history["command"]
    assert game.ordered_units == history["ordered_units"]
    assert {unit: results for unit, results in game.get_phase_from_history("S1901M").results.items()
            if results} == history["from_history_results"]
    assert list(game.message_history.keys()) == ["S1901M"] and not game.messages


def test_power_containers_are_live_views_of_the_game():
    game = Game()
    france = game.get_power("FRANCE")
    france.units.remove("A PAR")
    game.get_power("AUSTRIA").centers.remove("BUD")
    assert "A PAR" not in game.get_units("FRANCE")
    assert game.get_centers("AUSTRIA") == ["TRI", "VIE"]
    game.set_current_phase("W1901A")
    assert game.get_current_phase() == "W1901A"
    assert "A PAR B" in game.get_all_possible_orders()["PAR"]
    game = Game()
    game.set_orders("FRANCE", ["A PAR H", "A MAR - BUR"])
    del game.get_power("FRANCE").orders["A PAR"]
    assert game.get_orders("FRANCE") == ["A MAR - BUR"]


def test_no_check_keeps_orders_as_written_and_voids_the_impossible():
    game = Game()
    game.add_rule("NO_CHECK")
    game.clear_units()
    game.set_units("ENGLAND", ["F NTH", "F LON"])
    game.set_orders("ENGLAND", ["F NTH - PIC", "LON H"])
    assert game.get_orders("ENGLAND") == MILA["no_check_orders"]
    game.process()
    assert words(game) == MILA["no_check"]
    assert game.result_history.last_value()["F NTH"] == [VOID]


def test_builds_beyond_those_due_and_on_foreign_sites_are_void():
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_centers("RUSSIA", ["STP", "MOS"])
    game.set_current_phase("W1901A")
    game.set_orders("RUSSIA", ["A MOS B", "A MOS B", "A WAR B"])
    assert game.get_orders("RUSSIA") == MILA["adjust_orders"]["orders"]
    game.process()
    assert words(game) == MILA["adjust"]["results"]
    assert game.result_history.last_value()["A MOS"] == [VOID, OK]
    assert game.get_units("RUSSIA") == MILA["adjust"]["units"]
    assert game.get_current_phase() == MILA["adjust"]["phase"]


def test_set_units_and_set_centers_take_over_and_leave_out_what_cannot_be():
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A PAR", "A MAR", "*A GAS"])
    game.set_units("ENGLAND", ["A PAR", "A LON", "F PAR"])
    game.set_centers("ENGLAND", ["PAR", "LON", "UKR"])
    expected = MILA["setters"]
    assert game.get_units() == expected["units"]  # the order units were put in, as MILA
    assert game.get_centers() == expected["centers"]
    assert dict(game.get_power("FRANCE").retreats) == expected["retreats_FRANCE"]
    assert game.get_state()["influence"] == expected["influence"]
    assert [str(error) for error in game.error] == ["INVALID UNIT: F PAR"]


def test_unit_owner_and_hashes_as_milas_tests_use_them():
    game = Game()
    assert game._unit_owner("F STP/SC", coast_required=1) is game.get_power("RUSSIA")
    assert game._unit_owner("F STP", coast_required=1) is None
    assert game._unit_owner("F STP", coast_required=0) is game.get_power("RUSSIA")
    assert isinstance(game.get_hash(), str) and game.get_hash() == game.rebuild_hash()
    before = game.get_hash()
    game.process()
    assert game.get_hash() == before  # MILA's hash covers no phase, and every unit held
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    assert game.get_hash() != before


def test_pickle_and_deepcopy_give_an_equal_independent_game():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    game.set_orders("GERMANY", ["A MUN - RUH"])
    game.add_message(Message("FRANCE", "GLOBAL", "hello"))
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert copied is not game and isinstance(copied, Game)
        assert copied.get_hash() == game.get_hash()
        assert copied.get_orders() == game.get_orders()
        assert words(copied) == words(game)
        assert [m.message for m in copied.messages.values()] == ["hello"]
        assert list(copied.order_history.keys()) == list(game.order_history.keys())
        copied.process()
        assert game.get_current_phase() == "F1901M" and copied.get_current_phase() == "S1902M"


def test_milas_finished_saved_game_reads_back():
    saved = json.loads((DATA / "mila_finished_game.json").read_text())
    game = from_saved_game_format(saved)
    assert game.is_game_done and game.get_current_phase() == "COMPLETED"
    assert [str(phase) for phase in game.state_history.keys()] == [phase["name"] for phase in saved["phases"][:-1]]
    for phase in saved["phases"][:-1]:
        data = game.get_phase_from_history(phase["name"])
        assert data.orders == phase["orders"]
        assert {unit: [str(r) for r in results] for unit, results in data.results.items()} == phase["results"]
    assert game.get_units() == saved["phases"][-1]["state"]["units"]
    written = to_saved_game_format(game)
    assert [phase["name"] for phase in written["phases"]] == [phase["name"] for phase in saved["phases"]]


def test_milas_saved_game_offering_a_retreat_into_a_held_province_reads_back():
    # MILA offers a unit dislodged by a convoyed army retreats into held provinces too
    # (here A RUM: GAL, SER and UKR); ours reads the game and keeps MILA's words in the history.
    saved = json.loads((DATA / "mila_retreat_into_held.json").read_text())
    game = from_saved_game_format(saved)
    first, retreats, last = saved["phases"]
    assert game.get_current_phase() == last["name"]
    assert game.get_units() == last["state"]["units"]
    assert game.get_phase_from_history(retreats["name"]).state["retreats"] == retreats["state"]["retreats"]
    assert game.get_phase_from_history(retreats["name"]).orders == retreats["orders"]
    assert [phase["name"] for phase in to_saved_game_format(game)["phases"]] == [first["name"], retreats["name"],
                                                                              last["name"]]


def test_a_game_drawn_after_its_hundredth_year_is_dated_by_that_years_adjustments():
    game = Game()  # MILA's test_automatic_draw: no centre ever changes hands
    for _ in range(100):
        game.process()
        game.process()
    assert game.is_game_done and game.get_current_phase() == "COMPLETED"
    assert game.outcome == ["W2000A", "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_order_results_are_equal_to_their_words():
    assert order_results.BOUNCE == "bounce" and str(order_results.NO_CONVOY) == "no convoy"
    assert OK == "" and VOID != BOUNCE
    assert pickle.loads(pickle.dumps(BOUNCE)) == BOUNCE


def test_a_map_this_package_does_not_have_is_a_clear_error():
    with pytest.raises(ValueError, match="no map 'modern'.*standard"):
        Game(map_name="modern")


def test_histories_keep_each_phase_as_it_was_when_it_was_played():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    before, orders = game.get_state(), game.get_orders()
    data = game.process()
    game.set_orders("FRANCE", ["A BUR - MUN"])
    game.process()
    kept = game.state_history["S1901M"]
    assert {key: value for key, value in kept.items() if key != "timestamp"} == \
        {key: value for key, value in before.items() if key != "timestamp"}
    assert game.order_history["S1901M"] == orders == data.orders
    assert data.state == kept and data.name == "S1901M"
    assert data.results == game.result_history["S1901M"] and data.results["A PAR"] == []
    assert [str(phase) for phase in game.result_history.keys()] == ["S1901M", "F1901M"]
    copied = pickle.loads(pickle.dumps(data))
    assert isinstance(copied, GamePhaseData) and copied.to_dict() == data.to_dict()


def test_what_a_game_says_of_its_orders_and_phases_and_saves_is_milas():
    """Answers MILA's package gave for the same calls (run beside this test once; nothing
    of MILA's runs here)."""
    game = Game()
    assert (game.status, game.victory) == ("forming", [18])
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    game.set_orders("ENGLAND", [])
    assert game.get_phase_data().orders == {"AUSTRIA": None, "ENGLAND": [], "FRANCE": ["A PAR - BUR", "F BRE - MAO"],
                                            "GERMANY": None, "ITALY": None, "RUSSIA": None, "TURKEY": None}
    assert {name: power.order_is_set for name, power in game.powers.items()} == {
        "AUSTRIA": 0, "ENGLAND": 1, "FRANCE": 2, "GERMANY": 0, "ITALY": 0, "RUSSIA": 0, "TURKEY": 0}
    game.process()
    assert set(game.get_phase_data().orders.values()) == {None}
    assert game.command["A PAR"] == "- BUR" and game.command["F BRE"] == "- MAO" and game.command["A VIE"] == "H"
    assert len(game.command) == 22
    game.set_orders("FRANCE", ["F MAO - POR", "A BUR - BEL"])
    game.process()
    game.set_orders("FRANCE", ["A PAR B", "F BRE B"])
    assert dict(game.powers["FRANCE"].orders) == {}  # MILA: builds in power.adjust only
    assert list(game.powers["FRANCE"].adjust) == ["A PAR B", "F BRE B"]
    game.process()
    assert dict(game.command) == {}  # MILA: filled by movement phases only
    assert set(game.get_phase_data().orders.values()) == {None}
    saved = to_saved_game_format(game)
    assert saved["rules"] == ["NO_PRESS", "POWER_CHOICE"]
    assert all(phase["state"]["map"] == "standard" and phase["state"]["rules"] == ["NO_PRESS", "POWER_CHOICE"]
               and phase["state"]["game_id"] == saved["id"] for phase in saved["phases"])
    game.draw()
    assert (game.outcome, game.status) == (["S1902M", "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                                            "TURKEY"], "completed")


def test_orders_written_as_players_write_them_are_read_as_milas_game_reads_them():
    """MILA's Game reads an order through its map's phrase reader (a power before the
    order, names, "->", results in brackets, stray signs); the orders kept are MILA's."""
    game = Game()
    game.set_orders("RUSSIA", ["A WAR - GAL", "Russian F SEV - Black Sea |", "an army moscow -> ukr (*void*)", "XYZ ABC"])
    game.set_orders("FRANCE", ["FRANCE: FLEET Brest moves to Mid-Atlantic Ocean ?", "A PAR - BUR"])
    game.set_orders("TURKEY", ["A CON S A TUR - BUL"])  # MILA: no place TUR
    assert game.get_orders("RUSSIA") == ["A WAR - GAL", "F SEV - BLA", "A MOS - UKR"]
    assert game.get_orders("FRANCE") == ["F BRE - MAO", "A PAR - BUR"]
    assert game.get_orders("TURKEY") == []


def test_a_move_written_via_convoy_that_no_convoy_can_carry_is_refused_as_mila_refuses_it():
    """MILA's answers to the same calls: the engine would take these as moves over land
    (or the fleet's own move)."""
    game = Game()
    game.set_orders("GERMANY", ["Army Munich -> Berlin via convoy", "F KIE - DEN VIA", "A BER - PRU"])
    game.set_orders("FRANCE", ["A PAR - GAS VIA", "F BRE - MAO"])
    assert game.get_orders("GERMANY") == ["A BER - PRU"] and game.get_orders("FRANCE") == ["F BRE - MAO"]
    assert [str(error) for error in game.error] == [
        "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A MUN - BER VIA",
        "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: F KIE - DEN VIA",
        "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A PAR - GAS VIA"]
    assert game.error[0] == errors.GAME_UNIT_CANT_MOVE_VIA_CONVOY_INTO_DEST


def test_dont_skip_phases_stops_at_empty_retreats_and_adjustments_as_mila_does():
    # MILA's answers for the same calls (run on MILA's diplomacy 1.1.2): a fall's empty
    # retreats come before the centres are taken over, the adjustments after.
    game = Game()
    game.add_rule("DONT_SKIP_PHASES")
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    game.process()
    assert (game.get_current_phase(), game.get_orderable_locations("FRANCE")) == ("S1901R", [])
    game.process()
    game.set_orders("FRANCE", ["A BUR - BEL", "F MAO - SPA/NC"])
    game.process()
    assert game.get_current_phase() == "F1901R"
    assert (game.get_centers("FRANCE"), game.get_state()["builds"]["FRANCE"]) == (
        ["BRE", "MAR", "PAR"], {"count": 0, "homes": []})
    game.process()
    assert game.get_current_phase() == "W1901A"
    assert (game.get_centers("FRANCE"), game.get_state()["builds"]["FRANCE"]) == (
        ["BRE", "MAR", "PAR", "BEL", "SPA"], {"count": 2, "homes": ["BRE", "PAR"]})
    game.set_orders("FRANCE", ["A PAR B"])
    game.process()
    assert game.get_current_phase() == "S1902M"
    assert list(game.state_history) == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"]
    assert (game.result_history["F1901R"], game.order_history["F1901R"]["FRANCE"]) == ({}, [])
    idle = Game()
    idle.add_rule("DONT_SKIP_PHASES")
    for _ in range(5):
        idle.process()
    assert idle.get_current_phase() == "S1902M"
    assert list(idle.order_history) == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"]


def test_an_order_listed_in_another_game_is_read_as_this_game_reads_it():
    # 'A CON - SMY VIA' is possible where a fleet in the Aegean can carry the army; in a
    # game with no such fleet MILA refuses it, whatever another game listed before.
    listed = Game()
    listed.set_units("TURKEY", ["F AEG", "A CON"], reset=True)
    assert "A CON - SMY VIA" in listed.get_all_possible_orders()["CON"]
    game = Game()
    game.set_orders("TURKEY", ["A CON - SMY VIA"])
    assert (game.get_orders("TURKEY"), game.error) == (
        [], ["UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A CON - SMY VIA"])
    game.process()
    assert game.get_units("TURKEY") == ["F ANK", "A CON", "A SMY"]
    # 'A FIN H' listed where an army stood, given for a fleet there: MILA refuses it.
    listed.set_units("RUSSIA", ["A FIN"], reset=True)
    assert "A FIN H" in listed.get_all_possible_orders()["FIN"]
    game.set_units("RUSSIA", ["F FIN"], reset=True)
    game.set_orders("RUSSIA", ["F FIN - BOT", "A FIN H"])
    assert (game.get_orders("RUSSIA"), game.error) == (["F FIN - BOT"], ["UNORDERABLE UNIT: A FIN H"])


def test_a_support_of_a_fleets_move_is_kept_as_written_also_without_expanding():
    # MILA's answer for the same calls.
    game = Game()
    game.set_units("FRANCE", ["F GAS", "F POR"], reset=True)
    game.set_orders("FRANCE", ["F GAS - SPA/NC", "F POR S F GAS - SPA"], expand=False)
    assert (game.get_orders("FRANCE"), game.error) == (["F GAS - SPA/NC", "F POR S F GAS - SPA"], [])


def test_refused_movement_orders_are_worded_as_milas_game_words_them():
    # MILA's game.error for the same calls: each unknown word, then the unit that is not
    # the power's, an order of another phase, or the reason the order cannot be.
    game = Game()
    game.set_orders("FRANCE", ["XYZ ABC", "A MUN B", "A MAR B", "F BRE - LON"])
    assert game.error == ["UNKNOWN PLACENAME: XYZ", "UNKNOWN PLACENAME: ABC", "UNORDERABLE UNIT: XYZ - ABC",
                          "UNORDERABLE UNIT: A MUN B", "UNRECOGNIZED ORDER TYPE: A MAR B",
                          "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: F BRE - LON"]
    assert game.get_orders("FRANCE") == []
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.set_orders("FRANCE", ["A PAR H"], replace=False)
    assert game.error[-1] == "UNIT REORDERED: A PAR"


def test_command_keeps_via_only_where_fleets_ordered_to_convoy_make_a_path():
    # MILA's command for the same calls: 'A WAL - LON VIA' with no convoy is '- LON'.
    game = Game()
    game.set_units("ENGLAND", ["A WAL", "F ENG", "A YOR", "F NTH"], reset=True)
    game.set_orders("ENGLAND", ["A WAL - LON VIA", "A YOR - NWY VIA", "F NTH C A YOR - NWY", "F ENG H"])
    game.process()
    assert {unit: game.command[unit] for unit in ("A WAL", "A YOR", "F NTH", "F ENG")} == {
        "A WAL": "- LON", "A YOR": "- NWY VIA", "F NTH": "C A YOR - NWY", "F ENG": "H"}


def test_refused_adjustment_orders_are_worded_as_milas_game_words_them():
    # MILA's game.error and power.adjust for the same calls (France has two builds due,
    # Germany one removal).
    game = Game()
    game.set_centers("FRANCE", ["BEL", "SPA"])
    game.set_centers("GERMANY", ["MUN"], reset=True)
    game.set_current_phase("W1901A")
    game.set_orders("FRANCE", ["A GAS B", "A PAR B", "F PAR B", "F ANK - VIE", "XYZ", "A MAR D", "A XYZ B"])
    game.set_orders("GERMANY", ["A MUN B", "A BER D", "A NAP D", "WAIVE", "A BER D"])
    assert game.error == [
        "INVALID BUILD SITE: A GAS B", "INVALID BUILD SITE: A PAR B", "INVALID BUILD SITE: F PAR B",
        "BAD ADJUSTMENT ORDER: F ANK - VIE", "ORDER NOT ALLOWED: A MAR D", "UNKNOWN PLACENAME: XYZ",
        "INVALID BUILD SITE: A XYZ B", "ORDER NOT ALLOWED: A MUN B", "NO SUCH UNIT: A NAP",
        "WAIVE NOT ALLOWED FOR DISBAND", "MULTIPLE ORDERS FOR UNIT: A BER"]
    assert game.get_power("FRANCE").adjust == [
        "VOID A GAS B", "VOID A PAR B", "VOID F PAR B", "VOID F ANK - VIE", "VOID A MAR D", "VOID A XYZ B"]


def test_a_via_move_no_convoy_can_carry_leaves_the_units_other_order_of_the_call_standing():
    # MILA's answers for the same calls: the refused VIA move replaces nothing, and a later
    # order for the unit is the one kept.
    game = Game()
    game.set_units("AUSTRIA", ["A GAL"])
    game.set_orders("AUSTRIA", ["A GAL - PIE VIA", "A GAL - SIL"])
    game.set_orders("FRANCE", ["A PAR - BUR", "A PAR - PIC VIA"])
    assert (game.get_orders("AUSTRIA"), game.get_orders("FRANCE")) == (["A GAL - SIL"], ["A PAR - BUR"])
    assert game.error == ["UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A GAL - PIE VIA",
                          "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A PAR - PIC VIA"]


def test_milas_errors_quote_the_order_in_the_words_milas_game_read():
    # MILA's game.error for the same calls: an army's coast left out, a convoyed unit as
    # written.
    game = Game()
    game.set_orders("FRANCE", ["A PAR - SPA/SC", "A MAR C F BRE - MAO"])
    game.set_orders("TURKEY", ["A SMY - SPA/SC", "F ANK S A MOS - STP/NC"])
    assert game.error == ["UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A PAR - SPA",
                          "CONVOY ORDER FOR IMPROPER UNIT: A MAR C F BRE - MAO",
                          "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: A SMY - SPA",
                          "UNIT CANNOT PROVIDE SUPPORT TO DESTINATION: F ANK S A MOS - STP"]


def test_no_check_refuses_short_orders_and_names_unknown_words_as_mila_does():
    # MILA's game.error and orders for the same calls under NO_CHECK.
    game = Game()
    game.add_rule("NO_CHECK")
    game.set_orders("FRANCE", ["A PAR", "A MAR H", "XYZ ABC", "F BRE - MAO", "A BUR"])
    assert game.error == ["BAD ORDER: A PAR", "UNKNOWN PLACENAME: XYZ", "UNKNOWN PLACENAME: ABC", "BAD ORDER: A BUR"]
    assert game.get_orders("FRANCE") == ["A MAR H", "XYZ ABC", "F BRE - MAO"]


def test_no_check_orders_are_read_and_checked_as_milas_game_does_when_processed():
    # MILA's answers for the same calls: orders its phrase reader reads are carried out, a
    # fleet's move by convoy is refused, each with MILA's error, and the void result of an
    # order MILA refuses is under its first two words as written.
    game = Game()
    game.add_rule("NO_CHECK")
    game.set_orders("AUSTRIA", ["an army Vienna attacks Galicia", "A BUD S A TYR - BOH"])
    game.set_orders("GERMANY", ["FRANCE: an army Berlin - PRU ~"])
    game.set_orders("RUSSIA", ["a fleet SEV - Rumania via convoy", "A WAR - GAL"])
    game.process()
    assert game.error == ["SUPPORT RECIPIENT DOES NOT EXIST: A BUD S A TYR - BOH",
                          "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: F SEV - RUM VIA"]
    assert sorted(game.get_units("GERMANY")) == ["A MUN", "A PRU", "F KIE"]
    assert {unit: results for unit, results in game.result_history.last_value().items() if results} == {
        "A BUD": [VOID], "A VIE": [BOUNCE], "A WAR": [BOUNCE], "a fleet": [VOID]}


def test_a_move_only_a_convoy_can_make_is_kept_as_written_without_via():
    # MILA's answers for the same calls: the orders as given, also in the order history.
    game = Game()
    game.clear_units()
    game.set_units("ENGLAND", ["A LON", "F NTH"])
    game.set_orders("ENGLAND", ["A LON - NWY", "F NTH C A LON - NWY"])
    assert game.get_orders("ENGLAND") == ["A LON - NWY", "F NTH C A LON - NWY"]
    assert game.get_power("ENGLAND").orders == {"A LON": "- NWY", "F NTH": "C A LON - NWY"}
    game.process()
    assert game.order_history.last_value()["ENGLAND"] == ["A LON - NWY", "F NTH C A LON - NWY"]
    assert sorted(game.get_units("ENGLAND")) == ["A NWY", "F NTH"]


def test_ordered_units_list_void_orders_and_civil_disorder_but_no_retreat_disbands():
    # MILA's ordered_units for the same calls (as sets: ours lists them in another order).
    game = Game()
    game.set_current_phase("W1901A")
    game.clear_units()
    game.clear_centers()
    game.set_units("ITALY", ["A TUS", "F TYS", "A VEN", "F NAP"])
    game.set_centers("ITALY", ["ROM", "VEN"])
    game.set_units("RUSSIA", ["F SEV"])
    game.set_centers("RUSSIA", ["MOS", "SEV", "WAR"])
    game.set_orders("ITALY", ["F NTH D", "A TUS D"])
    game.set_orders("RUSSIA", ["F VIE B", "A MOS B"])
    game.process()
    assert sorted(game.ordered_units["ITALY"]) == ["A TUS", "F NTH", "F TYS"]
    assert sorted(game.ordered_units["RUSSIA"]) == ["A MOS", "F VIE"]
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A BUR", "A RUH", "A PIE", "A VEN"])
    game.set_units("GERMANY", ["A MUN"])
    game.set_units("ITALY", ["A TYR"])
    game.set_orders("FRANCE", ["A BUR - MUN", "A RUH S A BUR - MUN", "A PIE - TYR", "A VEN S A PIE - TYR"])
    game.process()
    game.set_orders("GERMANY", ["A MUN D"])
    game.set_orders("ITALY", ["A TYR R BOH"])
    game.process()
    assert game.ordered_units["GERMANY"] == [] and game.ordered_units["ITALY"] == ["A TYR"]


def test_a_void_adjustment_order_is_kept_in_the_words_milas_game_read():
    # MILA's answers for the same calls (but for the order of the lists): its phrase
    # reader reads the text as "V", voided under that name.
    game = Game()
    game.set_current_phase("W1901A")
    game.clear_units()
    game.set_units("FRANCE", ["A PAR"])
    game.set_orders("FRANCE", ["England: WAIVE (*bounce*) |", "A MAR B"])
    assert game.error == ["BAD ADJUSTMENT ORDER: V"]
    assert sorted(game.get_power("FRANCE").adjust) == ["A MAR B", "VOID V"]
    game.process()
    assert dict(game.result_history.last_value()) == {"A MAR": [OK], "V": [VOID]}
    assert sorted(game.ordered_units["FRANCE"]) == ["A MAR", "V"]


def test_refused_orders_get_the_first_error_of_milas_checks_in_milas_order():
    # MILA's game.error for the same calls: a support of a move the supported unit cannot
    # make is refused as that, before the supporter's own reach; a place no such unit can
    # stand in is named before anything else is looked at.
    game = Game()
    game.set_orders("RUSSIA", ["A WAR S A MOS - APU", "F SEV C A MOS - RUM", "A MOS S F SEV - RUH"])
    game.set_orders("ENGLAND", ["A LVP S F NAP - SWI", "F EDI C A LVP - NWY", "F LON S A YOR - HOL"])
    game.set_orders("ITALY", ["F NAP - ROM VIA", "A ROM H VEN"])
    assert game.error == ["SUPPORTED UNIT CANNOT REACH DESTINATION: A WAR S A MOS - APU",
                          "CONVOY ORDER FOR IMPROPER UNIT: F SEV C A MOS - RUM",
                          "ORDER INCLUDES INVALID UNIT DESTINATION F RUH",
                          "ORDER INCLUDES INVALID UNIT DESTINATION F SWI",
                          "CONVOY ORDER FOR IMPROPER UNIT: F EDI C A LVP - NWY",
                          "SUPPORT RECIPIENT DOES NOT EXIST: F LON S A YOR - HOL",
                          "UNIT CANNOT MOVE VIA CONVOY INTO DESTINATION: F NAP - ROM VIA",
                          "INVALID HOLD ORDER: A ROM H VEN"]


def test_an_armys_support_naming_another_coast_is_void_whether_or_not_possible_orders_were_listed():
    # MILA (run on this position): the army's support names the north coast, the fleet goes
    # to the south coast, so the support is void and Italy's supported fleet moves in. A
    # fleet's support with a coast is read without it (MILA's default coast) and counts.
    for list_first in (False, True):
        game = Game()
        game.clear_units()
        game.set_units("FRANCE", ["A GAS", "F MAO"])
        game.set_units("ITALY", ["F LYO", "F WES"])
        if list_first:
            game.get_all_possible_orders()
        game.set_orders("FRANCE", ["A GAS S F MAO - SPA/NC", "F MAO - SPA/SC"])
        game.set_orders("ITALY", ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"])
        assert game.get_orders("FRANCE") == ["A GAS S F MAO - SPA/NC", "F MAO - SPA/SC"]
        game.process()
        assert words(game) == {"A GAS": ["void"], "F LYO": [], "F MAO": ["bounce"], "F WES": []}, list_first
        assert game.get_units("ITALY") == ["F LYO", "F SPA/SC"], list_first


@pytest.mark.parametrize("listed_first", [False, True])
def test_a_fleets_support_to_a_coast_is_read_as_milas_game_reads_it_whatever_was_listed_before(listed_first):
    # MILA's answers for the same calls (DATC 6.B.9 as MILA's test plays it): the coast of
    # a fleet's support of a fleet is MILA's default coast (none where the mover reaches
    # two), so the support counts and both moves bounce; the same where the text is one
    # the possible orders listed already (before, it then kept its coast and was void).
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["F POR", "F MAO"])
    game.set_units("ITALY", ["F LYO", "F WES"])
    if listed_first:
        assert "F POR S F MAO - SPA/NC" in game.get_all_possible_orders()["POR"]
    game.set_orders("FRANCE", ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"])
    game.set_orders("ITALY", ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"])
    assert game.get_orders("FRANCE") == ["F POR S F MAO - SPA", "F MAO - SPA/SC"]
    game.process()
    assert game.get_units("ITALY") == ["F LYO", "F WES"]
    assert game.get_order_status("ITALY") == {"F LYO": [], "F WES": ["bounce"]}


def test_set_units_takes_only_milas_location_codes():
    # MILA's answers for the same call (DATC 6.J.4 as MILA's test writes it): Livonia is
    # LVN on MILA's map, so 'A LIV' is no unit.
    game = Game()
    game.set_units("RUSSIA", ["A LIV", "A UKR"])
    assert game.error == ["INVALID UNIT: A LIV"]
    assert game.get_units("RUSSIA") == ["A WAR", "A MOS", "F SEV", "F STP/SC", "A UKR"]


def test_every_waive_is_void_under_one_key_as_milas_results_have_it():
    # MILA's results for the same calls: each WAIVE given (and each one made up to the
    # builds due) is void, all under "WAIVE"; Austria, with no free site, keeps its WAIVE.
    game = Game()
    game.set_centers("AUSTRIA", ["SER", "GRE"])
    game.set_centers("ITALY", ["TUN"])
    game.set_units("AUSTRIA", ["A SER"])
    game.set_units("ITALY", ["A VEN"], reset=True)
    game.set_current_phase("W1901A")
    game.set_orders("AUSTRIA", ["A TRI B", "WAIVE"])
    game.set_orders("ITALY", ["WAIVE", "WAIVE"])
    game.process()
    assert dict(game.result_history.last_value()) == {"A TRI": ["void"], "WAIVE": ["void", "void", "void"]}
    # MILA lists WAIVE among each power's units ordered, once, and 'A TRI', voided when
    # given (before WAIVE: ours lists the void orders after those carried out).
    assert (game.ordered_units["AUSTRIA"], game.ordered_units["ITALY"]) == (["WAIVE", "A TRI"], ["WAIVE"])
