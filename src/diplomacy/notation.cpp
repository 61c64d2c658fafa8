#include "stratagem/diplomacy/notation.h"

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {
char type_letter(UnitType type) { return type == UnitType::Fleet ? 'F' : 'A'; }
}  // namespace

std::string format_unit(const Variant& variant, UnitType type, Location at) {
  std::string text(1, type_letter(type));
  text += ' ';
  text += variant.location_code(at);
  return text;
}

std::string format_order(const Variant& variant, const Order& order, UnitType target_type) {
  const auto code = [&](Location l) -> const std::string& { return variant.location_code(l); };
  if (order.kind() == OrderKind::Waive) return "WAIVE";
  std::string text = format_unit(variant, order.unit_type(), order.unit());
  switch (order.kind()) {
    case OrderKind::Hold: return text + " H";
    case OrderKind::Move:
      text += " - " + code(order.target());
      return order.via_convoy() ? text + " VIA" : text;
    case OrderKind::SupportHold:
      return text + " S " + format_unit(variant, target_type, order.target());
    case OrderKind::SupportMove:
      return text + " S " + format_unit(variant, target_type, order.target()) + " - " + code(order.dest());
    case OrderKind::Convoy:
      return text + " C " + format_unit(variant, UnitType::Army, order.target()) + " - " + code(order.dest());
    case OrderKind::Retreat: return text + " R " + code(order.target());
    case OrderKind::Disband:
    case OrderKind::Remove: return text + " D";
    case OrderKind::Build: return text + " B";
    case OrderKind::Waive: break;
  }
  return text;
}

}  // namespace stratagem::diplomacy
