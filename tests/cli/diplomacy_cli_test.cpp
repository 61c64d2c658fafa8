// `stratagem diplomacy` run as a separate process, the way outside tools run it
// (shared/contracts/diplomacy-cli.md): exact JSON on stdout, exact exit status, and for
// bad input one line on stderr and nothing on stdout.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "binary_run.h"

namespace {

using nlohmann::ordered_json;
using stratagem::cli::testing::BinaryRun;
using stratagem::cli::testing::run_stratagem;

BinaryRun adjudicate(const std::string& input, std::vector<std::string> options = {}) {
  options.insert(options.begin(), {"diplomacy", "adjudicate"});
  return run_stratagem(options, input);
}

// A successful run that printed exactly one line of JSON.
ordered_json json_line(const BinaryRun& result) {
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out.find('\n'), result.out.size() - 1) << result.out;
  ordered_json value = ordered_json::parse(result.out, nullptr, false);
  EXPECT_FALSE(value.is_discarded()) << result.out;
  return value;
}

void expect_bad_input(const BinaryRun& result, const std::string& message) {
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "error: " + message + "\n");
}

ordered_json json(const char* text) { return ordered_json::parse(text); }

// Every power as a key in the contract's order; the powers not in `given` get `empty`.
ordered_json every_power(const ordered_json& given, const ordered_json& empty = ordered_json::array()) {
  ordered_json all = ordered_json::object();
  for (const char* power : {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"})
    all[power] = given.contains(power) ? given[power] : empty;
  return all;
}

// --- adjudicate: movement

TEST(DiplomacyAdjudicate, TwoArmiesBounceInBurgundy) {
  const ordered_json out = json_line(adjudicate(R"({"variant": "standard", "phase": "S1901M",
      "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
      "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
      "orders": {"FRANCE": ["A Par-Bur"], "GERMANY": ["A Mun - Bur"]}})"));
  ordered_json expected;
  expected["phase"] = "S1901M";
  expected["results"] = every_power(json(R"({
      "FRANCE": [{"unit": "A PAR", "input": "A Par-Bur", "order": "A PAR - BUR", "result": "bounce",
                  "by": "A MUN", "strength": 1, "opposing_strength": 1}],
      "GERMANY": [{"unit": "A MUN", "input": "A Mun - Bur", "order": "A MUN - BUR", "result": "bounce",
                   "by": "A PAR", "strength": 1, "opposing_strength": 1}]})"));
  expected["next"]["phase"] = "F1901M";
  expected["next"]["units"] = every_power(json(R"({"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})"));
  expected["next"]["centers"] = every_power(json(R"({"FRANCE": ["PAR"], "GERMANY": ["MUN"]})"));
  EXPECT_EQ(out, expected);
}

TEST(DiplomacyAdjudicate, CutSupportAndUnitsWithoutOrders) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "S1901M",
      "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"], "ITALY": ["A PIE"]},
      "orders": {"FRANCE": ["A Par - Bur", "A Mar S A Par - Bur"], "ITALY": ["A Pie - Mar"]}})"));
  EXPECT_EQ(out["results"], every_power(json(R"({
      "FRANCE": [{"unit": "A PAR", "input": "A Par - Bur", "order": "A PAR - BUR", "result": "bounce",
                  "by": "A BUR", "strength": 1, "opposing_strength": 1},
                 {"unit": "A MAR", "input": "A Mar S A Par - Bur", "order": "A MAR S A PAR - BUR",
                  "result": "cut", "by": "A PIE"}],
      "GERMANY": [{"unit": "A BUR", "input": null, "order": null, "result": "hold"}],
      "ITALY": [{"unit": "A PIE", "input": "A Pie - Mar", "order": "A PIE - MAR", "result": "bounce",
                 "by": "A MAR", "strength": 1, "opposing_strength": 1}]})")));
  EXPECT_EQ(out["next"]["units"],
            every_power(json(R"({"FRANCE": ["A MAR", "A PAR"], "GERMANY": ["A BUR"], "ITALY": ["A PIE"]})")));
}

TEST(DiplomacyAdjudicate, DislodgementLeadsToARetreatPhase) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "F1901M",
      "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]},
      "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]},
      "orders": {"FRANCE": ["A Par - Bur", "A Mar S A Par - Bur"]}})"));
  EXPECT_EQ(out["results"]["GERMANY"], json(R"([{"unit": "A BUR", "input": null, "order": null,
      "result": "dislodged", "by": "A PAR", "strength": 1, "opposing_strength": 2}])"));
  ordered_json next;
  next["phase"] = "F1901R";
  next["units"] = every_power(json(R"({"FRANCE": ["A BUR", "A MAR"]})"));
  // Centres change hands only after the Fall retreats.
  next["centers"] = every_power(json(R"({"FRANCE": ["MAR", "PAR"], "GERMANY": ["MUN"]})"));
  // Not Paris, where the attacker came from, nor occupied Marseilles.
  next["retreats"] =
      every_power(json(R"({"GERMANY": {"A BUR": ["BEL", "GAS", "MUN", "PIC", "RUH"]}})"), ordered_json::object());
  EXPECT_EQ(out["next"], next);
}

