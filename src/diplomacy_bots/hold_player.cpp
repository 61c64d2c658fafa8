#include "hold_player.h"

#include <algorithm>

#include "phase_units.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

std::vector<Order> hold_adjustments(const Turn& turn) {
  const int delta = adjustment_delta(turn.variant, turn.state, turn.power);
  if (delta >= 0) return std::vector<Order>(delta, Order::waive());
  std::vector<Province> units;
  turn.state.occupied_provinces().for_each([&](int p) {
    if (turn.state.unit_at(province_at(p)).power == turn.power) units.push_back(province_at(p));
  });
  // stable_sort keeps province order within each group.
  std::stable_sort(units.begin(), units.end(), [&](Province a, Province b) {
    return turn.state.centre_owner(a) != turn.power && turn.state.centre_owner(b) == turn.power;
  });
  std::vector<Order> chosen;
  for (int k = 0; k < -delta && k < static_cast<int>(units.size()); ++k) {
    const Unit& unit = turn.state.unit_at(units[k]);
    chosen.push_back(Order::remove(unit.type, unit.location));
  }
  return chosen;
}

}  // namespace

std::vector<Order> HoldPlayer::orders(const Turn& turn) {
  if (turn.state.phase.type == PhaseType::Adjustment) return hold_adjustments(turn);
  std::vector<Order> chosen;
  const bool retreat = turn.state.phase.type == PhaseType::Retreat;
  units_to_order(turn.state, turn.power).for_each([&](int p) {
    const Unit unit = retreat ? turn.state.dislodged_in(province_at(p))->unit : turn.state.unit_at(province_at(p));
    chosen.push_back(retreat ? Order::disband(unit.type, unit.location) : Order::hold(unit.type, unit.location));
  });
  return chosen;
}

}  // namespace stratagem::diplomacy_bots
