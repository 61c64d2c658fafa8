#pragma once
// The game object of stratagem._core (`DiplomacyGame` in Python): a DiplomacyGame with
// what both Python faces ask of it. `stratagem.diplomacy.Game` (our names and
// conventions) and MILA's `diplomacy.engine.game.Game` derive from it. Its native part is
// in py_diplomacy_game.cpp; what only MILA's face uses (its result words, its states and
// histories, the order of its lists, its way of taking orders) in mila_game.cpp.
// Adjudication and order generation run with the interpreter lock released, on copies of
// what they read, so that other threads go on meanwhile and nothing they do can pull the
// data away.

#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "diplomacy_game.h"
#include "mila_lists.h"
#include "mila_results.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_report.h"
#include "text_cache.h"

namespace stratagem::python {

// Every legal order of a position, found without the interpreter lock: by the location
// they are listed under, the orders of each unit (or power, in adjustments).
struct PossibleOrders {
  struct Group {
    diplomacy::Location at;  // the unit's location; None: the power's build sites (WAIVE, builds)
    diplomacy::Power power;
    int end;  // orders[previous end, end)
  };
  std::vector<diplomacy::Order> orders;
  std::vector<Group> groups;
};
PossibleOrders possible_orders(const diplomacy::Variant& variant, const diplomacy::GameState& state);

// A position as the CLI writes it, with what MILA's saved states also carry: each
// power's home centres, and in adjustments its builds (count, sites) as MILA counts them.
std::string state_json(const diplomacy::Variant& variant, const diplomacy::GameState& state);
// A position from the CLI's JSON, or bad_input naming `path`.
diplomacy::GameState state_from_json(const diplomacy::Variant& variant, const std::string& text,
                                     const std::string& path);

// A power's units in the order of their locations' codes, its dislodged units ("*A PAR")
// after them; its centres in the order of their codes.
py::list units_of(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power);
py::list centres_of(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power);

// MILA finds units by type and place: the name of MILA's error (diplomacy.utils.errors)
// for a movement order naming a unit (or a supported or convoyed one) with another type
// than the one standing there, or an army told to convoy; empty for any other order.
// (mila_game.cpp)
std::string mila_type_error(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                            diplomacy::Power power, const diplomacy::ParsedOrder& parsed);

class PyDiplomacyGame {
 public:
  PyDiplomacyGame(const std::string& rules, std::optional<int> max_year);

  const diplomacy::Variant& variant() const { return game_.variant(); }
  DiplomacyGame& game() { return game_; }
  const DiplomacyGame& game() const { return game_; }
  const diplomacy::GameState& state() const { return game_.state(); }

  // ------------------------------------------------------------------ native
  std::string current_phase() const;
  py::object units(const std::optional<std::string>& power) const;
  py::object centres(const std::optional<std::string>& power) const;
  py::object orderable_locations(const std::optional<std::string>& power) const;
  // `coastless_supports`: MILA's list (possible_orders_dict).
  py::dict all_possible_orders(bool coastless_supports = false) const;
  // An order that cannot be given is dropped and its reason appended to `error`; strict:
  // the call raises and changes nothing. `replace=False` adds the orders to those given.
  void set_orders(const std::string& power_name, const py::handle& orders, bool expand, bool replace);
  bool strict() const { return strict_; }
  void set_strict(bool strict) { strict_ = strict; }
  py::list errors() const { return errors_; }
  void set_errors(const py::list& errors) { errors_ = errors; }
  py::object orders(const std::optional<std::string>& power) const;
  void clear_orders() { game_.clear_orders(); }
  void process();
  py::dict order_results() const;
  std::string state_text() const { return state_json(variant(), game_.state()); }
  std::string rules_profile() const;
  std::optional<int> max_year() const { return game_.last_year(); }
  // The phases played, for saved games: (position as JSON text, orders, results).
  py::list played_phases() const;
  py::dict current_orders_dict() const;
  // A saved game's phases: (position as CLI JSON text, {power: orders or None}, the
  // dislodged units it lists) each, the last one current (DiplomacyGame::restore).
  using SavedPhaseTuple = std::tuple<std::string, py::dict, std::vector<std::string>>;
  void restore(const std::vector<SavedPhaseTuple>& phases, bool completed);
  // Makes the game stand where `position` (the CLI's JSON of a position) says, keeping
  // its history and the orders given.
  void set_position(const std::string& position);

