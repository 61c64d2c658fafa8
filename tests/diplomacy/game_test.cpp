// Games under the seeds' setups (seed 000 §1.2.3-1.2.4, seed 003 §7), their endings
// (seed 000 §5, seed 002) and civil disorder as a rule (seed 000 §4.3).

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/random.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::loc;
using testing::map;
using testing::power;
using testing::province;

GameRules rules_of(std::string_view setup_code) {
  auto setup = standard_setup(map(), setup_code);
  EXPECT_TRUE(setup) << setup.error().message;
  return GameRules{*setup, {}, std::nullopt};
}

PowerSet powers(std::initializer_list<std::string_view> codes) {
  PowerSet set;
  for (auto code : codes) set.insert(index(power(code)));
  return set;
}

// A position from words: units "ENGLAND F NTH", centres "ENGLAND LON", dislodged units
// "ENGLAND F NTH > NWG EDI" (with where they may retreat).
GameState position(std::string_view phase, const std::vector<std::string>& units,
                   const std::vector<std::string>& centres, const std::vector<std::string>& dislodged = {}) {
  GameState state;
  state.phase = *parse_phase_code(phase);
  const auto read_unit = [](std::istringstream& in) {
    std::string owner, type, at;
    in >> owner >> type >> at;
    return Unit{type == "F" ? UnitType::Fleet : UnitType::Army, power(owner), loc(at)};
  };
  for (const std::string& text : units) {
    std::istringstream in(text);
    state.place(map(), read_unit(in));
  }
  for (const std::string& text : centres) {
    std::istringstream in(text);
    std::string owner, at;
    in >> owner >> at;
    state.set_centre_owner(province(at), power(owner));
  }
  for (const std::string& text : dislodged) {
    std::istringstream in(text);
    DislodgedUnit unit{read_unit(in), {}};
    std::string word;
    in >> word;  // ">"
    while (in >> word) unit.retreats.insert(index(loc(word)));
    state.add_dislodged(map(), unit);
  }
  return state;
}

using WrittenOrders = std::vector<std::pair<std::string_view, std::vector<std::string>>>;

tl::expected<PhaseResult, Error> play(const GameRules& game, const GameState& state,
                                      const WrittenOrders& orders, const PhaseConditions& conditions = {}) {
  const Variant& phase_map = map_at(map(), game, state.phase);
  OrderSheet sheet(phase_map, standard_rules(), state);
  for (const auto& [owner, texts] : orders)
    for (const std::string& text : texts) {
      const auto parsed = parse_order(phase_map, text, state.phase.type);
      EXPECT_TRUE(parsed) << text;
      if (parsed) sheet.submit(power(owner), *parsed);
    }
  return adjudicate(map(), standard_rules(), game, conditions, state, sheet.orders(), sheet.ordered());
}

PhaseResult played(const GameRules& game, const GameState& state, const WrittenOrders& orders,
                   const PhaseConditions& conditions = {}) {
  auto result = play(game, state, orders, conditions);
  EXPECT_TRUE(result) << result.error().message;
  return result ? *result : PhaseResult{};
}

std::string unit_at(const GameState& state, std::string_view code) {
  const auto unit = state.unit_in(province(code));
  if (!unit) return "-";
  return map().power_code(unit->power) + (unit->type == UnitType::Fleet ? " F " : " A ") +
         map().location_code(unit->location);
}

std::vector<std::string> unit_codes(const std::vector<Unit>& units) {
  std::vector<std::string> codes;
  for (const Unit& u : units) codes.push_back((u.type == UnitType::Fleet ? "F " : "A ") + map().location_code(u.location));
  return codes;
}

// ---------------------------------------------------------------- setups

