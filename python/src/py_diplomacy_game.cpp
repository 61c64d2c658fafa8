#include "py_diplomacy_game.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "bindings.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_legal.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

py::list units_of(const Variant& variant, const GameState& state, Power power) {
  std::vector<std::pair<std::string_view, py::str>> units;
  state.occupied_provinces().for_each([&](int p) {
    const Unit& unit = state.unit_at(province_at(p));
    if (unit.power == power) units.emplace_back(variant.location_code(unit.location), text_cache->unit(unit, false));
  });
  py::list list = sorted_texts(std::move(units));
  std::vector<std::pair<std::string_view, py::str>> dislodged;
  state.dislodged_provinces().for_each([&](int p) {
    const Unit unit = state.dislodged_in(province_at(p))->unit;
    if (unit.power == power) dislodged.emplace_back(variant.location_code(unit.location), text_cache->unit(unit, true));
  });
  for (const auto& unit : sorted_texts(std::move(dislodged))) list.append(unit);
  return list;
}

py::list centres_of(const Variant& variant, const GameState& state, Power power) {
  std::vector<std::pair<std::string_view, py::str>> centres;
  variant.all_supply_centres().for_each([&](int p) {
    if (state.centre_owner(province_at(p)) == power)
      centres.emplace_back(variant.province_code(province_at(p)), text_cache->province(province_at(p)));
  });
  return sorted_texts(std::move(centres));
}

