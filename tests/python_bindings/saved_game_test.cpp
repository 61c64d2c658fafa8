// The module's game class without the interpreter: a saved game read back (also one that
// MILA saved, which says neither where dislodged units may go nor orders after the end),
// and a phase's results in MILA's words.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "diplomacy_game.h"
#include "mila_results.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {
namespace {

using namespace diplomacy;

GameState state_of(const std::string& json) {
  auto state = formats::parse_json(json).and_then(
      [](const nlohmann::json& input) { return formats::read_state(standard_variant(), input, "state"); });
  EXPECT_TRUE(state.has_value()) << state.error();
  return *state;
}

OrdersByPower<std::string> orders_of(Power power, std::vector<std::string> orders) {
  OrdersByPower<std::string> by_power(standard_variant().power_count());
  by_power.orders[index(power)] = std::move(orders);
  by_power.given[index(power)] = true;
  return by_power;
}

const Variant& variant() { return standard_variant(); }
Power power(const char* code) {
  for (int p = 0; p < variant().power_count(); ++p)
    if (variant().power_code(power_at(p)) == code) return power_at(p);
  return Power::None;
}

// France takes Burgundy from Germany with support; the German army was moving and bounces.
const char* kAttack = R"({"phase": "S1901M", "units": {"FRANCE": ["A MAR", "A PAR"], "GERMANY": ["A BUR"]}})";
const char* kAfter = R"({"phase": "S1901R", "units": {"FRANCE": ["A BUR", "A PAR"], "GERMANY": []}})";

TEST(PythonSavedGame, ARetreatPhaseSavedWithoutRetreatsGetsThemFromThePhaseBefore) {
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(kAttack), orders_of(power("FRANCE"), {"A MAR - BUR", "A PAR S A MAR - BUR"})});
  phases.back().orders.orders[index(power("GERMANY"))] = {"A BUR - MAR"};
  phases.back().orders.given[index(power("GERMANY"))] = true;
  phases.push_back({state_of(kAfter), orders_of(power("GERMANY"), {"A BUR R MUN"}), {"A BUR"}, false});
  const auto restored = game.restore(std::move(phases), false);
  ASSERT_TRUE(restored.has_value()) << restored.error();
  EXPECT_EQ(phase_code(game.state().phase), "S1901R");
  ASSERT_EQ(game.history().size(), 1u);
  EXPECT_EQ(game.history()[0].accepted[index(power("FRANCE"))].size(), 2u);
  const auto dislodged = game.state().dislodged_in(variant().province_of(*formats::read_location(variant(), "BUR")));
  ASSERT_TRUE(dislodged.has_value());
  EXPECT_EQ(format_unit(variant(), dislodged->unit), "A BUR");
  ASSERT_EQ(game.orders().orders[index(power("GERMANY"))].size(), 1u);
  EXPECT_EQ(game.orders().orders[index(power("GERMANY"))][0].text, "A BUR R MUN");
}

TEST(PythonSavedGame, DislodgedUnitsThePhaseBeforeDoesNotLeaveAreRefusedNamingThem) {
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(kAttack), orders_of(power("FRANCE"), {"A MAR - BUR"})});
  phases.push_back({state_of(kAfter), orders_of(power("GERMANY"), {}), {"A BUR"}, false});
  const auto restored = game.restore(std::move(phases), false);
  ASSERT_FALSE(restored.has_value());
  EXPECT_EQ(restored.error(),
            "phases[1].state: the dislodged units (A BUR) are not those the phase before leaves in F1901M (none)");
  EXPECT_EQ(phase_code(game.state().phase), "S1901M");  // unchanged
  EXPECT_TRUE(game.history().empty());
}

TEST(PythonSavedGame, AnOrderOfTheCurrentPhaseThatIsNotPossibleIsRefused) {
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(kAttack), orders_of(power("FRANCE"), {"A MAR - MOS"})});
  const auto restored = game.restore(std::move(phases), false);
  ASSERT_FALSE(restored.has_value());
  EXPECT_EQ(restored.error(), "FRANCE: \"A MAR - MOS\": the unit cannot reach that province");
}

TEST(PythonSavedGame, AFinishedGameReadsBackWithoutGivingItsLastOrdersAgain) {
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(kAttack), orders_of(power("FRANCE"), {"A MAR - BUR"})});
  phases.push_back({state_of(R"({"phase": "W1901A", "units": {"FRANCE": ["A BUR", "A PAR"]},
                                 "centers": {"FRANCE": ["PAR", "MAR"]}})"),
                    orders_of(power("FRANCE"), {"A MAR - BUR"})});
  const auto restored = game.restore(std::move(phases), true);
  ASSERT_TRUE(restored.has_value()) << restored.error();
  EXPECT_TRUE(game.is_done());
  EXPECT_TRUE(game.orders().orders[index(power("FRANCE"))].empty());
}

