// The movement and adjustment cases of DATC v2.4 (../shared/datc/godip/datc_v2.4_06.txt,
// GPL-3.0: read at run time, never copied) sent through the binary the way an outside
// harness sends them: one `stratagem diplomacy adjudicate --rules datc --jsonl` run,
// positions and orders written as the file writes them ("A lvp", "F nth-pic",
// "Build F stp"), and the `next` position of every line compared with the case's
// post-state. The engine itself is checked case by case in tests/diplomacy; this test
// checks the JSON path around it. Retreat cases need retreat options the file does not
// give, and are left to the engine's runner.
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "binary_run.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_case.h"
#include "support/datc_runner.h"
#include "support/test_paths.h"

namespace {

using nlohmann::json;
using stratagem::cli::testing::run_stratagem;
using namespace stratagem::diplomacy;
using namespace stratagem::diplomacy::testing;

// Canonical units by power code, e.g. {"ENGLAND": {"F LON"}}.
using UnitsByPower = std::map<std::string, std::set<std::string>>;

UnitsByPower canonical_units(const Variant& variant, const std::vector<DatcLine>& lines) {
  UnitsByPower units;
  for (const DatcLine& line : lines) {
    auto power = power_named(variant, line.power);
    auto unit = power ? unit_from_text(variant, *power, line.text) : tl::unexpected(power.error());
    if (!unit) {
      ADD_FAILURE() << "line " << line.line << ": " << unit.error();
      continue;
    }
    units[variant.power_code(*power)].insert(format_unit(variant, *unit));
  }
  return units;
}

UnitsByPower units_in(const json& by_power) {
  UnitsByPower units;
  for (const auto& [power, list] : by_power.items())
    for (const json& unit : list) units[power].insert(unit.get<std::string>());
  return units;
}

// The adjudicate input of a case, everything as the file writes it.
json input_of(const DatcCase& datc_case) {
  Phase phase = datc_case.phase;
  // jDip writes "Fall 1901, Adjustment"; adjustments are the Winter phase.
  if (phase.type == PhaseType::Adjustment) phase.season = Season::Winter;
  json input = {{"phase", phase_code(phase)}, {"units", json::object()}, {"orders", json::object()}};
  for (const DatcLine& line : datc_case.prestate) input["units"][line.power].push_back(line.text);
  if (phase.type == PhaseType::Adjustment) {
    input["centers"] = json::object();
    // Owners are written as units ("A stp"); the place is what counts.
    for (const DatcLine& line : datc_case.centre_owners)
      input["centers"][line.power].push_back(line.text.substr(line.text.find(' ') + 1));
  }
  for (const DatcLine& line : datc_case.orders) input["orders"][line.power].push_back(line.text);
  return input;
}

TEST(DiplomacyCliDatc, MovementAndAdjustmentCasesThroughJsonLines) {
  const Variant& variant = standard_variant();
  auto cases = load_datc_file(shared_path("datc/godip/datc_v2.4_06.txt"));
  ASSERT_TRUE(cases) << format_error(cases.error().front());

  std::vector<const DatcCase*> sent;
  std::string lines;
  for (const DatcCase& datc_case : *cases) {
    if (datc_case.phase.type == PhaseType::Retreat) continue;
    sent.push_back(&datc_case);
    lines += input_of(datc_case).dump() + "\n";
  }
  // Every case of the file but the retreat ones: 167 cases, 17 of them retreats.
  ASSERT_EQ(sent.size(), 150u);

  const auto result = run_stratagem({"diplomacy", "adjudicate", "--rules", "datc", "--jsonl"}, lines);
  EXPECT_EQ(result.status, 0) << result.err;
  std::vector<json> outputs;
  for (std::size_t start = 0, end; (end = result.out.find('\n', start)) != std::string::npos; start = end + 1)
    outputs.push_back(json::parse(result.out.substr(start, end - start)));
  ASSERT_EQ(outputs.size(), sent.size());

  for (std::size_t i = 0; i < sent.size(); ++i) {
    const DatcCase& datc_case = *sent[i];
    const json& next = outputs[i]["next"];
    SCOPED_TRACE("DATC " + datc_case.id + " (" + datc_case.file + ":" + std::to_string(datc_case.line) + ")");
    ASSERT_TRUE(next.is_object()) << outputs[i].dump();
    const UnitsByPower expected =
        canonical_units(variant, datc_case.poststate_same ? datc_case.prestate : datc_case.poststate);
    UnitsByPower got = units_in(next["units"]);
    std::erase_if(got, [](const auto& entry) { return entry.second.empty(); });
    EXPECT_EQ(got, expected) << outputs[i].dump();

    UnitsByPower dislodged;
    if (next.contains("retreats"))
      for (const auto& [power, units] : next["retreats"].items())
        for (const auto& [unit, places] : units.items()) dislodged[power].insert(unit);
    EXPECT_EQ(dislodged, canonical_units(variant, datc_case.poststate_dislodged)) << outputs[i].dump();
  }
}

}  // namespace
