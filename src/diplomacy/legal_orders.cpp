#include "stratagem/diplomacy/legal_orders.h"

#include <algorithm>

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
    unsupportable_into_[p] = {};
    unsupportable_of_[p] = {};
  });
  convoy_routes_.reserve(64);
  unsupportable_.reserve(64);
  const int provinces = variant.province_count();
  for (int p = 0; p < provinces; ++p) {
    movers_into_[p] = {};
    supports_into_[p] = static_cast<std::int16_t>(units.contains(p));
  }
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
    reach.for_each([&](int d) {
      movers_into_[d].insert(p);
      supports_into_[d] = static_cast<std::int16_t>(supports_into_[d] + supported_destination_count(unit, province_at(d)));
    });
  });
  // Grouped by fleet, so a fleet's entries are found without a search of them all.
  std::sort(unsupportable_.begin(), unsupportable_.end(), [](const Unsupportable& a, const Unsupportable& b) {
    return a.fleet != b.fleet ? a.fleet < b.fleet : a.dest < b.dest;
  });
  for (int k = 0; k < static_cast<int>(unsupportable_.size()); ++k) {
    Range& range = unsupportable_of_[index(unsupportable_[k].fleet)];
    if (k == 0 || unsupportable_[k - 1].fleet != unsupportable_[k].fleet) range.begin = k;
    range.end = k + 1;
  }
}

// Every destination of the army by convoy, with the fleets that minimal routes there
// use: those fleets, and only those, may be ordered to convoy it (DATC 6.G.19). A
// fleet on every minimal route is on every route: without it there is none.
void LegalOrderGenerator::find_convoy_routes(Province army) {
  const int first = static_cast<int>(convoy_routes_.size());
  ProvinceSet seen;
  std::array<std::int16_t, kMaxProvinces> slot;  // valid where `seen` says so
  for_each_minimal_route(variant_, fleets_at_sea_, army, [&](Province dest, const ProvinceSet& route) {
    if (!seen.contains(index(dest))) {
      seen.insert(index(dest));
      slot[index(dest)] = static_cast<std::int16_t>(convoy_routes_.size());
      convoy_routes_.push_back({army, dest, route, route});
    } else {
      ConvoyRoute& known = convoy_routes_[slot[index(dest)]];
      known.fleets |= route;
      known.critical &= route;
    }
    return false;
  });
  convoy_reach_[index(army)] = seen;
  // A move the army can only make by convoy cannot be supported by a fleet it needs.
  for (int k = first; k < static_cast<int>(convoy_routes_.size()); ++k) {
    const ConvoyRoute& route = convoy_routes_[k];
    if (variant_.army_neighbours(army).contains(index(route.dest))) continue;
    route.critical.for_each([&](int fleet) {
      unsupportable_.push_back({province_at(fleet), army, route.dest});
      unsupportable_into_[fleet].insert(index(route.dest));
    });
  }
}

const ProvinceSet& LegalOrderGenerator::support_reach(const Unit& supporter) const {
  return supporter.type == UnitType::Fleet ? variant_.fleet_reach(supporter.location)
                                           : variant_.army_neighbours(variant_.province_of(supporter.location));
}

// A fleet moving to a split-coast province is supported to the coast it arrives on;
// if it could reach either coast, a support naming none fits both (DATC 6.B.7-6.B.9).
template <class Visit>
void LegalOrderGenerator::for_each_supported_destination(const Unit& mover, Province dest, Visit&& visit) const {
  if (mover.type == UnitType::Army || !variant_.has_split_coasts(dest)) {
    visit(variant_.main_location(dest));
    return;
  }
  int coasts = 0;
  for (Location coast : variant_.coasts(dest))
    if (variant_.fleet_neighbours(mover.location).contains(index(coast))) {
      visit(coast);
      ++coasts;
    }
  if (coasts > 1) visit(variant_.main_location(dest));
}

