#include "diplomacy_game.h"

#include <utility>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

DiplomacyGame::DiplomacyGame(const Variant& variant, const RuleOptions& rules, std::optional<int> last_year)
    : variant_(&variant),
      rules_(rules),
      last_year_(last_year),
      current_{GameState::initial(variant), OrdersByPower<AcceptedOrder>(variant.power_count())} {}

bool DiplomacyGame::is_done() const {
  if (completed_ || winner(*variant_, current_.state) != Power::None) return true;
  return last_year_ && current_.state.phase.year > *last_year_;
}

tl::expected<AcceptedOrder, std::string> DiplomacyGame::read_order(Power power, std::string_view text) const {
  const auto parsed = parse_order(*variant_, text, current_.state.phase.type);
  if (!parsed) return tl::unexpected(formats::in_quotes(text) + ": " + parsed.error().message);
  const auto order = validate(*variant_, rules_, current_.state, power, *parsed);
  if (!order) return tl::unexpected(formats::in_quotes(text) + ": " + describe(order.error()));
  UnitType supported = UnitType::Army;
  if (order->is_support()) supported = current_.state.unit_at(variant_->province_of(order->target())).type;
  // Kept as its canonical text parses, so that the phase adjudicated here and the one
  // `adjudicate` is given (the same text) are the same.
  return AcceptedOrder{canonical_parse(*order, supported), format_order(*variant_, *order, supported)};
}

tl::expected<AcceptedOrder, std::string> DiplomacyGame::check_order(Power power, const ParsedOrder& parsed,
                                                                    std::string_view text) const {
  const auto order = validate(*variant_, rules_, current_.state, power, parsed);
  if (!order) return tl::unexpected(formats::in_quotes(text) + ": " + describe(order.error()));
  return AcceptedOrder{parsed, std::string(text)};
}

void DiplomacyGame::set_orders(Power power, std::vector<AcceptedOrder> orders) {
  current_.orders.orders[index(power)] = std::move(orders);
  current_.orders.given[index(power)] = true;
}

void DiplomacyGame::clear_orders() { current_.orders = OrdersByPower<AcceptedOrder>(variant_->power_count()); }

GameState DiplomacyGame::adjudicate(const Variant& variant, const RuleOptions& rules, const PendingPhase& phase) {
  OrderSheet sheet(variant, rules, phase.state);
  for (int p = 0; p < variant.power_count(); ++p)
    for (const AcceptedOrder& order : phase.orders.orders[p]) sheet.submit(power_at(p), order.parsed);
  return diplomacy::adjudicate(variant, rules, phase.state, sheet.orders(), sheet.ordered()).next;
}

void DiplomacyGame::advance(PendingPhase played, GameState next) {
  PlayedPhase record{std::move(played.state), OrdersByPower<std::string>(variant_->power_count()),
                     std::vector<std::vector<Order>>(static_cast<std::size_t>(variant_->power_count()))};
  for (int p = 0; p < variant_->power_count(); ++p) {
    record.orders.given[p] = played.orders.given[p];
    record.orders.orders[p].reserve(played.orders.orders[p].size());
    for (AcceptedOrder& order : played.orders.orders[p]) {
      record.accepted[p].push_back(order.parsed.order);
      record.orders.orders[p].push_back(std::move(order.text));
    }
  }
  history_.push_back(std::move(record));
  current_ = PendingPhase{std::move(next), OrdersByPower<AcceptedOrder>(variant_->power_count())};
}

void DiplomacyGame::restore(std::vector<PlayedPhase> history, GameState current, bool completed) {
  // Saved games hold orders as text: read once here, as a phase played here keeps them.
  for (PlayedPhase& phase : history) {
    phase.accepted.assign(static_cast<std::size_t>(variant_->power_count()), {});
    for (int p = 0; p < variant_->power_count() && p < static_cast<int>(phase.orders.orders.size()); ++p)
      for (const std::string& text : phase.orders.orders[p]) {
        auto parsed = parse_order(*variant_, text, phase.state.phase.type);
        if (!parsed) continue;
        if (auto valid = validate(*variant_, rules_, phase.state, power_at(p), *parsed)) phase.accepted[p].push_back(*valid);
      }
  }
  history_ = std::move(history);
  current_ = PendingPhase{std::move(current), OrdersByPower<AcceptedOrder>(variant_->power_count())};
  completed_ = completed;
}

formats::PhaseReport report_of(const Variant& variant, const RuleOptions& rules, const PlayedPhase& phase) {
  formats::PhaseInput input{phase.state, {}};
  for (int p = 0; p < variant.power_count(); ++p) input.orders.push_back({power_at(p), phase.orders.orders[p]});
  return formats::adjudicate_phase(variant, rules, input);
}

ParsedOrder canonical_parse(const Order& order, UnitType supported) {
  ParsedOrder parsed{order};
  parsed.unit_type_given = order.kind() != OrderKind::Waive;
  parsed.target_type_given = order.is_support() || order.kind() == OrderKind::Convoy;
  if (order.is_support()) parsed.target_type = supported;
  return parsed;
}

std::vector<Province> build_sites(const Variant& variant, const GameState& state, Power power) {
  std::vector<Province> sites;
  variant.home_centres(power).for_each([&](int p) {
    if (state.centre_owner(province_at(p)) == power && !state.occupied(province_at(p))) sites.push_back(province_at(p));
  });
  return sites;
}

}  // namespace stratagem::python