TEST(Setup, SeatsArmisticeAndVictoryOfEverySetup) {
  struct Expected {
    std::string_view code;
    std::vector<std::string> seats;
    PowerSet armistice;
  };
  const std::vector<Expected> expected = {
      {"7", {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}, {}},
      {"6", {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"}, powers({"ITALY"})},
      {"5", {"AUSTRIA", "ENGLAND", "FRANCE", "RUSSIA", "TURKEY"}, powers({"ITALY", "GERMANY"})},
      {"4", {"ENGLAND", "AUSTRIA+FRANCE", "GERMANY+TURKEY", "ITALY+RUSSIA"}, {}},
      {"3a", {"RUSSIA", "ENGLAND+FRANCE+GERMANY", "AUSTRIA+ITALY+TURKEY"}, {}},
      {"3b", {"AUSTRIA+ENGLAND+GERMANY", "ITALY+RUSSIA", "FRANCE+TURKEY"}, {}},
      {"2", {"ENGLAND+FRANCE+RUSSIA", "AUSTRIA+GERMANY+TURKEY"}, {}},
  };
  ASSERT_EQ(setup_codes().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(setup_codes()[i], expected[i].code);
    const diplomacy::Setup setup = *standard_setup(map(), expected[i].code);
    std::vector<std::string> seats;
    for (const Seat& seat : setup.seats) seats.push_back(seat.code);
    EXPECT_EQ(seats, expected[i].seats) << expected[i].code;
    EXPECT_EQ(setup.armistice, expected[i].armistice) << expected[i].code;
    const bool two = expected[i].code == "2";
    EXPECT_EQ(phase_code(setup.start), two ? "S1914M" : "S1901M");
    EXPECT_EQ(setup.victory_centres, two ? 24 : 18);
    EXPECT_EQ(setup.victory_counting, two ? VictoryCounting::PerSeat : VictoryCounting::PerPower);
    EXPECT_EQ(setup.neutral.has_value(), two);
  }
}

TEST(Setup, UnknownCodeListsTheSetups) {
  const auto setup = standard_setup(map(), "8");
  ASSERT_FALSE(setup);
  EXPECT_EQ(setup.error(), (Error{ErrorKind::Unknown, "unknown setup \"8\" (the setups are 7, 6, 5, 4, 3a, 3b, 2)"}));
}

TEST(Setup, SevenPlayerGameUnderTheGameRulesIsTheClassicGame) {
  const GameRules game = rules_of("7");
  const GameState start = initial_state(map(), game.setup);
  EXPECT_EQ(start, GameState::initial(map()));
  const WrittenOrders orders = {{"FRANCE", {"A Par - Bur", "A Mar S A Par - Bur"}}, {"GERMANY", {"A Mun - Bur"}}};
  const PhaseResult result = played(game, start, orders);
  EXPECT_EQ(unit_at(result.next, "BUR"), "FRANCE A BUR");
  EXPECT_EQ(phase_code(result.next.phase), "F1901M");
  EXPECT_FALSE(result.end);
}

// ---------------------------------------------------------------- armistice (6 and 5)

TEST(Armistice, ItalyInTheSixPlayerGameOrdersNothingAndIsDisbandedWhenDislodged) {
  const GameRules game = rules_of("6");
  const GameState state = position("S1902M", {"AUSTRIA A TYR", "AUSTRIA A TRI", "ITALY A VEN", "ITALY A ROM"},
                                   {"ITALY VEN", "ITALY ROM", "ITALY NAP", "AUSTRIA TRI"});
  const PhaseResult result = played(
      game, state, {{"AUSTRIA", {"A Tyr - Ven", "A Tri S A Tyr - Ven"}}, {"ITALY", {"A Ven - Pie", "A Rom - Tus"}}});
  EXPECT_EQ(result.resolutions[index(province("VEN"))].outcome, Outcome::Dislodged);
  EXPECT_EQ(result.resolutions[index(province("ROM"))].outcome, Outcome::Hold);  // its order was dropped
  // Venice's army could retreat to Piedmont, Tuscany, Rome (taken) or Apulia, but is
  // disbanded at once: no retreat phase.
  EXPECT_EQ(phase_code(result.next.phase), "F1902M");
  EXPECT_EQ(unit_at(result.next, "VEN"), "AUSTRIA A VEN");
  EXPECT_EQ(unit_at(result.next, "ROM"), "ITALY A ROM");
  EXPECT_EQ(result.next.unit_count(power("ITALY")), 1);
}

TEST(Armistice, OtherPowersMaySupportAnArmisticeUnit) {
  const GameRules game = rules_of("5");
  const GameState state =
      position("S1902M", {"AUSTRIA A TYR", "AUSTRIA A TRI", "ITALY A VEN", "FRANCE A PIE"}, {"ITALY VEN"});
  const PhaseResult result =
      played(game, state, {{"AUSTRIA", {"A Tyr - Ven", "A Tri S A Tyr - Ven"}}, {"FRANCE", {"A Pie S A Ven"}}});
  EXPECT_EQ(result.resolutions[index(province("TYR"))].outcome, Outcome::Bounce);
  EXPECT_EQ(unit_at(result.next, "VEN"), "ITALY A VEN");
}

TEST(Armistice, BuildsNothingAndItsBuildsAloneCallNoAdjustmentPhase) {
  const GameRules game = rules_of("5");
  // Germany lost its army in Munich in Spring and still owns the centre: it could build,
  // but in armistice it does not, so Fall goes straight to Spring.
  const GameState fall = position("F1902M", {"GERMANY A BER", "GERMANY F KIE", "FRANCE A PAR"},
                                  {"GERMANY BER", "GERMANY KIE", "GERMANY MUN", "FRANCE PAR"});
  const PhaseResult result = played(game, fall, {{"GERMANY", {"A Ber - Sil"}}});
  EXPECT_EQ(phase_code(result.next.phase), "S1903M");
  EXPECT_EQ(unit_at(result.next, "BER"), "GERMANY A BER");
  // In an adjustment phase held for others, its build is ignored.
  const GameState winter = position("W1902A", {"GERMANY A BER", "FRANCE A PAR"},
                                    {"GERMANY BER", "GERMANY MUN", "FRANCE PAR", "FRANCE MAR"});
  const PhaseResult built = played(game, winter, {{"GERMANY", {"A Mun B"}}, {"FRANCE", {"A Mar B"}}});
  EXPECT_EQ(unit_at(built.next, "MUN"), "-");
  EXPECT_EQ(unit_at(built.next, "MAR"), "FRANCE A MAR");
}

TEST(Armistice, RemovalsFollowTheCivilDisorderOrder) {
  const GameRules game = rules_of("6");
  // Italy owns Rome only and has two units: the one furthest from Rome goes, whatever
  // Italy writes (seed 000 §4.3.3).
  const GameState winter = position("W1902A", {"ITALY A ROM", "ITALY F ION"}, {"ITALY ROM"});
  const PhaseResult result = played(game, winter, {{"ITALY", {"A Rom D"}}});
  EXPECT_EQ(unit_codes(result.removed_without_order), std::vector<std::string>{"F ION"});
  EXPECT_EQ(unit_at(result.next, "ROM"), "ITALY A ROM");
}

// ---------------------------------------------------------------- several powers a seat

TEST(SeatOfSeveralPowers, AdjustmentsAreCountedPerPower) {
  const GameRules game = rules_of("4");
  // The seat Austria+France has six centres and six units, but Austria has four centres
  // and three units, France two centres and three units: Austria builds, France removes.
  const GameState winter = position(
      "W1901A", {"AUSTRIA A SER", "AUSTRIA A GAL", "AUSTRIA F ALB", "FRANCE A PAR", "FRANCE A MAR", "FRANCE F MAO"},
      {"AUSTRIA VIE", "AUSTRIA BUD", "AUSTRIA TRI", "AUSTRIA SER", "FRANCE PAR", "FRANCE MAR"});
  EXPECT_EQ(adjustment_delta(map(), winter, power("AUSTRIA")), 1);
  EXPECT_EQ(adjustment_delta(map(), winter, power("FRANCE")), -1);
  const PhaseResult result = played(game, winter, {{"AUSTRIA", {"A Vie B"}}, {"FRANCE", {"F Mao D"}}});
  EXPECT_EQ(unit_at(result.next, "VIE"), "AUSTRIA A VIE");
  EXPECT_EQ(unit_at(result.next, "MAO"), "-");
  EXPECT_EQ(result.next.unit_count(power("AUSTRIA")), 4);
  EXPECT_EQ(result.next.unit_count(power("FRANCE")), 2);
}

TEST(SeatOfSeveralPowers, EighteenCentresMustBeOnePowers) {
  const GameRules game = rules_of("4");
  GameState state = position("S1905M", {"AUSTRIA A VIE", "FRANCE A PAR"}, {});
  const std::vector<std::string> austria = {"VIE", "BUD", "TRI", "SER", "GRE", "BUL", "RUM", "WAR", "MOS",
                                            "SEV", "CON", "ANK", "SMY", "VEN", "ROM", "NAP", "TUN"};
  const std::vector<std::string> france = {"PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN", "KIE",
                                           "BER", "DEN", "SWE", "NWY", "STP", "LON", "EDI", "LVP"};
  for (const auto& p : austria) state.set_centre_owner(province(p), power("AUSTRIA"));
  for (const auto& p : france) state.set_centre_owner(province(p), power("FRANCE"));
  // The seat Austria+France owns all 34, but neither power 18.
  EXPECT_FALSE(*decide_end(map(), game, {}, state));
  state.set_centre_owner(province("PAR"), power("AUSTRIA"));
  const auto end = *decide_end(map(), game, {}, state);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->kind, EndKind::Centres);
  EXPECT_EQ(end->winners, powers({"AUSTRIA"}));
  EXPECT_EQ(end->seats, std::vector<int>{1});
}

// ---------------------------------------------------------------- the two-player game, 1914

TEST(TwoPlayers, StartsIn1914WithItalyNeutralAndClosed) {
  const GameRules game = rules_of("2");
  const GameState start = initial_state(map(), game.setup);
  EXPECT_EQ(phase_code(start.phase), "S1914M");
  EXPECT_EQ(start.unit_count(power("ITALY")), 3);
  EXPECT_EQ(powers_not_ordering(game, {}, start.phase), powers({"ITALY"}));
  const PhaseResult result = played(game, start,
                                    {{"FRANCE", {"A Mar - Pie"}},
                                     {"AUSTRIA", {"F Tri - Ven", "A Vie - Tyr"}},
                                     {"ITALY", {"A Ven - Tyr", "F Nap - Ion"}}});
  const Variant& closed = map_at(map(), game, start.phase);
  for (const char* text : {"A Mar - Pie", "F Tri - Ven", "F Tri S A Vie - Ven"}) {
    const auto void_order = validate(closed, standard_rules(), start, power(text[0] == 'A' ? "FRANCE" : "AUSTRIA"),
                                     *parse_order(closed, text, PhaseType::Movement));
    ASSERT_FALSE(void_order) << text;
    // As for Switzerland.
    const VoidReason expected = text[6] == 'S' ? VoidReason::SupportCannotReach : VoidReason::CannotReach;
    EXPECT_EQ(void_order.error(), expected) << text;
  }
  EXPECT_EQ(unit_at(result.next, "MAR"), "FRANCE A MAR");
  EXPECT_EQ(unit_at(result.next, "TRI"), "AUSTRIA F TRI");
  EXPECT_EQ(result.resolutions[index(province("VIE"))].outcome, Outcome::Ok);
  EXPECT_EQ(unit_at(result.next, "VEN"), "ITALY A VEN");
  EXPECT_EQ(unit_at(result.next, "NAP"), "ITALY F NAP");
  EXPECT_EQ(unit_at(result.next, "TYR"), "AUSTRIA A TYR");
  // No legal order leads into Italy, nor supports into it; Italian units can only hold.
  const LegalOrderGenerator legal(closed, result.next);
  OrderList orders;
  legal.unit_orders(province("TYR"), orders);
  for (const Order& order : orders) {
    EXPECT_NE(order.kind() == OrderKind::Move ? closed.province_of(order.target()) : Province::None,
              province("VEN"));
    EXPECT_NE(order.kind() == OrderKind::SupportMove ? closed.province_of(order.dest()) : Province::None,
              province("PIE"));
  }
  orders.clear();
  legal.unit_orders(province("VEN"), orders);
  ASSERT_EQ(orders.size(), 1);
  EXPECT_EQ(orders[0].kind(), OrderKind::Hold);
}

TEST(TwoPlayers, TheTossIsNeededFromTheFall1914AdjustmentsOn) {
  GameRules game = rules_of("2");
  const GameState winter = position("W1914A", {"FRANCE A PAR", "ITALY A VEN", "ITALY A ROM", "ITALY F NAP"},
                                    {"FRANCE PAR", "FRANCE MAR", "ITALY VEN", "ITALY ROM", "ITALY NAP"});
  const auto without_toss = play(game, winter, {{"FRANCE", {"A Mar B"}}});
  ASSERT_FALSE(without_toss);
  EXPECT_EQ(without_toss.error(),
            (Error{ErrorKind::Inconsistent,
                   "phase S1915M needs the coin toss: the seat the neutral power joins (drawn before the Fall 1914 "
                   "adjustments)"}));
  game.toss_winner = 2;
  EXPECT_FALSE(play(game, winter, {{"FRANCE", {"A Mar B"}}}));
  game.toss_winner = 1;
  const PhaseResult result = played(game, winter, {{"FRANCE", {"A Mar B"}}});
  EXPECT_EQ(phase_code(result.next.phase), "S1915M");
  EXPECT_EQ(unit_at(result.next, "MAR"), "FRANCE A MAR");
}

class TwoPlayersToss : public ::testing::TestWithParam<int> {};

TEST_P(TwoPlayersToss, ItalyJoinsTheWinnerIn1915AndItsLandOpens) {
  GameRules game = rules_of("2");
  game.toss_winner = GetParam();
  const GameState spring = position("S1915M", {"FRANCE A MAR", "ITALY A VEN", "ITALY F NAP", "AUSTRIA A TYR"},
                                    {"ITALY VEN", "ITALY ROM", "ITALY NAP"});
  const auto seats = *seats_at(game, spring.phase);
  EXPECT_EQ(seats[GetParam()].powers.contains(index(power("ITALY"))), true);
  EXPECT_EQ(seats[1 - GetParam()].powers.contains(index(power("ITALY"))), false);
  EXPECT_EQ(seats[GetParam()].code, GetParam() == 0 ? "ENGLAND+FRANCE+ITALY+RUSSIA" : "AUSTRIA+GERMANY+ITALY+TURKEY");
  EXPECT_EQ(powers_not_ordering(game, {}, spring.phase), PowerSet{});
  EXPECT_EQ(&map_at(map(), game, spring.phase), &map());
  const PhaseResult result =
      played(game, spring, {{"FRANCE", {"A Mar - Pie"}}, {"ITALY", {"A Ven - Tri", "F Nap - Ion"}}});
  EXPECT_EQ(unit_at(result.next, "PIE"), "FRANCE A PIE");
  EXPECT_EQ(unit_at(result.next, "TRI"), "ITALY A TRI");
  EXPECT_EQ(unit_at(result.next, "ION"), "ITALY F ION");
}

TEST_P(TwoPlayersToss, TwentyFourCentresOfTheSideWin) {
  GameRules game = rules_of("2");
  game.toss_winner = GetParam();
  // England, France and Russia own 21 centres, Austria, Germany and Turkey 10, Italy 3:
  // the side that Italy joined has 24 or 13.
  const std::vector<std::pair<std::string, std::vector<std::string>>> owners = {
      {"ENGLAND", {"LON", "EDI", "LVP", "NWY", "SWE", "DEN", "HOL", "BEL"}},
      {"FRANCE", {"PAR", "MAR", "BRE", "SPA", "POR", "TUN", "MUN", "KIE"}},
      {"RUSSIA", {"MOS", "WAR", "SEV", "STP", "RUM"}},
      {"AUSTRIA", {"VIE", "BUD", "TRI", "SER", "GRE"}},
      {"GERMANY", {"BER"}},
      {"TURKEY", {"CON", "ANK", "SMY", "BUL"}},
      {"ITALY", {"VEN", "ROM", "NAP"}}};
  std::vector<std::string> centres, units;
  for (const auto& [owner, list] : owners)
    for (const auto& p : list) {
      centres.push_back(owner + " " + p);
      units.push_back(owner + " A " + p);
    }
  const GameState fall = position("F1916M", units, centres);
  const PhaseResult result = played(game, fall, {});
  EXPECT_EQ(phase_code(result.next.phase), "S1917M");
  if (GetParam() == 0) {
    ASSERT_TRUE(result.end);
    EXPECT_EQ(result.end->kind, EndKind::Centres);
    EXPECT_EQ(result.end->winners, powers({"ENGLAND", "FRANCE", "RUSSIA", "ITALY"}));
    EXPECT_EQ(result.end->seats, std::vector<int>{0});
  } else {
    EXPECT_FALSE(result.end);
  }
}

INSTANTIATE_TEST_SUITE_P(Toss, TwoPlayersToss, ::testing::Values(0, 1));

TEST(TwoPlayers, OnePowersEighteenCentresDoNotWin) {
  GameRules game = rules_of("2");
  game.toss_winner = 1;
  GameState state = position("S1917M", {"ENGLAND A LON", "AUSTRIA A VIE"}, {});
  for (const char* p : {"LON", "EDI", "LVP", "NWY", "SWE", "DEN", "HOL", "BEL", "PAR", "MAR", "BRE", "SPA", "POR",
                        "TUN", "MUN", "KIE", "BER", "STP"})
    state.set_centre_owner(province(p), power("ENGLAND"));
  EXPECT_FALSE(*decide_end(map(), game, {}, state));
  state.set_centre_owner(province("MOS"), power("RUSSIA"));
  for (const char* p : {"WAR", "SEV", "RUM", "BUL", "SER"}) state.set_centre_owner(province(p), power("FRANCE"));
  const auto end = *decide_end(map(), game, {}, state);  // 18 + 1 + 5 = 24
  ASSERT_TRUE(end);
  EXPECT_EQ(end->winners, powers({"ENGLAND", "FRANCE", "RUSSIA"}));
}

// ---------------------------------------------------------------- endings

GameState mid_game(std::string_view phase) {
  // France 6 units and centres, Germany 6, England 5, Russia 5, Austria 4, Turkey 4,
  // Italy nothing left.
  return position(phase,
                  {"FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE", "FRANCE A SPA", "FRANCE A BEL", "FRANCE A BUR",
                   "GERMANY A BER", "GERMANY A MUN", "GERMANY F KIE", "GERMANY A HOL", "GERMANY F DEN", "GERMANY A SIL",
                   "ENGLAND F LON", "ENGLAND F EDI", "ENGLAND A LVP", "ENGLAND F NWY", "ENGLAND F NTH",
                   "RUSSIA A MOS", "RUSSIA A WAR", "RUSSIA F SEV", "RUSSIA F STP/NC", "RUSSIA A SWE",
                   "AUSTRIA A VIE", "AUSTRIA A BUD", "AUSTRIA F TRI", "AUSTRIA A SER",
                   "TURKEY A CON", "TURKEY A SMY", "TURKEY F ANK", "TURKEY A BUL"},
                  {"FRANCE PAR", "FRANCE MAR", "FRANCE BRE", "FRANCE SPA", "FRANCE BEL", "FRANCE POR",
                   "GERMANY BER", "GERMANY MUN", "GERMANY KIE", "GERMANY HOL", "GERMANY DEN", "GERMANY TUN",
                   "ENGLAND LON", "ENGLAND EDI", "ENGLAND LVP", "ENGLAND NWY", "ENGLAND ROM",
                   "RUSSIA MOS", "RUSSIA WAR", "RUSSIA SEV", "RUSSIA STP", "RUSSIA SWE",
                   "AUSTRIA VIE", "AUSTRIA BUD", "AUSTRIA TRI", "AUSTRIA SER",
                   "TURKEY CON", "TURKEY SMY", "TURKEY ANK", "TURKEY BUL"});
}

TEST(Ending, FixedYearMostUnitsWinTiesShare) {
  GameRules game = rules_of("7");
  game.endings.fixed_end_year = 1905;
  // Fall 1905 with nothing to adjust goes to Spring 1906: the year is over.
  const PhaseResult result = played(game, mid_game("F1905M"), {});
  EXPECT_EQ(phase_code(result.next.phase), "S1906M");
  ASSERT_TRUE(result.end);
  EXPECT_EQ(result.end->kind, EndKind::FixedYear);
  EXPECT_EQ(result.end->winners, powers({"FRANCE", "GERMANY"}));
  EXPECT_EQ(result.end->seats, (std::vector<int>{2, 3}));
  // Before the year is over, nothing ends.
  EXPECT_FALSE(*decide_end(map(), game, {}, mid_game("F1905M")));
  // One more unit makes France the only winner.
  GameState ahead = mid_game("S1906M");
  ahead.place(map(), Unit{UnitType::Army, power("FRANCE"), loc("GAS")});
  EXPECT_EQ((*decide_end(map(), game, {}, ahead))->winners, powers({"FRANCE"}));
  // With no unit left anywhere the year still ends the game, won by nobody.
  const auto empty = *decide_end(map(), game, {}, position("S1906M", {}, {}));
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->kind, EndKind::FixedYear);
  EXPECT_TRUE(empty->winners.empty());
}

