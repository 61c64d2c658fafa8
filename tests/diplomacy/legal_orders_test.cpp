// Legal orders: the generator's lists must be exactly the orders validate() accepts.
// Positions come from random self-play, so the check covers convoys, split coasts and
// crowded boards that hand-built cases would miss.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/position_hash.h"
#include "stratagem/diplomacy/selfplay.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/diplomacy/variant.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::loc;
using testing::map;

// The generator's list, checked against its own count() and nth().
std::set<std::uint32_t> generated(const GameState& state, Province p) {
  const LegalOrderGenerator generator(map(), state);
  OrderList list;
  generator.unit_orders(p, list);
  std::set<std::uint32_t> raw;
  for (const Order& o : list) {
    EXPECT_TRUE(raw.insert(o.raw()).second) << "listed twice: " << format_order(map(), o);
  }
  EXPECT_EQ(generator.count(p), list.size());
  for (int k = 0; k < list.size(); ++k)
    EXPECT_EQ(generator.nth(p, k), list[k]) << "order " << k << " of the unit in " << map().province_code(p);
  // pick() maps the random range onto the list in order, the k-th of n equal slices to
  // the k-th order: each order is drawn with probability 1/n.
  const auto n = static_cast<unsigned>(list.size());
  for (unsigned k = 0; k < n; ++k) {
    __extension__ using Uint128 = unsigned __int128;
    const Uint128 slice_start = ((Uint128{k} << 64) + n - 1) / n;  // the first number of slice k
    const Uint128 slice_end = ((Uint128{k + 1} << 64) + n - 1) / n - 1;
    EXPECT_EQ(generator.pick(p, static_cast<std::uint64_t>(slice_start)), list[k]) << "slice " << k << " of " << n;
    EXPECT_EQ(generator.pick(p, static_cast<std::uint64_t>(slice_end)), list[k]) << "slice " << k << " of " << n;
  }
  return raw;
}

// Every order of the unit in p that could be written, kept if validate() accepts it
// unchanged (validate() canonicalises; an accepted order equal to its input is legal).
std::set<std::uint32_t> brute_force(const GameState& state, Province p) {
  const Unit unit = *state.unit_in(p);
  const Power power = unit.power;
  std::vector<Order> candidates{Order::hold(unit.type, unit.location)};
  const int locations = map().location_count();
  for (int t = 0; t < locations; ++t) {
    candidates.push_back(Order::move(unit.type, unit.location, location_at(t)));
    candidates.push_back(Order::move(unit.type, unit.location, location_at(t), true));
  }
  state.occupied_provinces().for_each([&](int q) {
    const Location target = state.unit_in(province_at(q))->location;
    candidates.push_back(Order::support_hold(unit.type, unit.location, target));
    for (int d = 0; d < map().location_count(); ++d) {
      candidates.push_back(Order::support_move(unit.type, unit.location, target, location_at(d)));
      if (unit.type == UnitType::Fleet) candidates.push_back(Order::convoy(unit.location, target, location_at(d)));
    }
  });
  std::set<std::uint32_t> legal;
  for (const Order& o : candidates) {
    ParsedOrder parsed;
    parsed.order = o;
    parsed.unit_type_given = true;
    const auto result = validate(map(), standard_rules(), state, power, parsed);
    if (result && *result == o) legal.insert(o.raw());
  }
  return legal;
}

std::string describe_difference(const std::set<std::uint32_t>& a, const std::set<std::uint32_t>& b) {
  std::string text;
  for (auto raw : a)
    if (!b.count(raw)) {
      text += format_order(map(), Order::from_raw(raw)) + "; ";
    }
  return text;
}

