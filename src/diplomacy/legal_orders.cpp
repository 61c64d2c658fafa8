#include "stratagem/diplomacy/legal_orders.h"

#include "convoy_routes.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

LegalOrderGenerator::LegalOrderGenerator(const Variant& variant, const GameState& state)
    : variant_(variant), state_(state) {
  if (state.phase.type != PhaseType::Movement) return;
  (state.occupied_provinces() & variant.sea_provinces()).for_each([&](int p) {
    if (state.unit_in(province_at(p))->type == UnitType::Fleet) fleets_at_sea_.insert(p);
  });
  state.occupied_provinces().for_each([&](int p) {
    const Unit unit = *state.unit_in(province_at(p));
    ProvinceSet& reach = reach_[p];
    if (unit.type == UnitType::Fleet) {
      reach = variant.fleet_reach(unit.location);
    } else {
      reach = variant.army_neighbours(province_at(p));
      if (variant.terrain(province_at(p)) == Terrain::Coastal && !fleets_at_sea_.empty()) {
        convoy_reach_[p] = convoy_destinations(variant, fleets_at_sea_, province_at(p));
        convoy_reach_[p].without(reach).for_each([&](int d) { convoyed_into_[d].insert(p); });
        reach |= convoy_reach_[p];
      }
    }
    reach.for_each([&](int d) { movers_into_[d].insert(p); });
  });
}

void LegalOrderGenerator::unit_orders(Province p, OrderList& out) const {
  if (state_.phase.type == PhaseType::Retreat) {
    retreat_orders(p, out);
    return;
  }
  if (state_.phase.type != PhaseType::Movement || !state_.occupied(p)) return;
  const Unit unit = *state_.unit_in(p);
  out.push(Order::hold(unit.type, unit.location));
  if (unit.type == UnitType::Fleet) {
    variant_.fleet_neighbours(unit.location).for_each(
        [&](int l) { out.push(Order::move(unit.type, unit.location, location_at(l))); });
  } else {
    const ProvinceSet& adjacent = variant_.army_neighbours(p);
    reach_[index(p)].for_each([&](int d) {
      const Location to = variant_.main_location(province_at(d));
      if (adjacent.contains(d)) out.push(Order::move(unit.type, unit.location, to));
      // To an adjacent province, "via convoy" is an order of its own (DATC 4.A.3).
      if (convoy_reach_[index(p)].contains(d)) out.push(Order::move(unit.type, unit.location, to, true));
    });
  }
  support_orders(unit, out);
  if (unit.type == UnitType::Fleet && fleets_at_sea_.contains(index(p))) convoy_orders(unit, out);
}

void LegalOrderGenerator::support_orders(const Unit& supporter, OrderList& out) const {
  const Province here = variant_.province_of(supporter.location);
  const ProvinceSet& reach = supporter.type == UnitType::Fleet ? variant_.fleet_reach(supporter.location)
                                                               : variant_.army_neighbours(here);
  // A fleet at sea cannot both convoy and support (DATC 6.D.31): moves that only a
  // convoy through it makes possible are not supportable by it.
  const bool on_convoy_routes = fleets_at_sea_.contains(index(here));
  const ProvinceSet fleets_without_me = fleets_at_sea_.without([&] {
    ProvinceSet me;
    me.insert(index(here));
    return me;
  }());
  reach.for_each([&](int d) {
    const Province dest = province_at(d);
    if (state_.occupied(dest)) {
      const Unit held = *state_.unit_in(dest);
      out.push(Order::support_hold(supporter.type, supporter.location, held.location));
    }
    movers_into_[d].for_each([&](int m) {
      if (m == index(here)) return;
      if (on_convoy_routes && convoyed_into_[d].contains(m) &&
          !convoy_route_exists(variant_, fleets_without_me, province_at(m), dest))
        return;
      const Unit mover = *state_.unit_in(province_at(m));
      supported_moves(supporter, mover, dest, out);
    });
  });
}

// A fleet moving to a split-coast province is supported to the coast it arrives on;
// if it could reach either coast, a support naming none fits both (DATC 6.B.7).
void LegalOrderGenerator::supported_moves(const Unit& supporter, const Unit& mover, Province dest,
                                          OrderList& out) const {
  const auto support = [&](Location to) {
    out.push(Order::support_move(supporter.type, supporter.location, mover.location, to));
  };
  if (mover.type == UnitType::Army || !variant_.has_split_coasts(dest)) {
    support(variant_.main_location(dest));
    return;
  }
  int coasts = 0;
  for (Location coast : variant_.coasts(dest))
    if (variant_.fleet_neighbours(mover.location).contains(index(coast))) {
      support(coast);
      ++coasts;
    }
  if (coasts > 1) support(variant_.main_location(dest));
}

void LegalOrderGenerator::convoy_orders(const Unit& fleet, OrderList& out) const {
  const Province here = variant_.province_of(fleet.location);
  (state_.occupied_provinces() & variant_.coastal_provinces()).for_each([&](int a) {
    const Unit army = *state_.unit_in(province_at(a));
    if (army.type != UnitType::Army) return;
    const ProvinceSet destinations = convoy_destinations(variant_, fleets_at_sea_, province_at(a));
    destinations.for_each([&](int d) {
      if (fleet_needed_for_route(variant_, fleets_at_sea_, province_at(a), province_at(d), here))
        out.push(Order::convoy(fleet.location, army.location, variant_.main_location(province_at(d))));
    });
  });
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
      const Unit unit = *state.unit_in(province_at(p));
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
