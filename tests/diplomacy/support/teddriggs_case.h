#pragma once
// Test cases of TedDriggs/diplomacy json_tests/datc.json (MIT; ../shared/datc/teddriggs/):
// a position, the orders of one phase, and for some orders whether they "Succeeds" or
// "Fails" (null: not asserted). The file asserts order outcomes, not positions.
//
// How the file's words map onto the engine's Outcome (adjudicator.h), for movement and
// retreat orders alike: an order "Succeeds" iff its resolution is Outcome::Ok —
//   move / retreat: the unit moved (Bounce, Dislodged, NoConvoy, Void, Invalid fail);
//   support:        it was given and counted: not Cut, not Dislodged, not Void;
//   convoy:         the fleet was not dislodged and the order was not Void;
//   hold:           the unit was not dislodged;
//   build / disband: carried out (Void, e.g. beyond the power's count, fails).
//
// Positions the file leaves implicit are filled in as its own runner does:
//   - no starting_state: one unit per ordered unit, as the order key names it;
//   - Build phase: a supply centre belongs to its `occupiers` entry if any, else to the
//     power whose unit stands on it, else to its home power (neutral ones to nobody).

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tl/expected.hpp>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy::testing {

struct TedOrder {
  std::string power;  // full English name, e.g. "England" (the file writes "ENG")
  std::string text;   // e.g. "F nth -> pic", read by the engine's order parser
  std::optional<bool> succeeds;
};

struct TedPhase {
  std::optional<std::vector<std::string>> starting_state;  // "ENG: F lon"
  std::vector<TedOrder> orders;
};

enum class TedPhaseKind { Main, Retreat, Build };

struct TedCase {
  std::string name;     // e.g. "t6a01_move_to_non_neighbor_fails", unique in the file
  std::string datc_id;  // e.g. "6.A.1", from the url
  std::string edition;  // "" when not given
  std::string ignore;   // the file's reason to skip the case, "" when none
  TedPhaseKind kind = TedPhaseKind::Main;
  TedPhase phase;
  std::optional<TedPhase> preceding_main_phase;  // Retreat only
  std::map<std::string, std::string> occupiers;  // Build only: province -> power code
  std::optional<std::vector<std::string>> civil_disorder;  // Build only: units expected removed
};

// Every case of the file, or what could not be read.
tl::expected<std::vector<TedCase>, std::string> load_teddriggs_file(const std::filesystem::path& path);

// Success iff every asserted outcome (and the civil-disorder removals) agrees with the
// engine; otherwise one line per disagreement and the engine's reading of each order.
::testing::AssertionResult run_teddriggs_case(const Variant& variant, const RuleOptions& rules, const TedCase& ted_case);

}  // namespace stratagem::diplomacy::testing
