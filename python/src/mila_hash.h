#pragma once
// MILA's Zobrist hash of a position (its `Game.get_hash()`, the `zobrist_hash` of its
// states): the exclusive or of a key for each unit (by type and by power and place), each
// dislodged unit, each centre owned and each home centre. MILA draws its keys with
// Python's random module from a seed made from the map; diplomacy/engine/game.py draws
// them the same way at import and hands them here, so the hash is MILA's own number for
// the same position, as research code that stored MILA's hashes expects.

#include <array>
#include <cstdint>
#include <vector>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::python {

struct MilaHashKeys {
  // By unit type (army, fleet) and by power, then by location index of the variant (a
  // province with coasts has a key for each coast and one for itself).
  std::array<std::vector<std::uint64_t>, 2> unit_type, dislodged_type;
  std::vector<std::vector<std::uint64_t>> unit_power, dislodged_power, centre, home;
};

// The keys, once at import (before any game is made).
void set_mila_hash_keys(MilaHashKeys keys);

// MILA's hash of `state` (0 until the keys are set).
std::uint64_t mila_hash(const diplomacy::Variant& variant, const diplomacy::GameState& state);

}  // namespace stratagem::python
