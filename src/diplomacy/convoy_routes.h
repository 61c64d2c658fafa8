#pragma once
// Convoy routes: chains of fleets in sea provinces carrying an army from one coastal
// province to another. Used to decide whether orders are legal (routes through the
// fleets on the board) and whether a convoyed move has a path (routes through the
// fleets whose convoy orders succeed).

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

// Is there a chain of sea provinces, all in `fleets`, from `from` to `to`?
bool convoy_route_exists(const Variant& variant, const ProvinceSet& fleets, Province from, Province to);

// Every coastal province reachable from `from` through chains of seas in `fleets`.
ProvinceSet convoy_destinations(const Variant& variant, const ProvinceSet& fleets, Province from);

// Does the fleet in sea `fleet` lie on a minimal route from `from` to `to` through
// `fleets` (a route from which no fleet can be left out)? DATC 4.E.1 and 6.G.19: a
// convoy order is legal only then.
bool fleet_needed_for_route(const Variant& variant, const ProvinceSet& fleets, Province from, Province to,
                            Province fleet);

}  // namespace stratagem::diplomacy
