#pragma once
// What every player needs first: which of its units have an order to receive this phase,
// and a random source of its own for the turn.

#include <cstdint>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy_bots {

// Movement: the provinces of the power's units. Retreat: the provinces its dislodged
// units were dislodged from. Adjustment: empty (builds and removals are not per unit).
diplomacy::ProvinceSet units_to_order(const diplomacy::GameState& state, diplomacy::Power power);

}  // namespace stratagem::diplomacy_bots
