#include "random_player.h"

#include <algorithm>
#include <cstdlib>

#include "phase_units.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

// A WAIVE drawn ends the builds; a site or unit once chosen is not offered again.
std::vector<Order> random_adjustments(const Turn& turn, Random& random) {
  OrderList legal;
  legal_adjustments(turn.variant, turn.state, turn.power, legal);
  std::vector<Order> chosen;
  ProvinceSet used;
  const int due = std::abs(adjustment_delta(turn.variant, turn.state, turn.power));
  std::vector<Order> open;
  while (static_cast<int>(chosen.size()) < due) {
    open.clear();
    for (const Order& o : legal)
      if (o.kind() == OrderKind::Waive || !used.contains(index(turn.variant.province_of(o.unit())))) open.push_back(o);
    if (open.empty()) break;
    const Order pick = open[random.below(static_cast<int>(open.size()))];
    if (pick.kind() == OrderKind::Waive) {
      chosen.insert(chosen.end(), due - chosen.size(), Order::waive());
      break;
    }
    used.insert(index(turn.variant.province_of(pick.unit())));
    chosen.push_back(pick);
  }
  return chosen;
}

}  // namespace

std::vector<Order> RandomPlayer::orders(const Turn& turn) {
  Random random(turn.seed);
  if (turn.state.phase.type == PhaseType::Adjustment) return random_adjustments(turn, random);
  const LegalOrderGenerator generator(turn.variant, turn.state);
  std::vector<Order> chosen;
  units_to_order(turn.state, turn.power).for_each([&](int p) {
    chosen.push_back(generator.pick(province_at(p), random.next()));
  });
  return chosen;
}

}  // namespace stratagem::diplomacy_bots
