#pragma once
// Runs a DatcCase through the engine: builds the position, submits the ORDERS through
// an OrderSheet, adjudicates, and compares the units (and dislodged units) with the
// expected post-state. Retreat cases carry no retreat options of their own: the runner
// rebuilds the position before the previous movement phase from PRESTATE,
// PRESTATE_DISLODGED and PRESTATE_RESULTS, adjudicates those RESULTS orders, checks
// that the engine agrees with the file's SUCCESS/FAILURE flags and dislodged units, and
// takes the retreat state the engine produced.

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <tl/expected.hpp>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_case.h"

namespace stratagem::diplomacy::testing {

// The power with this name in any language of the variant ("Germany", "GER" works
// only if the variant knows it), or why not.
tl::expected<Power, std::string> power_named(const Variant& variant, std::string_view name);

// A unit written "A lvp", "F spa/nc", "f North Sea" (read by the engine's order parser).
tl::expected<Unit, std::string> unit_from_text(const Variant& variant, Power power, std::string_view text);

// "ENGLAND: F LON", the form in which mismatches are listed.
std::string describe_unit(const Variant& variant, const Unit& unit);
const char* outcome_name(Outcome outcome);

// A written order submitted to a sheet: parsed by the engine's parser when possible,
// submitted unparsed otherwise.
struct SubmittedOrder {
  std::string power;
  std::string text;
  int submission = 0;
  bool parsed = false;
  std::string parse_error;  // when !parsed
};
tl::expected<SubmittedOrder, std::string> submit_written_order(const Variant& variant, OrderSheet& sheet,
                                                               std::string_view power, std::string_view text,
                                                               PhaseType phase);

// The outcome of a submission after adjudication: the resolution of the unit (or
// build site) its order was filed under; Void or Invalid if the sheet rejected it.
Outcome outcome_of(const Variant& variant, const OrderSheet& sheet, const PhaseResult& result,
                   const SubmittedOrder& order);

// One line per order, "England: F nth-pic -> F NTH - PIC: Void (...)", for failure
// messages that show what the engine made of each order.
std::string describe_orders(const Variant& variant, const GameState& state, const OrderSheet& sheet,
                            const PhaseResult& result, const std::vector<SubmittedOrder>& orders);

// How a retreat case gets its retreat options.
enum class RetreatSetup {
  // Adjudicate the previous movement (PRESTATE_RESULTS) with the engine, check that the
  // engine agrees with the file, and take the engine's retreat state.
  Readjudicate,
  // For cases whose PRESTATE_RESULTS do not describe a position (jDip's "fixed
  // prestate" cases): read attacker origins and standoffs off the RESULTS text and
  // give each dislodged unit the neighbouring places that are free, not its attacker's
  // origin (unless the attacker came by convoy and the rules allow it) and not left
  // empty by a standoff (two or more failed moves).
  FromResultsText,
};

// Success iff the case's expected post-state is reproduced; otherwise a message naming
// the case and listing the missing and extra units.
::testing::AssertionResult run_datc_case(const Variant& variant, const RuleOptions& rules, const DatcCase& datc_case,
                                         RetreatSetup retreat_setup = RetreatSetup::Readjudicate);

// Loads a case file for a parameterised suite. A file that does not load yields one
// entry carrying the load errors, so the suite fails visibly instead of being empty.
struct DatcCaseOrError {
  DatcCase datc_case;
  std::string load_errors;  // empty when datc_case is real
};
std::vector<DatcCaseOrError> load_cases_for_suite(const std::filesystem::path& path);
// The GoogleTest name of a parameter: the sanitised case id.
std::string test_name_of(const DatcCaseOrError& param);
// How GoogleTest prints a parameter: "6.F.5 (file:line)".
void PrintTo(const DatcCaseOrError& param, std::ostream* out);

}  // namespace stratagem::diplomacy::testing
