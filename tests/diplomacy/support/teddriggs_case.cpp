#include "support/teddriggs_case.h"

#include <algorithm>
#include <array>
#include <fstream>

#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/state.h"
#include "support/datc_runner.h"

namespace stratagem::diplomacy::testing {
namespace {

// Keys keep the file's order: the order in which orders are written matters (DATC
// 4.D.4-4.D.6, the first builds and removals written count).
using Json = nlohmann::ordered_json;

struct PowerCode {
  std::string_view code, name;
};
constexpr std::array kPowerCodes{PowerCode{"AUS", "Austria"}, PowerCode{"ENG", "England"},
                                 PowerCode{"FRA", "France"},  PowerCode{"GER", "Germany"},
                                 PowerCode{"ITA", "Italy"},   PowerCode{"RUS", "Russia"},
                                 PowerCode{"TUR", "Turkey"}};

std::optional<std::string> power_of_code(std::string_view code) {
  for (auto p : kPowerCodes)
    if (p.code == code) return std::string(p.name);
  return std::nullopt;
}

// "ENG: F nth -> pic" -> ("England", "F nth -> pic").
tl::expected<std::pair<std::string, std::string>, std::string> split_power(const std::string& line) {
  auto colon = line.find(": ");
  auto power = colon == std::string::npos ? std::nullopt : power_of_code(line.substr(0, colon));
  if (!power) return tl::unexpected("expected 'NAT: ...' with a power code, got '" + line + "'");
  return std::make_pair(*power, line.substr(colon + 2));
}

tl::expected<TedPhase, std::string> read_phase(const Json& json) {
  TedPhase phase;
  if (json.contains("starting_state")) phase.starting_state = json["starting_state"].get<std::vector<std::string>>();
  for (const auto& [key, value] : json.at("orders").items()) {
    auto split = split_power(key);
    if (!split) return tl::unexpected(split.error());
    TedOrder order{split->first, split->second, std::nullopt};
    if (value == "Succeeds") order.succeeds = true;
    else if (value == "Fails") order.succeeds = false;
    else if (!value.is_null()) return tl::unexpected("unknown outcome " + value.dump() + " for '" + key + "'");
    phase.orders.push_back(std::move(order));
  }
  return phase;
}

tl::expected<TedCase, std::string> read_case(const Json& json) {
  TedCase c;
  c.name = json.at("name").get<std::string>();
  auto url = json.at("url").get<std::string>();
  c.datc_id = url.substr(url.find('#') + 1);
  c.edition = json.value("edition", "");
  c.ignore = json.value("ignore", "");
  auto kind = json.at("phase").get<std::string>();
  if (kind == "Main") c.kind = TedPhaseKind::Main;
  else if (kind == "Retreat") c.kind = TedPhaseKind::Retreat;
  else if (kind == "Build") c.kind = TedPhaseKind::Build;
  else return tl::unexpected(c.name + ": unknown phase '" + kind + "'");
  auto phase = read_phase(json);
  if (!phase) return tl::unexpected(c.name + ": " + phase.error());
  c.phase = std::move(*phase);
  if (json.contains("preceding_main_phase")) {
    auto preceding = read_phase(json["preceding_main_phase"]);
    if (!preceding) return tl::unexpected(c.name + ": " + preceding.error());
    c.preceding_main_phase = std::move(*preceding);
  }
  if (json.contains("occupiers")) c.occupiers = json["occupiers"].get<std::map<std::string, std::string>>();
  if (json.contains("civil_disorder")) c.civil_disorder = json["civil_disorder"].get<std::vector<std::string>>();
  return c;
}

class TedRun {
 public:
  TedRun(const Variant& variant, const RuleOptions& rules, const TedCase& c)
      : variant_(variant), rules_(rules), case_(c) {}

