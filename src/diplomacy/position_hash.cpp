#include "stratagem/diplomacy/position_hash.h"

namespace stratagem::diplomacy {
namespace {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Feature numbers: disjoint ranges per kind of feature.
constexpr std::uint64_t kUnit = 1ull << 32, kDislodged = 2ull << 32, kCentre = 3ull << 32, kPhase = 4ull << 32;

std::uint64_t unit_key(std::uint64_t kind, const Unit& unit) {
  const std::uint64_t type = unit.type == UnitType::Army ? 0 : 1;
  return splitmix64(kind + ((static_cast<std::uint64_t>(index(unit.location)) * 2 + type) * 32 + index(unit.power)));
}

}  // namespace

std::uint64_t position_hash(const Variant& variant, const GameState& state) {
  std::uint64_t hash = splitmix64(kPhase + (static_cast<std::uint64_t>(state.phase.year) * 3 +
                                            static_cast<std::uint64_t>(state.phase.season)) * 3 +
                                  static_cast<std::uint64_t>(state.phase.type));
  state.occupied_provinces().for_each([&](int p) { hash ^= unit_key(kUnit, state.unit_at(province_at(p))); });
  state.dislodged_provinces().for_each([&](int p) {
    if (const auto dislodged = state.dislodged_in(province_at(p))) hash ^= unit_key(kDislodged, dislodged->unit);
  });
  for (int p = 0; p < variant.province_count(); ++p) {
    const Power owner = state.centre_owner(province_at(p));
    if (owner != Power::None) hash ^= splitmix64(kCentre + static_cast<std::uint64_t>(p) * 32 + index(owner));
  }
  return hash;
}

}  // namespace stratagem::diplomacy