namespace {

// MILA: the provinces of the units to order (the dislodged ones in a retreat phase), or
// in an adjustment phase the build sites or the units that may be removed; sorted.
py::list orderable_of(const Variant& variant, const GameState& state, Power power, bool done) {
  py::list places;
  if (done) return places;
  const auto units_of_power = [&] {
    for (Province p : text_cache->provinces_by_code())
      if (state.occupied(p) && state.unit_at(p).power == power) places.append(text_cache->province(p));
  };
  switch (state.phase.type) {
    case PhaseType::Movement:
      units_of_power();
      break;
    case PhaseType::Retreat:
      for (Province p : text_cache->provinces_by_code())
        if (state.dislodged_provinces().contains(index(p)) && state.dislodged_in(p)->unit.power == power)
          places.append(text_cache->province(p));
      break;
    case PhaseType::Adjustment: {
      const int delta = adjustment_delta(variant, state, power);
      if (delta > 0) {
        std::vector<std::pair<std::string_view, py::str>> sites;
        for (Province site : build_sites(variant, state, power))
          sites.emplace_back(variant.province_code(site), text_cache->province(site));
        return sorted_texts(std::move(sites));
      }
      if (delta < 0) units_of_power();
      break;
    }
  }
  return places;
}

// MILA's layout: every location of the map is a key; a unit's orders are listed under
// its location and, on a named coast, under its province too; a build under its site
// (and a fleet's on a coast under the coast too), WAIVE under each of the power's sites.
// `coastless_supports`: a support of a fleet's move to a coast is also listed without the
// coast ("A CON S F GRE - BUL" beside "A CON S F GRE - BUL/SC"), as MILA lists it.
py::dict possible_orders_dict(const Variant& variant, const GameState& state, const PossibleOrders& found,
                              bool coastless_supports = false) {
  // The texts listed, run after run, and where each run is listed: a unit's orders are
  // one run, listed under its location (and its province); a power's builds and WAIVEs
  // one run each. Counted first so that every list is made at its size.
  std::vector<PyObject*> texts;  // borrowed: the cache keeps them
  texts.reserve(found.orders.size() + found.orders.size() / 4);
  struct Run {
    Location at;
    std::size_t begin, end;  // texts[begin, end)
  };
  std::vector<Run> runs;
  runs.reserve(2 * found.groups.size());
  std::vector<Py_ssize_t> counts(text_cache->location_count(), 0);
  const auto list_under = [&](Location at, std::size_t begin) {
    runs.push_back({at, begin, texts.size()});
    counts[index(at)] += static_cast<Py_ssize_t>(texts.size() - begin);
  };
  std::vector<Order> coastless_listed;  // of the unit whose orders are being listed
  int begin = 0;
  for (const PossibleOrders::Group& group : found.groups) {
    if (group.at == Location::None) {
      for (int i = begin; i < group.end; ++i) {
        const Order& order = found.orders[i];
        const std::size_t first = texts.size();
        texts.push_back(text_cache->order(state, order));
        if (order.kind() == OrderKind::Waive) {
          for (Province site : build_sites(variant, state, group.power))
            for (int l = 0; l < variant.location_count(); ++l)
              if (variant.province_of(location_at(l)) == site) list_under(location_at(l), first);
          continue;
        }
        list_under(order.unit(), first);
        const Location main = variant.main_location(variant.province_of(order.unit()));
        if (main != order.unit()) list_under(main, first);
      }
      begin = group.end;
      continue;
    }
    const std::size_t first = texts.size();
    for (int i = begin; i < group.end; ++i) {
      const Order& order = found.orders[i];
      texts.push_back(text_cache->order(state, order));
      if (!coastless_supports || order.kind() != OrderKind::SupportMove) continue;
      const Location province = variant.main_location(variant.province_of(order.dest()));
      if (province == order.dest()) continue;
      const Order coastless = Order::support_move(order.unit_type(), order.unit(), order.target(), province);
      // Both coasts of a province give one support without a coast, which the unit's own
      // list has already where the fleet may reach either coast.
      const auto unit_orders = found.orders.begin();
      if (std::find(unit_orders + begin, unit_orders + group.end, coastless) != unit_orders + group.end ||
          std::find(coastless_listed.begin(), coastless_listed.end(), coastless) != coastless_listed.end())
        continue;
      coastless_listed.push_back(coastless);
      texts.push_back(text_cache->order(state, coastless));
    }
    list_under(group.at, first);
    const Location main = variant.main_location(variant.province_of(group.at));
    if (main != group.at) list_under(main, first);
    begin = group.end;
    coastless_listed.clear();
  }
  std::vector<PyObject*> lists(counts.size());
  py::dict by_location = text_cache->dict_of_locations();
  for (std::size_t l = 0; l < counts.size(); ++l) {
    lists[l] = PyList_New(counts[l]);
    if (!lists[l] ||
        PyDict_SetItem(by_location.ptr(), text_cache->location(location_at(static_cast<int>(l))).ptr(), lists[l]) != 0)
      throw py::error_already_set();
    Py_DECREF(lists[l]);  // the dict holds it
    counts[l] = 0;
  }
  for (const Run& run : runs) {
    PyObject* list = lists[index(run.at)];
    Py_ssize_t& filled = counts[index(run.at)];
    for (std::size_t i = run.begin; i < run.end; ++i) {
      Py_INCREF(texts[i]);
      PyList_SET_ITEM(list, filled++, texts[i]);
    }
  }
  return by_location;
}

// unit -> result words of the CLI contract; [] for an order carried out or a unit that
// held without one.
py::dict results_dict(const formats::PhaseReport& report) {
  py::dict results;
  for (const auto& entries : report.results)
    for (const formats::OrderReport& entry : entries) {
      if (!entry.unit) continue;
      py::str unit(*entry.unit);
      py::list words = results.contains(unit) ? py::list(results[unit]) : py::list();
      if (entry.result != Outcome::Ok && entry.result != Outcome::Hold)
        words.append(py::str(std::string(formats::outcome_code(entry.result))));
      results[unit] = words;
    }
  return results;
}

// Orders by power as MILA writes them: a list, or None where none were given.
template <class OrderT, class Text>
py::dict orders_dict(const Variant& variant, const OrdersByPower<OrderT>& orders, Text text_of) {
  py::dict by_power;
  for (int p = 0; p < variant.power_count(); ++p) {
    if (!orders.given[p]) {
      by_power[text_cache->power(power_at(p))] = py::none();
      continue;
    }
    py::list list;
    for (const OrderT& order : orders.orders[p]) list.append(py::str(text_of(order)));
    by_power[text_cache->power(power_at(p))] = list;
  }
  return by_power;
}

// A support to a move onto a named coast, written without the coast ("F POR S F MAO -
// SPA/NC" -> "F POR S F MAO - SPA"), as MILA reads it; empty for any other text, and for
// an army's support of a fleet, whose coast MILA keeps and holds the move to (DATC 6.B.9).
std::string support_without_coast(std::string_view text) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  if (words.size() != 7 || (words[2] != "S" && words[2] != "s") || words[6].find('/') == std::string_view::npos)
    return {};
  const auto is = [](std::string_view word, char type) { return word.size() == 1 && std::toupper(word[0]) == type; };
  if (is(words[0], 'A') && is(words[3], 'F')) return {};
  std::string out;
  for (std::size_t i = 0; i < 6; ++i) out.append(words[i]).append(" ");
  return out.append(words[6].substr(0, words[6].find('/')));
}

