#include "phase_units.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

ProvinceSet units_to_order(const GameState& state, Power power) {
  ProvinceSet own;
  switch (state.phase.type) {
    case PhaseType::Movement:
      state.occupied_provinces().for_each([&](int p) {
        if (state.unit_at(province_at(p)).power == power) own.insert(p);
      });
      break;
    case PhaseType::Retreat:
      state.dislodged_provinces().for_each([&](int p) {
        if (state.dislodged_in(province_at(p))->unit.power == power) own.insert(p);
      });
      break;
    case PhaseType::Adjustment:
      break;
  }
  return own;
}

}  // namespace stratagem::diplomacy_bots
