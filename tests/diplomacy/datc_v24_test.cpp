// DATC v2.4 in jDip's text format, as godip keeps it (../shared/datc/godip/
// datc_v2.4_06.txt, GPL-3.0: read at run time, never copied): one test per CASE.
//
// Under the `datc` profile (the v2.4 preferences the file assumes) every case must pass.
// Under the `standard` profile (2023 rulebook, DATC v3.1 preferences) every case must
// pass too, except those listed in kDifferentUnderStandardRules, which must come out
// differently; their v3.1 answers are checked by case_files_test.cpp.

#include <algorithm>
#include <array>
#include <string_view>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_runner.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

struct Exception {
  std::string_view id;
  std::string_view reason;
};

// Cases whose v2.4 answer the 2023 rules change.
//
// Not listed, though their scenarios are the old ones: 6.J.3-6.J.11. DATC v3.1 rewrote
// them for the 2023 civil-disorder rule (distance to owned centres through any
// province), but on the v2.4 positions both rules remove the same unit, so they pass
// under both profiles (distances to owned centres, 2023 rule):
//   6.J.3  A swe 2 (Fin, StP) > A lvn 1                     -> A swe removed
//   6.J.4  A lvn 1 = A ukr 1, alphabetical                  -> A lvn removed
//   6.J.5  F ber 2 (Pru, War) = F ska 2 (Nwy, StP), fleets, alphabetical -> F ber removed
//   6.J.6  F bal 2 = F ska 2, alphabetical                  -> F bal removed
//   6.J.7  A boh 2 = F ska 2 = F nth 2, fleets first, alphabetical -> F nth removed
//   6.J.8  A tyr 3 > F bal 2                                -> A tyr removed
//   6.J.9  A tyr 5 > F bal 2 / F ska 2                      -> A tyr removed
//   6.J.10 A sil 3 > A gre 2 (Ion, Nap) > F ion 1           -> A sil removed
//   6.J.11 A sil 3 > A gre 2 (Ion, Nap)                     -> A sil removed
// The 2023 scenarios, where the rules do differ, are in datc_v3.1_standard.txt.
// 6.F.17 is not listed either: godip's file already has the Szykman answer.
constexpr std::array kDifferentUnderStandardRules{
    Exception{"6.G.8",
              "DATC v3.1 (issue 4.A.3, 2023 rules) no longer falls back to the land route for an "
              "explicit convoy that isn't there: A bel stays; v3.1 answer in datc_v3.1_standard.txt"},
};

// Retreat cases whose PRESTATE_RESULTS describe no position the engine could reach
// (jDip's "fixed prestate" cases: the results were written to give the wanted retreat
// options, not from a real movement phase). Their retreat options are read off the
// results text instead (RetreatSetup::FromResultsText); every other retreat case
// re-adjudicates its previous movement with the engine. The v3.1 versions of these
// cases, with results a movement phase really produces, are re-adjudicated in
// datc_v3.1_standard.txt.
constexpr std::array kResultsNotReproducible{
    Exception{"6.H.5", "F con 'S A ruh-hol' supports no unit, yet F bla-ank is a SUCCESS 1 against 1"},
    Exception{"6.H.5.mod", "as 6.H.5"},
    Exception{"6.H.12", "F eng C A lvp-edi is marked SUCCESS, though F bre-eng dislodges F eng"},
    Exception{"6.H.14", "A par-pic and A mar-bur are marked SUCCESS, yet both armies are still at home"},
    Exception{"6.H.15", "F spa/sc-por is marked SUCCESS, yet the fleet is still in Spain and no F por is dislodged"},
    Exception{"6.H.16", "F mid-spa names no coast where two are reachable: void by DATC 4.B.1, so F gas-spa/nc "
                        "would succeed; the file wants a standoff in Spain"},
};

template <std::size_t N>
const Exception* find_exception(const std::array<Exception, N>& list, std::string_view id) {
  auto it = std::find_if(list.begin(), list.end(), [&](const Exception& e) { return e.id == id; });
  return it == list.end() ? nullptr : &*it;
}

RetreatSetup retreat_setup_for(const DatcCase& c) {
  return find_exception(kResultsNotReproducible, c.id) ? RetreatSetup::FromResultsText : RetreatSetup::Readjudicate;
}

std::vector<DatcCaseOrError> godip_cases() {
  return load_cases_for_suite(shared_path("datc/godip/datc_v2.4_06.txt"));
}

class DatcV24 : public ::testing::TestWithParam<DatcCaseOrError> {};

TEST_P(DatcV24, PassesUnderTheDatcProfile) {
  ASSERT_EQ(GetParam().load_errors, "");
  const DatcCase& c = GetParam().datc_case;
  EXPECT_TRUE(run_datc_case(standard_variant(), datc_v24_rules(), c, retreat_setup_for(c)));
}

// The answer must not depend on the order in which units and orders are listed (jDip
// once failed 6.E.4 depending on the order of its units). Orders are reversed in
// movement phases only: in adjustments the first builds and removals written count.
TEST_P(DatcV24, PassesWithUnitsAndOrdersListedInReverse) {
  ASSERT_EQ(GetParam().load_errors, "");
  DatcCase c = GetParam().datc_case;
  std::reverse(c.prestate.begin(), c.prestate.end());
  std::reverse(c.prestate_dislodged.begin(), c.prestate_dislodged.end());
  std::reverse(c.centre_owners.begin(), c.centre_owners.end());
  if (c.phase.type == PhaseType::Movement) std::reverse(c.orders.begin(), c.orders.end());
  EXPECT_TRUE(run_datc_case(standard_variant(), datc_v24_rules(), c, retreat_setup_for(c)));
}

TEST_P(DatcV24, PassesUnderTheStandardProfileUnlessTheRulesChanged) {
  ASSERT_EQ(GetParam().load_errors, "");
  const DatcCase& c = GetParam().datc_case;
  auto result = run_datc_case(standard_variant(), standard_rules(), c, retreat_setup_for(c));
  if (const Exception* exception = find_exception(kDifferentUnderStandardRules, c.id))
    EXPECT_FALSE(result) << "the 2023 rules should give a different answer: " << exception->reason;
  else
    EXPECT_TRUE(result);
}

INSTANTIATE_TEST_SUITE_P(Godip, DatcV24, ::testing::ValuesIn(godip_cases()),
                         [](const auto& info) { return test_name_of(info.param); });

TEST(DatcV24Exceptions, NameCasesOfTheFile) {
  auto cases = godip_cases();
  std::vector<Exception> all(kDifferentUnderStandardRules.begin(), kDifferentUnderStandardRules.end());
  all.insert(all.end(), kResultsNotReproducible.begin(), kResultsNotReproducible.end());
  for (const auto& exception : all)
    EXPECT_TRUE(std::any_of(cases.begin(), cases.end(),
                            [&](const DatcCaseOrError& c) { return c.datc_case.id == exception.id; }))
        << exception.id;
}

}  // namespace
}  // namespace stratagem::diplomacy::testing