std::vector<MilaUnitResult> results_of(const std::string& position, OrdersByPower<std::string> orders) {
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(position), std::move(orders)});
  const auto restored = game.restore(std::move(phases), false);
  EXPECT_TRUE(restored.has_value()) << restored.error();
  const AdjudicatedPhase adjudicated = DiplomacyGame::adjudicate(variant(), game.rules(), game.pending());
  return mila_results(variant(), game.pending(), adjudicated);
}

std::vector<std::string> words(const MilaUnitResult& entry) {
  std::vector<std::string> out;
  for (MilaResult result : entry.results) out.emplace_back(mila_word(result));
  return out;
}

TEST(PythonMilaResults, ADislodgedUnitsOwnResultComesBeforeDislodged) {
  // As MILA reports it: {'A BUR': ['bounce', 'dislodged'], 'A MAR': [], 'A PAR': []}.
  DiplomacyGame game(variant(), datc_v24_rules(), std::nullopt);
  std::vector<SavedPhase> phases;
  phases.push_back({state_of(kAttack), orders_of(power("FRANCE"), {"A MAR - BUR", "A PAR S A MAR - BUR"})});
  phases.back().orders.orders[index(power("GERMANY"))] = {"A BUR - MAR"};
  ASSERT_TRUE(game.restore(std::move(phases), false).has_value());
  const AdjudicatedPhase adjudicated = DiplomacyGame::adjudicate(variant(), game.rules(), game.pending());
  const auto results = mila_results(variant(), game.pending(), adjudicated);
  ASSERT_EQ(results.size(), 3u);  // in the order of the provinces
  EXPECT_EQ(results[0].unit, "A BUR");
  EXPECT_EQ(words(results[0]), (std::vector<std::string>{"bounce", "dislodged"}));
  EXPECT_EQ(results[0].dislodged_by, "MAR");
  EXPECT_EQ(results[1].unit, "A MAR");
  EXPECT_EQ(words(results[1]), std::vector<std::string>{});
  EXPECT_EQ(results[2].unit, "A PAR");
  EXPECT_EQ(words(results[2]), std::vector<std::string>{});
}

TEST(PythonMilaResults, AVoidSupportAndAnUnorderedUnitAsMilaWordsThem) {
  const auto results = results_of(R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR", "A BRE"]}})",
                                  orders_of(power("FRANCE"), {"A PAR S A MAR - GAS", "A MAR - BUR"}));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].unit, "A BRE");
  EXPECT_EQ(words(results[0]), std::vector<std::string>{});
  EXPECT_EQ(results[2].unit, "A PAR");
  EXPECT_EQ(words(results[2]), std::vector<std::string>{"void"});
}

TEST(PythonMilaResults, RetreatsToOnePlaceBounceAndDisbandAndAUnitWithoutAnOrderDisbands) {
  OrdersByPower<std::string> orders = orders_of(power("FRANCE"), {"A BUR R BEL"});
  orders.orders[index(power("GERMANY"))] = {"A RUH R BEL"};
  orders.given[index(power("GERMANY"))] = true;
  const auto results = results_of(
      R"({"phase": "F1901R", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
          "retreats": {"FRANCE": {"A BUR": ["BEL"], "F BRE": ["ENG"]}, "GERMANY": {"A RUH": ["BEL", "KIE"]}}})",
      std::move(orders));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].unit, "F BRE");
  EXPECT_EQ(words(results[0]), std::vector<std::string>{"disband"});
  EXPECT_EQ(results[1].unit, "A BUR");
  EXPECT_EQ(words(results[1]), (std::vector<std::string>{"bounce", "disband"}));
  EXPECT_EQ(results[2].unit, "A RUH");
  EXPECT_EQ(words(results[2]), (std::vector<std::string>{"bounce", "disband"}));
}

TEST(PythonMilaResults, BuildsBeyondThoseDueAreVoidAndCivilDisorderRemovalsAreOk) {
  OrdersByPower<std::string> orders = orders_of(power("FRANCE"), {"A PAR B", "F BRE B"});
  const auto results = results_of(
      R"({"phase": "W1901A", "units": {"FRANCE": ["A SPA"], "AUSTRIA": ["A GAS", "A VIE"]},
          "centers": {"FRANCE": ["PAR", "BRE", "SPA"], "AUSTRIA": ["VIE"]}})",
      std::move(orders));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].unit, "A PAR");
  EXPECT_EQ(words(results[0]), std::vector<std::string>{""});
  EXPECT_EQ(results[1].unit, "F BRE");
  EXPECT_EQ(words(results[1]), std::vector<std::string>{""});
  EXPECT_EQ(words(results[2]), std::vector<std::string>{""});  // Austria's removal by civil disorder
}

}  // namespace
}  // namespace stratagem::python
