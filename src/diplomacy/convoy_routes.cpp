#include "convoy_routes.h"

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

ProvinceSet seas_bordering(const Variant& variant, const ProvinceSet& fleets, Province p) {
  return variant.adjacent_seas(p) & fleets;
}

namespace {

// Breadth-first search over the seas in `fleets`, starting from those bordering
// `from`; calls reached(sea) for every sea reached and stops when it returns true.
template <class Reached>
bool search_seas(const Variant& variant, const ProvinceSet& fleets, Province from, Reached&& reached) {
  ProvinceSet visited = seas_bordering(variant, fleets, from);
  ProvinceSet frontier = visited;
  while (!frontier.empty()) {
    ProvinceSet next;
    const bool stop = frontier.for_each_until([&](int sea) {
      if (reached(sea)) return true;
      next |= variant.fleet_reach(location_at(sea)) & fleets;
      return false;
    });
    if (stop) return true;
    frontier = next.without(visited);
    visited |= frontier;
  }
  return false;
}

}  // namespace

bool convoy_route_exists(const Variant& variant, const ProvinceSet& fleets, Province from, Province to) {
  if (from == to) return false;
  return search_seas(variant, fleets, from,
                     [&](int sea) { return variant.fleet_reach(location_at(sea)).contains(index(to)); });
}

ProvinceSet convoy_destinations(const Variant& variant, const ProvinceSet& fleets, Province from) {
  ProvinceSet reached;
  search_seas(variant, fleets, from, [&](int sea) {
    reached |= variant.fleet_reach(location_at(sea));
    return false;
  });
  ProvinceSet destinations = reached & variant.coastal_provinces();
  destinations.erase(index(from));
  return destinations;
}

bool fleet_needed_for_route(const Variant& variant, const ProvinceSet& fleets, Province from, Province to,
                            Province fleet) {
  if (!fleets.contains(index(fleet))) return false;
  return for_each_minimal_route(variant, fleets, from, [&](const ProvinceSet& destinations, const ProvinceSet& route) {
    return destinations.contains(index(to)) && route.contains(index(fleet));
  });
}

}  // namespace stratagem::diplomacy

