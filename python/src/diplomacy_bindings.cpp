// stratagem._core: the Diplomacy half. `DiplomacyGame` carries the names of MILA's
// `diplomacy.Game` (the pure-Python `stratagem.diplomacy.Game` derives from it and adds
// what is easier in Python: the powers, saved games); `selfplay` plays random games on
// several threads. Adjudication and order generation run with the interpreter lock
// released, on copies of what they read, so that other threads go on meanwhile and
// nothing they do can pull the data away.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bindings.h"
#include "diplomacy_game.h"
#include "mila_results.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/board_encoding.h"
#include "stratagem/diplomacy/position_hash.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_legal.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/runners/parallel_selfplay.h"

namespace stratagem::python {

[[noreturn]] void bad_input(const std::string& message) { throw pybind11::value_error(message); }

diplomacy::RuleOptions rules_named(const std::string& name) {
  auto rules = diplomacy::rules_by_name(name);
  if (!rules)
    bad_input("rules: unknown rule profile " + formats::in_quotes(name) + " (the profiles are standard, datc)");
  return *rules;
}

namespace py = pybind11;
using namespace diplomacy;

namespace {

// Order texts by order (with the supported unit's type and the phase type): an open
// addressing table, as a phase looks up hundreds of orders and a node-based map costs a
// division and two cache misses for each.
class OrderTexts {
 public:
  PyObject* find(std::uint64_t key) const {
    for (std::size_t slot = home(key);; slot = (slot + 1) & (slots_.size() - 1)) {
      if (!slots_[slot].text) return nullptr;
      if (slots_[slot].key == key) return slots_[slot].text;
    }
  }
  // `text`: a new key's string, owned by the table from now on.
  void insert(std::uint64_t key, PyObject* text) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(key, text);
    ++size_;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    PyObject* text = nullptr;
  };
  std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1);
  }
  void place(std::uint64_t key, PyObject* text) {
    std::size_t slot = home(key);
    while (slots_[slot].text) slot = (slot + 1) & (slots_.size() - 1);
    slots_[slot] = {key, text};
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    for (const Slot& slot : old)
      if (slot.text) place(slot.key, slot.text);
  }
  std::vector<Slot> slots_ = std::vector<Slot>(1 << 14);
  std::size_t size_ = 0;
};

// The Python strings the module hands out: every location, unit and order text is made
// once and kept, so listing a phase's possible orders builds no text, and an order
// handed back to set_orders() is recognised by a dictionary lookup on the string (whose
// hash Python keeps) instead of being parsed again. The texts are canonical, so there
// are as many as the map has orders: a few tens of thousands at most. Used only with the
// interpreter lock held.
class TextCache {
 public:
  explicit TextCache(const Variant& variant) : variant_(variant) {
    for (int l = 0; l < variant.location_count(); ++l)
      locations_.push_back(py::str(variant.location_code(location_at(l))));
    for (int p = 0; p < variant.power_count(); ++p) powers_.push_back(py::str(variant.power_code(power_at(p))));
    for (const py::str& location : locations_) every_location_[location] = py::none();
    for (int p = 0; p < variant.power_count(); ++p) {
      std::vector<std::pair<std::string_view, int>> codes;
      variant.home_centres(power_at(p)).for_each(
          [&](int c) { codes.emplace_back(variant.province_code(province_at(c)), c); });
      std::sort(codes.begin(), codes.end());
      py::list homes;
      for (const auto& [code, c] : codes) homes.append(province(province_at(c)));
      homes_.push_back(homes);
    }
  }

  const py::str& location(Location l) const { return locations_[index(l)]; }
  const py::str& province(Province p) const { return locations_[index(variant_.main_location(p))]; }
  const py::str& power(Power p) const { return powers_[index(p)]; }
  // A new list of the power's home centres, sorted.
  py::list homes(Power p) const { return py::reinterpret_steal<py::list>(PySequence_List(homes_[index(p)].ptr())); }
  int location_count() const { return static_cast<int>(locations_.size()); }
  // A new dict with every location code as a key (values None): copying it is a copy of
  // its table, where inserting the keys one by one would hash them and grow it four times.
  py::dict dict_of_locations() const {
    return py::reinterpret_steal<py::dict>(PyDict_Copy(every_location_.ptr()));
  }