TEST(Ending, EighteenCentresComeBeforeTheFixedYear) {
  GameRules game = rules_of("7");
  game.endings.fixed_end_year = 1905;
  GameState state = mid_game("S1906M");
  for (const char* p : {"LON", "EDI", "LVP", "NWY", "ROM", "VIE", "BUD", "TRI", "SER", "CON", "SMY", "ANK"})
    state.set_centre_owner(province(p), power("RUSSIA"));
  // Russia owns 17 centres: the fixed year decides (most units: France and Germany).
  EXPECT_EQ((*decide_end(map(), game, {}, state))->kind, EndKind::FixedYear);
  state.set_centre_owner(province("BUL"), power("RUSSIA"));
  const auto end = *decide_end(map(), game, {}, state);
  EXPECT_EQ(end->kind, EndKind::Centres);
  EXPECT_EQ(end->winners, powers({"RUSSIA"}));
  EXPECT_EQ(end->seats, std::vector<int>{5});
}

TEST(Ending, AgreedEndWinnerIsDrawnByLotAmongTheSurvivors) {
  const GameRules game = rules_of("7");
  const GameState state = mid_game("S1906M");
  EXPECT_EQ(*surviving_seats(game, state), (std::vector<int>{0, 1, 2, 3, 5, 6}));  // Italy has no unit
  EndDeclarations agreed;
  agreed.agreed_end_lot = 4;
  const auto end = *decide_end(map(), game, agreed, state);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->kind, EndKind::Lot);
  EXPECT_EQ(end->winners, powers({"RUSSIA"}));
  EXPECT_EQ(end->seats, std::vector<int>{5});
  agreed.agreed_end_lot = 6;
  const auto bad = decide_end(map(), game, agreed, state);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            (Error{ErrorKind::Inconsistent, "agreed end: lot 6 is not one of the 6 surviving seats (0 to 5)"}));
}

