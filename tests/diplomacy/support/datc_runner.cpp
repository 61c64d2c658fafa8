#include "support/datc_runner.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <ostream>

#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/validation.h"

namespace stratagem::diplomacy::testing {
namespace {

// The type of the unit a support or convoy order names, as it stands in the position.
UnitType target_type(const Variant& variant, const GameState& state, const Order& order) {
  if (order.target() == Location::None) return UnitType::Army;
  auto unit = state.unit_in(variant.province_of(order.target()));
  return unit ? unit->type : UnitType::Army;
}

std::string where(const DatcCase& c, int line) { return c.file + ":" + std::to_string(line); }

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return "[" + text + "]";
}

// Reads the units of one section; every line that does not name a unit is a problem.
std::vector<Unit> units_of(const Variant& variant, const DatcCase& c, const std::vector<DatcLine>& lines,
                           std::vector<std::string>& problems) {
  std::vector<Unit> units;
  for (const auto& line : lines) {
    auto power = power_named(variant, line.power);
    auto unit = power ? unit_from_text(variant, *power, line.text) : tl::unexpected(power.error());
    if (unit) units.push_back(*unit);
    else problems.push_back(where(c, line.line) + ": " + unit.error());
  }
  return units;
}

std::vector<std::string> described(const Variant& variant, const std::vector<Unit>& units) {
  std::vector<std::string> names;
  for (const auto& unit : units) names.push_back(describe_unit(variant, unit));
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Unit> units_on_board(const Variant& variant, const GameState& state) {
  std::vector<Unit> units;
  for (int p = 0; p < variant.province_count(); ++p)
    if (auto unit = state.unit_in(province_at(p))) units.push_back(*unit);
  return units;
}

// Dislodged units; with `only_with_retreats`, those that can go somewhere (the jDip
// files leave a dislodged unit with no retreat out of POSTSTATE_DISLODGED).
std::vector<Unit> dislodged_units(const GameState& state, bool only_with_retreats) {
  std::vector<Unit> units;
  state.dislodged_provinces().for_each([&](int p) {
    auto dislodged = state.dislodged_in(province_at(p));
    if (dislodged && (!only_with_retreats || !dislodged->retreats.empty())) units.push_back(dislodged->unit);
  });
  return units;
}

// "units: missing [...] extra [...]", or nothing when both lists agree.
std::string difference(const Variant& variant, std::string_view what, const std::vector<Unit>& expected,
                       const std::vector<Unit>& actual) {
  auto want = described(variant, expected), got = described(variant, actual);
  std::vector<std::string> missing, extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  if (missing.empty() && extra.empty()) return {};
  return std::string(what) + ": missing " + joined(missing) + " extra " + joined(extra) + "\n";
}

bool place_all(const Variant& variant, GameState& state, const std::vector<Unit>& units, std::string_view section,
               std::vector<std::string>& problems) {
  for (const auto& unit : units) {
    if (state.occupied(variant.province_of(unit.location))) {
      problems.push_back(std::string(section) + ": two units in " + variant.location_code(unit.location));
      return false;
    }
    state.place(variant, unit);
  }
  return true;
}

class CaseRun {
 public:
  CaseRun(const Variant& variant, const RuleOptions& rules, const DatcCase& c, RetreatSetup retreat_setup)
      : variant_(variant), rules_(rules), case_(c), retreat_setup_(retreat_setup) {}

  ::testing::AssertionResult run() {
    auto start = starting_state();
    if (!problems_.empty()) return failure();
    OrderSheet sheet(variant_, rules_, *start);
    auto orders = submit_all(sheet, case_.orders, start->phase.type);
    if (!problems_.empty()) return failure();
    auto result = adjudicate(variant_, rules_, *start, sheet.orders(), sheet.ordered());
    compare_poststate(*start, result);
    if (report_.empty()) return ::testing::AssertionSuccess();
    report_ += "orders:\n" + describe_orders(variant_, *start, sheet, result, orders);
    return failure();
  }

 private:
  ::testing::AssertionResult failure() {
    std::string text = "case " + case_.id + " (" + where(case_, case_.line) + ")\n" + report_;
    for (const auto& problem : problems_) text += problem + "\n";
    return ::testing::AssertionFailure() << text;
  }

  std::optional<GameState> starting_state() {
    GameState state;
    state.phase = case_.phase;
    for (const auto& owner : units_of(variant_, case_, case_.centre_owners, problems_))
      state.set_centre_owner(variant_.province_of(owner.location), owner.power);
    if (case_.phase.type == PhaseType::Retreat)
      return retreat_setup_ == RetreatSetup::Readjudicate ? retreat_state(state) : retreat_state_from_text(state);
    place_all(variant_, state, units_of(variant_, case_, case_.prestate, problems_), "PRESTATE", problems_);
    return state;
  }

  // The retreat phase as the engine produces it from the previous movement phase.
  std::optional<GameState> retreat_state(GameState before) {
    before.phase.type = PhaseType::Movement;
    auto standing = units_of(variant_, case_, case_.prestate, problems_);
    auto dislodged = units_of(variant_, case_, case_.prestate_dislodged, problems_);
    std::vector<DatcLine> result_orders;
    for (const auto& result : case_.prestate_results) result_orders.push_back(result.order);
    auto origins = standing;
    move_back_successful_moves(origins);
    if (!problems_.empty()) return std::nullopt;
    if (!place_all(variant_, before, origins, "PRESTATE (before its moves)", problems_) ||
        !place_all(variant_, before, dislodged, "PRESTATE_DISLODGED", problems_))
      return std::nullopt;

    OrderSheet sheet(variant_, rules_, before);
    auto orders = submit_all(sheet, result_orders, PhaseType::Movement);
    if (!problems_.empty()) return std::nullopt;
    auto result = adjudicate(variant_, rules_, before, sheet.orders(), sheet.ordered());
    std::string disagreement;
    for (std::size_t i = 0; i < orders.size(); ++i) {
      bool expected = case_.prestate_results[i].success;
      Outcome outcome = outcome_of(variant_, sheet, result, orders[i]);
      if ((outcome == Outcome::Ok) != expected)
        disagreement += where(case_, case_.prestate_results[i].order.line) + ": " + (expected ? "SUCCESS" : "FAILURE") +
                        " expected, the engine says " + outcome_name(outcome) + "\n";
    }
    disagreement += difference(variant_, "previous movement, units", standing, units_on_board(variant_, result.next));
    disagreement += difference(variant_, "previous movement, dislodged", dislodged, dislodged_units(result.next, false));
    if (result.next.phase.type != PhaseType::Retreat)
      disagreement += "previous movement: the engine went on to " + phase_code(result.next.phase) + "\n";
    if (!disagreement.empty()) {
      problems_.push_back("PRESTATE_RESULTS not reproduced by the engine:\n" + disagreement + "orders:\n" +
                          describe_orders(variant_, before, sheet, result, orders));
      return std::nullopt;
    }
    return result.next;
  }

  std::optional<GameState> retreat_state_from_text(GameState state) {
    auto standing = units_of(variant_, case_, case_.prestate, problems_);
    auto dislodged = units_of(variant_, case_, case_.prestate_dislodged, problems_);
    ProvinceSet failed_once, contested, attacker_origins, convoyed_attacker_origins;
    std::vector<std::pair<Province, Province>> attacks;  // (target, origin) of successful moves
    for (const auto& result : case_.prestate_results) {
      auto parsed = parse_order(variant_, result.order.text, PhaseType::Movement);
      if (!parsed) {
        problems_.push_back(where(case_, result.order.line) + ": cannot read '" + result.order.text + "'");
        continue;
      }
      const Order& order = parsed->order;
      if (order.kind() != OrderKind::Move) continue;
      auto target = variant_.province_of(order.target());
      if (!result.success) {
        if (failed_once.contains(index(target))) contested.insert(index(target));
        failed_once.insert(index(target));
      } else {
        auto origin = variant_.province_of(order.unit());
        attacks.emplace_back(target, origin);
        bool over_land = variant_.army_neighbours(origin).contains(index(target));
        if (order.unit_type() == UnitType::Army && (order.via_convoy() || !over_land))
          convoyed_attacker_origins.insert(index(origin));
      }
    }
    if (!place_all(variant_, state, standing, "PRESTATE", problems_)) return std::nullopt;
    for (const auto& unit : dislodged) {
      auto from = variant_.province_of(unit.location);
      ProvinceSet closed = contested;
      for (auto [target, origin] : attacks)
        if (target == from && !(rules_.retreat_to_convoying_attacker_origin &&
                                convoyed_attacker_origins.contains(index(origin))))
          closed.insert(index(origin));
      LocationSet retreats;
      auto consider = [&](Location to) {
        auto province = variant_.province_of(to);
        if (!state.occupied(province) && !closed.contains(index(province))) retreats.insert(index(to));
      };
      if (unit.type == UnitType::Army)
        variant_.army_neighbours(from).for_each([&](int p) { consider(variant_.main_location(province_at(p))); });
      else
        variant_.fleet_neighbours(unit.location).for_each([&](int l) { consider(location_at(l)); });
      state.add_dislodged(variant_, {unit, retreats});
    }
    return state;
  }

  // A unit that moved successfully stood at the move's origin before the movement.
  void move_back_successful_moves(std::vector<Unit>& units) {
    for (const auto& result : case_.prestate_results) {
      if (!result.success) continue;
      auto parsed = parse_order(variant_, result.order.text, PhaseType::Movement);
      if (!parsed) {
        problems_.push_back(where(case_, result.order.line) + ": cannot read '" + result.order.text +
                            "': " + parsed.error().message);
        continue;
      }
      if (parsed->order.kind() != OrderKind::Move) continue;
      auto destination = variant_.province_of(parsed->order.target());
      auto mover = std::find_if(units.begin(), units.end(),
                                [&](const Unit& u) { return variant_.province_of(u.location) == destination; });
      if (mover == units.end())
        problems_.push_back(where(case_, result.order.line) + ": successful move, but no unit at its destination");
      else
        mover->location = parsed->order.unit();
    }
  }

  std::vector<SubmittedOrder> submit_all(OrderSheet& sheet, const std::vector<DatcLine>& lines, PhaseType phase) {
    std::vector<SubmittedOrder> orders;
    for (const auto& line : lines) {
      auto order = submit_written_order(variant_, sheet, line.power, line.text, phase);
      if (order) orders.push_back(*order);
      else problems_.push_back(where(case_, line.line) + ": " + order.error());
    }
    return orders;
  }

  void compare_poststate(const GameState& start, const PhaseResult& result) {
    auto expected_units = case_.poststate_same ? units_on_board(variant_, start)
                                               : units_of(variant_, case_, case_.poststate, problems_);
    auto expected_dislodged = units_of(variant_, case_, case_.poststate_dislodged, problems_);
    bool movement = start.phase.type == PhaseType::Movement;
    report_ += difference(variant_, "units", expected_units, units_on_board(variant_, result.next));
    report_ += difference(variant_, "dislodged (with a retreat)", expected_dislodged,
                          dislodged_units(result.next, movement));
  }

  const Variant& variant_;
  const RuleOptions& rules_;
  const DatcCase& case_;
  RetreatSetup retreat_setup_;
  std::vector<std::string> problems_;  // the case could not be set up
  std::string report_;                 // the engine's result differs from the expected one
};

}  // namespace

tl::expected<Power, std::string> power_named(const Variant& variant, std::string_view name) {
  for (const auto& target : variant.lookup(normalise_name(name)))
    if (target.kind == NameTarget::Kind::Power) return power_at(target.id);
  return tl::unexpected("'" + std::string(name) + "' is not a power of variant " + variant.id());
}

tl::expected<Unit, std::string> unit_from_text(const Variant& variant, Power power, std::string_view text) {
  // The order parser knows every spelling of places and coasts; a unit is the start of
  // a hold order.
  auto parsed = parse_order(variant, std::string(text) + " H", PhaseType::Movement);
  if (!parsed) return tl::unexpected("cannot read the unit '" + std::string(text) + "': " + parsed.error().message);
  if (!parsed->unit_type_given) return tl::unexpected("the unit '" + std::string(text) + "' has no type (A or F)");
  return Unit{parsed->order.unit_type(), power, parsed->order.unit()};
}

std::string describe_unit(const Variant& variant, const Unit& unit) {
  return variant.power_code(unit.power) + ": " + format_unit(variant, unit);
}

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::Ok: return "Ok";
    case Outcome::Bounce: return "Bounce";
    case Outcome::Cut: return "Cut";
    case Outcome::Dislodged: return "Dislodged";
    case Outcome::NoConvoy: return "NoConvoy";
    case Outcome::Void: return "Void";
    case Outcome::Invalid: return "Invalid";
    case Outcome::Hold: return "Hold";
  }
  return "?";
}

