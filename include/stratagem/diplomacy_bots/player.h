#pragma once
// A computer player of Diplomacy: given the position and the power it plays, the orders
// of that power for the phase (movement, retreats or adjustments). Players are pure:
// the same position, power and seed give the same orders; no I/O, no clock, no globals.
// A player that searches is bounded by its own node budget and by the caller's
// should_stop, polled now and then (the only way a time limit comes in).

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {
class Variant;
}

namespace stratagem::diplomacy_bots {

struct Turn {
  const diplomacy::Variant& variant;
  const diplomacy::RuleOptions& rules;
  const diplomacy::GameState& state;
  diplomacy::Power power;
  std::uint64_t seed;  // the player's random choices come from this alone
  std::function<bool()> should_stop = {};  // empty: never stop early
  // Deals (issue 19): whether a power may give an order under the deals it holds. A
  // searching player plays by it and assumes its partners do; empty: anything goes.
  std::function<bool(diplomacy::Power, const diplomacy::Order&)> allowed = {};
  // Orders that partners have told this power they will give in this phase: a searching
  // player takes them as given instead of predicting those powers, and its units may
  // support them.
  std::vector<diplomacy::Order> announced = {};
  // Partners whose position a searching player values beside its own: an ally's gain
  // against a common enemy is worth something to it.
  std::vector<diplomacy::Power> allies = {};
  // By power index, the trust in each power: the share of a searching player's predictions
  // of that power that assume it keeps its deals (`allowed`); empty: all of them.
  std::vector<double> trust = {};
};

class Player {
 public:
  virtual ~Player() = default;
  // The specification it was made from, e.g. "search:3".
  virtual std::string name() const = 0;
  // Legal orders for every unit (or adjustment) of turn.power that has something to
  // order in this phase; an empty list when it has nothing to order.
  virtual std::vector<diplomacy::Order> orders(const Turn& turn) = 0;
  // Phases adjudicated by its searches so far (0 for a player that does not search):
  // with the time spent, its search speed.
  virtual std::int64_t positions_searched() const { return 0; }
};

// "random", "holdbot", "dumbbot", "search" or "search:LEVEL" (1..5), "equilibrium" or
// "equilibrium:LEVEL" (1..4). An unknown name or level comes back as a message that lists
// the names known.
tl::expected<std::unique_ptr<Player>, std::string> make_player(std::string_view spec);

// The strongest player there is, for seats the server fills and powers in civil disorder;
// also the player named "strongest" (make_player("strongest")).
std::string_view strongest_player();

}  // namespace stratagem::diplomacy_bots
