#pragma once
// Movement adjudication: the equations of DATC v3.1 chapter 5 (MOVE, SUPPORT, CONVOY,
// PATH and the ATTACK, HOLD, DEFEND and PREVENT strengths), solved by the guess
// algorithm of section 5.F (recursion with guesses, cycle detection and the backup
// rule: circular movement succeeds, convoy paradoxes fall to the Szykman rule).

#include <array>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

struct MovementOutcome {
  // By province of the unit before the phase.
  std::array<Resolution, kMaxProvinces> resolutions{};
  // Units after the phase (dislodged units left out) and the dislodged units with where
  // each may retreat.
  GameState after;
  ProvinceSet contested;
};

MovementOutcome resolve_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                 const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);

}  // namespace stratagem::diplomacy
