// The game loop between players: it stops at a solo, a null seat is a power in civil
// disorder (its units hold), and a seed replays the same game.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "board.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"

namespace stratagem::diplomacy_bots {
namespace {

using namespace diplomacy;
using namespace test_board;

TEST(Game, EndsAtOnceWhenAPowerAlreadyHasTheVictoryCount) {
  const Variant& v = standard_variant();
  GameState state = GameState::initial(v);
  int given = 0;
  v.all_supply_centres().for_each([&](int p) {
    if (given++ < v.victory_centres()) state.set_centre_owner(province_at(p), power("FRANCE"));
  });
  auto dumbbot = *make_player("dumbbot");
  const std::vector<Player*> seats(v.power_count(), dumbbot.get());
  const GameRecord record = play_game(v, standard_rules(), state, seats, 1, 1910);
  EXPECT_EQ(record.winner, power("FRANCE"));
  EXPECT_EQ(record.phases, 0);
}

TEST(Game, ANullSeatHoldsAndTheSameSeedReplaysTheGame) {
  const Variant& v = standard_variant();
  auto dumbbot = *make_player("dumbbot");
  std::vector<Player*> seats(v.power_count(), dumbbot.get());
  seats[index(power("AUSTRIA"))] = nullptr;
  int austrian_orders = 0;
  const auto count_austrian = [&](const GameState&, Power p, const std::vector<Order>&) {
    austrian_orders += p == power("AUSTRIA");
  };
  const GameRecord first = play_game(v, standard_rules(), GameState::initial(v), seats, 42, 1901, count_austrian);
  EXPECT_EQ(austrian_orders, 0);
  // Austria's units never moved (some may have been dislodged and disbanded): every
  // Austrian unit left stands on a home centre.
  first.final_state.occupied_provinces().for_each([&](int p) {
    if (first.final_state.unit_at(province_at(p)).power == power("AUSTRIA")) {
      EXPECT_TRUE(v.home_centres(power("AUSTRIA")).contains(p)) << v.province_code(province_at(p));
    }
  });
  EXPECT_EQ(first.final_state.phase.year, 1902);
  const GameRecord again = play_game(v, standard_rules(), GameState::initial(v), seats, 42, 1901);
  EXPECT_EQ(again.final_state, first.final_state);
  EXPECT_EQ(again.phases, first.phases);
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
