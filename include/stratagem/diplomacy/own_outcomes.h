#pragma once
// What each unit's own order came to in a phase. PhaseResult's resolutions say
// Dislodged for a dislodged unit whatever its order was, with the dislodgement's `by` and
// strengths; a front end that reports both (MILA's `["bounce", "dislodged"]`) asks for
// these beside them.

#include <array>
#include <cstdint>

#include "stratagem/diplomacy/adjudicator.h"

namespace stratagem::diplomacy {

struct OwnOutcome {
  Outcome outcome = Outcome::Hold;
  // A move: the strongest opposition it met.
  std::int8_t opposing_strength = 0;
};

// By province of the unit that received the order, as PhaseResult::resolutions.
using OwnOutcomes = std::array<OwnOutcome, kMaxProvinces>;

// adjudicate() of adjudicator.h, also filling `own`: in a movement phase the order's own
// outcome of every unit, dislodged or not; in other phases the resolutions' outcomes.
PhaseResult adjudicate(const Variant& variant, const RuleOptions& rules, const GameState& state,
                       const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, OwnOutcomes& own);

}  // namespace stratagem::diplomacy
