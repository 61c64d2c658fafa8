#pragma once
// The board as a network reads it: for each location a unit can stand on (81 on the
// standard map: its 75 passable provinces, then the 6 named coasts, in the variant's
// order; impassable Switzerland has no row), the
// per-location features of DipNet (Paquette et al. 2019), which Cicero's encoding extends:
//
//   0-2    unit type: army, fleet, none
//   3-10   unit owner: each power in the variant's order, then none
//   11     buildable: an adjustment phase and a power that may build could build here
//   12     removable: an adjustment phase and the unit's power must remove units
//   13-15  dislodged unit type: army, fleet, none
//   16-23  dislodged unit owner: powers, then none
//   24-26  area type: land, water, coast
//   27-34  supply centre owner: powers, then none (all zero where there is no centre)
//
// A unit on a named coast is shown on the coast and on its province; a province's centre
// on its coasts too. Pure and allocation-free: callers pass the memory (a NumPy array
// from Python, filled without a copy).

#include <span>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

constexpr int kBoardFeatures = 35;

// The rows: every location but those of impassable provinces, in the variant's order.
std::vector<Location> board_locations(const Variant& variant);

// Writes board_locations().size() × kBoardFeatures floats (row-major) into `out`, which
// must hold that many.
void encode_board(const Variant& variant, const GameState& state, std::span<float> out);

// The orders of a phase (DipNet's "previous orders", of the last movement phase), per row
// of board_locations, for the unit that stood there when they were given:
//
//   0-2    unit type: army, fleet, none
//   3-10   issuing power: each power in the variant's order, then none
//   11-15  order type: hold, move (also by convoy), support (to hold or to move), convoy, none
//   16-23  source power: the power of the unit supported or convoyed, then none
//   24-31  destination power: the power of the unit standing where a move, a supported
//          move or a convoy goes (for a support to hold: the supported unit's place),
//          then none
//   32-39  supply centre owner when the orders were given: powers, then none (all zero
//          where there is no centre)
//
// `orders_by_power[i]`: power i's orders, validated against `state` (the position they
// were given in). A unit on a named coast is shown on the coast and on its province.
constexpr int kOrderFeatures = 40;
void encode_orders(const Variant& variant, const GameState& state, std::span<const std::vector<Order>> orders_by_power,
                   std::span<float> out);

}  // namespace stratagem::diplomacy
