#pragma once
// Convoy routes: chains of fleets in sea provinces carrying an army from one coastal
// province to another. Used to decide whether orders are legal (routes through the
// fleets on the board) and whether a convoyed move has a path (routes through the
// fleets whose convoy orders succeed).

#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

// Is there a chain of sea provinces, all in `fleets`, from `from` to `to`?
bool convoy_route_exists(const Variant& variant, const ProvinceSet& fleets, Province from, Province to);

// Every coastal province reachable from `from` through chains of seas in `fleets`.
ProvinceSet convoy_destinations(const Variant& variant, const ProvinceSet& fleets, Province from);

// The seas in `fleets` bordering province p.
ProvinceSet seas_bordering(const Variant& variant, const ProvinceSet& fleets, Province p);

// Calls found(destinations, route) for every minimal convoy route from `from` through
// `fleets`: a chain of seas from which no fleet can be left out, because each sea
// borders only its neighbours on the chain and only the last borders the destination.
// `destinations` are the provinces the chain is a minimal route to (never empty).
// DATC 4.E.1 and 6.G.19: a convoy order is legal only for a fleet on such a route.
// found() returns true to stop the search; the function returns whether it stopped.
template <class Found>
bool for_each_minimal_route(const Variant& variant, const ProvinceSet& fleets, Province from, Found&& found) {
  struct Search {
    const Variant& variant;
    const ProvinceSet& fleets;
    Province from;
    Found& found;
    ProvinceSet route;

    // `closed`: seas bordering `from` or a sea before `last`, and what they border; a
    // route may not come back next to them, or part of it could be skipped.
    bool extend(int last, const ProvinceSet& closed) {
      const ProvinceSet& reach = variant.fleet_reach(location_at(last));
      ProvinceSet destinations = (reach & variant.coastal_provinces()).without(closed);
      destinations.erase(index(from));
      if (!destinations.empty() && found(destinations, route)) return true;
      const ProvinceSet next = (reach & fleets).without(closed).without(route);
      if (next.empty()) return false;
      const ProvinceSet closed_after = closed | reach;
      return next.for_each_until([&](int sea) {
        route.insert(sea);
        const bool stop = extend(sea, closed_after);
        route.erase(sea);
        return stop;
      });
    }
  };
  const ProvinceSet starts = seas_bordering(variant, fleets, from);
  if (starts.empty()) return false;
  Search search{variant, fleets, from, found, {}};
  return starts.for_each_until([&](int sea) {
    search.route.insert(sea);
    const bool stop = search.extend(sea, starts);
    search.route.erase(sea);
    return stop;
  });
}

// Does the fleet in sea `fleet` lie on a minimal route from `from` to `to`?
bool fleet_needed_for_route(const Variant& variant, const ProvinceSet& fleets, Province from, Province to,
                            Province fleet);

}  // namespace stratagem::diplomacy