// The text MILA keeps for a support of a fleet's move onto a province with coasts: the
// destination written without a coast stays so ("A MAR S F GAS - SPA", where the engine
// writes SPA/NC); an army's support keeps the coast written; a fleet's support gets the
// coast the mover can reach, or none where it can reach two (MILA's default coast, which
// is the engine's reading of the support without the coast, `canonical`).
std::string mila_support_text(const std::string& canonical, std::string_view written, bool by_army) {
  while (!written.empty() && written.back() == ' ') written.remove_suffix(1);
  const std::string_view written_destination = written.substr(written.rfind(' ') + 1);
  const std::size_t written_slash = written_destination.find('/');
  const std::size_t slash = canonical.rfind('/');
  const bool canonical_coast = slash != std::string::npos && slash > canonical.rfind(' ');
  if (written_slash != std::string_view::npos && !by_army) return canonical;
  if ((written_slash != std::string_view::npos) == canonical_coast) return canonical;
  if (canonical_coast) return canonical.substr(0, slash);
  std::string coast(written_destination.substr(written_slash));
  for (char& c : coast) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return canonical + coast;
}

// Whether a text may say VIA as Python's upper() reads it: ASCII VIA in any case, or any
// non-ASCII character (whose upper case may be one of those letters).
bool may_say_via(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) >= 0x80) return true;
    if ((text[i] | 0x20) == 'v' && i + 2 < text.size() && (text[i + 1] | 0x20) == 'i' && (text[i + 2] | 0x20) == 'a')
      return true;
  }
  return false;
}

// Some text of `items` that may say VIA is not held as written by `accepted`.
bool some_via_not_held(const std::vector<py::handle>& items, const std::vector<AcceptedOrder>& accepted) {
  for (const py::handle& item : items) {
    const std::string_view text = utf8_of(item);
    if (!may_say_via(text)) continue;
    if (std::none_of(accepted.begin(), accepted.end(), [&](const AcceptedOrder& order) { return order.text == text; }))
      return true;
  }
  return false;
}

bool has_retreats_field(const std::string& text) {
  const auto json = formats::parse_json(text);
  return json && json->is_object() && json->contains("retreats");
}

}  // namespace

PossibleOrders possible_orders(const Variant& variant, const GameState& state) {
  PossibleOrders found;
  found.orders.reserve(1024);
  formats::for_each_legal_order_list(variant, state, [&](Power power, const Unit* unit, const OrderList& list) {
    found.orders.insert(found.orders.end(), list.begin(), list.end());
    found.groups.push_back({unit ? unit->location : Location::None, power, static_cast<int>(found.orders.size())});
  });
  return found;
}

std::string state_json(const Variant& variant, const GameState& state) {
  nlohmann::ordered_json out = formats::write_state(variant, state);
  nlohmann::ordered_json homes = nlohmann::ordered_json::object(), builds = nlohmann::ordered_json::object();
  for (int p = 0; p < variant.power_count(); ++p) {
    const Power power = power_at(p);
    std::vector<std::string> home_codes, sites;
    variant.home_centres(power).for_each([&](int c) { home_codes.push_back(variant.province_code(province_at(c))); });
    int count = 0;
    if (state.phase.type == PhaseType::Adjustment) {
      count = adjustment_delta(variant, state, power);
      if (count > 0) {
        for (Province site : build_sites(variant, state, power)) sites.push_back(variant.province_code(site));
        count = std::min<int>(count, static_cast<int>(sites.size()));
      }
    }
    std::sort(home_codes.begin(), home_codes.end());
    std::sort(sites.begin(), sites.end());
    homes[variant.power_code(power)] = home_codes;
    builds[variant.power_code(power)] = {{"count", count}, {"homes", sites}};
  }
  out["homes"] = std::move(homes);
  out["builds"] = std::move(builds);
  return formats::dump_json(out, false);
}