TEST(Ending, LotInASeatGameDrawsASeat) {
  const GameRules game = rules_of("3b");
  EndDeclarations agreed;
  agreed.agreed_end_lot = 2;
  const auto end = *decide_end(map(), game, agreed, mid_game("S1906M"));
  EXPECT_EQ(end->winners, powers({"FRANCE", "TURKEY"}));
  EXPECT_EQ(end->seats, std::vector<int>{2});
}

TEST(Ending, AllianceOfTwentyThreeCentresDeclaredAlike) {
  GameRules game = rules_of("7");
  GameState state = mid_game("S1906M");
  // France 6 + Germany 6 + England 5 + Russia 5 = 22 centres.
  EndDeclarations declared;
  const PowerSet four = powers({"FRANCE", "GERMANY", "ENGLAND", "RUSSIA"});
  four.for_each([&](int p) { declared.alliance[p] = four; });
  EXPECT_FALSE(*decide_end(map(), game, declared, state));
  state.set_centre_owner(province("SER"), power("RUSSIA"));  // 23
  auto end = *decide_end(map(), game, declared, state);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->kind, EndKind::Alliance);
  EXPECT_EQ(end->winners, four);
  EXPECT_EQ(end->seats, (std::vector<int>{1, 2, 3, 5}));
  // One partner names other partners: no end.
  declared.alliance[index(power("RUSSIA"))] = powers({"FRANCE", "GERMANY", "RUSSIA"});
  EXPECT_FALSE(*decide_end(map(), game, declared, state));
  // The threshold is a rule value.
  game.endings.alliance_centres = 12;
  const PowerSet two = powers({"FRANCE", "GERMANY"});
  declared = {};
  two.for_each([&](int p) { declared.alliance[p] = two; });
  end = *decide_end(map(), game, declared, state);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->winners, two);
}