tl::expected<SubmittedOrder, std::string> submit_written_order(const Variant& variant, OrderSheet& sheet,
                                                               std::string_view power, std::string_view text,
                                                               PhaseType phase) {
  auto who = power_named(variant, power);
  if (!who) return tl::unexpected(who.error());
  SubmittedOrder order;
  order.power = power;
  order.text = text;
  auto parsed = parse_order(variant, text, phase);
  order.parsed = parsed.has_value();
  if (parsed) {
    order.submission = sheet.submit(*who, *parsed);
  } else {
    order.parse_error = parsed.error().message;
    order.submission = sheet.submit_unparsed(*who);
  }
  return order;
}

Outcome outcome_of(const Variant& variant, const OrderSheet& sheet, const PhaseResult& result,
                   const SubmittedOrder& order) {
  auto status = sheet.status(order.submission);
  if (!status) return order.parsed ? Outcome::Void : Outcome::Invalid;
  if (status->kind() == OrderKind::Waive) return Outcome::Ok;
  return result.resolutions[index(variant.province_of(status->unit()))].outcome;
}

std::string describe_orders(const Variant& variant, const GameState& state, const OrderSheet& sheet,
                            const PhaseResult& result, const std::vector<SubmittedOrder>& orders) {
  std::string text;
  for (const auto& order : orders) {
    text += "  " + order.power + ": " + order.text + "  ->  ";
    auto status = sheet.status(order.submission);
    if (!order.parsed) text += "not understood (" + order.parse_error + ")";
    else if (!status) text += "void (" + describe(status.error()) + ")";
    else text += format_order(variant, *status, target_type(variant, state, *status)) + ": " +
                 outcome_name(outcome_of(variant, sheet, result, order));
    text += "\n";
  }
  for (const auto& unit : result.removed_without_order) text += "  removed without order: " + describe_unit(variant, unit) + "\n";
  return text;
}

::testing::AssertionResult run_datc_case(const Variant& variant, const RuleOptions& rules, const DatcCase& datc_case,
                                         RetreatSetup retreat_setup) {
  return CaseRun(variant, rules, datc_case, retreat_setup).run();
}

std::vector<DatcCaseOrError> load_cases_for_suite(const std::filesystem::path& path) {
  auto cases = load_datc_file(path);
  if (!cases) {
    DatcCaseOrError failed;
    for (const auto& error : cases.error()) failed.load_errors += format_error(error) + "\n";
    return {failed};
  }
  std::vector<DatcCaseOrError> params;
  for (auto& c : *cases) params.push_back({std::move(c), {}});
  return params;
}

std::string test_name_of(const DatcCaseOrError& param) {
  return param.load_errors.empty() ? sanitised_test_name(param.datc_case.id) : "LoadError";
}

void PrintTo(const DatcCaseOrError& param, std::ostream* out) {
  if (!param.load_errors.empty()) *out << "load errors";
  else *out << param.datc_case.id << " (" << where(param.datc_case, param.datc_case.line) << ")";
}

}  // namespace stratagem::diplomacy::testing
