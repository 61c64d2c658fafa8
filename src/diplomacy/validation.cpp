#include "stratagem/diplomacy/validation.h"

#include "convoy_routes.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/forward_error.h"

namespace stratagem::diplomacy {

std::string describe(VoidReason reason) {
  switch (reason) {
    case VoidReason::None: return "the order is valid";
    case VoidReason::WrongPhase:
      return "this kind of order cannot be given in this phase (movement: hold, move, support, convoy; "
             "retreats: retreat, disband; adjustments: build, remove, waive)";
    case VoidReason::NoUnit: return "there is no unit there";
    case VoidReason::ForeignUnit: return "the unit belongs to another power";
    case VoidReason::CannotReach: return "the unit cannot reach that province";
    case VoidReason::ArmyToSea: return "an army cannot enter a sea";
    case VoidReason::FleetInland: return "a fleet cannot enter an inland province";
    case VoidReason::MoveToOwnProvince: return "a unit cannot move to the province it is in";
    case VoidReason::CoastNeeded: return "the fleet can reach both coasts: the order must name one";
    case VoidReason::CoastUnreachable: return "the fleet cannot reach that coast";
    case VoidReason::NoConvoyRoute: return "no chain of fleets can convoy the army there";
    case VoidReason::SupportSelf: return "a unit cannot support itself";
    case VoidReason::SupportCannotReach: return "the supporting unit could not move there itself";
    case VoidReason::NoSupportedUnit: return "there is no unit to support there";
    case VoidReason::SupportedMoveImpossible: return "the supported unit cannot make that move";
    case VoidReason::ConvoyByNonFleet: return "only fleets convoy";
    case VoidReason::ConvoyFromLand: return "a fleet convoys only from a sea province";
    case VoidReason::ConvoyedNotArmy: return "only armies can be convoyed";
    case VoidReason::NoConvoyedUnit: return "there is no army to convoy there";
    case VoidReason::ConvoyNotNeeded: return "no convoy route of that army needs this fleet";
    case VoidReason::NotDislodged: return "the unit was not dislodged";
    case VoidReason::RetreatNotAllowed:
      return "the unit cannot retreat there (not adjacent, occupied, left empty by a standoff, or where the "
             "attack came from)";
    case VoidReason::NotHomeCentre: return "builds go only on the power's own home supply centres";
    case VoidReason::CentreNotOwned: return "the home supply centre is not owned by the power";
    case VoidReason::CentreOccupied: return "the supply centre is occupied";
    case VoidReason::NoBuildsDue: return "the power has no builds left";
    case VoidReason::NoRemovalsDue: return "the power has no removals left to make";
    case VoidReason::BuildSiteUsedTwice: return "a unit is already being built there";
    case VoidReason::AlreadyRemoved: return "the unit is already being removed";
    case VoidReason::FleetBuildInland: return "a fleet cannot be built in an inland province";
    case VoidReason::UnitTypeNeeded: return "the build must say whether it is an army or a fleet";
    case VoidReason::UnitOrderedTwice: return "the unit was given more than one order, so it holds";
    case VoidReason::SupportedUnitMovesElsewhere: return "the supported unit moves somewhere else";
    case VoidReason::SupportedUnitDoesNotMove: return "the supported unit does not move";
    case VoidReason::SupportedUnitMoves: return "the supported unit moves, so it cannot be supported to hold";
    case VoidReason::ConvoyedArmyMovesElsewhere: return "the army was not ordered to make that move";
    case VoidReason::ConvoyedArmyNotConvoyed: return "the army does not move by convoy";
    case VoidReason::ConvoyParadox: return "convoy paradox: by the Szykman rule the convoy fails";
  }
  return "void order";
}

namespace {

using Result = tl::expected<Order, VoidReason>;

class Validator {
 public:
  Validator(const Variant& variant, const RuleOptions& rules, const GameState& state, Power power)
      : variant_(variant), rules_(rules), state_(state), power_(power) {}

  Result operator()(const ParsedOrder& parsed) const {
    const Order& o = parsed.order;
    switch (state_.phase.type) {
      case PhaseType::Movement: return movement(o);
      case PhaseType::Retreat: return retreat(o);
      case PhaseType::Adjustment: return adjustment(parsed);
    }
    return tl::unexpected(VoidReason::WrongPhase);
  }

