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
  });
  // Room for the routes of a typical position at once, rather than growing step by step.
  if (!fleets_at_sea_.empty()) {
    convoy_paths_.reserve(32);
    unsupportable_.reserve(16);
  }
  const int provinces = variant.province_count();
  std::fill_n(movers_into_.begin(), provinces, ProvinceSet{});
  std::fill_n(supports_into_.begin(), provinces, std::int16_t{0});
  units.for_each([&](int p) {
    ++supports_into_[p];  // the support of its hold
    const Unit& unit = state.unit_at(province_at(p));
    const auto add_mover = [&](Province d) {
      movers_into_[index(d)].insert(p);
      ++supports_into_[index(d)];
    };
    if (unit.type == UnitType::Fleet) {
      // One support per unit and destination, except for fleets moving to split coasts.
      for (const Province d : variant.fleet_reach_list(unit.location)) {
        add_mover(d);
        if (variant.has_split_coasts(d)) supports_into_[index(d)] += supported_destination_count(unit, d) - 1;
      }
      return;
    }
    for (const Province d : variant.army_neighbour_list(province_at(p))) add_mover(d);
    if (!(variant.adjacent_seas(province_at(p)) & fleets_at_sea_).empty()) {
      find_convoy_routes(province_at(p));
      convoy_reach_[p].without(variant.army_neighbours(province_at(p))).for_each([&](int d) { add_mover(province_at(d)); });
    }
  });
  fleets_at_sea_.for_each([&](int fleet) { find_unsupportable(province_at(fleet)); });
}

// The minimal routes of the army: the fleets on them, and only those, may be ordered
// to convoy it (DATC 6.G.19).
void LegalOrderGenerator::find_convoy_routes(Province army) {
  Range& paths = paths_of_[index(army)];
  paths.begin = static_cast<int>(convoy_paths_.size());
  convoy_reach_[index(army)] = {};
  route_fleets_[index(army)] = {};
  for_each_minimal_route(variant_, fleets_at_sea_, army, [&](const ProvinceSet& dests, const ProvinceSet& route) {
    convoy_paths_.push_back({route, dests});
    convoy_reach_[index(army)] |= dests;
    route_fleets_[index(army)] |= route;
    return false;
  });
  paths.end = static_cast<int>(convoy_paths_.size());
  if (paths.end > paths.begin) convoyable_.insert(index(army));
}

// Where the fleet may convoy the army: the ends of the minimal routes it is on.
ProvinceSet LegalOrderGenerator::convoy_dests(Province fleet, Province army) const {
  ProvinceSet dests;
  if (!route_fleets_[index(army)].contains(index(fleet))) return dests;
  const Range& paths = paths_of_[index(army)];
  for (int k = paths.begin; k < paths.end; ++k)
    if (convoy_paths_[k].fleets.contains(index(fleet))) dests |= convoy_paths_[k].dests;
  return dests;
}

// A fleet on every minimal route to a province is on every route there (any route
// can be cut down to a minimal one): without it the army cannot go.
void LegalOrderGenerator::find_unsupportable(Province fleet) {
  Range& range = unsupportable_of_[index(fleet)];
  range.begin = static_cast<int>(unsupportable_.size());
  unsupportable_into_[index(fleet)] = {};
  convoyable_.for_each([&](int army) {
    if (!route_fleets_[army].contains(index(fleet))) return;
    const Range& paths = paths_of_[army];
    ProvinceSet without_fleet;
    for (int k = paths.begin; k < paths.end; ++k)
      if (!convoy_paths_[k].fleets.contains(index(fleet))) without_fleet |= convoy_paths_[k].dests;
    const ProvinceSet needed =
        convoy_reach_[army].without(without_fleet).without(variant_.army_neighbours(province_at(army)));
    if (needed.empty()) return;
    unsupportable_.push_back({province_at(army), needed});
    unsupportable_into_[index(fleet)] |= needed;
  });
  range.end = static_cast<int>(unsupportable_.size());
}

