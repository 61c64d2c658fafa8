"""diplomacy.engine.map.Map against MILA's own answers: tests/data/mila/map.json, written
by running MILA's package (tests/data/mila/generate.py map), holds every answer of MILA's
Map('standard'); each is asked again here of ours and must be the same, except for the
differences listed below, each checked to be exactly what it says."""
import copy
import json
import pickle
import sys
from pathlib import Path

import pytest

from diplomacy.engine.map import Map

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "mila"
sys.path.insert(0, str(CORPUS))
import answers  # noqa: E402  (the questions generate.py asked MILA)

# Where ours differs from MILA's, on purpose (docs/python.md):
# - MILA lists locations, each place's neighbours and each power's starting units in the
#   order of the lines of its map file; ours keeps the order of our variant (locations and
#   neighbours alphabetical, units as data/diplomacy/standard.variant lists them).
ORDERED_BY_MILAS_FILE = ["locs", "loc_abut", "abut_list", "units"]
# - Switzerland borders nothing in our variant (no unit may use a border of an impassable
#   space); MILA lists its five neighbours, and Switzerland among theirs. abuts() of
#   anything to or from Switzerland is 0 in both.
SWITZERLAND = "SWI"
# - MILA reads a few words of dpjudge features the game does not have: wings, keeps,
#   proxies and the Trans-Siberian railroad.
DPJUDGE_ONLY_KEYWORDS = {"WING", "KEEP", "KEEPS", "KEEPING", "PROXY", "PROXIES", "PROXYING", "TSR"}
DPJUDGE_ONLY_ALIASES = {"A W", "TRANS SIBERIAN RAILROAD"}
# - MILA's svg_path is a file of its installation; this package ships no picture (None).


