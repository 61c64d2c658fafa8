#include "stratagem/formats/diplomacy_legal.h"

#include "stratagem/diplomacy/notation.h"

namespace stratagem::formats {

using namespace diplomacy;

std::string canonical_order_text(const Variant& variant, const GameState& state, const Order& order) {
  UnitType supported = UnitType::Army;
  if (order.is_support()) supported = state.unit_at(variant.province_of(order.target())).type;
  return format_order(variant, order, supported);
}

void for_each_legal_order_list(const Variant& variant, const GameState& state, const LegalOrderListVisitor& visit) {
  OrderList list;
  if (state.phase.type == PhaseType::Adjustment) {
    for (int i = 0; i < variant.power_count(); ++i) {
      list.clear();
      legal_adjustments(variant, state, power_at(i), list);
      visit(power_at(i), nullptr, list);
    }
    return;
  }
  const LegalOrderGenerator generator(variant, state);
  const bool retreats = state.phase.type == PhaseType::Retreat;
  (retreats ? state.dislodged_provinces() : state.occupied_provinces()).for_each([&](int p) {
    const Unit unit = retreats ? state.dislodged_in(province_at(p))->unit : state.unit_at(province_at(p));
    list.clear();
    generator.unit_orders(province_at(p), list);
    visit(unit.power, &unit, list);
  });
}

nlohmann::ordered_json legal_orders_json(const Variant& variant, const GameState& state) {
  nlohmann::ordered_json by_power = nlohmann::ordered_json::object();
  for (int i = 0; i < variant.power_count(); ++i) by_power[variant.power_code(power_at(i))] = nlohmann::ordered_json::object();
  for_each_legal_order_list(variant, state, [&](Power power, const Unit* unit, const OrderList& list) {
    nlohmann::ordered_json orders = nlohmann::ordered_json::array();
    for (const Order& o : list) orders.push_back(canonical_order_text(variant, state, o));
    auto& entry = by_power[variant.power_code(power)];
    if (unit) {
      entry[format_unit(variant, *unit)] = std::move(orders);
    } else {
      entry["change"] = adjustment_delta(variant, state, power);
      entry["orders"] = std::move(orders);
    }
  });
  nlohmann::ordered_json out;
  out["phase"] = phase_code(state.phase);
  out["orders"] = std::move(by_power);
  return out;
}

}  // namespace stratagem::formats