TEST(DiplomacyAdjudicate, TheContractExample) {
  // Verbatim from shared/contracts/diplomacy-cli.md; its retreats are ignored outside R phases.
  const ordered_json out = json_line(adjudicate(R"({
  "variant": "standard",
  "phase": "S1901M",
  "units":    {"ENGLAND": ["F LON", "F EDI", "A LVP"], "FRANCE": ["A PAR"]},
  "centers":  {"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "MAR", "BRE"]},
  "retreats": {"ENGLAND": {"F NTH": ["EDI", "NWG"]}},
  "orders":   {"ENGLAND": ["F LON - NTH", "A Lvp-Yor"], "FRANCE": ["A Par-Bur"]}
})"));
  ordered_json expected;
  expected["phase"] = "S1901M";
  expected["results"] = every_power(json(R"({
      "ENGLAND": [{"unit": "F LON", "input": "F LON - NTH", "order": "F LON - NTH", "result": "ok"},
                  {"unit": "A LVP", "input": "A Lvp-Yor", "order": "A LVP - YOR", "result": "ok"},
                  {"unit": "F EDI", "input": null, "order": null, "result": "hold"}],
      "FRANCE": [{"unit": "A PAR", "input": "A Par-Bur", "order": "A PAR - BUR", "result": "ok"}]})"));
  expected["next"]["phase"] = "F1901M";
  expected["next"]["units"] = every_power(json(R"({"ENGLAND": ["F EDI", "F NTH", "A YOR"], "FRANCE": ["A BUR"]})"));
  expected["next"]["centers"] =
      every_power(json(R"({"ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"]})"));
  EXPECT_EQ(out, expected);
}

TEST(DiplomacyAdjudicate, InvalidAndVoidOrdersSayWhy) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "S1901M",
      "units": {"FRANCE": ["A PAR"], "ENGLAND": ["F LON"]},
      "orders": {"FRANCE": ["A Par - Mos", "A Xyz - Bur", "F Lon - Eng"]}})"));
  EXPECT_EQ(out["results"], every_power(json(R"({
      "ENGLAND": [{"unit": "F LON", "input": null, "order": null, "result": "hold"}],
      "FRANCE": [{"unit": "A PAR", "input": "A Par - Mos", "order": "A PAR - MOS", "result": "void",
                  "error": "the unit cannot reach that province"},
                 {"unit": null, "input": "A Xyz - Bur", "order": null, "result": "invalid",
                  "error": "unknown place \"Xyz\""},
                 {"unit": "F LON", "input": "F Lon - Eng", "order": "F LON - ENG", "result": "void",
                  "error": "the unit belongs to another power"}]})")));
}

// Understood, but not an order of this phase: void, and the unit holds.
TEST(DiplomacyAdjudicate, OrderOfAnotherPhaseIsVoid) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "S1901M",
      "units": {"FRANCE": ["A PAR", "F BRE"]}, "orders": {"FRANCE": ["A Par B", "F Bre R Mao", "WAIVE"]}})"));
  const char* wrong_phase =
      "this kind of order cannot be given in this phase (movement: hold, move, support, convoy; retreats: retreat, "
      "disband; adjustments: build, remove, waive)";
  ordered_json expected = json(R"([
      {"unit": "A PAR", "input": "A Par B", "order": "A PAR B", "result": "void"},
      {"unit": "F BRE", "input": "F Bre R Mao", "order": "F BRE R MAO", "result": "void"},
      {"unit": null, "input": "WAIVE", "order": "WAIVE", "result": "void"}])");
  for (auto& entry : expected) entry["error"] = wrong_phase;
  // A build names a site, not a unit: the army in Paris is still without an order.
  expected.push_back(json(R"({"unit": "A PAR", "input": null, "order": null, "result": "hold"})"));
  EXPECT_EQ(out["results"]["FRANCE"], expected);
}

TEST(DiplomacyAdjudicate, SupportThatDoesNotMatchIsVoidWithTheReason) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "S1901M",
      "units": {"FRANCE": ["F MAO"], "ENGLAND": ["F ENG"]},
      "orders": {"FRANCE": ["F Mid - Eng"], "ENGLAND": ["F Eng S F Mid"]}})"));
  EXPECT_EQ(out["results"]["ENGLAND"], json(R"([{"unit": "F ENG", "input": "F Eng S F Mid",
      "order": "F ENG S F MAO", "result": "void",
      "error": "the supported unit moves, so it cannot be supported to hold"}])"));
}

