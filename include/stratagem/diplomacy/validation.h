#pragma once
// From a written order to one that can be carried out: checks an order against the
// position and the power that gave it, fills in what the writer could leave implicit
// (the unit's type, the only coast a fleet can reach, the coast of the ordered fleet)
// and otherwise says precisely why the order is void. DATC 4.E.1: an order that is
// not legal is ignored, and the unit holds.

#include <string>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

enum class VoidReason : std::uint8_t {
  None,                  // not void
  WrongPhase,            // e.g. a retreat in a movement phase
  NoUnit,                // no unit at the ordered location
  ForeignUnit,           // the unit belongs to another power
  CannotReach,           // destination not adjacent (and no convoy can help)
  ArmyToSea,
  FleetInland,
  MoveToOwnProvince,
  CoastNeeded,           // two coasts can be reached and none was given
  CoastUnreachable,      // the given coast cannot be reached
  NoConvoyRoute,         // not adjacent, and no chain of fleets can carry the army
  SupportSelf,
  SupportCannotReach,    // the supporter cannot move to where the support goes
  NoSupportedUnit,
  SupportedMoveImpossible,
  ConvoyByNonFleet,
  ConvoyFromLand,        // fleets convoy only from sea provinces
  ConvoyedNotArmy,
  NoConvoyedUnit,
  ConvoyNotNeeded,       // no convoy route of the army needs this fleet
  NotDislodged,
  RetreatNotAllowed,
  NotHomeCentre,
  CentreNotOwned,
  CentreOccupied,
  NoBuildsDue,
  NoRemovalsDue,
  BuildSiteUsedTwice,
  AlreadyRemoved,        // the unit is already being removed
  FleetBuildInland,
  UnitTypeNeeded,        // a build on a coastal province must say army or fleet
  UnitOrderedTwice,
  // Found while adjudicating: the order is legal but does not match the other unit's
  // order (DATC "valid").
  SupportedUnitMovesElsewhere,
  SupportedUnitDoesNotMove,
  SupportedUnitMoves,
  ConvoyedArmyMovesElsewhere,
  ConvoyedArmyNotConvoyed,
  ConvoyParadox,         // the convoy failed by the Szykman rule
};

// A sentence for a person, e.g. "Paris is not adjacent to Moscow".
std::string describe(VoidReason reason);

// The order in canonical form, or why it cannot be carried out.
tl::expected<Order, VoidReason> validate(const Variant& variant, const RuleOptions& rules,
                                         const GameState& state, Power power,
                                         const ParsedOrder& order);

}  // namespace stratagem::diplomacy
