#include "stratagem/diplomacy/legal_orders.h"

#include "convoy_routes.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

LegalOrderGenerator::LegalOrderGenerator(const Variant& variant, const GameState& state)
    : variant_(variant), state_(state) {
  if (state.phase.type != PhaseType::Movement) return;
  const ProvinceSet& units = state.occupied_provinces();
  (units & variant.sea_provinces()).for_each([&](int p) {
    if (state.unit_at(province_at(p)).type == UnitType::Fleet) fleets_at_sea_.insert(p);
  });
  const int provinces = variant.province_count();
  for (int p = 0; p < provinces; ++p) movers_into_[p] = {};
  support_targets_.reserve(256);
  ProvinceSet reached;
  units.for_each([&](int p) {
    const Unit& unit = state.unit_at(province_at(p));
    ProvinceSet& reach = reach_[p];
    convoy_reach_[p] = {};
    if (unit.type == UnitType::Fleet) {
      reach = variant.fleet_reach(unit.location);
    } else {
      reach = variant.army_neighbours(province_at(p));
      if (variant.terrain(province_at(p)) == Terrain::Coastal && !fleets_at_sea_.empty()) {
        find_convoy_routes(province_at(p));
        reach |= convoy_reach_[p];
      }
    }
    reach.for_each([&](int d) { movers_into_[d].insert(p); });
    reached |= reach;
  });
  reached.for_each([&](int d) { add_support_targets(province_at(d)); });
}

// Every destination of the army by convoy, with the fleets that minimal routes there
// use: those fleets, and only those, may be ordered to convoy it (DATC 6.G.19). A
// fleet on every minimal route is on every route: without it there is none.
void LegalOrderGenerator::find_convoy_routes(Province army) {
  const int first = static_cast<int>(convoy_routes_.size());
  for_each_minimal_route(variant_, fleets_at_sea_, army, [&](Province dest, const ProvinceSet& route) {
    int k = first;
    while (k < static_cast<int>(convoy_routes_.size()) && convoy_routes_[k].dest != dest) ++k;
    if (k == static_cast<int>(convoy_routes_.size())) {
      convoy_routes_.push_back({army, dest, route, route});
    } else {
      convoy_routes_[k].fleets |= route;
      convoy_routes_[k].critical &= route;
    }
    convoy_reach_[index(army)].insert(index(dest));
    return false;
  });
}

int LegalOrderGenerator::convoy_route_index(Province army, Province dest) const {
  for (int k = 0; k < static_cast<int>(convoy_routes_.size()); ++k)
    if (convoy_routes_[k].army == army && convoy_routes_[k].dest == dest) return k;
  return -1;
}

void LegalOrderGenerator::add_support_targets(Province dest) {
  Range& range = support_targets_into_[index(dest)];
  range.begin = static_cast<int>(support_targets_.size());
  if (state_.occupied(dest)) {
    const Unit& held = state_.unit_at(dest);
    support_targets_.push_back({Order::support_hold(UnitType::Army, Location::None, held.location), dest, -1});
  }
  movers_into_[index(dest)].for_each([&](int m) { add_supported_moves(state_.unit_at(province_at(m)), dest); });
  range.end = static_cast<int>(support_targets_.size());
}

// A fleet moving to a split-coast province is supported to the coast it arrives on;
// if it could reach either coast, a support naming none fits both (DATC 6.B.7-6.B.9).
void LegalOrderGenerator::add_supported_moves(const Unit& mover, Province dest) {
  const Province from = variant_.province_of(mover.location);
  if (mover.type == UnitType::Army) {
    const bool by_land = variant_.army_neighbours(from).contains(index(dest));
    support_targets_.push_back({Order::support_move(UnitType::Army, Location::None, mover.location,
                                                    variant_.main_location(dest)),
                                from, by_land ? -1 : convoy_route_index(from, dest)});
    return;
  }
  const auto add = [&](Location to) {
    support_targets_.push_back({Order::support_move(UnitType::Army, Location::None, mover.location, to), from, -1});
  };
  if (!variant_.has_split_coasts(dest)) {
    add(variant_.main_location(dest));
    return;
  }
  int coasts = 0;
  for (Location coast : variant_.coasts(dest))
    if (variant_.fleet_neighbours(mover.location).contains(index(coast))) {
      add(coast);
      ++coasts;
    }
  if (coasts > 1) add(variant_.main_location(dest));
}