TEST(DiplomacyAdjudicate, ReadsEveryNotationAndWritesTheCanonicalOne) {
  const ordered_json out = json_line(adjudicate(R"j({"phase": "S1901M",
      "units": {"France": ["陸軍 巴黎"], "RUSSIA": ["F St. Petersburg (south coast)"]},
      "centers": {"法國": ["Paris"]},
      "orders": {"FRANCE": ["A Paris - Burgundy"], "RUSSIA": ["F StP/sc - GoB"]}})j"));
  EXPECT_EQ(out["next"]["units"], every_power(json(R"({"FRANCE": ["A BUR"], "RUSSIA": ["F BOT"]})")));
  EXPECT_EQ(out["next"]["centers"], every_power(json(R"({"FRANCE": ["PAR"]})")));
  EXPECT_EQ(out["results"]["RUSSIA"][0]["order"], "F STP/SC - BOT");
}

TEST(DiplomacyAdjudicate, DatcProfileIsAccepted) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
      "orders": {"FRANCE": ["A Par H"]}})",
                                                {"--rules", "datc"}));
  EXPECT_EQ(out["results"]["FRANCE"], json(R"([{"unit": "A PAR", "input": "A Par H", "order": "A PAR H",
      "result": "ok"}])"));
}

// --- adjudicate: retreats and adjustments

TEST(DiplomacyAdjudicate, RetreatPhaseMovesBouncesAndDisbands) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "F1901R",
      "units": {"FRANCE": ["A BUR", "A MAR"], "ITALY": ["A PIC"]},
      "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]},
      "retreats": {"GERMANY": {"A BUR": ["BEL", "GAS", "MUN", "RUH"], "F HOL": ["NTH", "HEL"],
                               "A KIE": ["DEN", "BER"]},
                   "ENGLAND": {"F NTH": ["HEL"]}},
      "orders": {"GERMANY": ["A Bur - Bel", "F Hol - Hel"], "ENGLAND": ["F NTH R HEL"]}})"));
  ordered_json expected;
  expected["phase"] = "F1901R";
  expected["results"] = every_power(json(R"({
      "ENGLAND": [{"unit": "F NTH", "input": "F NTH R HEL", "order": "F NTH R HEL", "result": "bounce",
                   "by": "F HOL"}],
      "GERMANY": [{"unit": "A BUR", "input": "A Bur - Bel", "order": "A BUR R BEL", "result": "ok"},
                  {"unit": "F HOL", "input": "F Hol - Hel", "order": "F HOL R HEL", "result": "bounce",
                   "by": "F NTH"},
                  {"unit": "A KIE", "input": null, "order": null, "result": "hold", "disbanded": true}]})"));
  expected["next"]["phase"] = "W1901A";
  expected["next"]["units"] =
      every_power(json(R"({"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A BEL"], "ITALY": ["A PIC"]})"));
  // After the Fall retreats Germany owns Belgium.
  expected["next"]["centers"] = every_power(json(R"({"FRANCE": ["MAR", "PAR"], "GERMANY": ["BEL", "MUN"]})"));
  EXPECT_EQ(out, expected);
}

TEST(DiplomacyAdjudicate, RetreatPlaceWithoutCoastMeansTheOnlyReachableOne) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "F1901R", "units": {"FRANCE": ["F WES"]},
      "retreats": {"ITALY": {"F WES": ["Spa", "NAF"]}}, "orders": {"ITALY": ["F Wes - Spa"]}})"));
  EXPECT_EQ(out["results"]["ITALY"], json(R"([{"unit": "F WES", "input": "F Wes - Spa", "order": "F WES R SPA/SC",
      "result": "ok"}])"));
  EXPECT_EQ(out["next"]["units"]["ITALY"], json(R"(["F SPA/SC"])"));
}