TEST(Ending, DrawIsSharedByEverySurvivor) {
  const GameRules game = rules_of("7");
  EndDeclarations declared;
  declared.draw = true;
  const PhaseResult result = played(game, mid_game("S1906M"), {}, PhaseConditions{{}, declared});
  ASSERT_TRUE(result.end);
  EXPECT_EQ(result.end->kind, EndKind::Draw);
  EXPECT_EQ(result.end->winners, powers({"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"}));
  EXPECT_EQ(end_kind_code(result.end->kind), "draw");
  EXPECT_EQ(end_kind_by_code("fixed_year"), EndKind::FixedYear);
}

// ---------------------------------------------------------------- civil disorder

PhaseConditions civil_disorder(std::initializer_list<std::string_view> codes) {
  return PhaseConditions{powers(codes), {}};
}

TEST(CivilDisorder, MovementUnitsHoldWhateverIsWritten) {
  const GameRules game = rules_of("7");
  const PhaseResult result =
      played(game, initial_state(map(), game.setup), {{"ENGLAND", {"F Lon - Nth", "A Lvp - Yor"}}},
             civil_disorder({"ENGLAND"}));
  EXPECT_EQ(result.resolutions[index(province("LON"))].outcome, Outcome::Hold);
  EXPECT_EQ(unit_at(result.next, "LON"), "ENGLAND F LON");
  EXPECT_EQ(unit_at(result.next, "LVP"), "ENGLAND A LVP");
}

