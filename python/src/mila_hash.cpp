#include "mila_hash.h"

#include <utility>

namespace stratagem::python {

using namespace diplomacy;

namespace {

// Set once at import, before any game exists; read-only afterwards.
MilaHashKeys keys;
bool keys_set = false;

}  // namespace

void set_mila_hash_keys(MilaHashKeys given) {
  keys = std::move(given);
  keys_set = true;
}

std::uint64_t mila_hash(const Variant& variant, const GameState& state) {
  if (!keys_set) return 0;
  std::uint64_t hash = 0;
  const auto type_index = [](UnitType type) { return type == UnitType::Fleet ? 1 : 0; };
  state.occupied_provinces().for_each([&](int p) {
    const Unit& unit = state.unit_at(province_at(p));
    hash ^= keys.unit_type[type_index(unit.type)][index(unit.location)];
    hash ^= keys.unit_power[index(unit.power)][index(unit.location)];
  });
  state.dislodged_provinces().for_each([&](int p) {
    const Unit unit = state.dislodged_in(province_at(p))->unit;
    hash ^= keys.dislodged_type[type_index(unit.type)][index(unit.location)];
    hash ^= keys.dislodged_power[index(unit.power)][index(unit.location)];
  });
  variant.all_supply_centres().for_each([&](int p) {
    const Power owner = state.centre_owner(province_at(p));
    if (owner != Power::None) hash ^= keys.centre[index(owner)][index(variant.main_location(province_at(p)))];
  });
  for (int p = 0; p < variant.power_count(); ++p)
    variant.home_centres(power_at(p)).for_each([&](int c) {
      hash ^= keys.home[p][index(variant.main_location(province_at(c)))];
    });
  return hash;
}

}  // namespace stratagem::python
