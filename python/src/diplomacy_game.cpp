#include "diplomacy_game.h"

#include <algorithm>
#include <utility>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

DiplomacyGame::DiplomacyGame(const Variant& variant, const RuleOptions& rules, std::optional<int> last_year)
    : variant_(&variant),
      rules_(rules),
      last_year_(last_year),
      current_{GameState::initial(variant), OrdersByPower<AcceptedOrder>(variant.power_count())} {
  influence_.fill(Power::None);
  add_influence(current_.state);
}

void DiplomacyGame::add_influence(const GameState& state) {
  state.occupied_provinces().for_each([&](int p) { influence_[p] = state.unit_at(province_at(p)).power; });
}

bool DiplomacyGame::is_done() const {
  if (completed_ || winner(*variant_, current_.state) != Power::None) return true;
  return last_year_ && current_.state.phase.year > *last_year_;
}

tl::expected<AcceptedOrder, std::string> DiplomacyGame::read_order(Power power, std::string_view text) const {
  return read_order_at(current_.state, power, text);
}

tl::expected<AcceptedOrder, std::string> DiplomacyGame::read_order_at(const GameState& state, Power power,
                                                                      std::string_view text) const {
  const auto parsed = diplomacy::read_order_at(*variant_, text, state);
  if (!parsed) return tl::unexpected(formats::in_quotes(text) + ": " + parsed.error().message);
  const auto order = validate(*variant_, rules_, state, power, *parsed);
  if (!order) return tl::unexpected(formats::in_quotes(text) + ": " + describe(order.error()));
  UnitType supported = UnitType::Army;
  if (order->is_support()) supported = state.unit_at(variant_->province_of(order->target())).type;
  // Kept as its canonical text parses, so that the phase adjudicated here and the one
  // `adjudicate` is given (the same text) are the same.
  return AcceptedOrder{canonical_parse(*order, supported), format_order(*variant_, *order, supported)};
}

tl::expected<AcceptedOrder, std::string> DiplomacyGame::check_order(Power power, const ParsedOrder& parsed,
                                                                    std::string_view text) const {
  const auto order = validate(*variant_, rules_, current_.state, power, parsed);
  if (!order) return tl::unexpected(formats::in_quotes(text) + ": " + describe(order.error()));
  // The text is canonical where it was listed, perhaps in another game; here it may mean
  // another order (a move written VIA that no convoy can carry here is a move over land,
  // "A CON - SMY"), so it is read here as any other text would be.
  if (*order != parsed.order) return read_order(power, text);
  return AcceptedOrder{parsed, std::string(text)};
}

void DiplomacyGame::set_orders(Power power, std::vector<AcceptedOrder> orders) {
  current_.orders.orders[index(power)] = std::move(orders);
  current_.orders.given[index(power)] = true;
}

void DiplomacyGame::clear_orders() { current_.orders = OrdersByPower<AcceptedOrder>(variant_->power_count()); }

AdjudicatedPhase DiplomacyGame::adjudicate(const Variant& variant, const RuleOptions& rules, const PendingPhase& phase) {
  OrderSheet sheet(variant, rules, phase.state);
  for (int p = 0; p < variant.power_count(); ++p)
    for (const AcceptedOrder& order : phase.orders.orders[p]) sheet.submit(power_at(p), order.parsed);
  OwnOutcomes own;
  PhaseResult result = diplomacy::adjudicate(variant, rules, phase.state, sheet.orders(), sheet.ordered(), own);
  return {std::move(sheet), std::move(result), own};
}

void DiplomacyGame::set_position(GameState state) {
  current_.state = std::move(state);
  completed_ = false;
  add_influence(current_.state);
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
  add_influence(current_.state);
}

tl::expected<void, std::string> DiplomacyGame::restore(std::vector<SavedPhase> phases, bool completed) {
  if (phases.empty()) return tl::unexpected(std::string("phases: a saved game needs at least one phase"));
  std::vector<PlayedPhase> history;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    SavedPhase& phase = phases[i];
    if (phase.state.phase.type == PhaseType::Retreat && !phase.dislodged.empty() && !phase.retreats_saved)
      if (auto added = add_dislodged_as_adjudicated(phase.state, phase.dislodged, history,
                                                    "phases[" + std::to_string(i) + "].state");
          !added)
        return added;
    if (i + 1 == phases.size()) break;
    // Saved games hold orders as text: read once here, as a phase played here keeps them.
    PlayedPhase played{std::move(phase.state), std::move(phase.orders),
                       std::vector<std::vector<Order>>(static_cast<std::size_t>(variant_->power_count()))};
    for (int p = 0; p < variant_->power_count(); ++p)
      for (const std::string& text : played.orders.orders[p]) {
        auto parsed = parse_order(*variant_, text, played.state.phase.type);
        if (!parsed) continue;
        if (auto valid = validate(*variant_, rules_, played.state, power_at(p), *parsed))
          played.accepted[p].push_back(*valid);
      }
    history.push_back(std::move(played));
  }
  SavedPhase& last = phases.back();
  PendingPhase current{std::move(last.state), OrdersByPower<AcceptedOrder>(variant_->power_count())};
  if (!completed) {
    // The orders of the phase being played are given again, and must be possible.
    for (int p = 0; p < variant_->power_count(); ++p) {
      current.orders.given[p] = last.orders.given[p];
      for (const std::string& text : last.orders.orders[p]) {
        if (text.empty()) continue;
        auto order = read_order_at(current.state, power_at(p), text);
        if (!order) return tl::unexpected(variant_->power_code(power_at(p)) + ": " + order.error());
        current.orders.orders[p].push_back(std::move(*order));
      }
    }
  }
  history_ = std::move(history);
  current_ = std::move(current);
  completed_ = completed;
  influence_.fill(Power::None);
  for (const PlayedPhase& phase : history_) add_influence(phase.state);
  add_influence(current_.state);
  return {};
}

tl::expected<void, std::string> DiplomacyGame::add_dislodged_as_adjudicated(GameState& state,
                                                                            const std::vector<std::string>& saved,
                                                                            const std::vector<PlayedPhase>& history,
                                                                            const std::string& path) const {
  if (history.empty())
    return tl::unexpected(path +
                          ": a retreat phase saved without \"retreats\" (where each dislodged unit may go) must "
                          "follow the phase that dislodged the units");
  std::vector<std::string> listed, left;
  for (const std::string& text : saved) {
    const auto unit = formats::read_unit(*variant_, text);
    if (!unit) return tl::unexpected(path + ".units: " + unit.error());
    listed.push_back(format_unit(*variant_, unit->type, unit->location));
  }
  const GameState after = report_of(*variant_, rules_, history.back()).next;
  after.dislodged_provinces().for_each(
      [&](int p) { left.push_back(format_unit(*variant_, after.dislodged_in(province_at(p))->unit)); });
  std::sort(listed.begin(), listed.end());
  std::sort(left.begin(), left.end());
  const auto joined = [](const std::vector<std::string>& units) {
    std::string text;
    for (const std::string& unit : units) text += (text.empty() ? "" : ", ") + unit;
    return text.empty() ? std::string("none") : text;
  };
  if (after.phase != state.phase || listed != left)
    return tl::unexpected(path + ": the dislodged units (" + joined(listed) +
                          ") are not those the phase before leaves in " + phase_code(after.phase) + " (" +
                          joined(left) + ")");
  after.dislodged_provinces().for_each(
      [&](int p) { state.add_dislodged(*variant_, *after.dislodged_in(province_at(p))); });
  return {};
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