 private:
  Province province(Location l) const { return variant_.province_of(l); }

  // Seas holding a fleet: the possible links of a convoy route.
  ProvinceSet fleets_at_sea(Province leaving_out = Province::None) const {
    ProvinceSet fleets;
    (state_.occupied_provinces() & variant_.sea_provinces()).for_each([&](int p) {
      if (state_.unit_in(province_at(p))->type == UnitType::Fleet && province_at(p) != leaving_out) fleets.insert(p);
    });
    return fleets;
  }

  tl::expected<Unit, VoidReason> own_unit(Location at) const {
    const auto unit = state_.unit_in(province(at));
    if (!unit) return tl::unexpected(VoidReason::NoUnit);
    if (unit->power != power_) return tl::unexpected(VoidReason::ForeignUnit);
    return *unit;
  }

  Result movement(const Order& o) const {
    switch (o.kind()) {
      case OrderKind::Hold:
      case OrderKind::Move:
      case OrderKind::SupportHold:
      case OrderKind::SupportMove:
      case OrderKind::Convoy: break;
      default: return tl::unexpected(VoidReason::WrongPhase);
    }
    STRATAGEM_TRY_ASSIGN(const auto unit, own_unit(o.unit()));
    switch (o.kind()) {
      case OrderKind::Move: return move(unit, o.target(), o.via_convoy());
      case OrderKind::SupportHold: return support_hold(unit, o.target());
      case OrderKind::SupportMove: return support_move(unit, o.target(), o.dest());
      case OrderKind::Convoy: return convoy(unit, o.target(), o.dest());
      default: return Order::hold(unit.type, unit.location);
    }
  }

  // Where a fleet ends up when ordered to `to`, given where it may go (a coast may be left out when
  // only one can be reached: DATC 4.B.1, 4.B.2).
  tl::expected<Location, VoidReason> fleet_destination(Location to, const LocationSet& allowed) const {
    const Province dest = province(to);
    if (!variant_.has_split_coasts(dest)) {
      if (!allowed.contains(index(variant_.main_location(dest)))) return tl::unexpected(VoidReason::CannotReach);
      return variant_.main_location(dest);
    }
    if (variant_.coast_of(to) != Coast::None) {
      if (!allowed.contains(index(to))) return tl::unexpected(VoidReason::CoastUnreachable);
      return to;
    }
    Location only = Location::None;
    int reachable = 0;
    for (Location coast : variant_.coasts(dest))
      if (allowed.contains(index(coast))) {
        only = coast;
        ++reachable;
      }
    if (reachable == 0) return tl::unexpected(VoidReason::CannotReach);
    if (reachable > 1) return tl::unexpected(VoidReason::CoastNeeded);
    return only;
  }

  Result move(const Unit& unit, Location to, bool via_convoy) const {
    const Province from = province(unit.location), dest = province(to);
    if (dest == from) return tl::unexpected(VoidReason::MoveToOwnProvince);
    if (unit.type == UnitType::Fleet) {
      if (variant_.terrain(dest) == Terrain::Inland) return tl::unexpected(VoidReason::FleetInland);
      STRATAGEM_TRY_ASSIGN(const auto landing, fleet_destination(to, variant_.fleet_neighbours(unit.location)));
      return Order::move(unit.type, unit.location, landing);
    }
    if (variant_.terrain(dest) == Terrain::Sea) return tl::unexpected(VoidReason::ArmyToSea);
    const Location target = variant_.main_location(dest);
    const bool adjacent = variant_.army_neighbours(from).contains(index(dest));
    if (adjacent && !via_convoy) return Order::move(unit.type, unit.location, target);
    const bool coastal = variant_.terrain(from) == Terrain::Coastal && variant_.terrain(dest) == Terrain::Coastal;
    // A move that can only go by convoy is written "VIA" in canonical form.
    if (coastal && convoy_route_exists(variant_, fleets_at_sea(), from, dest))
      return Order::move(unit.type, unit.location, target, true);
    if (adjacent && rules_.adjacent_convoy == AdjacentConvoyRule::IntentWithLandFallback)
      return Order::move(unit.type, unit.location, target);
    return tl::unexpected(adjacent || coastal ? VoidReason::NoConvoyRoute : VoidReason::CannotReach);
  }

