// Every order any player gives is legal: whole games between the players, each order
// checked by the engine's order sheet (validation, and the DATC's limits on builds and
// removals), and every unit that has something to order ordered exactly once.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {
namespace {

using namespace diplomacy;

struct LegalityCheck {
  int orders_checked = 0;

  void operator()(const GameState& state, Power power, const std::vector<Order>& given) {
    const Variant& variant = standard_variant();
    const RuleOptions rules = standard_rules();
    OrderSheet sheet(variant, rules, state);
    ProvinceSet ordered;
    for (const Order& order : given) {
      ParsedOrder parsed;
      parsed.order = order;
      parsed.unit_type_given = true;
      const int n = sheet.submit(power, parsed);
      ASSERT_TRUE(sheet.status(n).has_value())
          << phase_code(state.phase) << " " << variant.power_code(power) << ": void order, reason "
          << describe(sheet.status(n).error());
      EXPECT_EQ(*sheet.status(n), order) << "not in canonical form";
      if (order.kind() != OrderKind::Waive) ordered.insert(index(variant.province_of(order.unit())));
      ++orders_checked;
    }
    if (state.phase.type == PhaseType::Adjustment) {
      const int delta = adjustment_delta(variant, state, power);
      EXPECT_EQ(static_cast<int>(given.size()), delta < 0 ? std::min(-delta, state.unit_count(power)) : delta)
          << phase_code(state.phase) << " " << variant.power_code(power);
      return;
    }
    ProvinceSet own;
    const ProvinceSet& units =
        state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
    units.for_each([&](int p) {
      const Unit unit = state.phase.type == PhaseType::Retreat ? state.dislodged_in(province_at(p))->unit
                                                                : state.unit_at(province_at(p));
      if (unit.power == power) own.insert(p);
    });
    EXPECT_EQ(ordered, own) << phase_code(state.phase) << " " << variant.power_code(power)
                            << ": not every unit ordered exactly once";
    EXPECT_EQ(static_cast<int>(given.size()), own.size());
  }
};

// Games with every power played by `spec`, from the standard start to `last_year`.
int check_games(const std::string& spec, int games, int last_year) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;
  for (int i = 0; i < variant.power_count(); ++i) {
    players.push_back(*make_player(spec));
    seats.push_back(players.back().get());
  }
  LegalityCheck check;
  for (int game = 0; game < games; ++game)
    play_game(variant, rules, GameState::initial(variant), seats, 1000 + game, last_year, std::ref(check));
  return check.orders_checked;
}

TEST(PlayerLegality, RandomPlayerGivesOnlyLegalOrders) { EXPECT_GT(check_games("random", 40, 1915), 10000); }

TEST(PlayerLegality, HoldBotGivesOnlyLegalOrders) { EXPECT_GT(check_games("holdbot", 2, 1903), 100); }

TEST(PlayerLegality, DumbBotGivesOnlyLegalOrders) { EXPECT_GT(check_games("dumbbot", 30, 1920), 10000); }

// Positions from random games (with retreats, builds, removals and civil disorder):
// the player under test gives orders for every power in each, and only the random
// players' orders are played. `games` games to `last_year`; returns the positions seen.
int check_in_random_positions(const std::string& spec, int games, int last_year) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  auto random = *make_player("random");
  auto tested = *make_player(spec);
  const std::vector<Player*> seats(variant.power_count(), random.get());
  LegalityCheck check;
  int positions = 0;
  for (int game = 0; game < games; ++game) {
    play_game(variant, rules, GameState::initial(variant), seats, 77 + game, last_year,
              [&](const GameState& state, Power power, const std::vector<Order>&) {
                if (power != power_at(0)) return;
                ++positions;
                for (int i = 0; i < variant.power_count(); ++i)
                  check(state, power_at(i), tested->orders(Turn{variant, rules, state, power_at(i), 5u + positions}));
              });
  }
  EXPECT_GT(check.orders_checked, positions) << spec;
  return positions;
}

TEST(PlayerLegality, EveryPlayerIsLegalInThousandsOfRandomPositions) {
  for (const char* spec : {"holdbot", "random", "dumbbot"}) EXPECT_GT(check_in_random_positions(spec, 100, 1920), 4000);
  // The search adjudicates thousands of phases per decision: fewer positions.
  EXPECT_GT(check_in_random_positions("search:1", 8, 1915), 250);
  EXPECT_GT(check_in_random_positions("equilibrium:1", 1, 1904), 10);
}

TEST(PlayerLegality, EquilibriumPlayerGivesOnlyLegalOrdersInItsOwnGames) {
  EXPECT_GT(check_games("equilibrium:1", 1, 1902), 100);
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
