// TedDriggs/diplomacy json_tests/datc.json (MIT, DATC v3.0 per-order outcomes; read from
// ../shared/datc/teddriggs/ at run time) under the `standard` profile: every case not
// marked `ignore` whose edition is 2023 or unspecified, with Main, Retreat and Build
// phases. What "Succeeds" means for each kind of order is defined in
// support/teddriggs_case.h.
//
// kExpectedDeviations lists the cases where the file's assertions differ from DATC
// v3.1's preferred 2023 answers, which our engine follows; each must really deviate.

#include <algorithm>
#include <array>
#include <string_view>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"
#include "support/teddriggs_case.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

// Cases of the file not marked `ignore`, with edition 2023 or none.
constexpr std::size_t kRunCaseCount = 156;

struct Deviation {
  std::string_view name;
  std::string_view reason;
};

constexpr std::array kExpectedDeviations{
    Deviation{"t6a05_move_to_own_sector_with_convoy",
              "the file has A lvp's support of A yor -> yor 'Succeeds'; DATC v3.1 6.A.5 calls that support "
              "illegal (it supports an illegal move), so by our definition it fails; the outcome the case is "
              "about (German F lon dislodges A yor) agrees"},
    Deviation{"t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary",
              "the file has F gas -> spa fail (coast completion left to the caller); DATC v3.1 prefers a move to "
              "the only reachable coast, spa(nc) (issue 4.B.2)"},
    Deviation{"t6b10_unit_ordered_with_wrong_coast",
              "the file has F spa(nc) -> lyo fail for a fleet on spa(sc) (its errata: left to the caller); DATC "
              "v3.1 prefers ignoring the ordered unit's coast and attempting the move (issue 4.B.5)"},
    Deviation{"t6b12_army_movement_with_coastal_specification",
              "the file has A gas -> spa(nc) fail (its errata: left to the caller); DATC v3.1 prefers ignoring "
              "the coast of an army's move (issue 4.B.6)"},
    Deviation{"t6g11_a_convoy_to_an_adjacent_place_with_a_paradox",
              "the file has A swe -> nwy succeed and F nth -> ska fail (land-route fallback); DATC v3.1 "
              "prefers no fallback: F nth dislodges F ska, A swe stays (our datc_v3.1_standard.txt 6.G.11)"},
    Deviation{"t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario",
              "the file removes F ska; DATC v3.1 removes A alb (F ska is 2 from St Petersburg via Norway, "
              "A alb 3 from Sevastopol; our datc_v3.1_standard.txt 6.J.9.part2)"},
};

const Deviation* deviation_for(std::string_view name) {
  auto it = std::find_if(kExpectedDeviations.begin(), kExpectedDeviations.end(),
                         [&](const Deviation& d) { return d.name == name; });
  return it == kExpectedDeviations.end() ? nullptr : &*it;
}

// A case of the file, or the reason the file could not be read.
struct Param {
  TedCase ted_case;
  std::string load_error;
};

void PrintTo(const Param& param, std::ostream* out) {
  *out << (param.load_error.empty() ? param.ted_case.name : "load error");
}

std::vector<Param> cases_to_run() {
  auto cases = load_teddriggs_file(shared_path("datc/teddriggs/datc.json"));
  if (!cases) return {Param{{}, cases.error()}};
  std::vector<Param> params;
  for (auto& c : *cases)
    if (c.ignore.empty() && (c.edition.empty() || c.edition == "2023")) params.push_back({std::move(c), {}});
  return params;
}

class TedDriggs : public ::testing::TestWithParam<Param> {};

TEST_P(TedDriggs, AgreesUnderTheStandardProfile) {
  ASSERT_EQ(GetParam().load_error, "");
  const TedCase& c = GetParam().ted_case;
  auto result = run_teddriggs_case(standard_variant(), standard_rules(), c);
  if (const Deviation* deviation = deviation_for(c.name))
    EXPECT_FALSE(result) << "expected the file to deviate from DATC v3.1: " << deviation->reason;
  else
    EXPECT_TRUE(result);
}

INSTANTIATE_TEST_SUITE_P(Json, TedDriggs, ::testing::ValuesIn(cases_to_run()), [](const auto& info) {
  return info.param.load_error.empty() ? info.param.ted_case.name : std::string("LoadError");
});

TEST(TedDriggsFile, RunsTheExpectedCases) {
  auto cases = cases_to_run();
  ASSERT_FALSE(cases.empty());
  ASSERT_EQ(cases[0].load_error, "");
  EXPECT_EQ(cases.size(), kRunCaseCount);
  for (const auto& deviation : kExpectedDeviations)
    EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), [&](const Param& p) { return p.ted_case.name == deviation.name; }))
        << deviation.name;
}

}  // namespace
}  // namespace stratagem::diplomacy::testing
