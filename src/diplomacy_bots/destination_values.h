#pragma once
// DumbBot's view of the board (David Norman's published method, written afresh): how
// much each place is worth to one power as somewhere to stand. Supply centres are worth
// the size of the power that owns them (to take) or of the largest neighbour threatening
// them (to keep); that worth is spread over ten steps of the map, per unit type and
// coast, and a destination adds its weighted nearness to worth, plus our units that can
// reach it, minus the most units any one rival can bring there.

#include <array>
#include <cstdint>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {
class Variant;
}

namespace stratagem::diplomacy_bots {

// Per province, how many units of each power could be there next phase (the unit in it
// and the units that can move in). Worked out once per position and shared by all
// powers' values.
class Reach {
 public:
  Reach(const diplomacy::Variant& variant, const diplomacy::GameState& state);
  int units_into(diplomacy::Power power, diplomacy::Province p) const {
    return counts_[diplomacy::index(power)][diplomacy::index(p)];
  }
  // The most units any power other than `power` can bring into p.
  int rivals_into(diplomacy::Power power, diplomacy::Province p) const;

 private:
  int powers_;
  std::array<std::array<std::uint8_t, diplomacy::kMaxProvinces>, diplomacy::kMaxPowers> counts_{};
};

// The weights of the phase the values are for.
enum class ValueSeason : std::uint8_t { Spring, Fall, Adjustment };
ValueSeason value_season(const diplomacy::Phase& phase);

class DestinationValues {
 public:
  DestinationValues(const diplomacy::Variant& variant, const diplomacy::GameState& state, const Reach& reach,
                    diplomacy::Power power, ValueSeason season);

  // What a unit of this type standing at l is worth to the power.
  std::int64_t value(diplomacy::UnitType type, diplomacy::Location l) const {
    return type == diplomacy::UnitType::Army ? army_[diplomacy::index(province_of_[diplomacy::index(l)])]
                                             : fleet_[diplomacy::index(l)];
  }

 private:
  std::array<diplomacy::Province, diplomacy::kMaxLocations> province_of_;
  std::array<std::int64_t, diplomacy::kMaxProvinces> army_{};
  std::array<std::int64_t, diplomacy::kMaxLocations> fleet_{};
};

}  // namespace stratagem::diplomacy_bots
