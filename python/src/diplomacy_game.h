#pragma once
// A Diplomacy game kept the way MILA's `diplomacy.Game` keeps one: the position, the
// orders each power has given for the current phase, and every phase played with the
// orders given in it. diplomacy_bindings.cpp makes it the Python API of
// shared/contracts/python-api.md. Everything here is plain C++, so the binding can run
// the costly parts (adjudication) with the interpreter lock released.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/own_outcomes.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_report.h"

namespace stratagem::python {

// An order accepted for the current phase: possible in the position, kept as canonical
// text (what get_orders() and saved games show) and as that text parses (what the order
// sheet is given, exactly as `stratagem diplomacy adjudicate` would read it).
struct AcceptedOrder {
  diplomacy::ParsedOrder parsed;
  std::string text;
};

// The orders of every power, by power index. `given` tells "no orders yet" (MILA writes
// None) from an empty list.
template <class OrderT>
struct OrdersByPower {
  std::vector<std::vector<OrderT>> orders;
  std::vector<bool> given;
  explicit OrdersByPower(int powers = 0) : orders(powers), given(powers, false) {}
};

// A phase played: the position it started from and the orders given, as text, and the
// same orders as the engine reads them (those possible in that position), by power.
struct PlayedPhase {
  diplomacy::GameState state;
  OrdersByPower<std::string> orders;
  std::vector<std::vector<diplomacy::Order>> accepted = {};
};

// The current phase, ready to adjudicate: the position and the accepted orders.
struct PendingPhase {
  diplomacy::GameState state;
  OrdersByPower<AcceptedOrder> orders;
};

// A phase adjudicated: its orders as the sheet filed them (over the phase's position,
// which must outlive it), what the adjudicator made of them, and what each unit's own
// order came to.
struct AdjudicatedPhase {
  diplomacy::OrderSheet sheet;
  diplomacy::PhaseResult result;
  diplomacy::OwnOutcomes own{};
};

// A phase of a saved game as read: its position, the orders given (text, by power) and
// the units it lists as dislodged ("A PAR"). A retreat phase saved without where each
// dislodged unit may go (MILA does not save it) gets that from adjudicating the phase
// before, which must leave the same units dislodged.
struct SavedPhase {
  diplomacy::GameState state;
  OrdersByPower<std::string> orders;
  std::vector<std::string> dislodged = {};
  bool retreats_saved = true;
};

class DiplomacyGame {
 public:
  // From the variant's start. `last_year`: the game ends when a phase of a later year
  // would begin (as `selfplay --max-year`).
  DiplomacyGame(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules, std::optional<int> last_year);

  const diplomacy::Variant& variant() const { return *variant_; }
  const diplomacy::RuleOptions& rules() const { return rules_; }
  std::optional<int> last_year() const { return last_year_; }
  const diplomacy::GameState& state() const { return current_.state; }
  const OrdersByPower<AcceptedOrder>& orders() const { return current_.orders; }
  const std::vector<PlayedPhase>& history() const { return history_; }
  // A power owns the victory count of centres, the last year is over, or a saved game
  // said so.
  bool is_done() const;

  // The order as the parser and the position read it: canonical and possible, or why not
  // (`"A Par-Mos": the unit cannot reach that province`).
  tl::expected<AcceptedOrder, std::string> read_order(diplomacy::Power power, std::string_view text) const;
  // An order whose canonical text is known and parsed already (the binding keeps the
  // orders it has handed out): only the position is checked, unless the position reads
  // it as another order, when it is read as any text is.
  tl::expected<AcceptedOrder, std::string> check_order(diplomacy::Power power, const diplomacy::ParsedOrder& parsed,
                                                       std::string_view text) const;
  // Replaces the power's orders.
  void set_orders(diplomacy::Power power, std::vector<AcceptedOrder> orders);
  // Makes the game stand at `state`, keeping the history and the orders given (the
  // order sheet checks them again when the phase is adjudicated). Each unit's province
  // comes under its power's influence.
  void set_position(diplomacy::GameState state);
  // MILA's influence: the power whose unit stood last in each province (None where
  // none has), kept as the game moves on.
  const std::array<diplomacy::Power, diplomacy::kMaxProvinces>& influence() const { return influence_; }
  void set_influence(const std::array<diplomacy::Power, diplomacy::kMaxProvinces>& influence) {
    influence_ = influence;
  }
  void clear_orders();

  // The current phase and its orders, to adjudicate elsewhere (without the lock).
  const PendingPhase& pending() const { return current_; }
  // `phase` adjudicated: its orders on one order sheet, in power order, as `adjudicate`
  // files them, and the result (`result.next`: the position after it).
  static AdjudicatedPhase adjudicate(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                                     const PendingPhase& phase);
  // Records `played` (the pending phase, as adjudicated into `next`) and moves on.
  void advance(PendingPhase played, diplomacy::GameState next);

  // A saved game, its last phase the current one: the game stands there with that
  // phase's orders given again (each must be possible) unless the game was over. Fails
  // with a message naming the phase, and the game unchanged, where a phase cannot be
  // read back.
  tl::expected<void, std::string> restore(std::vector<SavedPhase> phases, bool completed);

 private:
  const diplomacy::Variant* variant_;
  diplomacy::RuleOptions rules_;
  std::optional<int> last_year_;
  PendingPhase current_;
  std::vector<PlayedPhase> history_;
  bool completed_ = false;
  std::array<diplomacy::Power, diplomacy::kMaxProvinces> influence_;
  void add_influence(const diplomacy::GameState& state);
  tl::expected<AcceptedOrder, std::string> read_order_at(const diplomacy::GameState& state, diplomacy::Power power,
                                                         std::string_view text) const;
  tl::expected<void, std::string> add_dislodged_as_adjudicated(diplomacy::GameState& state,
                                                               const std::vector<std::string>& saved,
                                                               const std::vector<PlayedPhase>& history,
                                                               const std::string& path) const;
};

// What `stratagem diplomacy adjudicate` says about a phase played.
formats::PhaseReport report_of(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                               const PlayedPhase& phase);

// What parse_order() reads from the canonical text of an order (format_order() with the
// supported unit's type), made without writing and parsing the text: every unit type
// written, and for supports and convoys the type of the unit named.
diplomacy::ParsedOrder canonical_parse(const diplomacy::Order& order, diplomacy::UnitType supported);

// Free home centres a power owns: where it may build in an adjustment phase.
std::vector<diplomacy::Province> build_sites(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                             diplomacy::Power power);

}  // namespace stratagem::python
