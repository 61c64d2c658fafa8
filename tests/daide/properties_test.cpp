// Over whole random games: every legal order of every unit can be written for SUB (moves
// by convoy find their route), and every position read back from the NOW and SCO a
// server would send for it is the position itself.
#include <optional>

#include <gtest/gtest.h>

#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"

namespace stratagem::daide {
namespace {

using diplomacy::GameState;

const diplomacy::Variant& variant() { return diplomacy::standard_variant(); }
const MapNames& names() {
  static const MapNames n(variant(), Representation::standard());
  return n;
}

TEST(DaideProperties, EveryLegalOrderIsWrittenAndEveryPositionReadBack) {
  auto random = *diplomacy_bots::make_player("random");
  std::vector<diplomacy_bots::Player*> seats(variant().power_count(), random.get());
  int positions = 0, orders = 0, convoyed = 0, dislodged = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::optional<diplomacy::Phase> last;  // each phase's position is checked once
    diplomacy_bots::play_game(
        variant(), diplomacy::standard_rules(), GameState::initial(variant()), seats, seed, 1912,
        [&](const GameState& state, diplomacy::Power power, const std::vector<diplomacy::Order>& given) {
          if (state.phase != last) {
            last = state.phase;
            ++positions;
            GameState read;
            ASSERT_TRUE(read_supply_centres(*parse(sco_arguments(state, names())), names(), read));
            auto now = read_position(*parse(now_arguments(state, names())), names(), read);
            ASSERT_TRUE(now) << now.error();
            ASSERT_EQ(read, state) << diplomacy::phase_code(state.phase);
            dislodged += state.dislodged_provinces().size();
            if (state.phase.type != diplomacy::PhaseType::Adjustment) {
              const diplomacy::LegalOrderGenerator legal(variant(), state);
              const diplomacy::ProvinceSet& units =
                  state.phase.type == diplomacy::PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
              units.for_each([&](int p) {
                const diplomacy::Province province = diplomacy::province_at(p);
                const diplomacy::Power owner = state.phase.type == diplomacy::PhaseType::Retreat
                                                   ? state.dislodged_in(province)->unit.power
                                                   : state.unit_at(province).power;
                diplomacy::OrderList list;
                legal.unit_orders(province, list);
                for (const diplomacy::Order& order : list) {
                  auto tokens = order_tokens(order, owner, state, names());
                  ASSERT_TRUE(tokens) << tokens.error() << " in " << diplomacy::phase_code(state.phase);
                  ASSERT_TRUE(parse(*tokens));
                  ++orders;
                  convoyed += order.kind() == diplomacy::OrderKind::Move && order.via_convoy();
                }
              });
            }
          }
          for (const diplomacy::Order& order : given) {
            auto tokens = order_tokens(order, power, state, names());
            ASSERT_TRUE(tokens) << tokens.error() << " in " << diplomacy::phase_code(state.phase);
          }
        });
  }
  // The games went through enough of every kind to mean something.
  EXPECT_GT(positions, 1000);
  EXPECT_GT(orders, 300000);
  EXPECT_GT(convoyed, 10000);
  EXPECT_GT(dislodged, 20);
}

}  // namespace
}  // namespace stratagem::daide