  // "A PAR", "F STP/SC"; "*A PAR" for a dislodged unit.
  const py::str& unit(const Unit& unit, bool dislodged) {
    const std::uint32_t key =
        std::uint32_t(index(unit.location)) << 2 | std::uint32_t(unit.type == UnitType::Fleet) << 1 | dislodged;
    auto [entry, added] = units_.try_emplace(key);
    if (added) entry->second = py::str((dislodged ? "*" : "") + format_unit(variant_, unit));
    return entry->second;
  }

  // The canonical text of an order possible in `state` (a borrowed reference: the cache
  // keeps the string for good).
  PyObject* order(const GameState& state, const Order& order) {
    UnitType supported = UnitType::Army;
    if (order.is_support()) supported = state.unit_at(variant_.province_of(order.target())).type;
    const PhaseType phase = state.phase.type;
    const std::uint64_t key = std::uint64_t(order.raw()) | std::uint64_t(supported == UnitType::Fleet) << 32 |
                              std::uint64_t(static_cast<int>(phase)) << 33;
    if (PyObject* known = orders_.find(key)) return known;
    py::str text(format_order(variant_, order, supported));
    by_text_[static_cast<int>(phase)][text] = py::int_(parsed_.size());
    parsed_.push_back(canonical_parse(order, supported));
    orders_.insert(key, text.ptr());
    return text.release().ptr();
  }

  // A text handed out by order() for this phase type, as parsed; null for any other.
  const ParsedOrder* parsed(PhaseType phase, const py::handle& text) const {
    PyObject* found = PyDict_GetItemWithError(by_text_[static_cast<int>(phase)].ptr(), text.ptr());
    if (!found) {
      if (PyErr_Occurred()) throw py::error_already_set();
      return nullptr;
    }
    return &parsed_[PyLong_AsSize_t(found)];
  }

 private:
  const Variant& variant_;
  std::vector<py::str> locations_, powers_;
  std::vector<py::list> homes_;
  py::dict every_location_;
  std::unordered_map<std::uint32_t, py::str> units_;
  OrderTexts orders_;
  std::array<py::dict, 3> by_text_;  // by PhaseType: text -> index into parsed_
  std::vector<ParsedOrder> parsed_;
};

// Made at import and never freed: its Python objects must not be released after the
// interpreter has shut down.
TextCache* text_cache = nullptr;

Power power_named(const Variant& variant, const std::string& name) {
  // The canonical code, as research loops pass it, before any other name of the power.
  for (int p = 0; p < variant.power_count(); ++p)
    if (variant.power_code(power_at(p)) == name) return power_at(p);
  auto power = formats::read_power(variant, name);
  if (!power) bad_input(power.error());
  return *power;
}

// The profile's name, for saved games.
std::string rules_name(const RuleOptions& rules) { return rules == datc_v24_rules() ? "datc" : "standard"; }

py::list sorted_texts(std::vector<std::pair<std::string_view, py::str>> entries) {
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  py::list list(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) list[i] = entries[i].second;
  return list;
}

// For one power or, with no power given, a dict of every power: as MILA's getters.
template <class OfPower>
py::object for_power_or_all(const Variant& variant, const std::optional<std::string>& power, OfPower of_power) {
  if (power) return of_power(power_named(variant, *power));
  py::dict all;
  for (int p = 0; p < variant.power_count(); ++p) all[text_cache->power(power_at(p))] = of_power(power_at(p));
  return all;
}

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

// MILA: the provinces of the units to order (the dislodged ones in a retreat phase), or
// in an adjustment phase the build sites or the units that may be removed.
py::list orderable_of(const Variant& variant, const GameState& state, Power power, bool done) {
  std::vector<std::pair<std::string_view, py::str>> places;
  const auto add = [&](Province p) { places.emplace_back(variant.province_code(p), text_cache->province(p)); };
  if (done) return py::list();
  switch (state.phase.type) {
    case PhaseType::Movement:
      state.occupied_provinces().for_each([&](int p) {
        if (state.unit_at(province_at(p)).power == power) add(province_at(p));
      });
      break;
    case PhaseType::Retreat:
      state.dislodged_provinces().for_each([&](int p) {
        if (state.dislodged_in(province_at(p))->unit.power == power) add(province_at(p));
      });
      break;
    case PhaseType::Adjustment: {
      const int delta = adjustment_delta(variant, state, power);
      if (delta > 0)
        for (Province site : build_sites(variant, state, power)) add(site);
      if (delta < 0)
        state.occupied_provinces().for_each([&](int p) {
          if (state.unit_at(province_at(p)).power == power) add(province_at(p));
        });
      break;
    }
  }
  return sorted_texts(std::move(places));
}