  ::testing::AssertionResult run() {
    auto start = starting_state();
    if (start) {
      OrderSheet sheet(variant_, rules_, *start);
      auto orders = submit(sheet, case_.phase.orders, start->phase.type);
      auto result = adjudicate(variant_, rules_, *start, sheet.orders(), sheet.ordered());
      compare(sheet, result, case_.phase.orders, orders, "");
      if (case_.civil_disorder) compare_civil_disorder(result);
      if (!report_.empty()) report_ += "orders:\n" + describe_orders(variant_, *start, sheet, result, orders);
    }
    if (report_.empty()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << case_.name << " (DATC " << case_.datc_id << ")\n" << report_;
  }

 private:
  std::optional<GameState> starting_state() {
    switch (case_.kind) {
      case TedPhaseKind::Main: return board(case_.phase, {Season::Spring, 1901, PhaseType::Movement});
      case TedPhaseKind::Build: return build_board();
      case TedPhaseKind::Retreat: return retreat_board();
    }
    return std::nullopt;
  }

  std::optional<Unit> unit_named(const std::string& power, const std::string& text) {
    auto who = power_named(variant_, power);
    auto unit = who ? unit_from_text(variant_, *who, text) : tl::unexpected(who.error());
    if (unit) return *unit;
    report_ += "cannot set up '" + power + ": " + text + "': " + unit.error() + "\n";
    return std::nullopt;
  }

  // The units of a phase: its starting_state, or else the units its orders name.
  std::optional<GameState> board(const TedPhase& phase, Phase when) {
    GameState state;
    state.phase = when;
    std::vector<std::pair<std::string, std::string>> units;
    if (phase.starting_state) {
      for (const auto& line : *phase.starting_state) {
        auto split = split_power(line);
        if (!split) {
          report_ += split.error() + "\n";
          return std::nullopt;
        }
        units.push_back(*split);
      }
    } else {
      for (const auto& order : phase.orders) units.emplace_back(order.power, unit_text_of(order.text));
    }
    for (const auto& [power, text] : units) {
      auto unit = unit_named(power, text);
      if (!unit) return std::nullopt;
      if (!state.occupied(variant_.province_of(unit->location))) state.place(variant_, *unit);
    }
    return state;
  }

  // "F nth -> pic" -> "F nth": the unit is the first two words of an order.
  static std::string unit_text_of(const std::string& order) {
    auto first = order.find(' ');
    auto second = first == std::string::npos ? std::string::npos : order.find(' ', first + 1);
    return order.substr(0, second);
  }

  std::optional<GameState> build_board() {
    auto state = board(case_.phase, {Season::Winter, 1901, PhaseType::Adjustment});
    if (!state) return std::nullopt;
    variant_.all_supply_centres().for_each([&](int p) {
      Province province = province_at(p);
      auto occupier = std::find_if(case_.occupiers.begin(), case_.occupiers.end(), [&](const auto& entry) {
        return normalise_name(entry.first) == normalise_name(variant_.province_code(province));
      });
      Power owner = variant_.home_power(province);
      if (auto unit = state->unit_in(province)) owner = unit->power;
      if (occupier != case_.occupiers.end()) {
        auto name = power_of_code(occupier->second);
        auto power = name ? power_named(variant_, *name) : tl::unexpected(std::string("no such power"));
        if (!power) report_ += "unknown occupier " + occupier->second + "\n";
        else owner = *power;
      }
      state->set_centre_owner(province, owner);
    });
    return state;
  }

  std::optional<GameState> retreat_board() {
    if (!case_.preceding_main_phase) {
      report_ += "a Retreat case without preceding_main_phase\n";
      return std::nullopt;
    }
    const TedPhase& preceding = *case_.preceding_main_phase;
    auto before = board(preceding, {Season::Spring, 1901, PhaseType::Movement});
    if (!before) return std::nullopt;
    OrderSheet sheet(variant_, rules_, *before);
    auto orders = submit(sheet, preceding.orders, PhaseType::Movement);
    auto result = adjudicate(variant_, rules_, *before, sheet.orders(), sheet.ordered());
    if (!compare(sheet, result, preceding.orders, orders, "preceding movement: ")) {
      report_ += "preceding orders:\n" + describe_orders(variant_, *before, sheet, result, orders);
      return std::nullopt;
    }
    if (result.next.phase.type != PhaseType::Retreat) {
      // No dislodged unit could retreat, so the engine skipped the retreat phase: every
      // retreat order fails.
      for (const auto& order : case_.phase.orders)
        if (order.succeeds.value_or(false))
          report_ += order.power + ": " + order.text + ": expected Succeeds, but the engine skips the retreat phase (" +
                     phase_code(result.next.phase) + " follows)\n";
      return std::nullopt;
    }
    return result.next;
  }

  std::vector<SubmittedOrder> submit(OrderSheet& sheet, const std::vector<TedOrder>& orders, PhaseType phase) {
    std::vector<SubmittedOrder> submitted;
    for (const auto& order : orders) {
      auto s = submit_written_order(variant_, sheet, order.power, order.text, phase);
      if (s) submitted.push_back(*s);
      else report_ += s.error() + "\n";
    }
    return submitted;
  }

  bool compare(const OrderSheet& sheet, const PhaseResult& result, const std::vector<TedOrder>& expected,
               const std::vector<SubmittedOrder>& submitted, std::string_view context) {
    bool agree = expected.size() == submitted.size();
    for (std::size_t i = 0; agree && i < expected.size(); ++i) {
      if (!expected[i].succeeds) continue;
      Outcome outcome = outcome_of(variant_, sheet, result, submitted[i]);
      if ((outcome == Outcome::Ok) == *expected[i].succeeds) continue;
      agree = false;
      report_ += std::string(context) + expected[i].power + ": " + expected[i].text + ": expected " +
                 (*expected[i].succeeds ? "Succeeds" : "Fails") + ", the engine says " + outcome_name(outcome) + "\n";
    }
    return agree;
  }

  void compare_civil_disorder(const PhaseResult& result) {
    std::vector<std::string> expected, removed;
    for (const auto& line : *case_.civil_disorder) {
      auto split = split_power(line);
      auto unit = split ? unit_named(split->first, split->second) : std::nullopt;
      if (unit) expected.push_back(describe_unit(variant_, *unit));
    }
    for (const auto& unit : result.removed_without_order) removed.push_back(describe_unit(variant_, unit));
    std::sort(expected.begin(), expected.end());
    std::sort(removed.begin(), removed.end());
    if (expected == removed) return;
    std::string text = "civil disorder: expected removed";
    for (const auto& e : expected) text += " [" + e + "]";
    text += ", the engine removed";
    for (const auto& r : removed) text += " [" + r + "]";
    report_ += text + "\n";
  }

  const Variant& variant_;
  const RuleOptions& rules_;
  const TedCase& case_;
  std::string report_;
};

}  // namespace

tl::expected<std::vector<TedCase>, std::string> load_teddriggs_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return tl::unexpected(path.string() + ": cannot open the file");
  Json json = Json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.contains("cases")) return tl::unexpected(path.string() + ": not a case file");
  std::vector<TedCase> cases;
  for (const auto& entry : json["cases"]) {
    try {
      auto c = read_case(entry);
      if (!c) return tl::unexpected(path.string() + ": " + c.error());
      cases.push_back(std::move(*c));
    } catch (const Json::exception& e) {
      return tl::unexpected(path.string() + ": " + entry.value("name", "?") + ": " + e.what());
    }
  }
  return cases;
}

::testing::AssertionResult run_teddriggs_case(const Variant& variant, const RuleOptions& rules, const TedCase& ted_case) {
  return TedRun(variant, rules, ted_case).run();
}

}  // namespace stratagem::diplomacy::testing
