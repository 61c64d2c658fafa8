#pragma once
// What `stratagem diplomacy adjudicate` says about one phase: for every power, one entry
// per order written and one per unit left without an order, and the state that follows.
// Everything is kept as canonical text, the way the JSON output writes it, so that
// `render` can read an adjudicate output back into the same shape.

#include <optional>
#include <string>
#include <vector>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/ending.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::formats {

struct OrderReport {
  std::optional<std::string> unit;   // canonical unit; none for WAIVE and text not understood
  std::optional<std::string> input;  // as written; none: the unit had no order
  std::optional<std::string> order;  // canonical order; none: the text was not understood
  diplomacy::Outcome result = diplomacy::Outcome::Hold;
  std::string error;              // invalid and void orders: why
  std::optional<std::string> by;  // bounce, cut, dislodged: the unit that did it
  int strength = 0;
  int opposing_strength = 0;
  bool paradox = false;
  // A unit without an order that left the board: no retreat ordered, or removed by
  // civil disorder.
  bool disbanded = false;
};

// How the game ended after the phase (games under a setup only).
struct EndReport {
  diplomacy::EndKind kind = diplomacy::EndKind::Centres;
  diplomacy::PowerSet winners;
  std::vector<std::string> seats;  // seat codes ("AUSTRIA+FRANCE")
};

struct PhaseReport {
  diplomacy::Phase phase;
  std::vector<std::vector<OrderReport>> results;  // by power index
  diplomacy::GameState next;
  // Games under a setup: the seats of the next phase, and the end if the game is over.
  std::vector<std::string> seats{};
  std::optional<EndReport> end{};
};

}  // namespace stratagem::formats
