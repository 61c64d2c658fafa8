#include "stratagem/diplomacy/selfplay.h"

#include <cstdlib>
#include <utility>

#include "phase_steps.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

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

// One game from the start, drawing from `random`, until a power wins or `max_year` ends.
RandomGame play_one(const Variant& variant, const RuleOptions& rules, Random& random, OrderSet& chosen, int max_year) {
  RandomGame game{0, GameState::initial(variant), Power::None};
  GameState& state = game.final_state;
  GameState next;
  while (state.phase.year <= max_year) {
    chosen.ordered = {};
    if (state.phase.type == PhaseType::Adjustment)
      choose_adjustments(variant, state, random, chosen);
    else
      choose_unit_orders(variant, state, random, chosen);
    advance(variant, rules, state, chosen.orders, chosen.ordered, next);
    state = std::move(next);
    ++game.phases;
    if ((game.winner = winner(variant, state)) != Power::None) break;
  }
  return game;
}

}  // namespace

SelfplayStats play_random_games(const Variant& variant, const RuleOptions& rules, int games, std::uint64_t seed,
                                int max_year) {
  SelfplayStats stats;
  Random random(seed);
  OrderSet chosen;
  for (int game = 0; game < games; ++game) {
    const RandomGame played = play_one(variant, rules, random, chosen, max_year);
    stats.phases += played.phases;
    if (played.winner != Power::None) ++stats.won;
    ++stats.games;
  }
  return stats;
}

RandomGame play_random_game(const Variant& variant, const RuleOptions& rules, std::uint64_t seed, int max_year) {
  Random random(seed);
  OrderSet chosen;
  return play_one(variant, rules, random, chosen, max_year);
}

}  // namespace stratagem::diplomacy