  // Could `unit` move to province `dest` itself (coasts aside: DATC 6.B.4)?
  bool reaches(const Unit& unit, Province dest) const {
    if (unit.type == UnitType::Army) return variant_.army_neighbours(province(unit.location)).contains(index(dest));
    return variant_.fleet_reach(unit.location).contains(index(dest));
  }

  Result support_hold(const Unit& unit, Location target) const {
    const auto supported = state_.unit_in(province(target));
    if (!supported) return tl::unexpected(VoidReason::NoSupportedUnit);
    if (province(target) == province(unit.location)) return tl::unexpected(VoidReason::SupportSelf);
    if (!reaches(unit, province(target))) return tl::unexpected(VoidReason::SupportCannotReach);
    return Order::support_hold(unit.type, unit.location, supported->location);
  }

  Result support_move(const Unit& unit, Location target, Location to) const {
    const auto supported = state_.unit_in(province(target));
    if (!supported) return tl::unexpected(VoidReason::NoSupportedUnit);
    const Province from = province(target), dest = province(to), here = province(unit.location);
    if (from == here) return tl::unexpected(VoidReason::SupportSelf);
    if (dest == here || !reaches(unit, dest)) return tl::unexpected(VoidReason::SupportCannotReach);
    if (!move_possible(*supported, dest, here)) return tl::unexpected(VoidReason::SupportedMoveImpossible);
    STRATAGEM_TRY_ASSIGN(const auto landing, supported_destination(*supported, to));
    return Order::support_move(unit.type, unit.location, supported->location, landing);
  }

  // The destination a support names: a province, or for a fleet moving to a split
  // coast the coast it must arrive on (DATC 6.B.9). A coast the fleet can reach
  // alone is filled in (6.B.8); with both reachable and none written, the support
  // fits either (6.B.7, 6.B.15).
  tl::expected<Location, VoidReason> supported_destination(const Unit& mover, Location to) const {
    const Province dest = province(to);
    if (mover.type == UnitType::Army || !variant_.has_split_coasts(dest)) return variant_.main_location(dest);
    const auto landing = fleet_destination(to, variant_.fleet_neighbours(mover.location));
    if (landing) return *landing;
    if (landing.error() == VoidReason::CoastNeeded) return variant_.main_location(dest);
    return tl::unexpected(VoidReason::SupportedMoveImpossible);
  }

  // Could `mover` be ordered to `dest` legally, without the help of the fleet in
  // `supporter` (a fleet cannot both convoy and support: DATC 6.D.31)?
  bool move_possible(const Unit& mover, Province dest, Province supporter) const {
    const Province from = province(mover.location);
    if (from == dest) return false;
    if (mover.type == UnitType::Fleet) return variant_.fleet_reach(mover.location).contains(index(dest));
    if (variant_.terrain(dest) == Terrain::Sea) return false;
    if (variant_.army_neighbours(from).contains(index(dest))) return true;
    return variant_.terrain(from) == Terrain::Coastal && variant_.terrain(dest) == Terrain::Coastal &&
           convoy_route_exists(variant_, fleets_at_sea(supporter), from, dest);
  }

  Result convoy(const Unit& fleet, Location army_at, Location to) const {
    if (fleet.type != UnitType::Fleet) return tl::unexpected(VoidReason::ConvoyByNonFleet);
    const Province here = province(fleet.location), from = province(army_at), dest = province(to);
    if (variant_.terrain(here) != Terrain::Sea) return tl::unexpected(VoidReason::ConvoyFromLand);
    const auto army = state_.unit_in(from);
    if (!army) return tl::unexpected(VoidReason::NoConvoyedUnit);
    if (army->type != UnitType::Army) return tl::unexpected(VoidReason::ConvoyedNotArmy);
    if (variant_.terrain(from) != Terrain::Coastal || variant_.terrain(dest) != Terrain::Coastal || from == dest)
      return tl::unexpected(VoidReason::NoConvoyRoute);
    const ProvinceSet fleets = fleets_at_sea();
    const bool needed = rules_.unnecessary_convoy_is_illegal
                            ? fleet_needed_for_route(variant_, fleets, from, dest, here)
                            : convoy_route_exists(variant_, fleets, from, dest);
    if (!needed) return tl::unexpected(VoidReason::ConvoyNotNeeded);
    return Order::convoy(fleet.location, army->location, variant_.main_location(dest));
  }