// Every legal order of a position, found without the interpreter lock: by the location
// they are listed under, the orders of each unit (or power, in adjustments).
struct PossibleOrders {
  struct Group {
    Location at;  // the unit's location; None: the power's build sites (WAIVE, builds)
    Power power;
    int end;  // orders[previous end, end)
  };
  std::vector<Order> orders;
  std::vector<Group> groups;
};

PossibleOrders possible_orders(const Variant& variant, const GameState& state) {
  PossibleOrders found;
  found.orders.reserve(1024);
  formats::for_each_legal_order_list(variant, state, [&](Power power, const Unit* unit, const OrderList& list) {
    found.orders.insert(found.orders.end(), list.begin(), list.end());
    found.groups.push_back({unit ? unit->location : Location::None, power, static_cast<int>(found.orders.size())});
  });
  return found;
}

// MILA's layout: every location of the map is a key; a unit's orders are listed under
// its location and, on a named coast, under its province too; a build under its site
// (and a fleet's on a coast under the coast too), WAIVE under each of the power's sites.
py::dict possible_orders_dict(const Variant& variant, const GameState& state, const PossibleOrders& found) {
  // Where each order is listed, counted first so that every list is made at its size.
  std::vector<std::pair<Location, PyObject*>> listings;
  listings.reserve(found.orders.size() + found.orders.size() / 4);
  std::vector<Py_ssize_t> counts(text_cache->location_count(), 0);
  const auto list_under = [&](Location at, PyObject* text) {
    listings.emplace_back(at, text);
    ++counts[index(at)];
  };
  int begin = 0;
  for (const PossibleOrders::Group& group : found.groups) {
    for (int i = begin; i < group.end; ++i) {
      const Order& order = found.orders[i];
      PyObject* text = text_cache->order(state, order);
      if (order.kind() == OrderKind::Waive) {
        for (Province site : build_sites(variant, state, group.power))
          for (int l = 0; l < variant.location_count(); ++l)
            if (variant.province_of(location_at(l)) == site) list_under(location_at(l), text);
        continue;
      }
      list_under(order.unit(), text);
      const Location main = variant.main_location(variant.province_of(order.unit()));
      if (main != order.unit()) list_under(main, text);
    }
    begin = group.end;
  }
  std::vector<PyObject*> lists(counts.size());
  py::dict by_location = text_cache->dict_of_locations();
  for (std::size_t l = 0; l < counts.size(); ++l) {
    lists[l] = PyList_New(counts[l]);
    if (!lists[l] || PyDict_SetItem(by_location.ptr(), text_cache->location(location_at(static_cast<int>(l))).ptr(),
                                    lists[l]) != 0)
      throw py::error_already_set();
    Py_DECREF(lists[l]);  // the dict holds it
    counts[l] = 0;
  }
  for (const auto& [at, text] : listings) {
    Py_INCREF(text);
    PyList_SET_ITEM(lists[index(at)], counts[index(at)]++, text);
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

// A position as the CLI writes it, with what MILA's saved states also carry: each
// power's home centres, and in adjustments its builds (count, sites) as MILA counts them.
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
// SPA/NC" -> "F POR S F MAO - SPA"); empty for any other text.
std::string support_without_coast(std::string_view text) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  if (words.size() != 7 || (words[2] != "S" && words[2] != "s") || words[6].find('/') == std::string_view::npos)
    return {};
  std::string out;
  for (std::size_t i = 0; i < 6; ++i) out.append(words[i]).append(" ");
  return out.append(words[6].substr(0, words[6].find('/')));
}

class PyDiplomacyGame {
 public:
  PyDiplomacyGame(const std::string& rules, std::optional<int> max_year)
      : game_(standard_variant(), rules_named(rules), max_year) {
    const int first_year = standard_variant().start_phase().year;
    if (max_year && (*max_year < first_year || *max_year > kLastYear))
      bad_input("max_year: must be from " + std::to_string(first_year) + " to " + std::to_string(kLastYear) + ", got " +
                std::to_string(*max_year));
  }

  const Variant& variant() const { return game_.variant(); }
  DiplomacyGame& game() { return game_; }
  const DiplomacyGame& game() const { return game_; }
  const GameState& state() const { return game_.state(); }

  std::string current_phase() const { return game_.is_done() ? "COMPLETED" : phase_code(game_.state().phase); }

  py::object units(const std::optional<std::string>& power) const {
    return for_power_or_all(variant(), power, [&](Power p) { return units_of(variant(), game_.state(), p); });
  }
  py::object centres(const std::optional<std::string>& power) const {
    return for_power_or_all(variant(), power, [&](Power p) { return centres_of(variant(), game_.state(), p); });
  }
  py::object orderable_locations(const std::optional<std::string>& power) const {
    const bool done = game_.is_done();
    return for_power_or_all(variant(), power, [&](Power p) { return orderable_of(variant(), game_.state(), p, done); });
  }

  py::dict all_possible_orders() const {
    const GameState state = game_.state();
    const bool done = game_.is_done();
    PossibleOrders found;
    if (!done) {
      py::gil_scoped_release unlocked;
      found = possible_orders(variant(), state);
    }
    return possible_orders_dict(variant(), state, found);  // every list empty once the game is over
  }

  // MILA's default: an order that cannot be given is dropped and its reason appended to
  // `error`; strict: the call raises and changes nothing. `replace=False` adds the orders
  // to those already given.
  void set_orders(const std::string& power_name, const py::handle& orders, bool /*expand*/, bool replace) {
    give_orders(power_name, orders, replace ? Merge::Replace : Merge::Append, strict_);
  }

  // MILA's `diplomacy.engine.game.Game.set_orders`: the orders join those given, a later
  // order for a unit (or build site) replacing an earlier one (in retreats and
  // adjustments, the first of one call stands); `replace=False`: a unit ordered before
  // the call keeps its order. Returns (order, why) for each order dropped: not
  // understood, not possible, or for a unit already ordered.
  // `expand`: MILA's order expansion, which reads a support's coast as no coast
  // (`F POR S F MAO - SPA/NC` supports the move to Spain, whatever coast it goes to).
  py::list give_orders_by_unit(const std::string& power_name, const py::handle& orders, bool replace, bool expand) {
    return give_orders(power_name, orders, replace ? Merge::ByUnit : Merge::ByUnitKeepEarlier, false, expand);
  }

  bool strict() const { return strict_; }
  void set_strict(bool strict) { strict_ = strict; }
  py::list errors() const { return errors_; }
  void set_errors(const py::list& errors) { errors_ = errors; }

 private:
  enum class Merge { Replace, Append, ByUnit, ByUnitKeepEarlier };

  py::list give_orders(const std::string& power_name, const py::handle& orders, Merge merge, bool strict,
                       bool support_any_coast = false) {
    const Power power = power_named(variant(), power_name);
    if (game_.is_done()) bad_input("set_orders: the game is over");
    std::vector<py::handle> items;
    if (py::isinstance<py::str>(orders)) {
      items.push_back(orders);
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
      const std::string_view text = PyUnicode_AsUTF8AndSize_view(item);
      if (text.empty()) continue;  // MILA skips empty orders
      const ParsedOrder* known = text_cache->parsed(phase, item);
      std::string without_coast;
      if (!known && support_any_coast && phase == PhaseType::Movement) without_coast = support_without_coast(text);
      auto order = known                    ? game_.check_order(power, *known, text)
                   : without_coast.empty() ? game_.read_order(power, text)
                                           : game_.read_order(power, without_coast);
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
    game_.set_orders(power, std::move(accepted));
    return dropped;
  }

 public:

  py::object orders(const std::optional<std::string>& power) const {
    return for_power_or_all(variant(), power, [&](Power p) {
      py::list list;
      for (const AcceptedOrder& order : game_.orders().orders[index(p)]) list.append(py::str(order.text));
      return list;
    });
  }

  void clear_orders() { game_.clear_orders(); }

  void process() {
    if (game_.is_done()) bad_input("process: the game is over");
    PendingPhase phase = game_.pending();
    GameState next;
    {
      py::gil_scoped_release unlocked;
      next = DiplomacyGame::adjudicate(variant(), game_.rules(), phase).result.next;
    }
    game_.advance(std::move(phase), std::move(next));
  }

  // As process(), keeping the phase's results in MILA's words (history_results) and
  // the influence it started from (history_state); returns the units dislodged (unit ->
  // the province their attacker came from).
  py::dict process_with_mila_results() {
    if (game_.is_done()) bad_input("process: the game is over");
    PendingPhase phase = game_.pending();
    std::vector<MilaUnitResult> results;
    GameState next;
    {
      py::gil_scoped_release unlocked;
      AdjudicatedPhase adjudicated = DiplomacyGame::adjudicate(variant(), game_.rules(), phase);
      results = mila_results(variant(), phase, adjudicated);
      next = std::move(adjudicated.result.next);
    }
    mila_results_.resize(game_.history().size());
    played_influence_.resize(game_.history().size());
    played_influence_.push_back(game_.influence());
    game_.advance(std::move(phase), std::move(next));
    py::dict dislodged;
    for (const MilaUnitResult& entry : results)
      if (!entry.dislodged_by.empty()) dislodged[py::str(entry.unit)] = py::str(entry.dislodged_by);
    mila_results_.push_back(std::move(results));
    return dislodged;
  }

  // The results of phase `index` of the history, played by process_with_mila_results:
  // unit -> [word, ...], each word the object `words` has at its MilaResult's place.
  py::dict history_results(std::size_t index, const py::tuple& words) const {
    if (words.size() != 8) bad_input("_history_results: 8 result words, got " + std::to_string(words.size()));
    if (index >= mila_results_.size()) bad_input("_history_results: no phase " + std::to_string(index));
    py::dict by_unit;
    for (const MilaUnitResult& entry : mila_results_[index]) {
      py::list list(entry.results.size());
      for (std::size_t i = 0; i < entry.results.size(); ++i) list[i] = words[static_cast<int>(entry.results[i])];
      by_unit[py::str(entry.unit)] = std::move(list);
    }
    return by_unit;
  }

  // MILA's get_state() of phase `index` of the history as it began.
  py::dict history_state(std::size_t index, const std::string& name, const std::string& note,
                         std::int64_t timestamp) const {
    if (index >= played_influence_.size() || index >= game_.history().size())
      bad_input("_history_state: no phase " + std::to_string(index));
    return mila_state_of(game_.history()[index].state, played_influence_[index], false, name, note, timestamp);
  }

  // The orders of phase `index` of the history as MILA's get_orders() gave them.
  py::dict history_orders(std::size_t index) const {
    if (index >= game_.history().size()) bad_input("_history_orders: no phase " + std::to_string(index));
    const OrdersByPower<std::string>& orders = game_.history()[index].orders;
    py::dict by_power;
    for (int p = 0; p < variant().power_count(); ++p) {
      py::list list;
      for (const std::string& order : orders.orders[p]) list.append(py::str(order));
      by_power[text_cache->power(power_at(p))] = list;
    }
    return by_power;
  }

  std::size_t history_size() const { return game_.history().size(); }

  // The position as MILA's `Game.get_state()` writes it, in MILA's order of keys: the
  // caller gives the phase's name, the note and the time.
  py::dict mila_state(const std::string& name, const std::string& note, std::int64_t timestamp) const {
    return mila_state_of(game_.state(), game_.influence(), game_.is_done(), name, note, timestamp);
  }

  py::dict mila_state_of(const GameState& state, const std::array<Power, kMaxProvinces>& province_influence,
                         bool done, const std::string& name, const std::string& note, std::int64_t timestamp) const {
    const bool adjustments = state.phase.type == PhaseType::Adjustment && !done;
    py::dict units, retreats, centres, homes, influence, disorder, builds;
    for (int p = 0; p < variant().power_count(); ++p) {
      const Power power = power_at(p);
      const py::str& code = text_cache->power(power);
      units[code] = units_of(variant(), state, power);
      centres[code] = centres_of(variant(), state, power);
      py::dict retreating;
      state.dislodged_provinces().for_each([&](int d) {
        const DislodgedUnit dislodged = *state.dislodged_in(province_at(d));
        if (dislodged.unit.power != power) return;
        std::vector<std::pair<std::string_view, py::str>> places;
        dislodged.retreats.for_each([&](int l) {
          places.emplace_back(variant().location_code(location_at(l)), text_cache->location(location_at(l)));
        });
        retreating[text_cache->unit(dislodged.unit, false)] = sorted_texts(std::move(places));
      });
      retreats[code] = retreating;
      homes[code] = text_cache->homes(power);
      influence[code] = py::list();
      disorder[code] = 0;
      py::dict build;
      int count = 0;
      std::vector<std::pair<std::string_view, py::str>> sites;
      if (adjustments) {
        count = adjustment_delta(variant(), state, power);
        if (count > 0) {
          for (Province site : build_sites(variant(), state, power))
            sites.emplace_back(variant().province_code(site), text_cache->province(site));
          count = std::min<int>(count, static_cast<int>(sites.size()));
        }
      }
      build["count"] = count;
      build["homes"] = sorted_texts(std::move(sites));
      builds[code] = build;
    }
    for (int p = 0; p < variant().province_count(); ++p)
      if (const Power owner = province_influence[p]; owner != Power::None)
        py::list(influence[text_cache->power(owner)]).append(text_cache->province(province_at(p)));
    py::dict out;
    out["timestamp"] = timestamp;
    out["zobrist_hash"] = py::str(std::to_string(position_hash(variant(), state)));
    out["note"] = note;
    out["name"] = name;
    out["units"] = units;
    out["retreats"] = retreats;
    out["centers"] = centres;
    out["homes"] = homes;
    out["influence"] = influence;
    out["civil_disorder"] = disorder;
    out["builds"] = builds;
    return out;
  }

  // MILA's influence: power -> provinces where its unit stood last, in the map's order.
  py::dict influence() const {
    py::dict by_power;
    for (int p = 0; p < variant().power_count(); ++p) by_power[text_cache->power(power_at(p))] = py::list();
    for (int p = 0; p < variant().province_count(); ++p)
      if (const Power owner = game_.influence()[p]; owner != Power::None)
        py::list(by_power[text_cache->power(owner)]).append(text_cache->province(province_at(p)));
    return by_power;
  }

  void set_influence(const py::dict& by_power) {
    std::array<Power, kMaxProvinces> influence;
    influence.fill(Power::None);
    for (const auto& [power_name, provinces] : by_power) {
      const Power power = power_named(variant(), py::str(power_name));
      for (const py::handle& code : provinces) {
        const auto location = formats::read_location(variant(), std::string(py::str(code)));
        if (!location) bad_input("influence." + variant().power_code(power) + ": " + location.error());
        influence[index(variant().province_of(*location))] = power;
      }
    }
    game_.set_influence(influence);
  }

  // Makes the game stand where `position` (the CLI's JSON of a position) says, keeping
  // its history and the orders given.
  void set_position(const std::string& position) {
    game_.set_position(state_from_json(variant(), position, "position"));
  }

  py::dict order_results() const {
    if (game_.history().empty()) return py::dict();
    const PlayedPhase last = game_.history().back();
    formats::PhaseReport report;
    {
      py::gil_scoped_release unlocked;
      report = report_of(variant(), game_.rules(), last);
    }
    return results_dict(report);
  }

  std::string state_text() const { return state_json(variant(), game_.state()); }
  std::string rules_profile() const { return rules_name(game_.rules()); }
  std::optional<int> max_year() const { return game_.last_year(); }

  // The phases played, for saved games: (position as JSON text, orders, results).
  py::list played_phases() const {
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

  py::dict current_orders_dict() const {
    return orders_dict(variant(), game_.orders(), [](const AcceptedOrder& order) { return order.text; });
  }

  // A saved game's phases: (position as CLI JSON text, {power: orders or None}, the
  // dislodged units it lists) each, the last one current (DiplomacyGame::restore).
  using SavedPhaseTuple = std::tuple<std::string, py::dict, std::vector<std::string>>;
  void restore(const std::vector<SavedPhaseTuple>& phases, bool completed) {
    std::vector<SavedPhase> saved;
    for (std::size_t i = 0; i < phases.size(); ++i) {
      const auto& [position, orders, dislodged] = phases[i];
      SavedPhase phase{state_from_json(variant(), position, "phases[" + std::to_string(i) + "].state"),
                       OrdersByPower<std::string>(variant().power_count()), dislodged,
                       has_retreats_field(position)};
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

 private:
  static std::string_view PyUnicode_AsUTF8AndSize_view(const py::handle& text) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
    if (!data) throw py::error_already_set();
    return {data, static_cast<std::size_t>(size)};
  }

  static bool has_retreats_field(const std::string& text) {
    const auto json = formats::parse_json(text);
    return json && json->is_object() && json->contains("retreats");
  }

  void read_saved_orders(const py::dict& saved, OrdersByPower<std::string>& orders, const std::string& path) const {
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

  DiplomacyGame game_;
  // MILA's face: by phase of the history it played, the results and the influence the
  // phase began with (empty for phases restored from a saved game).
  std::vector<std::vector<MilaUnitResult>> mila_results_;
  std::vector<std::array<Power, kMaxProvinces>> played_influence_;
  bool strict_ = false;
  py::list errors_;  // what set_orders dropped (MILA's game.error)
};

// A float32 array (games, locations, features) that `encoder_of(game)` fills row block by
// row block: the encoders are made with the interpreter lock held (they read the games)
// and run with it released, in place.
template <class EncoderOf>
py::array_t<float> encode_games(const std::vector<const PyDiplomacyGame*>& games, const char* name,
                                std::size_t features, EncoderOf encoder_of) {
  const Variant& variant = standard_variant();
  const auto locations = static_cast<py::ssize_t>(board_locations(variant).size());
  py::array_t<float> out(
      {static_cast<py::ssize_t>(games.size()), locations, static_cast<py::ssize_t>(features)});
  float* data = out.mutable_data();
  using Encoder = decltype(encoder_of(*games.front()));
  std::vector<Encoder> encoders;
  encoders.reserve(games.size());
  for (const PyDiplomacyGame* game : games) {
    if (game == nullptr) bad_input(std::string(name) + ": a game is None");
    encoders.push_back(encoder_of(*game));
  }
  {
    py::gil_scoped_release unlocked;
    const auto stride = static_cast<std::size_t>(locations) * features;
    for (std::size_t i = 0; i < encoders.size(); ++i) encoders[i](variant, std::span<float>(data + i * stride, stride));
  }
  return out;
}

}  // namespace

void bind_diplomacy(py::module_& core) {
  text_cache = new TextCache(standard_variant());

  py::class_<PyDiplomacyGame>(core, "DiplomacyGame", py::dynamic_attr())
      .def(py::init<const std::string&, std::optional<int>>(), py::arg("rules") = "standard",
           py::arg("max_year") = py::none())
      .def(py::init<const PyDiplomacyGame&>(), py::arg("other"))
      .def("get_current_phase", &PyDiplomacyGame::current_phase)
      .def_property_readonly("is_game_done", [](PyDiplomacyGame& g) { return g.game().is_done(); })
      .def("get_units", &PyDiplomacyGame::units, py::arg("power_name") = py::none())
      .def("get_centers", &PyDiplomacyGame::centres, py::arg("power_name") = py::none())
      .def("get_orderable_locations", &PyDiplomacyGame::orderable_locations, py::arg("power_name") = py::none())
      .def("get_all_possible_orders", &PyDiplomacyGame::all_possible_orders)
      .def("set_orders", &PyDiplomacyGame::set_orders, py::arg("power_name"), py::arg("orders"),
           py::arg("expand") = true, py::arg("replace") = true)
      .def_property("strict", &PyDiplomacyGame::strict, &PyDiplomacyGame::set_strict)
      .def_property("error", &PyDiplomacyGame::errors, &PyDiplomacyGame::set_errors)
      .def("get_hash", [](const PyDiplomacyGame& game) { return position_hash(game.variant(), game.state()); },
           "A Zobrist hash of the position (units, dislodged units, centres, phase): equal for equal positions.")
      .def("get_orders", &PyDiplomacyGame::orders, py::arg("power_name") = py::none())
      .def("clear_orders", &PyDiplomacyGame::clear_orders)
      .def("process", &PyDiplomacyGame::process)
      .def("get_order_results", &PyDiplomacyGame::order_results)
      .def_property_readonly("rule_profile", &PyDiplomacyGame::rules_profile)
      .def_property_readonly("max_year", &PyDiplomacyGame::max_year)
      .def("_state_json", &PyDiplomacyGame::state_text)
      .def("_played_phases", &PyDiplomacyGame::played_phases)
      .def("_current_orders", &PyDiplomacyGame::current_orders_dict)
      .def("_restore", &PyDiplomacyGame::restore, py::arg("phases"), py::arg("completed"))
      .def("_process_with_mila_results", &PyDiplomacyGame::process_with_mila_results)
      .def("_history_results", &PyDiplomacyGame::history_results, py::arg("index"), py::arg("words"))
      .def("_history_state", &PyDiplomacyGame::history_state, py::arg("index"), py::arg("name"), py::arg("note"),
           py::arg("timestamp"))
      .def("_history_orders", &PyDiplomacyGame::history_orders, py::arg("index"))
      .def("_history_size", &PyDiplomacyGame::history_size)
      .def("_give_orders_by_unit", &PyDiplomacyGame::give_orders_by_unit, py::arg("power_name"),
           py::arg("orders"), py::arg("replace"), py::arg("expand") = true)
      .def("_set_position", &PyDiplomacyGame::set_position, py::arg("position"))
      .def("_influence", &PyDiplomacyGame::influence)
      .def("_mila_state", &PyDiplomacyGame::mila_state, py::arg("name"), py::arg("note"), py::arg("timestamp"))
      .def_static(
          "_valid_unit",
          [](const std::string& text) { return formats::read_unit(standard_variant(), text).has_value(); },
          py::arg("unit"), "Whether a unit (\"A PAR\", \"F STP/SC\") can stand where it is written.")
      .def_static(
          "_supply_centres",
          [] {
            py::list centres;
            standard_variant().all_supply_centres().for_each(
                [&](int p) { centres.append(text_cache->province(province_at(p))); });
            return centres;
          },
          "The provinces that are supply centres.")
      .def("_set_influence", &PyDiplomacyGame::set_influence, py::arg("influence"));

  core.def(
      "selfplay",
      [](int games, const py::int_& seed_number, int threads, int max_year, const std::string& rules) {
        const std::uint64_t seed = PyLong_AsUnsignedLongLong(seed_number.ptr());
        if (PyErr_Occurred()) {
          PyErr_Clear();
          bad_input("seed: " + std::string(py::repr(seed_number)) +
                    " is not a whole number from 0 to 18446744073709551615");
        }
        const int first_year = standard_variant().start_phase().year;
        if (games < 1) bad_input("games: must be at least 1, got " + std::to_string(games));
        if (threads < 1) bad_input("threads: must be at least 1, got " + std::to_string(threads));
        if (max_year < first_year || max_year > 9999)
          bad_input("max_year: must be from " + std::to_string(first_year) + " to 9999, got " +
                    std::to_string(max_year));
        const RuleOptions options = rules_named(rules);
        runners::ParallelSelfplayResult result;
        {
          py::gil_scoped_release unlocked;
          result = runners::play_random_games_in_parallel(standard_variant(), options, games, seed, max_year, threads);
        }
        py::dict out;
        out["games"] = result.stats.games;
        out["phases"] = result.stats.phases;
        out["seconds"] = result.seconds;
        out["phases_per_second"] = result.seconds > 0 ? static_cast<double>(result.stats.phases) / result.seconds : 0.0;
        out["won"] = result.stats.won;
        out["threads"] = threads;
        return out;
      },
      py::arg("games"), py::arg("seed"), py::arg("threads") = 1, py::arg("max_year") = 1930,
      py::arg("rules") = "standard");

  core.def(
      "encode_board",
      [](const std::vector<const PyDiplomacyGame*>& games) {
        return encode_games(games, "encode_board", kBoardFeatures, [](const PyDiplomacyGame& game) {
          return [&state = game.state()](const Variant& variant, std::span<float> rows) {
            encode_board(variant, state, rows);
          };
        });
      },
      py::arg("games"), "The board features of each game: float32 array (games, locations, 35) (docs/python.md).");

  core.def(
      "encode_previous_orders",
      [](const std::vector<const PyDiplomacyGame*>& games) {
        return encode_games(games, "encode_previous_orders", kOrderFeatures, [](const PyDiplomacyGame& game) {
          const PlayedPhase* last = nullptr;
          for (const PlayedPhase& phase : game.game().history())
            if (phase.state.phase.type == PhaseType::Movement) last = &phase;
          return [last](const Variant& variant, std::span<float> rows) {
            if (!last) {
              // No movement phase played yet: every row says "no order".
              encode_orders(variant, GameState::initial(variant), {}, rows);
              return;
            }
            encode_orders(variant, last->state, last->accepted, rows);
          };
        });
      },
      py::arg("games"),
      "The orders of each game's last movement phase: float32 array (games, locations, 40) (docs/python.md).");
}

}  // namespace stratagem::python