@pytest.fixture(scope="module")
def mila():
    return json.loads((CORPUS / "map.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ours(mila):
    # Through JSON, as generate.py wrote MILA's (tuples become lists).
    phrases = [asked["phrase"] for asked in mila["phrases"]]
    return json.loads(json.dumps(answers.map_answers(Map(), phrases), ensure_ascii=False))


SAME = ["name", "first_year", "victory", "phase", "validated", "flow_sign", "root_map", "homes", "loc_name",
        "loc_type", "loc_coasts", "own_word", "abbrev", "centers", "pow_name", "rules", "files", "powers", "scs",
        "owns", "inhabits", "flow", "dummies", "error", "seq", "phase_abbrev", "unclear", "unit_names", "str",
        "convoy_paths", "abuts", "abuts_cache_size", "area_type", "find_coasts", "is_valid_unit",
        "default_coast"]


@pytest.mark.parametrize("answer", SAME)
def test_the_same_answer_as_milas(mila, ours, answer):
    assert ours[answer] == mila[answer]


def test_every_answer_is_checked(mila):
    checked = set(SAME) | set(ORDERED_BY_MILAS_FILE) | {"keywords", "aliases", "dest_with_coasts", "phrases",
                                                       "phases", "provenance"}
    assert set(mila) == checked


def test_the_same_locations_in_our_variants_order(mila, ours):
    assert sorted(ours["locs"]) == sorted(mila["locs"])
    # Split-coast provinces after their coasts, Switzerland last, as MILA; only the North
    # Sea, the Norwegian Sea and Norway come in another order (MILA: NWY NTH NWG).
    others = ("NTH", "NWG", "NWY")
    assert [loc for loc in ours["locs"] if loc not in others] == [loc for loc in mila["locs"] if loc not in others]
    assert [loc for loc in ours["locs"] if loc in others] == ["NTH", "NWG", "NWY"]


def without_switzerland(neighbours):
    return sorted(loc for loc in neighbours if loc.upper() != SWITZERLAND)


def test_the_same_neighbours_spelt_the_same_alphabetically(mila, ours):
    assert ours["loc_abut"].keys() == mila["loc_abut"].keys()
    for loc, neighbours in mila["loc_abut"].items():
        mine = ours["loc_abut"][loc]
        assert mine == sorted(mine, key=str.upper), loc
        assert sorted(mine) == ([] if loc == SWITZERLAND else without_switzerland(neighbours)), loc
    for loc, (plain, with_provinces) in mila["abut_list"].items():
        mine = ours["abut_list"][loc]
        expected = [[], []] if loc.upper() == SWITZERLAND else [without_switzerland(plain),
                                                                without_switzerland(with_provinces)]
        assert [sorted(mine[0]), sorted(mine[1])] == expected, loc
    for loc, dests in mila["dest_with_coasts"].items():
        assert ours["dest_with_coasts"][loc] == ([] if loc == SWITZERLAND else without_switzerland(dests)), loc


def test_the_same_starting_units_in_our_variants_order(mila, ours):
    assert {power: sorted(units) for power, units in ours["units"].items()} == \
           {power: sorted(units) for power, units in mila["units"].items()}
    assert ours["units"]["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]


def test_keywords_are_milas_but_for_dpjudge_features(mila, ours):
    assert ours["keywords"] == {word: short for word, short in mila["keywords"].items()
                                if word not in DPJUDGE_ONLY_KEYWORDS}


def test_aliases_hold_milas_and_every_name_of_our_variant(mila, ours):
    assert {name: code for name, code in ours["aliases"].items() if name in mila["aliases"]} == \
           {name: code for name, code in mila["aliases"].items() if name not in DPJUDGE_ONLY_ALIASES}
    game_map = Map()
    places = {loc.upper() for loc in game_map.locs}
    phrases = set(mila["aliases"].values())
    assert all(code in places or code in game_map.powers or code in phrases for code in ours["aliases"].values())
    # Names of our variant MILA does not know, in its normal form.
    assert ours["aliases"]["莫斯科"] == "MOS" and ours["aliases"]["サンクトペテルブルク"] == "STP"
    assert ours["aliases"][game_map.norm("Gulf of Lions")] == "LYO" and ours["aliases"]["MIDATLANTIC"] == "MAO"
    assert ours["aliases"]["西班牙南岸"] == "SPA/SC" and ours["aliases"]["奧匈帝國"] == "AUSTRIA"
    assert ours["aliases"]["ENG"] == "ENG"  # the English Channel, not England


def test_every_phrase_is_read_as_mila_reads_it(mila, ours):
    assert len(mila["phrases"]) > 1000
    differing = [(theirs, mine) for theirs, mine in zip(mila["phrases"], ours["phrases"]) if theirs != mine]
    assert differing == []


def test_the_calendar_answers_as_milas(mila, ours):
    for part in ("steps", "compare", "abbr", "long"):
        assert ours["phases"][part] == mila["phases"][part], part


def test_a_map_we_do_not_have_is_an_error_naming_ours():
    with pytest.raises(ValueError, match=r'no map "ancmed" \(the maps are: standard\)'):
        Map("ancmed")
    with pytest.raises(ValueError, match="reads no map files"):
        Map().load("/tmp/custom.map")


def test_one_map_per_name_and_private_copies():
    assert Map() is Map("standard")
    mine = copy.deepcopy(Map())
    assert mine is not Map()
    mine.drop("STP")
    mine.add_homes("RUSSIA", ["-MOS"], reinit=0)
    assert "stp" not in mine.locs and mine.homes["RUSSIA"] == ["SEV", "WAR"]
    assert "stp" in Map().locs and Map().homes["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    fresh = Map("standard", use_cache=False)
    assert fresh is not Map() and fresh.loc_abut == Map().loc_abut


def test_pickling_gives_an_equal_map_and_leaves_the_shared_one_alone():
    changed = copy.deepcopy(Map())
    changed.drop("SWI")
    back = pickle.loads(pickle.dumps(changed))
    assert back is not Map() and back.locs == changed.locs and "SWI" not in back.locs
    assert "SWI" in Map().locs
    assert pickle.loads(pickle.dumps(Map())).abuts("A", "PAR", "-", "BUR") == 1