  Result retreat(const Order& o) const {
    if (o.kind() != OrderKind::Retreat && o.kind() != OrderKind::Disband)
      return tl::unexpected(VoidReason::WrongPhase);
    const auto dislodged = state_.dislodged_in(province(o.unit()));
    if (!dislodged) {
      if (state_.occupied(province(o.unit()))) return tl::unexpected(VoidReason::NotDislodged);
      return tl::unexpected(VoidReason::NoUnit);
    }
    const Unit& unit = dislodged->unit;
    if (unit.power != power_) return tl::unexpected(VoidReason::ForeignUnit);
    if (o.kind() == OrderKind::Disband) return Order::disband(unit.type, unit.location);
    if (unit.type == UnitType::Army) {
      const Location target = variant_.main_location(province(o.target()));
      if (!dislodged->retreats.contains(index(target))) return tl::unexpected(VoidReason::RetreatNotAllowed);
      return Order::retreat(unit.type, unit.location, target);
    }
    const auto landing = fleet_destination(o.target(), dislodged->retreats);
    if (!landing)
      return tl::unexpected(landing.error() == VoidReason::CoastNeeded ? VoidReason::CoastNeeded
                                                                      : VoidReason::RetreatNotAllowed);
    return Order::retreat(unit.type, unit.location, *landing);
  }

  Result adjustment(const ParsedOrder& parsed) const {
    const Order& o = parsed.order;
    const int delta = adjustment_delta(variant_, state_, power_);
    switch (o.kind()) {
      case OrderKind::Waive:
        if (delta <= 0) return tl::unexpected(VoidReason::NoBuildsDue);
        return o;
      case OrderKind::Remove:
      case OrderKind::Disband: {
        STRATAGEM_TRY_ASSIGN(const auto unit, own_unit(o.unit()));
        if (delta >= 0) return tl::unexpected(VoidReason::NoRemovalsDue);
        return Order::remove(unit.type, unit.location);
      }
      case OrderKind::Build: return build(parsed, delta);
      default: return tl::unexpected(VoidReason::WrongPhase);
    }
  }

  Result build(const ParsedOrder& parsed, int delta) const {
    const Location site = parsed.order.unit();
    const Province p = province(site);
    if (delta <= 0) return tl::unexpected(VoidReason::NoBuildsDue);
    if (variant_.home_power(p) != power_) return tl::unexpected(VoidReason::NotHomeCentre);
    if (state_.centre_owner(p) != power_) return tl::unexpected(VoidReason::CentreNotOwned);
    if (state_.occupied(p)) return tl::unexpected(VoidReason::CentreOccupied);
    const bool coast_given = variant_.coast_of(site) != Coast::None;
    UnitType type = parsed.order.unit_type();
    if (!parsed.unit_type_given) {
      // DATC 4.C.3: an army on an inland province; on the coast only a named coast
      // tells that a fleet is meant.
      if (variant_.terrain(p) == Terrain::Inland) type = UnitType::Army;
      else if (coast_given) type = UnitType::Fleet;
      else return tl::unexpected(VoidReason::UnitTypeNeeded);
    }
    if (type == UnitType::Army) return Order::build(type, variant_.main_location(p));
    if (variant_.terrain(p) != Terrain::Coastal) return tl::unexpected(VoidReason::FleetBuildInland);
    if (variant_.has_split_coasts(p) && !coast_given) return tl::unexpected(VoidReason::CoastNeeded);
    return Order::build(type, variant_.has_split_coasts(p) ? site : variant_.main_location(p));
  }

  const Variant& variant_;
  const RuleOptions& rules_;
  const GameState& state_;
  Power power_;
};

}  // namespace

tl::expected<Order, VoidReason> validate(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                         Power power, const ParsedOrder& order) {
  return Validator(variant, rules, state, power)(order);
}

}  // namespace stratagem::diplomacy