TEST(DiplomacyAdjudicate, AdjustmentBuildsAndCivilDisorder) {
  const ordered_json out = json_line(adjudicate(R"({"phase": "W1901A",
      "units": {"FRANCE": ["A SPA", "A POR", "F MAO"], "GERMANY": ["A BUR", "A RUH", "F KIE"]},
      "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR"], "GERMANY": ["MUN"]},
      "orders": {"FRANCE": ["A Par B", "F Bre B", "F Mar B"], "GERMANY": ["A Ruh D"]}})"));
  ordered_json expected;
  expected["phase"] = "W1901A";
  expected["results"] = every_power(json(R"({
      "FRANCE": [{"unit": "A PAR", "input": "A Par B", "order": "A PAR B", "result": "ok"},
                 {"unit": "F BRE", "input": "F Bre B", "order": "F BRE B", "result": "ok"},
                 {"unit": "F MAR", "input": "F Mar B", "order": "F MAR B", "result": "void",
                  "error": "the power has no builds left"},
                 {"unit": "F MAO", "input": null, "order": null, "result": "hold"},
                 {"unit": "A POR", "input": null, "order": null, "result": "hold"},
                 {"unit": "A SPA", "input": null, "order": null, "result": "hold"}],
      "GERMANY": [{"unit": "A RUH", "input": "A Ruh D", "order": "A RUH D", "result": "ok"},
                  {"unit": "A BUR", "input": null, "order": null, "result": "hold"},
                  {"unit": "F KIE", "input": null, "order": null, "result": "hold", "disbanded": true}]})"));
  expected["next"]["phase"] = "S1902M";
  expected["next"]["units"] =
      every_power(json(R"({"FRANCE": ["F BRE", "F MAO", "A PAR", "A POR", "A SPA"], "GERMANY": ["A BUR"]})"));
  expected["next"]["centers"] =
      every_power(json(R"({"FRANCE": ["BRE", "MAR", "PAR", "POR", "SPA"], "GERMANY": ["MUN"]})"));
  EXPECT_EQ(out, expected);
}

// --- adjudicate: bad input

struct BadInputCase {
  const char* name;
  const char* input;
  const char* message;
};

void PrintTo(const BadInputCase& c, std::ostream* out) { *out << c.name; }

class DiplomacyBadInput : public ::testing::TestWithParam<BadInputCase> {};

