#pragma once
// The three kinds of phase, each adjudicated on its own (adjudicator.cpp and game.cpp
// dispatch).
//
// `silent`: the powers that order nothing in this phase (civil disorder, armistice, a
// neutral; game.h). A dislodged unit of theirs is disbanded at once instead of
// retreating, and their builds alone call for no adjustment phase.

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/own_outcomes.h"

namespace stratagem::diplomacy {

// `own`, if given: what each unit's own order came to (own_outcomes.h).
PhaseResult adjudicate_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                                const PowerSet& silent = {}, OwnOutcomes* own = nullptr);
PhaseResult adjudicate_retreats(const Variant& variant, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                                const PowerSet& silent = {});
PhaseResult adjudicate_adjustments(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                   const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);

// The next state of adjudicate_adjustments() alone.
void advance_adjustments(const Variant& variant, const RuleOptions& rules, const GameState& state,
                         const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, GameState& next);

}  // namespace stratagem::diplomacy
