// Orders written as English sentences (issue 8 §4): "to" and "moves to" for moves,
// supports and convoys, "via convoy" / "by convoy", "holds" / "stands", "retreats to",
// "disband(s)", "build army in Paris", "build fleet at St Petersburg north coast",
// "remove", in any case. Each sentence must read as the canonical order beside it.

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <string_view>

#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::map;

struct Sentence {
  std::string_view text;
  PhaseType phase;
  std::string_view canonical;
};

constexpr auto kMovement = PhaseType::Movement;
constexpr auto kRetreat = PhaseType::Retreat;
constexpr auto kAdjustment = PhaseType::Adjustment;

constexpr Sentence kSentences[] = {
    // Moves.
    {"A Lon to Bel", kMovement, "A LON - BEL"},
    {"A Lon moves to Bel", kMovement, "A LON - BEL"},
    {"Army Paris moves to Burgundy", kMovement, "A PAR - BUR"},
    {"army paris moves to burgundy", kMovement, "A PAR - BUR"},
    {"ARMY PARIS MOVES TO BURGUNDY", kMovement, "A PAR - BUR"},
    {"Army Paris move to Burgundy", kMovement, "A PAR - BUR"},
    {"Fleet Mid-Atlantic Ocean to Spain south coast", kMovement, "F MAO - SPA/SC"},
    {"Fleet North Sea moves to Norwegian Sea", kMovement, "F NTH - NWG"},
    // By convoy.
    {"A Lon to Bel via convoy", kMovement, "A LON - BEL VIA"},
    {"A Lon moves to Bel by convoy", kMovement, "A LON - BEL VIA"},
    {"Army London moves to Belgium via convoy", kMovement, "A LON - BEL VIA"},
    {"a lon TO bel BY CONVOY", kMovement, "A LON - BEL VIA"},
    // Supports.
    {"A Lon supports A Par to Bur", kMovement, "A LON S A PAR - BUR"},
    {"A Mar supports A Par moves to Bur", kMovement, "A MAR S A PAR - BUR"},
    {"Army Marseilles supports army Paris to Burgundy", kMovement, "A MAR S A PAR - BUR"},
    {"A Bur supports A Par", kMovement, "A BUR S A PAR"},
    {"A Bur supports A Par holds", kMovement, "A BUR S A PAR"},
    {"Fleet Kiel supports Russian army Berlin to Prussia", kMovement, "F KIE S A BER - PRU"},
    {"F Mao supports F Bre to Spain north coast", kMovement, "F MAO S F BRE - SPA/NC"},
    // Convoys.
    {"F NTH convoys A LON to BEL", kMovement, "F NTH C A LON - BEL"},
    {"F Nth convoys A Lon moves to Bel", kMovement, "F NTH C A LON - BEL"},
    {"Fleet North Sea convoys army London to Belgium", kMovement, "F NTH C A LON - BEL"},
    {"fleet north sea convoys english army london to belgium", kMovement, "F NTH C A LON - BEL"},
    // Holds.
    {"A Par holds", kMovement, "A PAR H"},
    {"Army Paris stands", kMovement, "A PAR H"},
    {"F Bre stand", kMovement, "F BRE H"},
    {"FLEET BREST HOLDS", kMovement, "F BRE H"},
    // Retreats and disbands.
    {"F Nth retreats to Nwg", kRetreat, "F NTH R NWG"},
    {"Fleet North Sea retreats to Norwegian Sea", kRetreat, "F NTH R NWG"},
    {"F Nth to Nwg", kRetreat, "F NTH R NWG"},
    {"F Nth moves to Nwg", kRetreat, "F NTH R NWG"},
    {"F Nth disbands", kRetreat, "F NTH D"},
    {"Disband fleet North Sea", kRetreat, "F NTH D"},
    {"disband F Nth", kRetreat, "F NTH D"},
    // Builds and removals.
    {"build army in Paris", kAdjustment, "A PAR B"},
    {"Build Army In Paris", kAdjustment, "A PAR B"},
    {"build fleet at St Petersburg north coast", kAdjustment, "F STP/NC B"},
    {"BUILD FLEET AT ST PETERSBURG NORTH COAST", kAdjustment, "F STP/NC B"},
    {"build a fleet in Brest", kAdjustment, "F BRE B"},
    {"build an army in Munich", kAdjustment, "A MUN B"},
    {"remove army Paris", kAdjustment, "A PAR D"},
    {"remove the army in Paris", kAdjustment, "A PAR D"},
    {"Remove fleet at Brest", kAdjustment, "F BRE D"},
    {"disband army in Paris", kAdjustment, "A PAR D"},
    {"F Bre disbands", kAdjustment, "F BRE D"},
    {"Fleet built in Smyrna", kAdjustment, "F SMY B"},
    {"army built in Paris", kAdjustment, "A PAR B"},
    // Articles before places, as prose has them (issue 29 §6).
    {"the fleet in London moves to the North Sea", kMovement, "F LON - NTH"},
    {"The army in Marseilles supports the army in Paris to Burgundy", kMovement, "A MAR S A PAR - BUR"},
    {"the fleet in the North Sea convoys the army in London to Belgium", kMovement, "F NTH C A LON - BEL"},
    {"the fleet in the Mid-Atlantic Ocean retreats to the Irish Sea", kRetreat, "F MAO R IRI"},
};

void PrintTo(const Sentence& sentence, std::ostream* os) { *os << '"' << sentence.text << '"'; }

class OrderSentence : public ::testing::TestWithParam<Sentence> {};

TEST_P(OrderSentence, ReadsAsTheCanonicalOrder) {
  const Sentence& sentence = GetParam();
  const auto parsed = parse_order(map(), sentence.text, sentence.phase);
  ASSERT_TRUE(parsed) << sentence.text << ": " << parsed.error().message;
  const UnitType target_type = parsed->target_type_given ? parsed->target_type : UnitType::Army;
  EXPECT_EQ(format_order(map(), parsed->order, target_type), sentence.canonical) << sentence.text;
}

INSTANTIATE_TEST_SUITE_P(English, OrderSentence, ::testing::ValuesIn(kSentences));

TEST(OrderSentences, AmbiguityStaysAnErrorThatListsTheCandidates) {
  const auto parsed = parse_order(map(), "Fleet Brest moves to Nort", PhaseType::Movement);
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().problem, ParseProblem::AmbiguousName);
  EXPECT_EQ(parsed.error().message,
            "\"Nort\" is ambiguous: North Africa (NAF), North Atlantic Ocean (NAO), North Sea (NTH)");
}

TEST(OrderSentences, ASentenceCutShortSaysWhatIsMissing) {
  const auto parsed = parse_order(map(), "Army Paris moves to", PhaseType::Movement);
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().message, "missing destination after \"Army Paris moves to\"");
  const auto build = parse_order(map(), "build army in", PhaseType::Adjustment);
  ASSERT_FALSE(build);
  EXPECT_EQ(build.error().message, "missing unit after \"build army in\"");
}

}  // namespace
}  // namespace stratagem::diplomacy