TEST_P(DiplomacyBadInput, ExitsWithStatus2AndOneLineSayingWhereAndWhat) {
  expect_bad_input(adjudicate(GetParam().input), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, DiplomacyBadInput,
    ::testing::Values(
        BadInputCase{"NotJson", R"({"phase": "S1901M", "units": {)",
                     "input is not valid JSON: parse error at line 1, column 31: syntax error while parsing "
                     "object key - unexpected end of input; expected string literal"},
        // Found by fuzz/diplomacy_phase_fuzz: the parser's overflow exception escaped.
        BadInputCase{"NumberTooLarge", R"({"phase": 1e9999})",
                     "input is not valid JSON: number overflow parsing '1e9999'"},
        BadInputCase{"NotAnObject", R"([1, 2])", "input: expected a JSON object, got a list"},
        BadInputCase{"KeyTwice", R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "FRANCE": []}})",
                     R"(input: the key "FRANCE" appears twice in one object)"},
        BadInputCase{
            "UnknownField", R"({"phase": "S1901M", "units": {}, "centres": {}})",
            R"(input: unknown field "centres" (the fields are variant, phase, units, centers, retreats, orders, )"
            R"(setup, coin_toss, ending, civil_disorder, declarations))"},
        BadInputCase{"UnknownVariant", R"({"variant": "youngstown", "phase": "S1901M", "units": {}})",
                     R"(variant: unknown variant "youngstown" (the only variant is "standard"))"},
        BadInputCase{"NoPhase", R"({"units": {}})", R"(phase: missing (e.g. "S1901M"))"},
        BadInputCase{
            "IllFormedPhase", R"({"phase": "S1901X", "units": {}})",
            R"(phase: "S1901X" is not a phase (season S, F or W, year, type M, R or A: S1901M, F1901R, W1901A))"},
        BadInputCase{
            "AdjustmentInSpring", R"({"phase": "S1901A", "units": {}})",
            R"(phase: "S1901A" is not a phase (season S, F or W, year, type M, R or A: S1901M, F1901R, W1901A))"},
        BadInputCase{"NoUnits", R"({"phase": "S1901M"})",
                     "units: missing (an object with the list of units of each power)"},
        BadInputCase{
            "UnknownPower", R"({"phase": "S1901M", "units": {"PRUSSIA": []}})",
            R"(units: unknown power "PRUSSIA" (the powers are AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY))"},
        BadInputCase{"PowerTwice", R"({"phase": "S1901M", "units": {"FRANCE": [], "France": []}})",
                     R"(units: FRANCE is given twice, as "FRANCE" and as "France")"},
        BadInputCase{"UnitsNotAList", R"({"phase": "S1901M", "units": {"FRANCE": "A PAR"}})",
                     "units.FRANCE: expected a list of units, got a string"},
        BadInputCase{"UnknownPlace", R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A BRE", "A Xyz"]}})",
                     R"(units.FRANCE[2]: "A Xyz" is not a unit: unknown place "Xyz")"},
        BadInputCase{"UnitWithoutType", R"({"phase": "S1901M", "units": {"FRANCE": ["Par"]}})",
                     R"(units.FRANCE[0]: "Par" is not a unit: write A or F before the place)"},
        BadInputCase{
            "OrderForAUnit", R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR - BUR"]}})",
            R"(units.FRANCE[0]: "A PAR - BUR" is not a unit: write the unit type (A or F) and its place, nothing else)"},
        BadInputCase{"FleetInland", R"({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}})",
                     R"(units.FRANCE[0]: "F PAR" is not a unit: a fleet cannot stand inland (Paris))"},
        BadInputCase{"ArmyAtSea", R"({"phase": "S1901M", "units": {"ENGLAND": ["A NTH"]}})",
                     R"(units.ENGLAND[0]: "A NTH" is not a unit: an army cannot stand at sea (North Sea))"},
        BadInputCase{
            "FleetWithoutCoast", R"({"phase": "S1901M", "units": {"RUSSIA": ["F STP"]}})",
            R"(units.RUSSIA[0]: "F STP" is not a unit: a fleet in St Petersburg must say which coast it is on (STP/NC or STP/SC))"},
        BadInputCase{"ArmyOnACoast", R"({"phase": "S1901M", "units": {"FRANCE": ["A SPA/NC"]}})",
                     R"(units.FRANCE[0]: "A SPA/NC" is not a unit: an army stands in Spain, not on one of its coasts)"},
        BadInputCase{"TwoUnitsInOneProvince",
                     R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A Paris"]}})",
                     R"(units.GERMANY[0]: "A Paris" stands in Paris, where units.FRANCE[0] "A PAR" stands already)"},
        BadInputCase{"AdjustmentWithoutCentres", R"({"phase": "W1901A", "units": {}})",
                     "centers: missing; an adjustment phase needs the owner of every supply centre"},
        BadInputCase{"CentreNotASupplyCentre", R"({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["BUR"]}})",
                     "centers.FRANCE[0]: Burgundy is not a supply centre"},
        BadInputCase{
            "CentreOwnedTwice",
            R"({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["PAR"], "GERMANY": ["Paris"]}})",
            R"(centers.GERMANY[0]: Paris is owned twice: centers.FRANCE[0] "PAR" and centers.GERMANY[0] "Paris")"},
        BadInputCase{
            "DislodgedUnitAlsoInUnits",
            R"({"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "retreats": {"FRANCE": {"A PAR": []}}})",
            R"(retreats.FRANCE["A PAR"]: FRANCE has a unit in Paris that was not dislodged (units.FRANCE[0] "A PAR"), so none of its units was dislodged there)"},
        BadInputCase{
            "RetreatNotAdjacent",
            R"({"phase": "S1901R", "units": {"GERMANY": ["A PAR"]}, "retreats": {"FRANCE": {"A PAR": ["MOS"]}}})",
            R"(retreats.FRANCE["A PAR"][0]: A PAR cannot move to Moscow)"},
        BadInputCase{
            "RetreatOccupied",
            R"({"phase": "S1901R", "units": {"GERMANY": ["A PAR", "A PIC"]}, "retreats": {"FRANCE": {"A PAR": ["PIC"]}}})",
            R"(retreats.FRANCE["A PAR"][0]: Picardy is occupied by units.GERMANY[1] "A PIC")"},
        BadInputCase{
            "RetreatCoastNeeded",
            R"({"phase": "S1901R", "units": {"ENGLAND": ["F MAO"]}, "retreats": {"FRANCE": {"F MAO": ["SPA"]}}})",
            R"(retreats.FRANCE["F MAO"][0]: F MAO can reach more than one coast of Spain: say which)"},
        BadInputCase{"OrderNotAString", R"({"phase": "S1901M", "units": {}, "orders": {"FRANCE": ["A Par H", 7]}})",
                     "orders.FRANCE[1]: expected a string, got a number"},
        BadInputCase{
            "OrdersOfUnknownPower", R"({"phase": "S1901M", "units": {}, "orders": {"SPAIN": []}})",
            R"(orders: unknown power "SPAIN" (the powers are AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY))"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DiplomacyAdjudicate, TooManyOrdersIsBadInput) {
  std::string orders = R"("A Par H")";
  for (int i = 1; i < 1001; ++i) orders += R"(, "A Par H")";
  expect_bad_input(
      adjudicate(R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": [)" + orders + "]}}"),
      "orders.FRANCE: 1001 orders; a power may give at most 1000");
}

TEST(DiplomacyAdjudicate, UnknownRuleProfileIsBadInput) {
  expect_bad_input(adjudicate(R"({"phase": "S1901M", "units": {}})", {"--rules", "house"}),
                   R"(--rules: unknown rule profile "house" (the profiles are standard, datc))");
}

// --- adjudicate --jsonl