// Where the unit in p can support: where it could move itself, but by convoy.
std::span<const Province> LegalOrderGenerator::support_reach(Province p, const Unit& supporter) const {
  return supporter.type == UnitType::Fleet ? variant_.fleet_reach_list(supporter.location)
                                           : variant_.army_neighbour_list(p);
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
  for (int k = range.begin; k < range.end; ++k) n += unsupportable_[k].dests.contains(index(dest));
  return n;
}

// A fleet cannot both convoy and support (DATC 6.D.31): a move that needs a convoy
// through this fleet cannot be supported by it.
bool LegalOrderGenerator::needs_convoy_through(Province mover, Province dest, Province fleet) const {
  if (!fleets_at_sea_.contains(index(fleet)) || !unsupportable_into_[index(fleet)].contains(index(dest))) return false;
  const Range& range = unsupportable_of_[index(fleet)];
  for (int k = range.begin; k < range.end; ++k)
    if (unsupportable_[k].army == mover) return unsupportable_[k].dests.contains(index(dest));
  return false;
}

// Whether the fleet at sea in p may not support some move into dest (DATC 6.D.31).
bool LegalOrderGenerator::may_need_convoy_through(Province p, Province dest) const {
  return fleets_at_sea_.contains(index(p)) && unsupportable_into_[index(p)].contains(index(dest));
}

// Supports the unit in p could give into (or in) `dest`: the hold of the unit there and
// every legal move there, except its own.
template <class Visit>
void LegalOrderGenerator::for_each_support(Province p, const Unit& supporter, Province dest, Visit&& visit) const {
  if (state_.occupied(dest))
    visit(Order::support_hold(supporter.type, supporter.location, state_.unit_at(dest).location));
  const bool may_be_needed = may_need_convoy_through(p, dest);
  if (!may_be_needed && !variant_.has_split_coasts(dest)) {
    const Location to = variant_.main_location(dest);
    movers_into_[index(dest)].for_each([&](int m) {
      if (m != index(p))
        visit(Order::support_move(supporter.type, supporter.location, state_.unit_at(province_at(m)).location, to));
    });
    return;
  }
  movers_into_[index(dest)].for_each([&](int m) {
    if (m == index(p)) return;
    const Unit& mover = state_.unit_at(province_at(m));
    if (may_be_needed && needs_convoy_through(province_at(m), dest, p)) return;
    for_each_supported_destination(mover, dest, [&](Location to) {
      visit(Order::support_move(supporter.type, supporter.location, mover.location, to));
    });
  });
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
    for (const Location to : variant_.fleet_neighbour_list(unit.location)) offer(Order::move(unit.type, unit.location, to));
  } else if (!convoyable_.contains(index(p))) {
    for (const Province d : variant_.army_neighbour_list(p))
      offer(Order::move(unit.type, unit.location, variant_.main_location(d)));
  } else {
    const ProvinceSet& adjacent = variant_.army_neighbours(p);
    const ProvinceSet& by_convoy = convoy_reach_[index(p)];
    (adjacent | by_convoy).for_each([&](int d) {
      const Location to = variant_.main_location(province_at(d));
      if (adjacent.contains(d)) offer(Order::move(unit.type, unit.location, to));
      // By convoy the order says VIA; to an adjacent province that makes it an order
      // of its own (DATC 4.A.3).
      if (by_convoy.contains(d)) offer(Order::move(unit.type, unit.location, to, true));
    });
  }
  for (const Province d : support_reach(p, unit)) {
    if (stop) return;
    for_each_support(p, unit, d, offer);
  }
  for_each_convoy(p, unit, offer);
}