GameState state_from_json(const Variant& variant, const std::string& text, const std::string& path) {
  auto state = formats::parse_json(text).and_then(
      [&](const nlohmann::json& input) { return formats::read_state(variant, input, path); });
  if (!state) bad_input(state.error());
  return *state;
}

PyDiplomacyGame::PyDiplomacyGame(const std::string& rules, std::optional<int> max_year)
    : game_(standard_variant(), rules_named(rules), max_year), lists_(MilaLists::at_start(variant(), state())) {
  const int first_year = standard_variant().start_phase().year;
  if (max_year && (*max_year < first_year || *max_year > kLastYear))
    bad_input("max_year: must be from " + std::to_string(first_year) + " to " + std::to_string(kLastYear) + ", got " +
              std::to_string(*max_year));
}

std::string PyDiplomacyGame::current_phase() const {
  return game_.is_done() ? "COMPLETED" : phase_code(game_.state().phase);
}

std::string PyDiplomacyGame::rules_profile() const { return game_.rules() == datc_v24_rules() ? "datc" : "standard"; }

py::object PyDiplomacyGame::units(const std::optional<std::string>& power) const {
  return for_power_or_all(variant(), power, [&](Power p) { return units_of(variant(), game_.state(), p); });
}

py::object PyDiplomacyGame::centres(const std::optional<std::string>& power) const {
  return for_power_or_all(variant(), power, [&](Power p) { return centres_of(variant(), game_.state(), p); });
}

py::object PyDiplomacyGame::orderable_locations(const std::optional<std::string>& power) const {
  const bool done = game_.is_done();
  return for_power_or_all(variant(), power, [&](Power p) { return orderable_of(variant(), game_.state(), p, done); });
}

py::dict PyDiplomacyGame::all_possible_orders(bool coastless_supports) const {
  const GameState state = game_.state();
  const bool done = game_.is_done();
  PossibleOrders found;
  if (!done) {
    py::gil_scoped_release unlocked;
    found = possible_orders(variant(), state);
  }
  // Every list is empty once the game is over.
  return possible_orders_dict(variant(), state, found, coastless_supports);
}

void PyDiplomacyGame::set_orders(const std::string& power_name, const py::handle& orders, bool /*expand*/,
                                 bool replace) {
  give_orders(power_name, orders, replace ? Merge::Replace : Merge::Append, strict_);
}

py::list PyDiplomacyGame::give_orders(const std::string& power_name, const py::handle& orders, Merge merge, bool strict,
                                      bool support_any_coast) {
  return give_orders_to(power_named(variant(), power_name), orders, merge, strict, support_any_coast, false, nullptr);
}

