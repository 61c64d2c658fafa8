#pragma once
// `stratagem diplomacy legal`: every legal order of a position, for bots and tools.

#include <functional>
#include <string>
#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// An order of the position in canonical text (a support names the supported unit's type).
std::string canonical_order_text(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                 const diplomacy::Order& order);

// Movement and retreat phases: {"phase", "orders": {POWER: {UNIT: [orders...]}}}.
// Adjustment phases: {"phase", "orders": {POWER: {"change": n, "orders": [...]}}}, where
// n is the builds (positive) or removals (negative) due. Orders are canonical.
nlohmann::ordered_json legal_orders_json(const diplomacy::Variant& variant, const diplomacy::GameState& state);

// The legal orders of a position, list by list in the order legal_orders_json() writes
// them: in movement and retreat phases each unit's (the dislodged ones' in a retreat
// phase), with `unit` that unit; in adjustment phases each power's, with `unit` null.
using LegalOrderListVisitor =
    std::function<void(diplomacy::Power power, const diplomacy::Unit* unit, const diplomacy::OrderList& orders)>;
void for_each_legal_order_list(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                               const LegalOrderListVisitor& visit);

}  // namespace stratagem::formats
