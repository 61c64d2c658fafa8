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

// NOW's and SCO's arguments as a server writes them for a position.
TokenList now_arguments(const GameState& state) {
  TokenList out = turn_tokens(state.phase);
  state.occupied_provinces().for_each([&](int p) {
    const TokenList unit = bracketed(*unit_tokens(state.unit_at(diplomacy::province_at(p)), names()));
    out.insert(out.end(), unit.begin(), unit.end());
  });
  state.dislodged_provinces().for_each([&](int p) {
    const diplomacy::DislodgedUnit d = *state.dislodged_in(diplomacy::province_at(p));
    TokenList entry = *unit_tokens(d.unit, names());
    entry.push_back(tokens::MRT);
    Nodes options;
    d.retreats.for_each([&](int l) { options.push_back(*names().location_node(diplomacy::location_at(l))); });
    const TokenList list = bracketed(options);
    entry.insert(entry.end(), list.begin(), list.end());
    const TokenList bracketed_entry = bracketed(entry);
    out.insert(out.end(), bracketed_entry.begin(), bracketed_entry.end());
  });
  return out;
}

TokenList sco_arguments(const GameState& state) {
  TokenList out;
  for (int p = -1; p < variant().power_count(); ++p) {
    const diplomacy::Power power = p < 0 ? diplomacy::Power::None : diplomacy::power_at(p);
    TokenList group{p < 0 ? tokens::UNO : *names().power_token(power)};
    variant().all_supply_centres().for_each([&](int c) {
      if (state.centre_owner(diplomacy::province_at(c)) == power)
        group.push_back(*names().province_token(diplomacy::province_at(c)));
    });
    const TokenList list = bracketed(group);
    out.insert(out.end(), list.begin(), list.end());
  }
  return out;
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
            ASSERT_TRUE(read_supply_centres(*parse(sco_arguments(state)), names(), read));
            auto now = read_position(*parse(now_arguments(state)), names(), read);
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
