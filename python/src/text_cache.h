#pragma once
// The Python strings the Diplomacy half of stratagem._core hands out, made once and kept
// (TextCache), and the helpers every part of it uses to name powers and list things.
// Used only with the interpreter lock held.

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diplomacy_game.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::python {

namespace py = pybind11;

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
  explicit TextCache(const diplomacy::Variant& variant) : variant_(variant) {
    for (int l = 0; l < variant.location_count(); ++l)
      locations_.push_back(py::str(variant.location_code(diplomacy::location_at(l))));
    for (int p = 0; p < variant.power_count(); ++p)
      powers_.push_back(py::str(variant.power_code(diplomacy::power_at(p))));
    for (const py::str& location : locations_) every_location_[location] = py::none();
    for (int p = 0; p < variant.province_count(); ++p) provinces_by_code_.push_back(diplomacy::province_at(p));
    std::sort(provinces_by_code_.begin(), provinces_by_code_.end(), [&](diplomacy::Province a, diplomacy::Province b) {
      return variant.province_code(a) < variant.province_code(b);
    });
    for (int p = 0; p < variant.power_count(); ++p) {
      std::vector<std::pair<std::string_view, int>> codes;
      variant.home_centres(diplomacy::power_at(p)).for_each([&](int c) {
        codes.emplace_back(variant.province_code(diplomacy::province_at(c)), c);
      });
      std::sort(codes.begin(), codes.end());
      py::list homes;
      for (const auto& [code, c] : codes) homes.append(province(diplomacy::province_at(c)));
      homes_.push_back(homes);
    }
  }

  const py::str& location(diplomacy::Location l) const { return locations_[index(l)]; }
  const py::str& province(diplomacy::Province p) const { return locations_[index(variant_.main_location(p))]; }
  const py::str& power(diplomacy::Power p) const { return powers_[index(p)]; }
  // A new list of the power's home centres, sorted.
  py::list homes(diplomacy::Power p) const {
    return py::reinterpret_steal<py::list>(PySequence_List(homes_[index(p)].ptr()));
  }
  int location_count() const { return static_cast<int>(locations_.size()); }
  // Every province in the order of its code: a list of provinces in that order (MILA's
  // sorted lists) is made by filtering this, with no sort.
  const std::vector<diplomacy::Province>& provinces_by_code() const { return provinces_by_code_; }
  // A new dict with every location code as a key (values None): copying it is a copy of
  // its table, where inserting the keys one by one would hash them and grow it four times.
  py::dict dict_of_locations() const { return py::reinterpret_steal<py::dict>(PyDict_Copy(every_location_.ptr())); }

  // "S1901M": the phase's code, made once (MILA's face asks for it several times a phase).
  const py::str& phase(diplomacy::Phase phase) {
    const std::uint32_t key = std::uint32_t(std::uint16_t(phase.year)) << 4 | std::uint32_t(phase.season) << 2 |
                              std::uint32_t(phase.type);
    auto [entry, added] = phases_.try_emplace(key);
    if (added) entry->second = py::str(diplomacy::phase_code(phase));
    return entry->second;
  }

  // "A PAR", "F STP/SC"; "*A PAR" for a dislodged unit.
  const py::str& unit(const diplomacy::Unit& unit, bool dislodged) {
    const std::uint32_t key = std::uint32_t(index(unit.location)) << 2 |
                              std::uint32_t(unit.type == diplomacy::UnitType::Fleet) << 1 | dislodged;
    auto [entry, added] = units_.try_emplace(key);
    if (added) entry->second = py::str((dislodged ? "*" : "") + diplomacy::format_unit(variant_, unit));
    return entry->second;
  }

  // The canonical text of an order possible in `state` (a borrowed reference: the cache
  // keeps the string for good).
  PyObject* order(const diplomacy::GameState& state, const diplomacy::Order& order) {
    diplomacy::UnitType supported = diplomacy::UnitType::Army;
    if (order.is_support()) supported = state.unit_at(variant_.province_of(order.target())).type;
    const diplomacy::PhaseType phase = state.phase.type;
    const std::uint64_t key = std::uint64_t(order.raw()) |
                              std::uint64_t(supported == diplomacy::UnitType::Fleet) << 32 |
                              std::uint64_t(static_cast<int>(phase)) << 33;
    if (PyObject* known = orders_.find(key)) return known;
    py::str text(diplomacy::format_order(variant_, order, supported));
    by_text_[static_cast<int>(phase)][text] = py::int_(parsed_.size());
    parsed_.push_back(canonical_parse(order, supported));
    orders_.insert(key, text.ptr());
    return text.release().ptr();
  }

  // A text handed out by order() for this phase type, as parsed; null for any other.
  const diplomacy::ParsedOrder* parsed(diplomacy::PhaseType phase, const py::handle& text) const {
    PyObject* found = PyDict_GetItemWithError(by_text_[static_cast<int>(phase)].ptr(), text.ptr());
    if (!found) {
      if (PyErr_Occurred()) throw py::error_already_set();
      return nullptr;
    }
    return &parsed_[PyLong_AsSize_t(found)];
  }

 private:
  const diplomacy::Variant& variant_;
  std::vector<py::str> locations_, powers_;
  std::vector<py::list> homes_;
  std::vector<diplomacy::Province> provinces_by_code_;
  py::dict every_location_;
  std::unordered_map<std::uint32_t, py::str> units_, phases_;
  OrderTexts orders_;
  std::array<py::dict, 3> by_text_;  // by diplomacy::PhaseType: text -> index into parsed_
  std::vector<diplomacy::ParsedOrder> parsed_;
};

// Made at import (bind_diplomacy) and never freed: its Python objects must not be
// released after the interpreter has shut down.
extern TextCache* text_cache;

// A power by its code or any name the variant knows, or bad_input.
diplomacy::Power power_named(const diplomacy::Variant& variant, const std::string& name);

// The texts, in the order of their keys.
py::list sorted_texts(std::vector<std::pair<std::string_view, py::str>> entries);

// The UTF-8 bytes of a Python string.
std::string_view utf8_of(const py::handle& text);

// For one power or, with no power given, a dict of every power: as MILA's getters.
template <class OfPower>
py::object for_power_or_all(const diplomacy::Variant& variant, const std::optional<std::string>& power,
                            OfPower of_power) {
  if (power) return of_power(power_named(variant, *power));
  py::dict all;
  for (int p = 0; p < variant.power_count(); ++p)
    all[text_cache->power(diplomacy::power_at(p))] = of_power(diplomacy::power_at(p));
  return all;
}

}  // namespace stratagem::python