TEST(DiplomacyAdjudicate, JsonLinesAnswerEveryLineAndReportTheBadOnes) {
  const std::string good =
      R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A Par-Bur"]}})";
  const BinaryRun result =
      adjudicate(good + "\n" + R"({"phase": "X1901M", "units": {}})" + "\n\n" + good + "\n", {"--jsonl"});
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err,
            "error: line 2: phase: \"X1901M\" is not a phase (season S, F or W, year, type M, R or A: S1901M, "
            "F1901R, W1901A)\n");
  const ordered_json good_out = json_line(adjudicate(good));
  EXPECT_EQ(result.out, good_out.dump() + "\n" +
                            R"j({"error":"phase: \"X1901M\" is not a phase (season S, F or W, year, type M, R or A: )j"
                            R"j(S1901M, F1901R, W1901A)"})j" +
                            "\n" + good_out.dump() + "\n");
}

TEST(DiplomacyAdjudicate, JsonLinesWithOnlyGoodLinesSucceed) {
  const std::string good = R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}})";
  const BinaryRun result = adjudicate(good + "\n" + good + "\n", {"--jsonl"});
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.err, "");
  const std::string line = json_line(adjudicate(good)).dump() + "\n";
  EXPECT_EQ(result.out, line + line);
}

// --- new, render, demo

TEST(DiplomacyNew, PrintsTheStartingPosition) {
  const BinaryRun result = run_stratagem({"diplomacy", "new"});
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(
      result.out,
      R"({"phase":"S1901M","units":{"AUSTRIA":["A BUD","F TRI","A VIE"],"ENGLAND":["F EDI","F LON","A LVP"],)"
      R"("FRANCE":["F BRE","A MAR","A PAR"],"GERMANY":["A BER","F KIE","A MUN"],"ITALY":["F NAP","A ROM","A VEN"],)"
      R"("RUSSIA":["A MOS","F SEV","F STP/SC","A WAR"],"TURKEY":["F ANK","A CON","A SMY"]},)"
      R"("centers":{"AUSTRIA":["BUD","TRI","VIE"],"ENGLAND":["EDI","LON","LVP"],"FRANCE":["BRE","MAR","PAR"],)"
      R"("GERMANY":["BER","KIE","MUN"],"ITALY":["NAP","ROM","VEN"],"RUSSIA":["MOS","SEV","STP","WAR"],)"
      R"("TURKEY":["ANK","CON","SMY"]}})"
      "\n");
}

TEST(DiplomacyNew, IsAValidAdjudicateInput) {
  const BinaryRun start = run_stratagem({"diplomacy", "new"});
  const ordered_json out = json_line(adjudicate(start.out));
  EXPECT_EQ(out["next"]["phase"], "F1901M");
  EXPECT_EQ(out["results"]["RUSSIA"].size(), 4u);
}

struct Rendering {
  const char* name;
  const char* language;
  std::vector<const char*> words;
};

void PrintTo(const Rendering& r, std::ostream* out) { *out << r.name; }

class DiplomacyRender : public ::testing::TestWithParam<Rendering> {};

TEST_P(DiplomacyRender, StartingPositionInWords) {
  const BinaryRun start = run_stratagem({"diplomacy", "new"});
  const BinaryRun result = run_stratagem({"diplomacy", "render", "--lang", GetParam().language}, start.out);
  EXPECT_EQ(result.status, 0) << result.err;
  for (const char* word : GetParam().words)
    EXPECT_NE(result.out.find(word), std::string::npos) << word << "\n" << result.out;
}

INSTANTIATE_TEST_SUITE_P(
    EveryLanguage, DiplomacyRender,
    ::testing::Values(
        Rendering{"English",
                  "en",
                  {"Spring 1901, movement\n", "France, supply centres: 3 (Brest, Marseilles, Paris)\n", "  A Paris\n",
                   "  F St Petersburg (south coast)\n"}},
        Rendering{"TraditionalChinese", "zh-Hant", {"1901年春季，行動期\n", "法國：3 個軍需區", "  陸軍 巴黎\n", "艦隊"}},
        Rendering{
            "SimplifiedChinese", "zh-Hans", {"1901年春季，行动期\n", "法国：3 个补给中心", "  陆军 巴黎\n", "舰队"}},
        Rendering{"Japanese", "ja", {"1901年 春 移動フェイズ\n", "フランス：補給都市 3", "  陸軍 パリ\n", "海軍"}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DiplomacyRender, AdjudicatedPhaseExplainsEachOrder) {
  const BinaryRun adjudicated = adjudicate(R"({"phase": "S1901M",
      "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"]},
      "orders": {"FRANCE": ["A Par-Bur"], "GERMANY": ["A Mun - Bur"], "ITALY": ["A Ven - Tun", "A Xyz H"]}})");
  const BinaryRun result = run_stratagem({"diplomacy", "render"}, adjudicated.out);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out,
            "Spring 1901, movement: orders\n"
            "\n"
            "France\n"
            "  A Paris - Burgundy: bounced by A Munich - Burgundy (1 against 1)\n"
            "  A Marseilles: no order, held\n"
            "\n"
            "Germany\n"
            "  A Munich - Burgundy: bounced by A Paris - Burgundy (1 against 1)\n"
            "\n"
            "Italy\n"
            "  A Venice - Tunis: void: no chain of fleets can convoy the army there\n"
            "  \"A Xyz H\": not understood: unknown place \"Xyz\"\n"
            "\n"
            "After this phase: Fall 1901, movement\n"
            "\n"
            "France, supply centres: 0\n"
            "  A Marseilles\n"
            "  A Paris\n"
            "\n"
            "Germany, supply centres: 0\n"
            "  A Munich\n"
            "\n"
            "Italy, supply centres: 0\n"
            "  A Venice\n");
}

