// `stratagem diplomacy legal`: every legal order of a position, as JSON.

#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "binary_run.h"

namespace stratagem::cli::testing {
namespace {

bool lists(const nlohmann::json& orders, const std::string& order) {
  return std::find(orders.begin(), orders.end(), order) != orders.end();
}

TEST(DiplomacyLegal, StartPositionListsEveryUnitsOrders) {
  const BinaryRun start = run_stratagem({"diplomacy", "new"});
  ASSERT_EQ(start.status, 0);
  const BinaryRun run = run_stratagem({"diplomacy", "legal"}, start.out);
  ASSERT_EQ(run.status, 0) << run.err;
  const auto out = nlohmann::json::parse(run.out);
  EXPECT_EQ(out["phase"], "S1901M");
  const auto& paris = out["orders"]["FRANCE"]["A PAR"];
  for (const char* order : {"A PAR H", "A PAR - BRE", "A PAR - BUR", "A PAR - GAS", "A PAR - PIC",
                            "A PAR S A MAR - BUR", "A PAR S F BRE"})
    EXPECT_TRUE(lists(paris, order)) << order;
  EXPECT_FALSE(lists(paris, "A PAR - MAR"));
  // St Petersburg's fleet stands on its south coast and moves only from there.
  const auto& stp = out["orders"]["RUSSIA"]["F STP/SC"];
  EXPECT_TRUE(lists(stp, "F STP/SC - BOT"));
  EXPECT_FALSE(lists(stp, "F STP/SC - BAR"));
  std::size_t units = 0;
  for (const auto& [power, by_unit] : out["orders"].items()) units += by_unit.size();
  EXPECT_EQ(units, 22u);
}

TEST(DiplomacyLegal, ConvoysAndMovesByConvoy) {
  const BinaryRun run = run_stratagem(
      {"diplomacy", "legal"},
      R"({"phase": "S1901M", "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["A PIC"]}})");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto out = nlohmann::json::parse(run.out);
  EXPECT_TRUE(lists(out["orders"]["ENGLAND"]["A LON"], "A LON - NWY VIA"));
  EXPECT_TRUE(lists(out["orders"]["ENGLAND"]["F NTH"], "F NTH C A LON - BEL"));
  // The fleet cannot support a move that needs it to convoy (DATC 6.D.31).
  EXPECT_FALSE(lists(out["orders"]["ENGLAND"]["F NTH"], "F NTH S A LON - BEL"));
  EXPECT_TRUE(lists(out["orders"]["FRANCE"]["A PIC"], "A PIC S A LON - BEL"));
}

TEST(DiplomacyLegal, AdjustmentsGiveTheChangeDue) {
  const BinaryRun run = run_stratagem(
      {"diplomacy", "legal"},
      R"({"phase": "W1901A", "units": {"FRANCE": ["A BUR"], "ITALY": ["A ROM", "A VEN"]},
          "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "ITALY": ["ROM"]}})");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto out = nlohmann::json::parse(run.out);
  EXPECT_EQ(out["orders"]["FRANCE"]["change"], 2);
  EXPECT_EQ(out["orders"]["FRANCE"]["orders"],
            nlohmann::json::parse(R"(["A BRE B","F BRE B","A MAR B","F MAR B","A PAR B","WAIVE"])"));
  EXPECT_EQ(out["orders"]["ITALY"]["change"], -1);
  EXPECT_EQ(out["orders"]["ITALY"]["orders"], nlohmann::json::parse(R"(["A ROM D","A VEN D"])"));
}

TEST(DiplomacyLegal, BadPositionIsBadInput) {
  const BinaryRun run = run_stratagem({"diplomacy", "legal"}, R"({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}})");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(run.out.empty());
  EXPECT_EQ(run.err, "error: units.FRANCE[0]: \"A XYZ\" is not a unit: unknown place \"XYZ\"\n");
}

}  // namespace
}  // namespace stratagem::cli::testing