TEST(CivilDisorder, ADislodgedUnitIsDisbandedAtOnce) {
  const GameRules game = rules_of("7");
  const GameState state = position("S1902M", {"ENGLAND F NTH", "GERMANY F HEL", "GERMANY F DEN"}, {});
  const WrittenOrders orders = {{"GERMANY", {"F Hel - Nth", "F Den S F Hel - Nth"}}};
  // Without civil disorder, England's fleet would retreat.
  EXPECT_EQ(phase_code(played(game, state, orders).next.phase), "S1902R");
  const PhaseResult result = played(game, state, orders, civil_disorder({"ENGLAND"}));
  EXPECT_EQ(result.resolutions[index(province("NTH"))].outcome, Outcome::Dislodged);
  EXPECT_EQ(phase_code(result.next.phase), "F1902M");
  EXPECT_EQ(unit_at(result.next, "NTH"), "GERMANY F NTH");
  EXPECT_EQ(result.next.unit_count(power("ENGLAND")), 0);
}

TEST(CivilDisorder, MarkedInTheRetreatPhaseTheUnitDisbands) {
  const GameRules game = rules_of("7");
  const GameState state = position("S1902R", {"GERMANY F NTH", "GERMANY F ENG"}, {},
                                   {"ENGLAND F NTH > NWG EDI", "FRANCE F ENG > IRI"});
  const PhaseResult result = played(game, state, {{"ENGLAND", {"F Nth - Nwg"}}, {"FRANCE", {"F Eng - Iri"}}},
                                    civil_disorder({"ENGLAND"}));
  EXPECT_EQ(unit_codes(result.removed_without_order), std::vector<std::string>{"F NTH"});
  EXPECT_EQ(unit_at(result.next, "NWG"), "-");
  EXPECT_EQ(unit_at(result.next, "IRI"), "FRANCE F IRI");
}