TEST(DiplomacyRender, AdjudicateInputShowsPositionAndOrders) {
  const BinaryRun result = run_stratagem({"diplomacy", "render"}, R"({"phase": "S1901M",
      "units": {"FRANCE": ["A PAR", "F BRE"]}, "centers": {"FRANCE": ["PAR", "BRE"]},
      "orders": {"FRANCE": ["A Par-Bur", "F Bre S A Par - Pic", "A Xyz H"]}})");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out,
            "Spring 1901, movement\n"
            "\n"
            "France, supply centres: 2 (Brest, Paris)\n"
            "  F Brest\n"
            "  A Paris\n"
            "\n"
            "Spring 1901, movement: orders\n"
            "\n"
            "France\n"
            "  A Paris - Burgundy\n"
            "  F Brest supports A Paris - Picardy\n"
            "  \"A Xyz H\"\n");
}

TEST(DiplomacyRender, RetreatChoicesInWords) {
  const BinaryRun adjudicated = adjudicate(R"({"phase": "F1901M",
      "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]},
      "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]},
      "orders": {"FRANCE": ["A Par - Bur", "A Mar S A Par - Bur"]}})");
  const std::string next = ordered_json::parse(adjudicated.out)["next"].dump();
  const BinaryRun result = run_stratagem({"diplomacy", "render"}, next);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out,
            "Fall 1901, retreats\n"
            "\n"
            "France, supply centres: 2 (Marseilles, Paris)\n"
            "  A Burgundy\n"
            "  A Marseilles\n"
            "\n"
            "Germany, supply centres: 1 (Munich)\n"
            "  A Burgundy is dislodged and may retreat to Belgium, Gascony, Munich, Picardy, Ruhr\n");
}

TEST(DiplomacyRender, BuildsAndCivilDisorderInWords) {
  const BinaryRun adjudicated = adjudicate(R"({"phase": "W1901A",
      "units": {"FRANCE": ["A SPA"], "GERMANY": ["A BUR", "F KIE"]},
      "centers": {"FRANCE": ["PAR", "SPA"], "GERMANY": ["MUN"]},
      "orders": {"FRANCE": ["A Par B"]}})");
  const BinaryRun result = run_stratagem({"diplomacy", "render"}, adjudicated.out);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out.substr(0, result.out.find("After this phase")),
            "Winter 1901, adjustments: orders\n"
            "\n"
            "France\n"
            "  build A Paris: succeeded\n"
            "\n"
            "Germany\n"
            "  F Kiel: removed (civil disorder)\n"
            "\n");
}

TEST(DiplomacyRender, EveryOrderKindInEveryLanguage) {
  const char* phases[] = {
      R"({"phase": "S1901M", "units": {"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["A PAR", "A BUR"],
          "GERMANY": ["A MUN"]},
          "orders": {"ENGLAND": ["A Lon - Bel via convoy", "F Nth C A Lon - Bel", "F Eng S F Nth"],
                     "FRANCE": ["A Par S A Bur", "A Bur S A Lon - Bel"], "GERMANY": ["A Mun H"]}})",
      R"({"phase": "F1901R", "units": {"FRANCE": ["A RUH"]},
          "retreats": {"GERMANY": {"A BUR": ["BEL"], "F HOL": ["NTH"]}},
          "orders": {"GERMANY": ["A Bur - Bel", "F Hol D"]}})",
      R"({"phase": "W1901A", "units": {"FRANCE": ["A SPA"], "GERMANY": ["A BUR", "A RUH"]},
          "centers": {"FRANCE": ["PAR", "MAR", "SPA"], "GERMANY": ["MUN"]},
          "orders": {"FRANCE": ["A Par B", "WAIVE"], "GERMANY": ["A Bur D"]}})"};
  for (const char* phase : phases) {
    const BinaryRun adjudicated = adjudicate(phase);
    ASSERT_EQ(adjudicated.status, 0) << adjudicated.err;
    for (const char* language : {"en", "zh-Hant", "zh-Hans", "ja"}) {
      const BinaryRun result = run_stratagem({"diplomacy", "render", "--lang", language}, adjudicated.out);
      EXPECT_EQ(result.status, 0) << language << ": " << result.err;
      // Every pattern filled: no field name left, no order shown as raw text.
      EXPECT_EQ(result.out.find('{'), std::string::npos) << result.out;
      EXPECT_EQ(result.out.find('"'), std::string::npos) << result.out;
    }
  }
}

