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

}  // namespace stratagem::diplomacy