TEST(CivilDisorder, BuildsNothingAndRemovesByDistance) {
  const GameRules game = rules_of("7");
  // England may build in London but is in civil disorder: no adjustment phase for that.
  const GameState fall = position("F1902M", {"ENGLAND F EDI", "ENGLAND A LVP"},
                                  {"ENGLAND LON", "ENGLAND EDI", "ENGLAND LVP"});
  EXPECT_EQ(phase_code(played(game, fall, {}).next.phase), "W1902A");
  EXPECT_EQ(phase_code(played(game, fall, {}, civil_disorder({"ENGLAND"})).next.phase), "S1903M");
  // England owns London only and has three units: North Atlantic (three moves from
  // London) and Yorkshire (one) go, London stays, whatever England writes.
  const GameState winter = position("W1902A", {"ENGLAND F NAO", "ENGLAND A YOR", "ENGLAND F LON"}, {"ENGLAND LON"});
  const PhaseResult result = played(game, winter, {{"ENGLAND", {"F Lon D", "F Nao D"}}}, civil_disorder({"ENGLAND"}));
  EXPECT_EQ(unit_codes(result.removed_without_order), (std::vector<std::string>{"F NAO", "A YOR"}));
  EXPECT_EQ(unit_at(result.next, "LON"), "ENGLAND F LON");
}

// ---------------------------------------------------------------- whole games

