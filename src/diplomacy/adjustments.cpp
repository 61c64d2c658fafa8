#include <algorithm>
#include <vector>

#include "phase_steps.h"
#include "season.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

int adjustment_delta(const Variant&, const GameState& state, Power power) {
  return state.centre_count(power) - state.unit_count(power);
}

namespace {

// Moves between provinces for counting distances, whatever the unit type: army moves,
// fleet moves, and a convoyed army's passage over the seas.
ProvinceSet any_neighbours(const Variant& variant, Province p) {
  ProvinceSet neighbours = variant.army_neighbours(p);
  neighbours |= variant.fleet_reach(variant.main_location(p));
  for (Location coast : variant.coasts(p)) neighbours |= variant.fleet_reach(coast);
  return neighbours;
}

// Breadth-first distance from every province to the nearest of `targets`, moving by
// `neighbours`.
template <class Neighbours>
std::array<int, kMaxProvinces> distances_to(const ProvinceSet& targets, Neighbours&& neighbours) {
  std::array<int, kMaxProvinces> distance;
  distance.fill(kMaxProvinces);
  ProvinceSet frontier = targets, seen = targets;
  for (int d = 0; !frontier.empty(); ++d) {
    ProvinceSet next;
    frontier.for_each([&](int p) {
      distance[p] = d;
      next |= neighbours(province_at(p));
    });
    frontier = next.without(seen);
    seen |= frontier;
  }
  return distance;
}

// Fleets count their own moves (v2.4 reading): from a location over fleet adjacency.
int fleet_distance(const Variant& variant, Location from, const ProvinceSet& targets) {
  LocationSet seen, frontier;
  frontier.insert(index(from));
  seen = frontier;
  for (int d = 0; !frontier.empty(); ++d) {
    bool reached = false;
    LocationSet next;
    frontier.for_each([&](int l) {
      reached |= targets.contains(index(variant.province_of(location_at(l))));
      next |= variant.fleet_neighbours(location_at(l));
    });
    if (reached) return d;
    frontier = next.without(seen);
    seen |= frontier;
  }
  return kMaxProvinces;
}

// Seed 000 §4.3.3 and DATC 4.D.8: units furthest from a supply centre go first, then
// fleets before armies, then in alphabetical order of the province's English name.
std::vector<Unit> civil_disorder_order(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                       Power power, const ProvinceSet& exempt) {
  const auto neighbours = [&](Province p) { return any_neighbours(variant, p); };
  ProvinceSet targets;
  if (rules.civil_disorder == CivilDisorderDistance::ToOwnedCentres) {
    variant.all_supply_centres().for_each([&](int p) {
      if (state.centre_owner(province_at(p)) == power) targets.insert(p);
    });
  } else {
    targets = variant.home_centres(power);
  }
  const auto distance = distances_to(targets, neighbours);
  struct Candidate {
    int distance;
    Unit unit;
    const std::string* name;
  };
  std::vector<Candidate> candidates;
  state.occupied_provinces().without(exempt).for_each([&](int p) {
    const Unit unit = *state.unit_in(province_at(p));
    if (unit.power != power) return;
    const bool by_fleet_moves = rules.civil_disorder == CivilDisorderDistance::ToHomeCentres && unit.type == UnitType::Fleet;
    const int d = by_fleet_moves ? fleet_distance(variant, unit.location, targets) : distance[p];
    candidates.push_back({d, unit, &variant.province_name(province_at(p), Language::En)});
  });
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.distance != b.distance) return a.distance > b.distance;
    if (a.unit.type != b.unit.type) return a.unit.type == UnitType::Fleet;
    return *a.name < *b.name;
  });
  std::vector<Unit> order;
  for (const Candidate& c : candidates) order.push_back(c.unit);
  return order;
}

}  // namespace

namespace {

// The builds and removals ordered, then civil disorder for the removals left undone: the
// next position, and, if `removed` is given, the units removed without an order.
void adjust(const Variant& variant, const RuleOptions& rules, const GameState& state,
            const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, GameState& next,
            std::vector<Unit>* removed) {
  next = state;
  std::array<int, kMaxPowers> removals{};
  ordered.for_each([&](int p) {
    const Order& order = orders[p];
    if (order.kind() == OrderKind::Build) {
      next.place(variant, Unit{order.unit_type(), variant.home_power(province_at(p)), order.unit()});
    } else if (order.kind() == OrderKind::Remove) {
      ++removals[index(state.unit_in(province_at(p))->power)];
      next.remove(province_at(p));
    }
  });
  for (int i = 0; i < variant.power_count(); ++i) {
    const Power power = power_at(i);
    const int missing = -adjustment_delta(variant, state, power) - removals[i];
    if (missing <= 0) continue;
    const auto doomed = civil_disorder_order(variant, rules, next, power, ordered);
    for (int k = 0; k < missing && k < static_cast<int>(doomed.size()); ++k) {
      next.remove(variant.province_of(doomed[k].location));
      if (removed) removed->push_back(doomed[k]);
    }
  }
  start_next_year(next);
}

}  // namespace

PhaseResult adjudicate_adjustments(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                   const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered) {
  PhaseResult result;
  ordered.for_each([&](int p) { result.resolutions[p].outcome = Outcome::Ok; });
  adjust(variant, rules, state, orders, ordered, result.next, &result.removed_without_order);
  return result;
}

void advance_adjustments(const Variant& variant, const RuleOptions& rules, const GameState& state,
                         const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, GameState& next) {
  adjust(variant, rules, state, orders, ordered, next, nullptr);
}

}  // namespace stratagem::diplomacy
