#pragma once
// Movement adjudication: the equations of DATC v3.1 chapter 5 (MOVE, SUPPORT, CONVOY,
// PATH and the ATTACK, HOLD, DEFEND and PREVENT strengths), solved by the guess
// algorithm of section 5.F (recursion with guesses, cycle detection and the backup
// rule: circular movement succeeds, convoy paradoxes fall to the Szykman rule).

#include <array>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/own_outcomes.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

// Fills in the result's resolutions (by province of the unit before the phase), the
// provinces left contested, and as the next state the units after the phase (dislodged
// units left out) with the dislodged units and where each may retreat; the caller
// decides which phase follows.
// `own`, if given: what each unit's own order came to (also for a dislodged unit).
void resolve_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                      const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, PhaseResult& result,
                      OwnOutcomes* own = nullptr);

// The same next state alone, for callers that never read the resolutions (self-play):
// why each order succeeded or failed is not worked out.
void resolve_movement_position(const Variant& variant, const RuleOptions& rules, const GameState& state,
                               const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                               GameState& next);

}  // namespace stratagem::diplomacy
