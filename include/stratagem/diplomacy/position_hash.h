#pragma once
// A Zobrist hash of a position: the exclusive or of one 64-bit key per feature (each unit
// by location, type and power; each dislodged unit likewise; each centre's owner; the
// phase). Equal positions hash equal; different ones differ but for a 2^-64 chance.
// The keys are splitmix64 of the feature's number, so no table and no global is needed,
// and a hash is the same in every process and on every machine.

#include <cstdint>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

std::uint64_t position_hash(const Variant& variant, const GameState& state);

}  // namespace stratagem::diplomacy
