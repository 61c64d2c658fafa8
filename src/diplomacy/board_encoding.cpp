#include "stratagem/diplomacy/board_encoding.h"

#include <algorithm>
#include <array>

#include "stratagem/diplomacy/legal_orders.h"

namespace stratagem::diplomacy {
namespace {

constexpr int kUnitType = 0, kUnitOwner = 3, kBuildable = 11, kRemovable = 12, kDislodgedType = 13,
              kDislodgedOwner = 16, kArea = 24, kCentreOwner = 27;
constexpr int kOwnerSlots = 8;  // seven powers and "none"

int owner_slot(Power power) { return power == Power::None ? kOwnerSlots - 1 : index(power); }

}  // namespace

std::vector<Location> board_locations(const Variant& variant) {
  std::vector<Location> out;
  for (int l = 0; l < variant.location_count(); ++l)
    if (variant.terrain(variant.province_of(location_at(l))) != Terrain::Impassable) out.push_back(location_at(l));
  return out;
}

void encode_board(const Variant& variant, const GameState& state, std::span<float> out) {
  // Row of each location (impassable provinces have none, and come before the coasts).
  std::array<int, kMaxLocations> row_of;
  int rows = 0;
  for (int l = 0; l < variant.location_count(); ++l)
    row_of[l] = variant.terrain(variant.province_of(location_at(l))) == Terrain::Impassable ? -1 : rows++;
  std::fill(out.begin(), out.begin() + rows * kBoardFeatures, 0.0f);
  const auto row = [&](int l) { return out.subspan(static_cast<std::size_t>(row_of[l]) * kBoardFeatures, kBoardFeatures); };
  // The locations of a province: its main location and its named coasts.
  const auto each_location = [&](Province p, auto&& f) {
    f(index(variant.main_location(p)));
    for (const Location coast : variant.coasts(p)) f(index(coast));
  };
  const bool adjustment = state.phase.type == PhaseType::Adjustment;
  for (int l = 0; l < variant.location_count(); ++l) {
    if (row_of[l] < 0) continue;
    const Location location = location_at(l);
    const Province p = variant.province_of(location);
    auto r = row(l);
    const Terrain terrain = variant.terrain(p);
    r[kArea + (terrain == Terrain::Sea ? 1 : terrain == Terrain::Coastal ? 2 : 0)] = 1;
    if (state.occupied(p)) {
      const Unit& unit = state.unit_at(p);
      const bool here = unit.location == location || variant.main_location(p) == location;
      if (here) {
        r[kUnitType + (unit.type == UnitType::Army ? 0 : 1)] = 1;
        r[kUnitOwner + owner_slot(unit.power)] = 1;
        if (adjustment && adjustment_delta(variant, state, unit.power) < 0) r[kRemovable] = 1;
      }
    }
    if (r[kUnitType] == 0 && r[kUnitType + 1] == 0) {
      r[kUnitType + 2] = 1;
      r[kUnitOwner + kOwnerSlots - 1] = 1;
    }
    const auto dislodged = state.dislodged_in(p);
    if (dislodged && (dislodged->unit.location == location || variant.main_location(p) == location)) {
      r[kDislodgedType + (dislodged->unit.type == UnitType::Army ? 0 : 1)] = 1;
      r[kDislodgedOwner + owner_slot(dislodged->unit.power)] = 1;
    } else {
      r[kDislodgedType + 2] = 1;
      r[kDislodgedOwner + kOwnerSlots - 1] = 1;
    }
    if (variant.is_supply_centre(p)) r[kCentreOwner + owner_slot(state.centre_owner(p))] = 1;
  }
  if (!adjustment) return;
  // Free home centres a power owns, where it may build this phase.
  for (int i = 0; i < variant.power_count(); ++i) {
    const Power power = power_at(i);
    if (adjustment_delta(variant, state, power) <= 0) continue;
    variant.home_centres(power).for_each([&](int h) {
      const Province p = province_at(h);
      if (state.centre_owner(p) != power || state.occupied(p)) return;
      each_location(p, [&](int l) { row(l)[kBuildable] = 1; });
    });
  }
}

void encode_orders(const Variant& variant, const GameState& state, std::span<const std::vector<Order>> orders_by_power,
                   std::span<float> out) {
  constexpr int kType = 0, kIssuer = 3, kKind = 11, kSource = 16, kDestination = 24, kCentre = 32;
  std::array<int, kMaxLocations> row_of;
  int rows = 0;
  for (int l = 0; l < variant.location_count(); ++l)
    row_of[l] = variant.terrain(variant.province_of(location_at(l))) == Terrain::Impassable ? -1 : rows++;
  std::fill(out.begin(), out.begin() + rows * kOrderFeatures, 0.0f);
  const auto row = [&](int l) { return out.subspan(static_cast<std::size_t>(row_of[l]) * kOrderFeatures, kOrderFeatures); };
  // The power of the unit standing in the province of `at` (none if empty).
  const auto power_in = [&](Location at) {
    if (at == Location::None) return Power::None;
    const auto unit = state.unit_in(variant.province_of(at));
    return unit ? unit->power : Power::None;
  };
  // Every row starts as "no order".
  for (int l = 0; l < variant.location_count(); ++l) {
    if (row_of[l] < 0) continue;
    auto r = row(l);
    r[kType + 2] = r[kIssuer + kOwnerSlots - 1] = r[kKind + 4] = 1;
    r[kSource + kOwnerSlots - 1] = r[kDestination + kOwnerSlots - 1] = 1;
    const Province p = variant.province_of(location_at(l));
    if (variant.is_supply_centre(p)) r[kCentre + owner_slot(state.centre_owner(p))] = 1;
  }
  for (std::size_t i = 0; i < orders_by_power.size() && static_cast<int>(i) < variant.power_count(); ++i) {
    for (const Order& order : orders_by_power[i]) {
      int kind = -1;
      Location source = Location::None, destination = Location::None;
      switch (order.kind()) {
        case OrderKind::Hold: kind = 0; break;
        case OrderKind::Move: kind = 1, destination = order.target(); break;
        case OrderKind::SupportHold: kind = 2, source = order.target(), destination = order.target(); break;
        case OrderKind::SupportMove: kind = 2, source = order.target(), destination = order.dest(); break;
        case OrderKind::Convoy: kind = 3, source = order.target(), destination = order.dest(); break;
        default: break;  // retreats and adjustments are not movement orders
      }
      if (kind < 0 || order.unit() == Location::None) continue;
      const Province p = variant.province_of(order.unit());
      const auto unit = state.unit_in(p);
      const auto write = [&](int l) {
        if (row_of[l] < 0) return;
        auto r = row(l);
        std::fill(r.begin(), r.begin() + kCentre, 0.0f);
        r[kType + (order.unit_type() == UnitType::Army ? 0 : 1)] = 1;
        r[kIssuer + owner_slot(unit ? unit->power : power_at(static_cast<int>(i)))] = 1;
        r[kKind + kind] = 1;
        r[kSource + owner_slot(power_in(source))] = 1;
        r[kDestination + owner_slot(power_in(destination))] = 1;
      };
      write(index(order.unit()));
      const Location main = variant.main_location(p);
      if (main != order.unit()) write(index(main));
    }
  }
}

}  // namespace stratagem::diplomacy