// The fleet's convoys: by army, then destination, in increasing order.
template <class Visit>
void LegalOrderGenerator::for_each_convoy(Province p, const Unit& fleet, Visit&& visit) const {
  if (fleet.type != UnitType::Fleet || !fleets_at_sea_.contains(index(p))) return;
  convoyable_.for_each([&](int army) {
    const Location from = state_.unit_at(province_at(army)).location;
    convoy_dests(p, province_at(army)).for_each([&](int dest) {
      visit(Order::convoy(fleet.location, from, variant_.main_location(province_at(dest))));
    });
  });
}

void LegalOrderGenerator::unit_orders(Province p, OrderList& out) const {
  for_each_order(p, [&](Order o) {
    out.push(o);
    return false;
  });
}

// The unit's orders counted by group, from the counts of the constructor: every support
// into its support reach, less its own moves there, less those needing a convoy through it.
LegalOrderGenerator::Tally LegalOrderGenerator::tally(Province p, const Unit& unit) const {
  Tally t;
  const auto reach = support_reach(p, unit);
  int supports = -static_cast<int>(reach.size());  // its own move into each
  for (const Province d : reach) supports += supports_into_[index(d)];
  if (unit.type == UnitType::Army) {
    t.moves_end = 1 + static_cast<int>(reach.size()) + (convoyable_.contains(index(p)) ? convoy_reach_[index(p)].size() : 0);
    t.supports_end = t.total = t.moves_end + supports;
    return t;
  }
  t.moves_end = 1 + static_cast<int>(variant_.fleet_neighbour_list(unit.location).size());
  const ProvinceSet& reach_set = variant_.fleet_reach(unit.location);
  (reach_set & variant_.split_coast_provinces()).for_each([&](int d) {
    supports -= supported_destination_count(unit, province_at(d)) - 1;
  });
  const bool at_sea = fleets_at_sea_.contains(index(p));
  if (at_sea) {
    const Range& range = unsupportable_of_[index(p)];
    for (int k = range.begin; k < range.end; ++k) supports -= (unsupportable_[k].dests & reach_set).size();
  }
  int n = t.supports_end = t.moves_end + supports;
  if (at_sea) convoyable_.for_each([&](int a) { n += convoy_dests(p, province_at(a)).size(); });
  t.total = n;
  return t;
}

// The k-th order: hold and moves by their lists, supports by skipping whole provinces by
// their counts and then the supported units before the one holding k, convoys by walking
// them.
Order LegalOrderGenerator::locate(Province p, const Unit& unit, const Tally& t, int k) const {
  if (k < t.moves_end) return nth_move(p, unit, k);
  if (k < t.supports_end) {
    k -= t.moves_end;
    const bool army = unit.type == UnitType::Army;
    for (const Province d : support_reach(p, unit)) {
      const int here = army ? supports_into_[index(d)] - 1 : support_count(p, unit, d);
      if (k < here) return nth_support(p, unit, d, k);
      k -= here;
    }
  }
  Order found;
  int at = t.supports_end;
  for_each_convoy(p, unit, [&](Order o) {
    if (at++ == k) found = o;
  });
  return found;
}

// The k-th of the hold and moves, in for_each_order's sequence.
Order LegalOrderGenerator::nth_move(Province p, const Unit& unit, int k) const {
  if (k == 0) return Order::hold(unit.type, unit.location);
  --k;
  if (unit.type == UnitType::Fleet) return Order::move(unit.type, unit.location, variant_.fleet_neighbour_list(unit.location)[k]);
  if (!convoyable_.contains(index(p)))
    return Order::move(unit.type, unit.location, variant_.main_location(variant_.army_neighbour_list(p)[k]));
  const ProvinceSet& adjacent = variant_.army_neighbours(p);
  const ProvinceSet& by_convoy = convoy_reach_[index(p)];
  Order found;
  (adjacent | by_convoy).for_each_until([&](int d) {
    const Location to = variant_.main_location(province_at(d));
    if (adjacent.contains(d) && k-- == 0) found = Order::move(unit.type, unit.location, to);
    if (by_convoy.contains(d) && k-- == 0) found = Order::move(unit.type, unit.location, to, true);
    return k < 0;
  });
  return found;
}

