// DATC v3.1 cases that the v2.4 jDip file lacks or answers by older rules, hand-encoded
// in tests/data/diplomacy/datc_v3.1_standard.txt with the document's preferred 2023
// answers: one test per CASE, under the `standard` profile.

#include <gtest/gtest.h>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_runner.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

class DatcV31 : public ::testing::TestWithParam<DatcCaseOrError> {};

TEST_P(DatcV31, PassesUnderTheStandardProfile) {
  ASSERT_EQ(GetParam().load_errors, "");
  EXPECT_TRUE(run_datc_case(standard_variant(), standard_rules(), GetParam().datc_case));
}

INSTANTIATE_TEST_SUITE_P(Standard, DatcV31,
                         ::testing::ValuesIn(load_cases_for_suite(test_data_path("diplomacy/datc_v3.1_standard.txt"))),
                         [](const auto& info) { return test_name_of(info.param); });

}  // namespace
}  // namespace stratagem::diplomacy::testing
