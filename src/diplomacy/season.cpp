#include "season.h"

#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

// Seed 000 §2.6.2: at the end of Fall a supply centre belongs to the power whose unit
// stands in it; empty centres keep their owner.
void take_over_centres(const Variant& variant, GameState& state) {
  (state.occupied_provinces() & variant.all_supply_centres()).for_each([&](int p) {
    state.set_centre_owner(province_at(p), state.unit_in(province_at(p))->power);
  });
}

bool has_free_home_centre(const Variant& variant, const GameState& state, Power power) {
  bool found = false;
  variant.home_centres(power).for_each([&](int p) {
    found |= state.centre_owner(province_at(p)) == power && !state.occupied(province_at(p));
  });
  return found;
}

bool adjustments_due(const Variant& variant, const GameState& state, const PowerSet& not_building) {
  for (int i = 0; i < variant.power_count(); ++i) {
    const Power power = power_at(i);
    const int delta = adjustment_delta(variant, state, power);
    if (delta < 0 || (delta > 0 && !not_building.contains(i) && has_free_home_centre(variant, state, power)))
      return true;
  }
  return false;
}

}  // namespace

void start_next_year(GameState& state) {
  state.phase = Phase{Season::Spring, static_cast<std::int16_t>(state.phase.year + 1), PhaseType::Movement};
}

void finish_season(const Variant& variant, GameState& state, const PowerSet& not_building) {
  if (state.phase.season == Season::Spring) {
    state.phase = Phase{Season::Fall, state.phase.year, PhaseType::Movement};
    return;
  }
  take_over_centres(variant, state);
  if (adjustments_due(variant, state, not_building))
    state.phase = Phase{Season::Winter, state.phase.year, PhaseType::Adjustment};
  else
    start_next_year(state);
}

}  // namespace stratagem::diplomacy
