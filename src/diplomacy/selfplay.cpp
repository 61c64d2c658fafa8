#include "stratagem/diplomacy/selfplay.h"

#include <cstdlib>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

__extension__ using Uint128 = unsigned __int128;

// xoshiro256** seeded through splitmix64: fast, and the same numbers on every machine.
class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (auto& word : state_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      word = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift; the bias is below 2^-50 for lists this short.
  int below(int n) { return static_cast<int>((static_cast<Uint128>(next()) * unsigned(n)) >> 64); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

// The orders of one phase; adjudication reads orders[p] only where `ordered` has p, so a
// new phase clears only that set.
struct OrderSet {
  std::array<Order, kMaxProvinces> orders;
  ProvinceSet ordered;
  void give(Province p, Order o) {
    orders[index(p)] = o;
    ordered.insert(index(p));
  }
};

void choose_unit_orders(const Variant& variant, const GameState& state, Random& random, OrderSet& chosen) {
  const LegalOrderGenerator generator(variant, state);
  const ProvinceSet& units =
      state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
  units.for_each([&](int p) {
    const Province at = province_at(p);
    chosen.give(at, generator.pick(at, random.next()));
  });
}

// Builds and removals are drawn one at a time from what is still legal, so no site is
// used twice and no unit removed twice; a drawn WAIVE ends the power's builds.
void choose_adjustments(const Variant& variant, const GameState& state, Random& random, OrderSet& chosen) {
  OrderList legal;
  for (int i = 0; i < variant.power_count(); ++i) {
    const Power power = power_at(i);
    legal.clear();
    legal_adjustments(variant, state, power, legal);
    int left = std::abs(adjustment_delta(variant, state, power));
    OrderList open;
    while (left > 0) {
      open.clear();
      for (const Order& o : legal)
        if (o.kind() == OrderKind::Waive || !chosen.ordered.contains(index(variant.province_of(o.unit())))) open.push(o);
      if (open.empty()) break;
      const Order pick = open[random.below(open.size())];
      if (pick.kind() == OrderKind::Waive) break;
      chosen.give(variant.province_of(pick.unit()), pick);
      --left;
    }
  }
}

}  // namespace

SelfplayStats play_random_games(const Variant& variant, const RuleOptions& rules, int games, std::uint64_t seed,
                                int max_year) {
  SelfplayStats stats;
  Random random(seed);
  OrderSet chosen;
  for (int game = 0; game < games; ++game) {
    GameState state = GameState::initial(variant);
    while (state.phase.year <= max_year) {
      chosen.ordered = {};
      if (state.phase.type == PhaseType::Adjustment)
        choose_adjustments(variant, state, random, chosen);
      else
        choose_unit_orders(variant, state, random, chosen);
      state = adjudicate(variant, rules, state, chosen.orders, chosen.ordered).next;
      ++stats.phases;
      if (winner(variant, state) != Power::None) {
        ++stats.won;
        break;
      }
    }
    ++stats.games;
  }
  return stats;
}

}  // namespace stratagem::diplomacy
