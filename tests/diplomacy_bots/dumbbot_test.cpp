// DumbBot-class choices in small hand-made positions where the best move is clear, for
// many seeds (its near-equal random choices must never pick a clearly worse order); the
// search player must find the same moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "board.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {
namespace {

using namespace diplomacy;
using namespace test_board;

// Fall 1901, no units; every centre neutral except the home centres of France.
GameState empty_fall_board() {
  const Variant& v = standard_variant();
  GameState state = GameState::initial(v);
  state.phase = {Season::Fall, 1901, PhaseType::Movement};
  state.clear_units();
  v.all_supply_centres().for_each([&](int p) { state.set_centre_owner(province_at(p), Power::None); });
  for (const char* home : {"PAR", "BRE", "MAR"}) state.set_centre_owner(province(home), power("FRANCE"));
  return state;
}

void place(GameState& state, UnitType type, const char* power_code, const char* where) {
  state.place(standard_variant(), {type, power(power_code), at(where)});
}

constexpr int kSeeds = 60;

class ClearMoves : public ::testing::TestWithParam<const char*> {};

TEST_P(ClearMoves, TakesAnUndefendedCentre) {
  GameState state = empty_fall_board();
  place(state, UnitType::Army, "FRANCE", "PIC");
  for (int seed = 0; seed < kSeeds; ++seed)
    EXPECT_EQ(orders_of(GetParam(), state, power("FRANCE"), seed),
              std::vector<Order>{Order::move(UnitType::Army, at("PIC"), at("BEL"))})
        << "seed " << seed;
}

TEST(DumbBot, DefendsAThreatenedHomeCentre) {
  // An Italian fleet in the Gulf of Lyon can take Marseilles; Spain is free for the
  // taking, but Italy (three centres) is worth more to keep out than a neutral to take.
  GameState state = empty_fall_board();
  for (const char* home : {"ROM", "NAP", "VEN"}) state.set_centre_owner(province(home), power("ITALY"));
  place(state, UnitType::Army, "FRANCE", "GAS");
  place(state, UnitType::Fleet, "ITALY", "LYO");
  for (int seed = 0; seed < kSeeds; ++seed)
    EXPECT_EQ(orders_of("dumbbot", state, power("FRANCE"), seed),
              std::vector<Order>{Order::move(UnitType::Army, at("GAS"), at("MAR"))})
        << "seed " << seed;
}

TEST_P(ClearMoves, SupportsAMoveThatWouldOtherwiseBounce) {
  // A German army holds Belgium (Germany's only centre); both French armies want it,
  // and one alone would bounce. (Munich is French, so Burgundy has nothing else to take.)
  GameState state = empty_fall_board();
  state.set_centre_owner(province("BEL"), power("GERMANY"));
  state.set_centre_owner(province("MUN"), power("FRANCE"));
  place(state, UnitType::Army, "FRANCE", "PIC");
  place(state, UnitType::Army, "FRANCE", "BUR");
  place(state, UnitType::Army, "GERMANY", "BEL");
  // Sorted, as `given` is below.
  std::set<std::vector<std::uint32_t>> expected;
  for (std::vector<std::uint32_t> pair :
       {std::vector<std::uint32_t>{Order::move(UnitType::Army, at("PIC"), at("BEL")).raw(),
                                   Order::support_move(UnitType::Army, at("BUR"), at("PIC"), at("BEL")).raw()},
        std::vector<std::uint32_t>{Order::support_move(UnitType::Army, at("PIC"), at("BUR"), at("BEL")).raw(),
                                   Order::move(UnitType::Army, at("BUR"), at("BEL")).raw()}}) {
    std::sort(pair.begin(), pair.end());
    expected.insert(pair);
  }
  std::set<std::vector<std::uint32_t>> seen;
  for (int seed = 0; seed < kSeeds; ++seed) {
    const std::vector<Order> given = orders_of(GetParam(), state, power("FRANCE"), seed);
    std::vector<std::uint32_t> raw;
    for (const Order& o : given) raw.push_back(o.raw());
    std::sort(raw.begin(), raw.end());
    EXPECT_TRUE(expected.contains(raw)) << "seed " << seed << ": " << text(given);
    seen.insert(raw);
  }
  if (std::string(GetParam()) == "dumbbot") {
    EXPECT_EQ(seen, expected) << "units are ordered in random order, so either may attack";
  }
}

INSTANTIATE_TEST_SUITE_P(Players, ClearMoves, ::testing::Values("dumbbot", "search:1", "search:3"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), ':', '_');
                           return name;
                         });

TEST(DumbBot, RetreatsToTheBestFreePlaceAndBuildsOnTheBestHomeCentre) {
  const Variant& v = standard_variant();
  // A French army dislodged from Gascony may go to Spain (a neutral centre) or Bordeaux's
  // neighbours; in the fall it takes the centre.
  GameState retreat = empty_fall_board();
  retreat.phase = {Season::Fall, 1901, PhaseType::Retreat};
  LocationSet options;
  options.insert(index(at("SPA")));
  options.insert(index(at("BRE")));
  retreat.add_dislodged(v, {{UnitType::Army, power("FRANCE"), at("GAS")}, options});
  for (int seed = 0; seed < kSeeds; ++seed)
    EXPECT_EQ(orders_of("dumbbot", retreat, power("FRANCE"), seed),
              std::vector<Order>{Order::retreat(UnitType::Army, at("GAS"), at("SPA"))})
        << "seed " << seed;

  // France owns four centres and has three units: one build, on the home centre a big
  // German army threatens.
  GameState winter = empty_fall_board();
  winter.phase = {Season::Winter, 1901, PhaseType::Adjustment};
  winter.set_centre_owner(province("SPA"), power("FRANCE"));
  for (const char* c : {"BER", "KIE", "MUN", "HOL", "DEN"}) winter.set_centre_owner(province(c), power("GERMANY"));
  place(winter, UnitType::Army, "FRANCE", "SPA");
  place(winter, UnitType::Army, "FRANCE", "GAS");
  place(winter, UnitType::Fleet, "FRANCE", "MAO");
  place(winter, UnitType::Army, "GERMANY", "BUR");
  for (int seed = 0; seed < kSeeds; ++seed) {
    const std::vector<Order> given = orders_of("dumbbot", winter, power("FRANCE"), seed);
    ASSERT_EQ(given.size(), 1u);
    EXPECT_EQ(given[0].kind(), OrderKind::Build);
    EXPECT_TRUE(given[0].unit() == at("PAR") || given[0].unit() == at("MAR")) << "seed " << seed << ": " << text(given);
  }
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
