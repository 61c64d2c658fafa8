// The jDip DATC text loader on its own (no engine needed): the published v2.4 file and
// our own case files load without a single error, the file's known slips are fixed,
// and every kind of line the loader cannot understand is reported with file and line.

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "support/datc_case.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy::testing {
namespace {

// Cases in our own files under tests/data/diplomacy/.
constexpr std::size_t kV31CaseCount = 26;
constexpr std::size_t kSeedCaseCount = 77;

std::vector<DatcCase> load_or_fail(const std::filesystem::path& path) {
  auto cases = load_datc_file(path);
  if (!cases) {
    std::string all;
    for (const auto& e : cases.error()) all += format_error(e) + "\n";
    ADD_FAILURE() << all;
    return {};
  }
  return std::move(*cases);
}

const DatcCase* find_case(const std::vector<DatcCase>& cases, std::string_view id) {
  auto it = std::find_if(cases.begin(), cases.end(), [&](const DatcCase& c) { return c.id == id; });
  return it == cases.end() ? nullptr : &*it;
}

std::vector<DatcLoadError> errors_of(std::string_view text) {
  auto cases = parse_datc_cases(text, "inline.txt");
  return cases ? std::vector<DatcLoadError>{} : cases.error();
}

class GodipFile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { cases_ = load_or_fail(shared_path("datc/godip/datc_v2.4_06.txt")); }
  static std::vector<DatcCase> cases_;
};
std::vector<DatcCase> GodipFile::cases_;

TEST_F(GodipFile, LoadsEveryCaseBlock) { EXPECT_EQ(cases_.size(), 167u); }

TEST_F(GodipFile, CountsPhasesWithMissingSetphaseAsSpring1901Movement) {
  std::map<PhaseType, int> by_type;
  for (const auto& c : cases_) ++by_type[c.phase.type];
  EXPECT_EQ(by_type[PhaseType::Movement], 130);  // 125 written + 6.G.14-6.G.18 without SETPHASE
  EXPECT_EQ(by_type[PhaseType::Retreat], 17);
  EXPECT_EQ(by_type[PhaseType::Adjustment], 20);
  const DatcCase* g14 = find_case(cases_, "6.G.14");
  ASSERT_NE(g14, nullptr);
  EXPECT_EQ(g14->phase, (Phase{Season::Spring, 1901, PhaseType::Movement}));
  EXPECT_EQ(g14->title, "TEST CASE, BOUNCE via convoy TO ADJACENT PLACE");
}

TEST_F(GodipFile, FixesTheMislabelledIds) {
  const DatcCase* f5 = find_case(cases_, "6.F.5");
  const DatcCase* f15 = find_case(cases_, "6.F.15");
  ASSERT_NE(f5, nullptr);
  ASSERT_NE(f15, nullptr);
  EXPECT_EQ(f5->label, "6.F.E");
  EXPECT_EQ(f15->label, "6.F.14");
  EXPECT_EQ(find_case(cases_, "6.F.E"), nullptr);
  EXPECT_EQ(std::count_if(cases_.begin(), cases_.end(), [](const DatcCase& c) { return c.id == "6.F.14"; }), 1);
}

TEST_F(GodipFile, ReadsTheSectionsOfARetreatCase) {
  const DatcCase* h1 = find_case(cases_, "6.H.1");
  ASSERT_NE(h1, nullptr);
  EXPECT_EQ(h1->phase, (Phase{Season::Spring, 1901, PhaseType::Retreat}));
  EXPECT_EQ(h1->prestate.size(), 5u);
  ASSERT_EQ(h1->prestate_dislodged.size(), 2u);
  EXPECT_EQ(h1->prestate_dislodged[1].power, "Turkey");
  EXPECT_EQ(h1->prestate_dislodged[1].text, "F gre");
  ASSERT_EQ(h1->prestate_results.size(), 7u);
  EXPECT_FALSE(h1->prestate_results[0].success);
  EXPECT_EQ(h1->prestate_results[0].order.text, "F tri H");
  EXPECT_TRUE(h1->prestate_results[3].success);
  EXPECT_EQ(h1->prestate_results[3].order.text, "A ven S A tyr-tri");
  ASSERT_EQ(h1->orders.size(), 3u);
  EXPECT_EQ(h1->orders[1].text, "A ser S F tri-alb");  // the trailing comment is gone
  EXPECT_TRUE(h1->poststate_dislodged.empty());       // "# POSTSTATE_DISLODGED" is a comment
  EXPECT_EQ(h1->poststate.size(), 5u);
}