TEST(LegalOrders, StartPositionArmyInParis) {
  const GameState start = GameState::initial(map());
  OrderList list;
  legal_orders(map(), start, map().province_of(loc("PAR")), list);
  std::vector<std::string> texts;
  for (const Order& o : list) {
    const auto supported = o.is_support() ? start.unit_in(map().province_of(o.target())) : std::nullopt;
    texts.push_back(format_order(map(), o, supported ? supported->type : UnitType::Army));
  }
  std::sort(texts.begin(), texts.end());
  // Seed 003 example 1: the army in Paris can go to Brest, Picardy, Burgundy, Gascony.
  const std::vector<std::string> moves{"A PAR - BRE", "A PAR - BUR", "A PAR - GAS", "A PAR - PIC"};
  for (const auto& m : moves) EXPECT_TRUE(std::binary_search(texts.begin(), texts.end(), m)) << m;
  EXPECT_TRUE(std::binary_search(texts.begin(), texts.end(), "A PAR H"));
  EXPECT_TRUE(std::binary_search(texts.begin(), texts.end(), "A PAR S A MAR - BUR"));
  EXPECT_TRUE(std::binary_search(texts.begin(), texts.end(), "A PAR S F BRE"));
  EXPECT_FALSE(std::binary_search(texts.begin(), texts.end(), "A PAR - MAR"));
}

TEST(LegalOrders, EqualToBruteForceOverSelfPlayPositions) {
  // Walk random games and compare, unit by unit, at every movement phase.
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    GameState state = GameState::initial(map());
    OrderList list;
    for (int phase = 0; phase < 40 && state.phase.year < 1915; ++phase) {
      if (state.phase.type == PhaseType::Movement) {
        ++positions;
        state.occupied_provinces().for_each([&](int p) {
          const auto fast = generated(state, province_at(p));
          const auto slow = brute_force(state, province_at(p));
          EXPECT_EQ(fast, slow) << phase_code(state.phase) << " unit in " << map().province_code(province_at(p))
                                << "\n  generated only: " << describe_difference(fast, slow)
                                << "\n  validated only: " << describe_difference(slow, fast);
        });
      }
      // Advance with orders drawn from the generator (builds and removals left out).
      std::array<Order, kMaxProvinces> orders{};
      ProvinceSet ordered;
      const ProvinceSet& units =
          state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
      if (state.phase.type != PhaseType::Adjustment) {
        const LegalOrderGenerator generator(map(), state);
        int pick = static_cast<int>(seed * 7919 + phase);
        units.for_each([&](int p) {
          list.clear();
          generator.unit_orders(province_at(p), list);
          pick = pick * 1103515245 + 12345;
          orders[p] = list[static_cast<unsigned>(pick >> 8) % list.size()];
          ordered.insert(p);
        });
      }
      state = adjudicate(map(), standard_rules(), state, orders, ordered).next;
    }
  }
  EXPECT_GT(positions, 50);
}

TEST(SelfPlay, DeterministicForASeed) {
  const auto a = play_random_games(map(), standard_rules(), 3, 42, 1910);
  const auto b = play_random_games(map(), standard_rules(), 3, 42, 1910);
  EXPECT_EQ(a.phases, b.phases);
  EXPECT_EQ(a.games, 3);
  const auto c = play_random_games(map(), standard_rules(), 3, 43, 1910);
  EXPECT_NE(a.phases, c.phases);
}

// The games a seed plays, as they were before the generator and the adjudicator were made
// faster (issue 32): a faster build must draw the same orders from the same numbers, so
// that every recorded seed (self-play, the random player, the bots' tests) still replays.
TEST(SelfPlay, FixedSeedsPlayTheGamesTheyAlwaysPlayed) {
  struct Played {
    std::uint64_t seed;
    std::int64_t phases;
    std::uint64_t final_position;
  };
  const Played recorded[] = {
      {1, 87, 0x952a91cbc0f0e32bull},   {2, 87, 0xbf3ded37b811611aull},   {3, 93, 0xa4196ee50a7457a4ull},
      {4, 90, 0xd5153a9a15b6ca9full},   {5, 84, 0xbd9fdc79fcec903full},   {100, 88, 0xfaccb92d0937dac6ull},
      {1000, 93, 0xa70796d25df4394dull},
  };
  for (const Played& game : recorded) {
    const RandomGame played = play_random_game(map(), standard_rules(), game.seed, 1930);
    EXPECT_EQ(played.phases, game.phases) << "seed " << game.seed;
    EXPECT_EQ(position_hash(map(), played.final_state), game.final_position) << "seed " << game.seed;
  }
  EXPECT_EQ(play_random_games(map(), standard_rules(), 200, 7, 1930).phases, 17871);
}

}  // namespace
}  // namespace stratagem::diplomacy
