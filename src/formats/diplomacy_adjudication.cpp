#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_words.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/forward_error.h"

namespace stratagem::formats {

using namespace diplomacy;

namespace {

// The order with its own unit replaced: used to show a void order with the unit as it
// stands on the board (type and coast) where the writer left them out.
Order with_unit(const Order& order, UnitType type, Location at) {
  switch (order.kind()) {
    case OrderKind::Hold:
      return Order::hold(type, at);
    case OrderKind::Move:
      return Order::move(type, at, order.target(), order.via_convoy());
    case OrderKind::SupportHold:
      return Order::support_hold(type, at, order.target());
    case OrderKind::SupportMove:
      return Order::support_move(type, at, order.target(), order.dest());
    case OrderKind::Convoy:
      return Order::convoy(at, order.target(), order.dest());
    case OrderKind::Retreat:
      return Order::retreat(type, at, order.target());
    case OrderKind::Disband:
      return Order::disband(type, at);
    case OrderKind::Remove:
      return Order::remove(type, at);
    case OrderKind::Build:
    case OrderKind::Waive:
      break;
  }
  return order;
}

bool names_a_unit(const Order& order) { return order.kind() != OrderKind::Build && order.kind() != OrderKind::Waive; }

class ReportBuilder {
 public:
  ReportBuilder(const Variant& variant, const GameState& state, const PhaseResult& result)
      : variant_(variant), state_(state), result_(result) {}

  // The unit an order about `at` addresses in this phase: the dislodged one in a
  // retreat phase, the one standing there otherwise.
  std::optional<Unit> unit_at(Location at) const {
    const Province province = variant_.province_of(at);
    if (state_.phase.type != PhaseType::Retreat) return state_.unit_in(province);
    if (auto dislodged = state_.dislodged_in(province)) return dislodged->unit;
    return std::nullopt;
  }

  OrderReport carried(const ParsedOrder& parsed, const Order& order) const {
    OrderReport report;
    if (order.kind() != OrderKind::Waive) report.unit = format_unit(variant_, order.unit_type(), order.unit());
    report.order = format_order(variant_, order, supported_type(parsed, order));
    if (order.kind() == OrderKind::Waive) {
      report.result = Outcome::Ok;
      return report;
    }
    explain(report, resolution_at(order.unit()));
    return report;
  }

  OrderReport void_order(const ParsedOrder& parsed, VoidReason reason) const {
    Order shown = parsed.order;
    const std::optional<Unit> standing = names_a_unit(shown) ? unit_at(shown.unit()) : std::nullopt;
    if (standing) {
      const bool coast_left_out = shown.unit() == variant_.main_location(variant_.province_of(standing->location));
      shown = with_unit(shown, parsed.unit_type_given ? shown.unit_type() : standing->type,
                        coast_left_out ? standing->location : shown.unit());
    }
    OrderReport report;
    if (standing)
      report.unit = format_unit(variant_, *standing);
    else if (shown.kind() != OrderKind::Waive)
      report.unit = format_unit(variant_, shown.unit_type(), shown.unit());
    report.order = format_order(variant_, shown, supported_type(parsed, shown));
    report.result = Outcome::Void;
    report.error = describe(reason);
    // The unit held instead; a dislodgement still says so (contract: "A dislodged
    // unit's entry says dislodged whatever its order was").
    if (standing && resolution_at(standing->location).outcome == Outcome::Dislodged)
      explain(report, resolution_at(standing->location));
    return report;
  }

  OrderReport without_order(const Unit& unit) const {
    OrderReport report;
    report.unit = format_unit(variant_, unit);
    // The adjudicator may count holding as carried out; without an order it is "hold".
    if (resolution_at(unit.location).outcome == Outcome::Dislodged) explain(report, resolution_at(unit.location));
    const auto& removed = result_.removed_without_order;
    report.disbanded = std::find(removed.begin(), removed.end(), unit) != removed.end();
    return report;
  }

 private:
  const Resolution& resolution_at(Location at) const { return result_.resolutions[index(variant_.province_of(at))]; }

  // The type of the supported unit: as it stands on the board, else as written.
  UnitType supported_type(const ParsedOrder& parsed, const Order& order) const {
    if (!order.is_support()) return UnitType::Army;
    if (const auto supported = state_.unit_in(variant_.province_of(order.target()))) return supported->type;
    return parsed.target_type;
  }

  void explain(OrderReport& report, const Resolution& resolution) const {
    report.result = resolution.outcome;
    report.paradox = resolution.paradox;
    // Void found while adjudicating: the order does not match the other unit's order.
    if (resolution.outcome == Outcome::Void && resolution.void_reason != VoidReason::None)
      report.error = describe(resolution.void_reason);
    const bool opposed = resolution.outcome == Outcome::Bounce || resolution.outcome == Outcome::Cut ||
                         resolution.outcome == Outcome::Dislodged;
    if (!opposed) return;
    if (resolution.by != Location::None) {
      const auto by = unit_at(resolution.by);
      report.by = by ? format_unit(variant_, *by) : variant_.location_code(resolution.by);
    }
    report.strength = resolution.strength;
    report.opposing_strength = resolution.opposing_strength;
  }