TEST_F(GodipFile, ReadsAnAdjustmentCase) {
  const DatcCase* i1 = find_case(cases_, "6.I.1");
  ASSERT_NE(i1, nullptr);
  EXPECT_EQ(i1->phase, (Phase{Season::Winter, 1901, PhaseType::Adjustment}));
  ASSERT_EQ(i1->centre_owners.size(), 3u);
  EXPECT_EQ(i1->centre_owners[2].text, "A mun");
  EXPECT_EQ(i1->orders[0].text, "Build A war");
}

TEST_F(GodipFile, FixesThePowerTypoAndTheMissingColons) {
  const DatcCase* a5 = find_case(cases_, "6.A.5");
  ASSERT_NE(a5, nullptr);
  ASSERT_EQ(a5->orders.size(), 5u);
  EXPECT_EQ(a5->orders[4].power, "Germany");  // written "Germnay"
  EXPECT_EQ(a5->orders[4].text, "A wal SUPPORTS F lon-yor");
  const DatcCase* b6 = find_case(cases_, "6.B.6");
  ASSERT_NE(b6, nullptr);
  ASSERT_EQ(b6->poststate_dislodged.size(), 1u);
  EXPECT_EQ(b6->poststate_dislodged[0].power, "France");  // written "France f mid"
  EXPECT_EQ(b6->poststate_dislodged[0].text, "f mid");
}

TEST_F(GodipFile, KeepsEmptyOrderBlocksAndSkipsCommentedOutDestroyedUnits) {
  const DatcCase* j4 = find_case(cases_, "6.J.4");
  ASSERT_NE(j4, nullptr);
  EXPECT_TRUE(j4->orders.empty());
  const DatcCase* g14 = find_case(cases_, "6.G.14");  // "# Russia:  A swe -- this unit is destroyed"
  ASSERT_NE(g14, nullptr);
  EXPECT_TRUE(g14->poststate_dislodged.empty());
  EXPECT_EQ(g14->poststate.size(), 7u);
}

TEST(DatcLoader, LoadsOurOwnCaseFiles) {
  EXPECT_EQ(load_or_fail(test_data_path("diplomacy/datc_v3.1_standard.txt")).size(), kV31CaseCount);
  EXPECT_EQ(load_or_fail(test_data_path("diplomacy/seed_examples.txt")).size(), kSeedCaseCount);
}

TEST(DatcLoader, ReportsAnUnknownLineWithFileAndLine) {
  auto errors = errors_of("CASE X\nPRESTATE\n  England: F lon\nORDERS\n  Hello there\nPOSTSTATE_SAME\nEND\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 5);
  EXPECT_EQ(format_error(errors[0]).rfind("inline.txt:5: ", 0), 0u) << format_error(errors[0]);
}

TEST(DatcLoader, RejectsAUnitLineThatIsNoUnit) {
  auto errors = errors_of("CASE X\nPRESTATE\n  England: lon\nORDERS\nPOSTSTATE_SAME\nEND\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 3);
}

TEST(DatcLoader, RejectsAMissingEndAMissingPoststateAndARepeatedId) {
  EXPECT_EQ(errors_of("CASE X\nPRESTATE\nORDERS\nPOSTSTATE_SAME\n").size(), 1u);
  EXPECT_EQ(errors_of("CASE X\nPRESTATE\nORDERS\nEND\n").size(), 1u);
  EXPECT_EQ(errors_of("CASE X\nORDERS\nPOSTSTATE_SAME\nEND\nCASE X\nORDERS\nPOSTSTATE_SAME\nEND\n").size(), 1u);
}

TEST(DatcLoader, RejectsTextOutsideACaseAndAResultWithoutFlag) {
  EXPECT_EQ(errors_of("England: F lon\n").size(), 1u);
  EXPECT_EQ(errors_of("CASE X\nPRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE_RESULTS\n  England: F lon H\n"
                      "ORDERS\nPOSTSTATE_SAME\nEND\n")
                .size(),
            1u);
}

TEST(DatcLoader, RejectsABadPhaseAndPoststateSameWithPoststate) {
  EXPECT_EQ(errors_of("CASE X\nPRESTATE_SETPHASE Summer 1901, Movement\nORDERS\nPOSTSTATE_SAME\nEND\n").size(), 1u);
  EXPECT_EQ(errors_of("CASE X\nORDERS\nPOSTSTATE\n  England: F lon\nPOSTSTATE_SAME\nEND\n").size(), 1u);
}

TEST(DatcLoader, SanitisesIdsForTestNames) {
  EXPECT_EQ(sanitised_test_name("6.A.3.fleet.support.inland"), "6_A_3_fleet_support_inland");
  EXPECT_EQ(sanitised_test_name("seed003.ex08"), "seed003_ex08");
}

}  // namespace
}  // namespace stratagem::diplomacy::testing