int LegalOrderGenerator::supported_destination_count(const Unit& mover, Province dest) const {
  if (mover.type == UnitType::Army || !variant_.has_split_coasts(dest)) return 1;
  int n = 0;
  for_each_supported_destination(mover, dest, [&](Location) { ++n; });
  return n;
}

int LegalOrderGenerator::unsupportable_count(Province fleet, Province dest) const {
  if (!fleets_at_sea_.contains(index(fleet)) || !unsupportable_into_[index(fleet)].contains(index(dest))) return 0;
  const Range& range = unsupportable_of_[index(fleet)];
  int n = 0;
  for (int k = range.begin; k < range.end; ++k) n += unsupportable_[k].dest == dest;
  return n;
}

// A fleet cannot both convoy and support (DATC 6.D.31): a move that needs a convoy
// through this fleet cannot be supported by it.
bool LegalOrderGenerator::needs_convoy_through(Province mover, Province dest, Province fleet) const {
  if (!fleets_at_sea_.contains(index(fleet)) || !unsupportable_into_[index(fleet)].contains(index(dest))) return false;
  const Range& range = unsupportable_of_[index(fleet)];
  for (int k = range.begin; k < range.end; ++k)
    if (unsupportable_[k].army == mover && unsupportable_[k].dest == dest) return true;
  return false;
}

// Supports the unit could give into (or in) `dest`: the hold of the unit there and
// every legal move there, except its own.
template <class Visit>
void LegalOrderGenerator::for_each_support(const Unit& supporter, Province dest, Visit&& visit) const {
  const Province here = variant_.province_of(supporter.location);
  if (state_.occupied(dest))
    visit(Order::support_hold(supporter.type, supporter.location, state_.unit_at(dest).location));
  const bool may_be_needed =
      fleets_at_sea_.contains(index(here)) && unsupportable_into_[index(here)].contains(index(dest));
  movers_into_[index(dest)].for_each([&](int m) {
    if (m == index(here)) return;
    const Unit& mover = state_.unit_at(province_at(m));
    if (may_be_needed && needs_convoy_through(province_at(m), dest, here)) return;
    for_each_supported_destination(mover, dest, [&](Location to) {
      visit(Order::support_move(supporter.type, supporter.location, mover.location, to));
    });
  });
}

int LegalOrderGenerator::support_count(const Unit& supporter, Province dest) const {
  const Province here = variant_.province_of(supporter.location);
  int n = supports_into_[index(dest)];
  if (movers_into_[index(dest)].contains(index(here))) n -= supported_destination_count(supporter, dest);
  return n - unsupportable_count(here, dest);
}

// All supports the unit can give: every support into its reach, less those of its
// own moves and those needing a convoy through it.
int LegalOrderGenerator::support_total(const Unit& supporter) const {
  const Province here = variant_.province_of(supporter.location);
  const ProvinceSet& reach = support_reach(supporter);
  int n = 0;
  reach.for_each([&](int d) { n += supports_into_[d]; });
  if (supporter.type == UnitType::Army) {
    // Its support reach is exactly its land moves, one support each.
    n -= reach.size();
  } else {
    reach.for_each([&](int d) { n -= supported_destination_count(supporter, province_at(d)); });
    if (fleets_at_sea_.contains(index(here))) {
      const Range& range = unsupportable_of_[index(here)];
      for (int k = range.begin; k < range.end; ++k) n -= reach.contains(index(unsupportable_[k].dest));
    }
  }
  return n;
}