  // ------------------------------------------------------------------ MILA's face (mila_game.cpp)
  // MILA's `diplomacy.engine.game.Game.set_orders`: the orders join those given, a later
  // order for a unit (or build site) replacing an earlier one (in retreats and
  // adjustments, the first of one call stands); `replace=False`: a unit ordered before
  // the call keeps its order. Returns (order, why) for each order dropped: not
  // understood, not possible, or for a unit already ordered.
  // `expand`: MILA's order expansion, which reads a support's coast as no coast
  // (`F POR S F MAO - SPA/NC` supports the move to Spain, whatever coast it goes to).
  py::list give_orders_by_unit(const std::string& power_name, const py::handle& orders, bool replace, bool expand);
  // Whether the last give_orders_by_unit call had a text that may say VIA (non-ASCII
  // texts included) which the power's orders do not hold as written: only then can MILA's
  // face have a VIA move to refuse (game.py's _refuse_via_without_convoy), which is looked
  // at in Python text by text.
  bool via_left_unsettled() const { return via_left_unsettled_; }
  // give_orders_by_unit where MILA's face would have nothing more to do: the orders are
  // given and true returned only if none is dropped, no text that may say VIA is left
  // unsettled in a movement phase and no WAIVE is given in adjustments; else nothing
  // changes and false is returned (the face then takes its own way: set_orders_of in
  // mila_fast_calls.cpp).
  bool give_orders_if_settled(diplomacy::Power power, const py::handle& orders, bool replace, bool expand);
  // As process(), keeping the phase's results in MILA's words (history_results), the
  // order of MILA's lists (history_state) and moving the lists on; returns the units
  // dislodged (unit -> the province their attacker came from).
  py::dict process_with_mila_results();
  // The results of phase `index` of the history, played by process_with_mila_results:
  // unit -> [word, ...], each word the object `words` has at its MilaResult's place.
  py::dict history_results(std::size_t index, const py::tuple& words) const;
  // MILA's get_state() of phase `index` of the history as it began.
  py::dict history_state(std::size_t index, const std::string& name, const std::string& note,
                         std::int64_t timestamp) const;
  // The orders of phase `index` of the history as MILA's get_orders() gave them.
  py::dict history_orders(std::size_t index) const;
  std::size_t history_size() const { return game_.history().size(); }
  // The position as MILA's `Game.get_state()` writes it, in MILA's order of keys: the
  // caller gives the phase's name, the note and the time.
  py::dict mila_state(const std::string& name, const std::string& note, std::int64_t timestamp) const;
  // A power's lists as MILA keeps them: (units, {dislodged unit: retreats}, centres,
  // influence).
  py::tuple mila_lists(const std::string& power_name) const;
  // For a movement order the engine refuses: the name of MILA's error for it
  // (diplomacy.utils.errors) where the engine's reason is one MILA also gives (else
  // empty), and the order in canonical words, as MILA's message quotes it.
  std::pair<std::string, std::string> mila_refusal(const std::string& power_name, const std::string& text) const;
  // MILA's lists set by hand, {power: list} each (the dislodged units' dict by its keys):
  // each entry arrives in the order given; a province in no power's influence has none.
  void set_arrivals(const py::dict& units, const py::dict& dislodged, const py::dict& centres,
                    const py::dict& influence);

 private:
  enum class Merge { Replace, Append, ByUnit, ByUnitKeepEarlier };
  py::list give_orders(const std::string& power_name, const py::handle& orders, Merge merge, bool strict,
                       bool support_any_coast = false);
  // give_orders for `power`; with `only_if_settled` (by unit), as give_orders_if_settled
  // says: nothing changes unless the call is settled, and `settled` says which.
  py::list give_orders_to(diplomacy::Power power, const py::handle& orders, Merge merge, bool strict,
                          bool support_any_coast, bool only_if_settled, bool* settled);
  void read_saved_orders(const py::dict& saved, OrdersByPower<std::string>& orders, const std::string& path) const;
  py::dict mila_state_of(const diplomacy::GameState& state, const MilaLists& lists, bool done, const std::string& name,
                         const std::string& note, std::int64_t timestamp) const;

  DiplomacyGame game_;
  bool strict_ = false;
  py::list errors_;  // what set_orders dropped (MILA's game.error)
  bool via_left_unsettled_ = false;
  // MILA's face: the order of its lists now, and by phase of the history it played, the
  // results and the lists as the phase began (empty for phases restored from a saved game).
  MilaLists lists_;
  std::vector<std::vector<MilaUnitResult>> mila_results_;
  std::vector<MilaLists> played_lists_;
};

}  // namespace stratagem::python