void LegalOrderGenerator::unit_orders(Province p, OrderList& out) const {
  if (state_.phase.type == PhaseType::Retreat) {
    retreat_orders(p, out);
    return;
  }
  if (state_.phase.type != PhaseType::Movement || !state_.occupied(p)) return;
  const Unit& unit = state_.unit_at(p);
  out.push(Order::hold(unit.type, unit.location));
  move_orders(unit, out);
  support_orders(unit, out);
  if (unit.type == UnitType::Fleet && fleets_at_sea_.contains(index(p))) convoy_orders(unit, out);
}

void LegalOrderGenerator::move_orders(const Unit& unit, OrderList& out) const {
  if (unit.type == UnitType::Fleet) {
    variant_.fleet_neighbours(unit.location).for_each(
        [&](int l) { out.push(Order::move(unit.type, unit.location, location_at(l))); });
    return;
  }
  const Province p = variant_.province_of(unit.location);
  const ProvinceSet& adjacent = variant_.army_neighbours(p);
  reach_[index(p)].for_each([&](int d) {
    const Location to = variant_.main_location(province_at(d));
    if (adjacent.contains(d)) out.push(Order::move(unit.type, unit.location, to));
    // By convoy the order says VIA; to an adjacent province that makes it an order of
    // its own (DATC 4.A.3).
    if (convoy_reach_[index(p)].contains(d)) out.push(Order::move(unit.type, unit.location, to, true));
  });
}

void LegalOrderGenerator::support_orders(const Unit& supporter, OrderList& out) const {
  const Province here = variant_.province_of(supporter.location);
  const ProvinceSet& reach = supporter.type == UnitType::Fleet ? variant_.fleet_reach(supporter.location)
                                                               : variant_.army_neighbours(here);
  reach.for_each([&](int d) {
    const Range& range = support_targets_into_[d];
    for (int k = range.begin; k < range.end; ++k) {
      const SupportTarget& target = support_targets_[k];
      if (target.supported == here) continue;
      // A fleet cannot both convoy and support (DATC 6.D.31): a move that needs a
      // convoy through this fleet cannot be supported by it.
      if (target.convoy_route >= 0 && convoy_routes_[target.convoy_route].critical.contains(index(here))) continue;
      out.push(target.order.given_by(supporter.type, supporter.location));
    }
  });
}

void LegalOrderGenerator::convoy_orders(const Unit& fleet, OrderList& out) const {
  const int here = index(variant_.province_of(fleet.location));
  for (const ConvoyRoute& route : convoy_routes_)
    if (route.fleets.contains(here))
      out.push(Order::convoy(fleet.location, state_.unit_at(route.army).location, variant_.main_location(route.dest)));
}

void LegalOrderGenerator::retreat_orders(Province p, OrderList& out) const {
  const auto dislodged = state_.dislodged_in(p);
  if (!dislodged) return;
  const Unit& unit = dislodged->unit;
  dislodged->retreats.for_each([&](int l) { out.push(Order::retreat(unit.type, unit.location, location_at(l))); });
  out.push(Order::disband(unit.type, unit.location));
}

void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out) {
  LegalOrderGenerator(variant, state).unit_orders(p, out);
}

void legal_adjustments(const Variant& variant, const GameState& state, Power power, OrderList& out) {
  if (state.phase.type != PhaseType::Adjustment) return;
  const int delta = adjustment_delta(variant, state, power);
  if (delta < 0) {
    state.occupied_provinces().for_each([&](int p) {
      const Unit& unit = state.unit_at(province_at(p));
      if (unit.power == power) out.push(Order::remove(unit.type, unit.location));
    });
    return;
  }
  if (delta == 0) return;
  variant.home_centres(power).for_each([&](int p) {
    const Province site = province_at(p);
    if (state.centre_owner(site) != power || state.occupied(site)) return;
    out.push(Order::build(UnitType::Army, variant.main_location(site)));
    if (variant.terrain(site) != Terrain::Coastal) return;
    if (variant.has_split_coasts(site))
      for (Location coast : variant.coasts(site)) out.push(Order::build(UnitType::Fleet, coast));
    else
      out.push(Order::build(UnitType::Fleet, variant.main_location(site)));
  });
  out.push(Order::waive());
}

}  // namespace stratagem::diplomacy
