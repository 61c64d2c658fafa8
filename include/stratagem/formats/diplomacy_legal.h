#pragma once
// `stratagem diplomacy legal`: every legal order of a position, for bots and tools.

#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// Movement and retreat phases: {"phase", "orders": {POWER: {UNIT: [orders...]}}}.
// Adjustment phases: {"phase", "orders": {POWER: {"change": n, "orders": [...]}}}, where
// n is the builds (positive) or removals (negative) due. Orders are canonical.
nlohmann::ordered_json legal_orders_json(const diplomacy::Variant& variant, const diplomacy::GameState& state);

}  // namespace stratagem::formats
