// The worked examples of seeds 002 (ja) and 003 (zh-Hant), encoded as cases in
// tests/data/diplomacy/seed_examples.txt: one test per CASE, under the `standard` profile.

#include <gtest/gtest.h>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"
#include "support/datc_runner.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

class SeedExamples : public ::testing::TestWithParam<DatcCaseOrError> {};

TEST_P(SeedExamples, PassUnderTheStandardProfile) {
  ASSERT_EQ(GetParam().load_errors, "");
  EXPECT_TRUE(run_datc_case(standard_variant(), standard_rules(), GetParam().datc_case));
}

INSTANTIATE_TEST_SUITE_P(Seeds, SeedExamples,
                         ::testing::ValuesIn(load_cases_for_suite(test_data_path("diplomacy/seed_examples.txt"))),
                         [](const auto& info) { return test_name_of(info.param); });

}  // namespace
}  // namespace stratagem::diplomacy::testing
