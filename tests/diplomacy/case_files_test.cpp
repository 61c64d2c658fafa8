// The case files of tests/data/diplomacy/ that run under the `standard` profile, one test
// per CASE: DATC v3.1's cases that the v2.4 file lacks or answers by older rules
// (datc_v3.1_standard.txt, with the document's preferred 2023 answers), the worked
// examples of seeds 002 (ja) and 003 (zh-Hant) (seed_examples.txt), and positions from
// real games that broke an adjudicator, ours or another's (regressions.txt).

#include <gtest/gtest.h>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_runner.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

class CaseFiles : public ::testing::TestWithParam<DatcCaseOrError> {};

TEST_P(CaseFiles, PassUnderTheStandardProfile) {
  ASSERT_EQ(GetParam().load_errors, "");
  EXPECT_TRUE(run_datc_case(standard_variant(), standard_rules(), GetParam().datc_case));
}

const auto test_name = [](const auto& info) { return test_name_of(info.param); };

INSTANTIATE_TEST_SUITE_P(DatcV31, CaseFiles,
                         ::testing::ValuesIn(load_cases_for_suite(test_data_path("diplomacy/datc_v3.1_standard.txt"))),
                         test_name);
INSTANTIATE_TEST_SUITE_P(Seeds, CaseFiles,
                         ::testing::ValuesIn(load_cases_for_suite(test_data_path("diplomacy/seed_examples.txt"))),
                         test_name);
INSTANTIATE_TEST_SUITE_P(RealGames, CaseFiles,
                         ::testing::ValuesIn(load_cases_for_suite(test_data_path("diplomacy/regressions.txt"))),
                         test_name);

}  // namespace
}  // namespace stratagem::diplomacy::testing