// Random legal orders from the setup's start to the end of 1918 (the agreed fixed end),
// checking the setup's rules at every phase.
struct WholeGameCase {
  std::string_view setup;
  int toss;  // the two-player game's coin toss
};

class WholeGame : public ::testing::TestWithParam<WholeGameCase> {};

TEST_P(WholeGame, FromTheStartToTheEnd) {
  GameRules game = rules_of(GetParam().setup);
  game.endings.fixed_end_year = 1918;
  game.toss_winner = GetParam().toss;
  Random random(20261123);
  GameState state = initial_state(map(), game.setup);
  std::optional<GameEnd> end;
  for (int phases = 0; phases < 200 && !end; ++phases) {
    const Variant& phase_map = map_at(map(), game, state.phase);
    const PowerSet silent = powers_not_ordering(game, {}, state.phase);
    std::array<Order, kMaxProvinces> orders{};
    ProvinceSet ordered;
    if (state.phase.type == PhaseType::Adjustment) {
      for (int p = 0; p < map().power_count(); ++p) {
        OrderList legal;
        legal_adjustments(phase_map, state, power_at(p), legal);
        const int change = adjustment_delta(phase_map, state, power_at(p));
        for (int k = 0, done = 0; k < legal.size() && done < std::abs(change); ++k) {
          if (legal[k].kind() == OrderKind::Waive) continue;
          const int site = index(phase_map.province_of(legal[k].unit()));
          if (ordered.contains(site)) continue;
          orders[site] = legal[k];
          ordered.insert(site);
          ++done;
        }
      }
    } else {
      const LegalOrderGenerator legal(phase_map, state);
      const ProvinceSet& units =
          state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
      units.for_each([&](int p) {
        orders[p] = legal.pick(province_at(p), random.next());
        ordered.insert(p);
      });
    }
    const auto result = adjudicate(map(), standard_rules(), game, {}, state, orders, ordered);
    ASSERT_TRUE(result) << result.error().message;
    const GameState& next = result->next;
    // Powers that order nothing never leave their provinces and never build.
    for (int p = 0; p < map().province_count(); ++p) {
      const auto after = next.unit_in(province_at(p));
      if (after && silent.contains(index(after->power))) {
        EXPECT_EQ(state.unit_in(province_at(p)), after) << phase_code(state.phase);
      }
      // Nobody enters neutral Italy.
      if (game.setup.neutral && game.setup.neutral->closed.contains(p) && state.phase.year == 1914 && after) {
        EXPECT_EQ(after->power, power("ITALY")) << phase_code(state.phase);
      }
    }
    // Units and centres are counted per power: after adjustments no power has more
    // units than centres.
    if (state.phase.type == PhaseType::Adjustment)
      for (int p = 0; p < map().power_count(); ++p)
        EXPECT_LE(next.unit_count(power_at(p)), std::max(next.centre_count(power_at(p)), 0));
    end = result->end;
    state = next;
  }
  ASSERT_TRUE(end);
  EXPECT_EQ(phase_code(state.phase), "S1919M");
  EXPECT_EQ(end->kind, EndKind::FixedYear);
  // The winners have the most units among the seats' powers (per seat in the 2-player game).
  const auto seats = *seats_at(game, state.phase);
  int most = 0;
  for (const Seat& seat : seats) {
    if (game.setup.victory_counting == VictoryCounting::PerSeat) {
      int units = 0;
      seat.powers.for_each([&](int p) { units += state.unit_count(power_at(p)); });
      most = std::max(most, units);
    } else {
      seat.powers.for_each([&](int p) { most = std::max(most, state.unit_count(power_at(p))); });
    }
  }
  ASSERT_FALSE(end->winners.empty());
  if (game.setup.victory_counting == VictoryCounting::PerPower) {
    end->winners.for_each([&](int p) { EXPECT_EQ(state.unit_count(power_at(p)), most); });
  } else {
    for (int s : end->seats) {
      int units = 0;
      seats[s].powers.for_each([&](int p) { units += state.unit_count(power_at(p)); });
      EXPECT_EQ(units, most);
    }
  }
  EXPECT_TRUE((end->winners & game.setup.armistice).empty());
}

INSTANTIATE_TEST_SUITE_P(EverySetup, WholeGame,
                         ::testing::Values(WholeGameCase{"7", 0}, WholeGameCase{"6", 0}, WholeGameCase{"5", 0},
                                           WholeGameCase{"4", 0}, WholeGameCase{"3a", 0}, WholeGameCase{"3b", 0},
                                           WholeGameCase{"2", 0}, WholeGameCase{"2", 1}),
                         [](const auto& info) {
                           return "setup_" + std::string(info.param.setup) +
                                  (info.param.setup == "2" ? "_toss" + std::to_string(info.param.toss) : "");
                         });

}  // namespace
}  // namespace stratagem::diplomacy