py::list PyDiplomacyGame::give_orders_to(Power power, const py::handle& orders, Merge merge, bool strict,
                                         bool support_any_coast, bool only_if_settled, bool* settled) {
  if (game_.is_done()) bad_input("set_orders: the game is over");
  std::vector<py::handle> items;
  if (py::isinstance<py::str>(orders)) {
    items.push_back(orders);
  } else if (PyList_CheckExact(orders.ptr())) {
    items.reserve(static_cast<std::size_t>(PyList_GET_SIZE(orders.ptr())));
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(orders.ptr()); ++i) items.push_back(PyList_GET_ITEM(orders.ptr(), i));
  } else if (py::isinstance<py::iterable>(orders)) {
    for (const py::handle& item : py::iter(orders)) items.push_back(item);
  } else {
    bad_input(variant().power_code(power) + ": orders must be a list of strings, got " +
              std::string(py::str(py::type::handle_of(orders).attr("__name__"))));
  }
  const PhaseType phase = game_.state().phase.type;
  const bool by_unit = merge == Merge::ByUnit || merge == Merge::ByUnitKeepEarlier;
  py::list dropped;
  std::vector<AcceptedOrder> accepted;
  if (merge != Merge::Replace) accepted = game_.orders().orders[index(power)];
  const auto unit_of = [&](const AcceptedOrder& order) {
    return order.parsed.order.kind() == OrderKind::Waive ? Province::None
                                                         : variant().province_of(order.parsed.order.unit());
  };
  ProvinceSet ordered_before, ordered_in_call;
  for (const AcceptedOrder& order : accepted)
    if (unit_of(order) != Province::None) ordered_before.insert(index(unit_of(order)));
  accepted.reserve(accepted.size() + items.size());
  for (const py::handle& item : items) {
    if (!py::isinstance<py::str>(item))
      bad_input(variant().power_code(power) + ": an order must be a string, got " +
                std::string(py::str(py::type::handle_of(item).attr("__name__"))));
    const std::string_view text = utf8_of(item);
    if (text.empty()) continue;  // MILA skips empty orders
    const ParsedOrder* known = text_cache->parsed(phase, item);
    std::string without_coast;
    // A support of a move to a coast is read without the coast, as MILA's Game reads it,
    // also where the text is one the module listed (else a game's answers would depend on
    // the games played before it).
    if (support_any_coast && phase == PhaseType::Movement && text.find('/') != std::string_view::npos &&
        (!known || known->order.kind() == OrderKind::SupportMove))
      without_coast = support_without_coast(text);
    if (!without_coast.empty()) known = nullptr;
    auto order = known                   ? game_.check_order(power, *known, text)
                 : without_coast.empty() ? game_.read_order(power, text)
                                         : game_.read_order(power, without_coast);
    if (order && by_unit && (!known || order->parsed.order != known->order) && phase == PhaseType::Movement) {
      // The engine takes a unit written with the wrong type for the one standing there;
      // MILA's face refuses it, as MILA does (also for a text listed in another game,
      // which this position reads otherwise).
      const auto written = parse_order(variant(), text, phase);
      if (written && !mila_type_error(variant(), game_.state(), power, *written).empty())
        order = tl::unexpected(std::string(formats::in_quotes(text)) + ": no such unit there");
    }
    if (!order) {
      if (by_unit) {
        dropped.append(py::make_tuple(item, order.error()));
        continue;
      }
      std::string why = variant().power_code(power) + ": " + order.error();
      if (strict) bad_input(why);
      errors_.append(py::str(why));
      continue;
    }
    // MILA keeps a support of a fleet's move with or without the coast, as written, also
    // with expand=False.
    if (by_unit && phase == PhaseType::Movement && order->parsed.order.kind() == OrderKind::SupportMove &&
        order->parsed.target_type == UnitType::Fleet)
      order->text = mila_support_text(order->text, text, order->parsed.order.unit_type() == UnitType::Army);
    // MILA keeps an army's move that only a convoy can make as written, without the VIA
    // our canonical text adds ("A BUL - TRI" for "A BUL - TRI VIA").
    if (by_unit && phase == PhaseType::Movement && order->parsed.order.kind() == OrderKind::Move &&
        order->parsed.order.via_convoy() && order->text.ends_with(" VIA") && !may_say_via(text))
      order->text.resize(order->text.size() - 4);
    const Province unit = unit_of(*order);
    if (by_unit && unit != Province::None) {
      // MILA: a unit ordered before keeps its order with replace=False; in retreats and
      // adjustments the first order of a call for a unit (or site) stands.
      if ((merge == Merge::ByUnitKeepEarlier && ordered_before.contains(index(unit))) ||
          (phase != PhaseType::Movement && ordered_in_call.contains(index(unit)))) {
        dropped.append(py::make_tuple(item, "the unit has an order already"));
        continue;
      }
      ordered_in_call.insert(index(unit));
      std::erase_if(accepted, [&](const AcceptedOrder& earlier) { return unit_of(earlier) == unit; });
    }
    accepted.push_back(std::move(*order));
  }
  const bool via_unsettled = by_unit && some_via_not_held(items, accepted);
  if (only_if_settled) {
    *settled = dropped.empty() && !(phase == PhaseType::Movement && via_unsettled) &&
               !(phase == PhaseType::Adjustment &&
                 std::any_of(accepted.begin(), accepted.end(), [](const AcceptedOrder& order) {
                   return order.parsed.order.kind() == OrderKind::Waive;
                 }));
    if (!*settled) return dropped;
  }
  if (by_unit) via_left_unsettled_ = via_unsettled;
  game_.set_orders(power, std::move(accepted));
  return dropped;
}

