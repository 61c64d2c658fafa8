#pragma once
// Canonical text of units and orders, as the CLI contract writes them:
// "F STP/SC", "A PAR - BUR", "A LON - BEL VIA", "A PAR S F BRE", "F NTH C A LON - BEL",
// "F NTH R NWG", "F NTH D", "F STP/NC B", "A PAR D", "WAIVE".

#include <string>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

std::string format_unit(const Variant& variant, UnitType type, Location at);
inline std::string format_unit(const Variant& variant, const Unit& unit) {
  return format_unit(variant, unit.type, unit.location);
}
// `target_type` is the type of the supported unit (support orders only).
std::string format_order(const Variant& variant, const Order& order, UnitType target_type = UnitType::Army);

}  // namespace stratagem::diplomacy