  const Variant& variant_;
  const GameState& state_;
  const PhaseResult& result_;
};

struct WrittenOrder {
  Power power = Power::None;
  std::string text;
  tl::expected<ParsedOrder, OrderParseError> parsed;
  int submission = 0;
};

// Parses, files and reports the written orders of one phase; `run` adjudicates the
// filed orders. Written orders of the powers in `silent` are reported held, with the
// reason, unless the unit was dislodged.
template <class Run>
tl::expected<PhaseReport, std::string> report_phase(const Variant& variant, const RuleOptions& rules,
                                                    const PhaseInput& input, const PowerSet& silent, Run&& run) {
  const GameState& state = input.state;
  OrderSheet sheet(variant, rules, state);
  std::vector<WrittenOrder> written;
  for (const PowerOrders& orders : input.orders)
    for (const std::string& text : orders.orders) {
      WrittenOrder order{orders.power, text, parse_order(variant, text, state.phase.type), 0};
      order.submission = order.parsed ? sheet.submit(orders.power, *order.parsed) : sheet.submit_unparsed(orders.power);
      written.push_back(std::move(order));
    }
  STRATAGEM_TRY_ASSIGN(const PhaseResult result, run(sheet));
  const ReportBuilder builder(variant, state, result);

  PhaseReport report{state.phase, std::vector<std::vector<OrderReport>>(variant.power_count()), result.next};
  ProvinceSet ordered_by_owner;
  for (const WrittenOrder& order : written) {
    OrderReport entry;
    if (!order.parsed) {
      entry.result = Outcome::Invalid;
      entry.error = order.parsed.error().message;
    } else {
      const auto status = sheet.status(order.submission);
      entry = status ? builder.carried(*order.parsed, *status) : builder.void_order(*order.parsed, status.error());
      if (status && silent.contains(index(order.power)) && entry.result != Outcome::Dislodged) {
        entry.result = Outcome::Hold;
        entry.error = words_in(Language::En).not_ordering;
      }
      const Order& as_written = order.parsed->order;
      if (names_a_unit(as_written))
        if (const auto unit = builder.unit_at(as_written.unit()); unit && unit->power == order.power)
          ordered_by_owner.insert(index(variant.province_of(unit->location)));
    }
    entry.input = order.text;
    report.results[index(order.power)].push_back(std::move(entry));
  }

  // Units nobody ordered, by power, sorted by location code.
  const ProvinceSet& units =
      state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
  std::vector<std::pair<std::string, Unit>> unordered;
  units.without(ordered_by_owner).for_each([&](int p) {
    const Unit unit = *builder.unit_at(variant.main_location(province_at(p)));
    unordered.emplace_back(variant.location_code(unit.location), unit);
  });
  std::sort(unordered.begin(), unordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [code, unit] : unordered) report.results[index(unit.power)].push_back(builder.without_order(unit));
  if (result.end) report.end = EndReport{result.end->kind, result.end->winners, {}};
  return report;
}

}  // namespace

PhaseReport adjudicate_phase(const Variant& variant, const RuleOptions& rules, const PhaseInput& input) {
  // Without a setup nothing can fail.
  return *report_phase(variant, rules, input, PowerSet{}, [&](const OrderSheet& sheet) {
    return tl::expected<PhaseResult, std::string>(
        adjudicate(variant, rules, input.state, sheet.orders(), sheet.ordered()));
  });
}

tl::expected<PhaseReport, std::string> adjudicate_game_phase(const Variant& variant, const RuleOptions& rules,
                                                             const PhaseInput& input) {
  if (!input.game) return adjudicate_phase(variant, rules, input);
  const GameRules& game = *input.game;
  const GameState& state = input.state;
  const Variant& map = map_at(variant, game, state.phase);
  const PowerSet silent = powers_not_ordering(game, input.conditions.civil_disorder, state.phase);
  auto report = report_phase(map, rules, input, silent,
                             [&](const OrderSheet& sheet) -> tl::expected<PhaseResult, std::string> {
    auto result = adjudicate(variant, rules, game, input.conditions, state, sheet.orders(), sheet.ordered())
                      .map_error(message_of);
    if (!result || !input.agreed_end_seed) return result;
    // The lot drawn from the seed among the seats that survive the phase.
    STRATAGEM_TRY_ASSIGN(const auto alive, surviving_seats(game, result->next).map_error(message_of));
    if (alive.empty()) return tl::unexpected(std::string("agreed end: no seat has a unit left to draw the lot"));
    EndDeclarations declarations = input.conditions.declarations;
    declarations.agreed_end_lot = Random(*input.agreed_end_seed).below(static_cast<int>(alive.size()));
    STRATAGEM_TRY_ASSIGN(result->end, decide_end(variant, game, declarations, result->next).map_error(message_of));
    return result;
  });
  if (!report) return report;
  STRATAGEM_TRY_ASSIGN(const auto seats, seats_at(game, report->next.phase).map_error(message_of));
  for (const Seat& seat : seats) {
    report->seats.push_back(seat.code);
    // The winners' seats are the seats holding a winner, whatever the ending.
    if (report->end && !(seat.powers & report->end->winners).empty()) report->end->seats.push_back(seat.code);
  }
  return report;
}

}  // namespace stratagem::formats
