// The baselines' exact orders, the factory's names, and determinism for a seed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/player.h"
#include "board.h"

namespace stratagem::diplomacy_bots {
namespace {

using namespace diplomacy;
using namespace test_board;

TEST(HoldBot, HoldsEveryUnitAtTheStart) {
  const GameState start = GameState::initial(standard_variant());
  const std::vector<Order> expected = {Order::hold(UnitType::Fleet, at("STP/SC")),
                                       Order::hold(UnitType::Army, at("MOS")),
                                       Order::hold(UnitType::Fleet, at("SEV")),
                                       Order::hold(UnitType::Army, at("WAR"))};
  std::vector<Order> given = orders_of("holdbot", start, power("RUSSIA"), 1);
  std::sort(given.begin(), given.end(), [](Order a, Order b) { return a.raw() < b.raw(); });
  std::vector<Order> sorted = expected;
  std::sort(sorted.begin(), sorted.end(), [](Order a, Order b) { return a.raw() < b.raw(); });
  EXPECT_EQ(given, sorted);
}

TEST(HoldBot, DisbandsInRetreatsWaivesBuildsAndRemovesOffCentreUnitsFirst) {
  const Variant& v = standard_variant();
  GameState state = GameState::initial(v);
  state.phase = {Season::Fall, 1901, PhaseType::Retreat};
  state.remove(v.province_of(at("VIE")));
  state.add_dislodged(v, {{UnitType::Army, power("AUSTRIA"), at("VIE")}, {}});
  EXPECT_EQ(orders_of("holdbot", state, power("AUSTRIA"), 1),
            std::vector<Order>{Order::disband(UnitType::Army, at("VIE"))});

  GameState winter = GameState::initial(v);
  winter.phase = {Season::Winter, 1901, PhaseType::Adjustment};
  winter.set_centre_owner(v.province_of(at("NWY")), power("ENGLAND"));
  EXPECT_EQ(orders_of("holdbot", winter, power("ENGLAND"), 1), std::vector<Order>{Order::waive()});

  // Austria keeps VIE and BUD only, with an army in Galicia: it removes that army.
  winter.set_centre_owner(v.province_of(at("TRI")), power("ITALY"));
  winter.remove(v.province_of(at("BUD")));
  winter.place(v, {UnitType::Army, power("AUSTRIA"), at("GAL")});
  EXPECT_EQ(orders_of("holdbot", winter, power("AUSTRIA"), 1),
            std::vector<Order>{Order::remove(UnitType::Army, at("GAL"))});
}

TEST(Players, TheSameSeedGivesTheSameOrders) {
  const GameState start = GameState::initial(standard_variant());
  for (const char* spec : {"random", "holdbot", "dumbbot", "search:1", "search:2", "equilibrium:1"}) {
    for (int i = 0; i < 7; ++i) {
      EXPECT_EQ(orders_of(spec, start, power_at(i), 42), orders_of(spec, start, power_at(i), 42)) << spec;
    }
  }
  // Different seeds give a random player different orders somewhere on the board.
  bool differ = false;
  for (int i = 0; i < 7; ++i) differ |= orders_of("random", start, power_at(i), 1) != orders_of("random", start, power_at(i), 2);
  EXPECT_TRUE(differ);
}

TEST(SearchPlayer, StopsWhenAskedAndStillOrdersEveryUnit) {
  const Variant& v = standard_variant();
  const RuleOptions rules = standard_rules();
  const GameState start = GameState::initial(v);
  auto searcher = *make_player("search:5");
  int polls = 0;
  const std::vector<Order> stopped =
      searcher->orders(Turn{v, rules, start, power("RUSSIA"), 3, [&] { return ++polls > 0; }});
  EXPECT_EQ(stopped.size(), 4u);
  EXPECT_GE(polls, 1);
  // Stopped at once, it has evaluated only its first candidate against the samples.
  EXPECT_LE(searcher->positions_searched(), 2 * 96);
  const std::int64_t before = searcher->positions_searched();
  EXPECT_EQ(searcher->orders(Turn{v, rules, start, power("RUSSIA"), 3}),
            searcher->orders(Turn{v, rules, start, power("RUSSIA"), 3}));
  EXPECT_GT(searcher->positions_searched(), before + 1000) << "unstopped, it searches";
}

TEST(EquilibriumPlayer, StopsWhenAskedAndStillOrdersEveryUnit) {
  const Variant& v = standard_variant();
  const RuleOptions rules = standard_rules();
  const GameState start = GameState::initial(v);
  auto player = *make_player("equilibrium:3");
  const std::vector<Order> stopped =
      player->orders(Turn{v, rules, start, power("RUSSIA"), 3, [] { return true; }});
  EXPECT_EQ(stopped.size(), 4u);
  const std::int64_t before = player->positions_searched();
  EXPECT_LE(before, 4 * 48) << "stopped at once, only its first candidate is played against the samples";
  const std::vector<Order> searched = (*make_player("equilibrium:1"))->orders(Turn{v, rules, start, power("RUSSIA"), 3});
  EXPECT_EQ(searched.size(), 4u);
}

TEST(Players, FactoryKnowsItsNamesAndListsThemOnError) {
  for (const char* spec : {"random", "holdbot", "dumbbot"}) {
    auto player = make_player(spec);
    ASSERT_TRUE(player.has_value()) << spec;
    EXPECT_EQ((*player)->name(), spec);
  }
  EXPECT_EQ((*make_player("search:4"))->name(), "search:4");
  EXPECT_EQ((*make_player("search"))->name(), "search:3");
  for (const char* bad : {"search:0", "search:6", "search:", "search:2x"}) {
    auto player = make_player(bad);
    ASSERT_FALSE(player.has_value()) << bad;
    EXPECT_NE(player.error().find("1 to 5"), std::string::npos) << player.error();
  }
  EXPECT_EQ((*make_player("equilibrium:4"))->name(), "equilibrium:4");
  EXPECT_EQ((*make_player("equilibrium"))->name(), "equilibrium:2");
  for (const char* bad : {"equilibrium:0", "equilibrium:5", "equilibrium:", "equilibrium:1x"}) {
    auto player = make_player(bad);
    ASSERT_FALSE(player.has_value()) << bad;
    EXPECT_NE(player.error().find("1 to 4"), std::string::npos) << player.error();
  }
  for (const char* bad : {"searchlight", "equilibria"}) EXPECT_FALSE(make_player(bad).has_value()) << bad;
  auto unknown = make_player("deepblue");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_NE(unknown.error().find("deepblue"), std::string::npos);
  EXPECT_NE(unknown.error().find("holdbot"), std::string::npos);
  EXPECT_TRUE(make_player(strongest_player()).has_value());
  EXPECT_EQ((*make_player("strongest"))->name(), strongest_player());
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
