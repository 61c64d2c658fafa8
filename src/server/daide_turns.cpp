#include "daide_turns.h"

#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::server {

using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::PhaseType;

namespace {

// The result of an order that was carried out or stopped; a dislodged unit's own order
// result (syntax.html: "RET may be the only token" for a holding or convoying unit).
std::optional<daide::Token> result_token(std::string_view result, const Order& order) {
  namespace t = daide::tokens;
  if (result == "bounce") return t::BNC;
  if (result == "cut") return t::CUT;
  if (result == "no_convoy") return t::DSR;
  if (result == "void" || result == "invalid") return t::NSO;
  if (result == "dislodged") {
    if (order.kind() == OrderKind::Move) return t::BNC;
    if (order.is_support()) return t::CUT;
    return std::nullopt;
  }
  return t::SUC;
}

// The order as the engine reads it from its canonical text, against the position it
// was given in (the unit's coast and type filled in).
std::optional<Order> read_order(const diplomacy::Variant& variant, const diplomacy::GameState& before,
                                diplomacy::Power power, const std::string& text) {
  auto parsed = diplomacy::parse_order(variant, text, before.phase.type);
  if (!parsed) return std::nullopt;
  auto valid = diplomacy::validate(variant, diplomacy::standard_rules(), before, power, *parsed);
  return valid ? *valid : parsed->order;
}

}  // namespace

std::optional<diplomacy::GameState> phase_position(const diplomacy::Variant& variant, const nlohmann::json& entry) {
  if (!entry.is_object()) return std::nullopt;
  nlohmann::json position = nlohmann::json::object();
  for (const char* key : {"phase", "units", "centers", "retreats"})
    if (entry.contains(key)) position[key] = entry[key];
  auto state = formats::read_state(variant, position, "");
  if (!state) return std::nullopt;
  return *state;
}

std::optional<daide::ProcessedTurn> processed_turn(const diplomacy::Variant& variant, const nlohmann::json& entry,
                                                   const diplomacy::GameState& after) {
  const auto before = phase_position(variant, entry);
  if (!before || !entry.contains("orders") || !entry["orders"].is_object()) return std::nullopt;
  daide::ProcessedTurn turn{*before, {}, after};
  for (const auto& [power_code, reports] : entry["orders"].items()) {
    const auto power = formats::read_power(variant, power_code);
    if (!power || !reports.is_array()) return std::nullopt;
    for (const auto& report : reports) {
      const std::string result = report.value("result", "hold");
      std::optional<Order> order;
      if (report.contains("order") && report["order"].is_string()) {
        order = read_order(variant, *before, *power, report["order"].get<std::string>());
      } else if (report.contains("unit") && report["unit"].is_string()) {
        // A unit without an order: it held, or (retreats, removals) left the board.
        const auto unit = read_order(variant, *before, *power, report["unit"].get<std::string>() + " H");
        if (!unit) continue;
        if (before->phase.type == PhaseType::Movement) order = Order::hold(unit->unit_type(), unit->unit());
        else if (!report.value("disbanded", false)) continue;
        else if (before->phase.type == PhaseType::Retreat) order = Order::disband(unit->unit_type(), unit->unit());
        else order = Order::remove(unit->unit_type(), unit->unit());
      }
      if (!order) continue;
      turn.results.push_back({*power, *order, result_token(result, *order), result == "dislodged"});
    }
  }
  return turn;
}

}  // namespace stratagem::server