// Visits the unit's orders in a fixed sequence, stopping when visit() returns true.
template <class Visit>
void LegalOrderGenerator::for_each_order(Province p, Visit&& visit) const {
  if (state_.phase.type == PhaseType::Retreat) {
    const auto dislodged = state_.dislodged_in(p);
    if (!dislodged) return;
    const Unit& unit = dislodged->unit;
    bool stop = false;
    dislodged->retreats.for_each([&](int l) {
      if (!stop) stop = visit(Order::retreat(unit.type, unit.location, location_at(l)));
    });
    if (!stop) visit(Order::disband(unit.type, unit.location));
    return;
  }
  if (state_.phase.type != PhaseType::Movement || !state_.occupied(p)) return;
  const Unit& unit = state_.unit_at(p);
  bool stop = visit(Order::hold(unit.type, unit.location));
  const auto offer = [&](Order o) {
    if (!stop) stop = visit(o);
  };
  if (unit.type == UnitType::Fleet) {
    variant_.fleet_neighbours(unit.location).for_each([&](int l) { offer(Order::move(unit.type, unit.location, location_at(l))); });
  } else {
    const ProvinceSet& adjacent = variant_.army_neighbours(p);
    reach_[index(p)].for_each([&](int d) {
      const Location to = variant_.main_location(province_at(d));
      if (adjacent.contains(d)) offer(Order::move(unit.type, unit.location, to));
      // By convoy the order says VIA; to an adjacent province that makes it an order
      // of its own (DATC 4.A.3).
      if (convoy_reach_[index(p)].contains(d)) offer(Order::move(unit.type, unit.location, to, true));
    });
  }
  support_reach(unit).for_each([&](int d) {
    if (!stop) for_each_support(unit, province_at(d), offer);
  });
  if (unit.type == UnitType::Fleet && fleets_at_sea_.contains(index(p)))
    for (const ConvoyRoute& route : convoy_routes_)
      if (route.fleets.contains(index(p)))
        offer(Order::convoy(unit.location, state_.unit_at(route.army).location, variant_.main_location(route.dest)));
}

void LegalOrderGenerator::unit_orders(Province p, OrderList& out) const {
  for_each_order(p, [&](Order o) {
    out.push(o);
    return false;
  });
}

int LegalOrderGenerator::count(Province p) const {
  if (state_.phase.type == PhaseType::Retreat) {
    const auto dislodged = state_.dislodged_in(p);
    return dislodged ? dislodged->retreats.size() + 1 : 0;
  }
  if (state_.phase.type != PhaseType::Movement || !state_.occupied(p)) return 0;
  const Unit& unit = state_.unit_at(p);
  int n = 1;
  if (unit.type == UnitType::Fleet)
    n += variant_.fleet_neighbours(unit.location).size();
  else
    n += variant_.army_neighbours(p).size() + convoy_reach_[index(p)].size();
  n += support_total(unit);
  if (unit.type == UnitType::Fleet && fleets_at_sea_.contains(index(p)))
    for (const ConvoyRoute& route : convoy_routes_) n += route.fleets.contains(index(p));
  return n;
}

Order LegalOrderGenerator::nth(Province p, int k) const {
  // Skip whole provinces of supports by their counts; visit only the one holding k.
  Order found;
  if (state_.phase.type == PhaseType::Movement && state_.occupied(p)) {
    const Unit& unit = state_.unit_at(p);
    const int before_supports = 1 + (unit.type == UnitType::Fleet
                                         ? variant_.fleet_neighbours(unit.location).size()
                                         : variant_.army_neighbours(p).size() + convoy_reach_[index(p)].size());
    if (k >= before_supports) {
      int skip = before_supports;
      bool done = false;
      support_reach(unit).for_each([&](int d) {
        if (done) return;
        const int here = support_count(unit, province_at(d));
        if (k < skip + here) {
          int i = skip;
          for_each_support(unit, province_at(d), [&](Order o) {
            if (i++ == k) found = o;
          });
          done = true;
        }
        skip += here;
      });
      if (done) return found;
      // Past the supports: the convoys come last.
      int i = skip;
      for (const ConvoyRoute& route : convoy_routes_)
        if (route.fleets.contains(index(p)) && i++ == k)
          return Order::convoy(unit.location, state_.unit_at(route.army).location, variant_.main_location(route.dest));
      return found;
    }
  }
  int i = 0;
  for_each_order(p, [&](Order o) {
    if (i++ != k) return false;
    found = o;
    return true;
  });
  return found;
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
