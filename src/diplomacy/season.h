#pragma once
// The calendar between phases: after the movement (and any retreats) of a season
// comes the next season's movement, or after Fall the change of supply-centre
// ownership and, when someone can build or must remove, the Winter adjustments.

#include "stratagem/diplomacy/state.h"

namespace stratagem::diplomacy {

class Variant;

// `state` has just finished a movement or retreat phase and holds no dislodged units
// any more: moves it to the next phase that has something to do. Powers in
// `not_building` build nothing, so their builds alone call for no adjustment phase.
void finish_season(const Variant& variant, GameState& state, const PowerSet& not_building = {});

// The first movement phase of the next year.
void start_next_year(GameState& state);

}  // namespace stratagem::diplomacy