int LegalOrderGenerator::support_count(Province p, const Unit& supporter, Province dest) const {
  int n = supports_into_[index(dest)] - supported_destination_count(supporter, dest);
  if (may_need_convoy_through(p, dest)) n -= unsupportable_count(p, dest);
  return n;
}

// The k-th of for_each_support(p, supporter, dest), counting without building the others.
Order LegalOrderGenerator::nth_support(Province p, const Unit& supporter, Province dest, int k) const {
  if (state_.occupied(dest)) {
    if (k == 0) return Order::support_hold(supporter.type, supporter.location, state_.unit_at(dest).location);
    --k;
  }
  const bool may_be_needed = may_need_convoy_through(p, dest);
  if (!may_be_needed && !variant_.has_split_coasts(dest)) {
    // One support a mover: the k-th mover other than the supporter.
    ProvinceSet movers = movers_into_[index(dest)];
    movers.erase(index(p));
    const Location mover = state_.unit_at(province_at(movers.nth(k))).location;
    return Order::support_move(supporter.type, supporter.location, mover, variant_.main_location(dest));
  }
  Order found;
  movers_into_[index(dest)].for_each_until([&](int m) {
    if (m == index(p)) return false;
    const Unit& mover = state_.unit_at(province_at(m));
    if (may_be_needed && needs_convoy_through(province_at(m), dest, p)) return false;
    const int variants = supported_destination_count(mover, dest);
    if (k >= variants) {
      k -= variants;
      return false;
    }
    for_each_supported_destination(mover, dest, [&](Location to) {
      if (k-- == 0) found = Order::support_move(supporter.type, supporter.location, mover.location, to);
    });
    return true;
  });
  return found;
}

int LegalOrderGenerator::count(Province p) const {
  if (state_.phase.type == PhaseType::Retreat) {
    const auto dislodged = state_.dislodged_in(p);
    return dislodged ? dislodged->retreats.size() + 1 : 0;
  }
  if (state_.phase.type != PhaseType::Movement || !state_.occupied(p)) return 0;
  return tally(p, state_.unit_at(p)).total;
}

Order LegalOrderGenerator::nth(Province p, int k) const {
  if (state_.phase.type == PhaseType::Movement && state_.occupied(p)) {
    const Unit& unit = state_.unit_at(p);
    return locate(p, unit, tally(p, unit), k);
  }
  Order found;
  int at = 0;
  for_each_order(p, [&](Order o) {
    if (at++ != k) return false;
    found = o;
    return true;
  });
  return found;
}

Order LegalOrderGenerator::pick(Province p, std::uint64_t random) const {
  __extension__ using Uint128 = unsigned __int128;
  const auto below = [&](int n) { return static_cast<int>((static_cast<Uint128>(random) * unsigned(n)) >> 64); };
  if (state_.phase.type == PhaseType::Movement && state_.occupied(p)) {
    const Unit& unit = state_.unit_at(p);
    const Tally t = tally(p, unit);
    return locate(p, unit, t, below(t.total));
  }
  return nth(p, below(count(p)));
}

void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out) {
  LegalOrderGenerator(variant, state).unit_orders(p, out);
}

std::vector<Unit> units_able_to_move_into(const Variant& variant, const GameState& state, Province dest,
                                          Province except) {
  std::vector<Unit> able;
  if (state.phase.type != PhaseType::Movement) return able;
  const LegalOrderGenerator generator(variant, state);
  OrderList orders;
  state.occupied_provinces().for_each([&](int p) {
    if (province_at(p) == except) return;
    orders.clear();
    generator.unit_orders(province_at(p), orders);
    if (std::any_of(orders.begin(), orders.end(), [&](const Order& o) {
          return o.kind() == OrderKind::Move && variant.province_of(o.target()) == dest;
        }))
      able.push_back(state.unit_at(province_at(p)));
  });
  return able;
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
