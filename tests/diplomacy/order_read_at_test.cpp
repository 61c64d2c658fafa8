// read_order_at(): a support that names only where the move goes ("fleet in London
// supports the move to the Channel", in every language) reads as the support of the one
// other unit that can move there, by land, by sea or by convoy where fleets stand on a
// route; none or several are refused, naming every reading.

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::loc;
using testing::map;
using testing::power;

constexpr auto kArmy = UnitType::Army;
constexpr auto kFleet = UnitType::Fleet;

GameState opening() { return GameState::initial(map()); }

// Only the units listed, in Spring 1901's movement phase.
GameState with_units(const std::vector<Unit>& units) {
  GameState state = opening();
  state.clear_units();
  for (const Unit& unit : units) state.place(map(), unit);
  return state;
}

Order read(std::string_view text, const GameState& position) {
  const auto parsed = read_order_at(map(), text, position);
  if (!parsed) {
    ADD_FAILURE() << "\"" << text << "\" was refused: " << parsed.error().message;
    return {};
  }
  return parsed->order;
}

OrderParseError refusal(std::string_view text, const GameState& position) {
  const auto parsed = read_order_at(map(), text, position);
  if (parsed) {
    ADD_FAILURE() << "\"" << text << "\" was accepted";
    return {};
  }
  return parsed.error();
}

TEST(OrderReadAt, TheOneUnitThatCanMoveThereIsTheSupportedUnitInEveryLanguage) {
  const Order london_supports_brest = Order::support_move(kFleet, loc("LON"), loc("BRE"), loc("ENG"));
  for (const std::string_view text : {
           "fleet in London supports the move to the Channel",
           "the fleet in London supports a move to the English Channel",
           "F Lon S - Eng",
           "F LON S the move to ENG",
           "ロンドンの艦隊がイギリス海峡への移動を支援",
           "ロンドンの艦隊はイギリス海峡への移動を支援する",
           "艦隊 ロンドン 支援 移動 イギリス海峡",
           "倫敦的艦隊支援移動至英吉利海峽",
           "倫敦艦隊支援移動至英吉利海峽",
           "伦敦的舰队支援移动至英吉利海峡",
           "伦敦的舰队支持移动到英吉利海峡",
       })
    EXPECT_EQ(read(text, opening()), london_supports_brest) << text;
  // An army only where only an army can go: Liverpool's into Wales.
  EXPECT_EQ(read("the fleet in London supports the move to Wales", opening()),
            Order::support_move(kFleet, loc("LON"), loc("LVP"), loc("WAL")));
}

TEST(OrderReadAt, TheSupportersOwnMoveIsNoReading) {
  // London's fleet could move to the Channel itself: Brest's is still the only other.
  const auto parsed = read_order_at(map(), "F Lon S - Eng", opening());
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->order.target(), loc("BRE"));
  EXPECT_EQ(parsed->target_type, kFleet);
}

TEST(OrderReadAt, SeveralUnitsThatCanMoveThereAreRefusedWithEveryReading) {
  for (const std::string_view text : {"the army in Paris supports the move to Burgundy", "A Par S - Bur",
                                      "パリの陸軍がブルゴーニュへの移動を支援", "巴黎的陸軍支援移動至勃艮第"}) {
    const OrderParseError error = refusal(text, opening());
    EXPECT_EQ(error.problem, ParseProblem::SupportedUnitAmbiguous) << text;
    EXPECT_EQ(error.place, loc("BUR")) << text;
    EXPECT_EQ(error.candidates, (std::vector<Location>{loc("MAR"), loc("MUN")})) << text;
    EXPECT_EQ(error.candidate_types, (std::vector<UnitType>{kArmy, kArmy})) << text;
  }
  EXPECT_EQ(refusal("the army in Paris supports the move to Burgundy", opening()).message,
            "the supported move to Burgundy could be by A MAR or A MUN: say which unit moves");
  EXPECT_EQ(refusal("A Par S - Bur", opening()).offset, 8);
}

TEST(OrderReadAt, AnArmyCountsWhereAChainOfFleetsCanConvoyIt) {
  const Unit spain{kArmy, power("FRANCE"), loc("SPA")};
  const Unit liverpool{kArmy, power("ENGLAND"), loc("LVP")};
  const Unit irish_sea{kFleet, power("ENGLAND"), loc("IRI")};
  const Unit mid_atlantic{kFleet, power("ENGLAND"), loc("MAO")};
  // Liverpool's army reaches Portugal through the Irish Sea and the Mid-Atlantic.
  const OrderParseError error = refusal("A Spa S - Por", with_units({spain, liverpool, irish_sea, mid_atlantic}));
  EXPECT_EQ(error.problem, ParseProblem::SupportedUnitAmbiguous);
  EXPECT_EQ(error.candidates, (std::vector<Location>{loc("LVP"), loc("MAO")}));
  EXPECT_EQ(error.message, "the supported move to Portugal could be by A LVP or F MAO: say which unit moves");
  // Without the Irish Sea's fleet no route carries it: the Mid-Atlantic's fleet it is.
  EXPECT_EQ(read("A Spa S - Por", with_units({spain, liverpool, mid_atlantic})),
            Order::support_move(kArmy, loc("SPA"), loc("MAO"), loc("POR")));
}

TEST(OrderReadAt, NoOtherUnitThatCanMoveThereIsRefused) {
  const OrderParseError error = refusal("the fleet in Trieste supports the move to the Adriatic Sea", opening());
  EXPECT_EQ(error.problem, ParseProblem::NoUnitMovesThere);
  EXPECT_EQ(error.place, loc("ADR"));
  EXPECT_TRUE(error.candidates.empty());
  EXPECT_EQ(error.message, "no unit but the supporter can move to Adriatic Sea");
}

TEST(OrderReadAt, WithoutThePositionTheSupportedUnitMustBeNamed) {
  const auto parsed = parse_order(map(), "fleet in London supports the move to the Channel", PhaseType::Movement);
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().problem, ParseProblem::SupportedUnitUnnamed);
  EXPECT_EQ(parsed.error().message,
            "the support names only where the move goes, English Channel: say which unit moves");
  // Outside a movement phase there are no moves to support.
  GameState retreats = opening();
  retreats.phase.type = PhaseType::Retreat;
  EXPECT_EQ(refusal("F Lon S - Eng", retreats).problem, ParseProblem::SupportedUnitUnnamed);
}

TEST(OrderReadAt, OrdersThatNameTheirUnitsReadAsWithoutThePosition) {
  for (const std::string_view text : {"A Par S A Mar - Bur", "A Par S Mar - Bur", "F Lon S F Bre - Eng", "A Par - Bur",
                                      "マルセイユの陸軍がパリの陸軍のブルゴーニュへの移動を支援", "F Nth C A Lon - Bel",
                                      "A Par S A Mar", "巴黎的陸軍支援馬賽的陸軍移動至勃艮第"}) {
    const auto alone = parse_order(map(), text, PhaseType::Movement);
    ASSERT_TRUE(alone) << text;
    EXPECT_EQ(read(text, opening()), alone->order) << text;
  }
}

}  // namespace
}  // namespace stratagem::diplomacy