py::object PyDiplomacyGame::orders(const std::optional<std::string>& power) const {
  return for_power_or_all(variant(), power, [&](Power p) {
    py::list list;
    for (const AcceptedOrder& order : game_.orders().orders[index(p)]) list.append(py::str(order.text));
    return list;
  });
}

void PyDiplomacyGame::process() {
  if (game_.is_done()) bad_input("process: the game is over");
  PendingPhase phase = game_.pending();
  GameState next;
  {
    py::gil_scoped_release unlocked;
    next = DiplomacyGame::adjudicate(variant(), game_.rules(), phase).result.next;
  }
  game_.advance(std::move(phase), std::move(next));
}

py::dict PyDiplomacyGame::order_results() const {
  if (game_.history().empty()) return py::dict();
  const PlayedPhase last = game_.history().back();
  formats::PhaseReport report;
  {
    py::gil_scoped_release unlocked;
    report = report_of(variant(), game_.rules(), last);
  }
  return results_dict(report);
}

py::list PyDiplomacyGame::played_phases() const {
  const std::vector<PlayedPhase> history = game_.history();
  std::vector<formats::PhaseReport> reports;
  std::vector<std::string> states;
  {
    py::gil_scoped_release unlocked;
    for (const PlayedPhase& phase : history) {
      reports.push_back(report_of(variant(), game_.rules(), phase));
      states.push_back(state_json(variant(), phase.state));
    }
  }
  py::list phases;
  for (std::size_t i = 0; i < history.size(); ++i)
    phases.append(py::make_tuple(states[i],
                                 orders_dict(variant(), history[i].orders, [](const std::string& s) { return s; }),
                                 results_dict(reports[i])));
  return phases;
}

py::dict PyDiplomacyGame::current_orders_dict() const {
  return orders_dict(variant(), game_.orders(), [](const AcceptedOrder& order) { return order.text; });
}

void PyDiplomacyGame::restore(const std::vector<SavedPhaseTuple>& phases, bool completed) {
  std::vector<SavedPhase> saved;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    const auto& [position, orders, dislodged] = phases[i];
    SavedPhase phase{state_from_json(variant(), position, "phases[" + std::to_string(i) + "].state"),
                     OrdersByPower<std::string>(variant().power_count()), dislodged, has_retreats_field(position)};
    read_saved_orders(orders, phase.orders, "phases[" + std::to_string(i) + "].orders");
    saved.push_back(std::move(phase));
  }
  tl::expected<void, std::string> restored;
  {
    py::gil_scoped_release unlocked;
    restored = game_.restore(std::move(saved), completed);
  }
  if (!restored) bad_input(restored.error());
}

void PyDiplomacyGame::read_saved_orders(const py::dict& saved, OrdersByPower<std::string>& orders,
                                        const std::string& path) const {
  for (const auto& [power_name, list] : saved) {
    const Power power = power_named(variant(), py::str(power_name));
    if (list.is_none()) continue;
    if (!py::isinstance<py::list>(list) && !py::isinstance<py::tuple>(list))
      bad_input(path + "." + variant().power_code(power) + ": must be a list of orders or null");
    orders.given[index(power)] = true;
    for (const py::handle& order : list) {
      if (!py::isinstance<py::str>(order))
        bad_input(path + "." + variant().power_code(power) + ": orders must be strings");
      orders.orders[index(power)].push_back(py::str(order));
    }
  }
}

void PyDiplomacyGame::set_position(const std::string& position) {
  game_.set_position(state_from_json(variant(), position, "position"));
}

}  // namespace stratagem::python