TEST(DiplomacyRender, BadInputIsReportedLikeAdjudicate) {
  expect_bad_input(run_stratagem({"diplomacy", "render"}, R"({"phase": "S1901M", "units": {"FRANCE": ["A Xyz"]}})"),
                   R"(units.FRANCE[0]: "A Xyz" is not a unit: unknown place "Xyz")");
  expect_bad_input(run_stratagem({"diplomacy", "render", "--lang", "fr"}, "{}"),
                   R"(--lang: unknown language "fr" (the languages are en, zh-Hant, zh-Hans, ja))");
}

TEST(DiplomacyDemo, ShowsASupportAndABounceInWords) {
  const BinaryRun result = run_stratagem({"diplomacy", "demo"});
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out.rfind("Spring 1901, movement: orders\n", 0), 0u) << result.out;
  for (const char* line : {"  A Marseilles supports A Paris - Burgundy: succeeded\n",
                           "  A Munich - Burgundy: bounced by A Paris - Burgundy (1 against 2)\n",
                           "  A Vienna - Galicia: bounced by A Warsaw - Galicia (1 against 1)\n",
                           "After this phase: Fall 1901, movement\n"})
    EXPECT_NE(result.out.find(line), std::string::npos) << line;
}

// --- selfplay

TEST(DiplomacySelfplay, PrintsThroughputAndIsDeterministic) {
  const ordered_json first =
      json_line(run_stratagem({"diplomacy", "selfplay", "--games", "3", "--seed", "42", "--max-year", "1910"}));
  const ordered_json second =
      json_line(run_stratagem({"diplomacy", "selfplay", "--games", "3", "--seed", "42", "--max-year", "1910"}));
  std::vector<std::string> keys;
  for (const auto& item : first.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"games", "phases", "seconds", "phases_per_second"}));
  EXPECT_EQ(first["games"], 3);
  ASSERT_TRUE(first["phases"].is_number_integer());
  // At least Spring, Fall and Winter of 1901 in each game.
  EXPECT_GE(first["phases"].get<int>(), 9);
  EXPECT_TRUE(first["seconds"].is_number());
  EXPECT_TRUE(first["phases_per_second"].is_number());
  EXPECT_EQ(first["phases"], second["phases"]);
}

// Thread k plays its share of the games from seed + k: two threads over four games play
// what two runs of two games play from seeds 42 and 43.
TEST(DiplomacySelfplay, ThreadsShareOutTheGames) {
  const auto phases = [](std::vector<std::string> args) {
    std::vector<std::string> command = {"diplomacy", "selfplay", "--max-year", "1910"};
    command.insert(command.end(), args.begin(), args.end());
    return json_line(run_stratagem(command));
  };
  const ordered_json two = phases({"--games", "4", "--seed", "42", "--threads", "2"});
  EXPECT_EQ(two["games"], 4);
  EXPECT_EQ(two["threads"], 2);
  EXPECT_EQ(two["phases"].get<int>(), phases({"--games", "2", "--seed", "42"})["phases"].get<int>() +
                                          phases({"--games", "2", "--seed", "43"})["phases"].get<int>());
  EXPECT_EQ(phases({"--games", "3", "--seed", "42", "--threads", "1"})["phases"],
            phases({"--games", "3", "--seed", "42"})["phases"]);
}

TEST(DiplomacySelfplay, BadValuesAreBadInput) {
  expect_bad_input(run_stratagem({"diplomacy", "selfplay", "--games", "2", "--seed", "1", "--threads", "0"}),
                   "--threads: must be from 1 to 256, got 0");
  expect_bad_input(run_stratagem({"diplomacy", "selfplay", "--games", "0", "--seed", "1"}),
                   "--games: must be at least 1, got 0");
  expect_bad_input(run_stratagem({"diplomacy", "selfplay", "--games", "1", "--seed", "-1"}),
                   R"(--seed: "-1" is not a whole number from 0 to 18446744073709551615)");
  expect_bad_input(run_stratagem({"diplomacy", "selfplay", "--games", "1", "--seed", "1", "--max-year", "1900"}),
                   "--max-year: must be from 1901 to 9999, got 1900");
  expect_bad_input(run_stratagem({"diplomacy", "selfplay", "--games", "1"}), "--seed is required");
}

}  // namespace
