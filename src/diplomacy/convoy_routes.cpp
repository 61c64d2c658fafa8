#include "convoy_routes.h"

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

// Seas a fleet could convoy from: the seas (in `fleets`) bordering province p.
ProvinceSet seas_bordering(const Variant& variant, const ProvinceSet& fleets, Province p) {
  ProvinceSet seas;
  fleets.for_each([&](int sea) {
    if (variant.fleet_reach(location_at(sea)).contains(index(p))) seas.insert(sea);
  });
  return seas;
}

// Breadth-first search over the seas in `fleets`, starting from those bordering
// `from`; calls reached(sea) for every sea reached and stops when it returns true.
template <class Reached>
bool search_seas(const Variant& variant, const ProvinceSet& fleets, Province from, Reached&& reached) {
  ProvinceSet visited = seas_bordering(variant, fleets, from);
  ProvinceSet frontier = visited;
  while (!frontier.empty()) {
    ProvinceSet next;
    bool stop = false;
    frontier.for_each([&](int sea) {
      if (stop) return;
      if (reached(sea)) {
        stop = true;
        return;
      }
      next |= variant.fleet_reach(location_at(sea)) & fleets;
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

namespace {

// Depth-first search over induced paths of seas: each new sea borders the previous
// one and nothing earlier on the path (not even `from`), so the path has no shortcut.
struct MinimalRouteSearch {
  const Variant& variant;
  const ProvinceSet& fleets;
  Province from, to, fleet;
  ProvinceSet on_path;
  ProvinceSet bordering_path;  // provinces bordering a sea before the last one

  bool extend(int last, bool fleet_seen) {
    const ProvinceSet& reach = variant.fleet_reach(location_at(last));
    if (reach.contains(index(to))) return fleet_seen;  // the route ends here
    const ProvinceSet candidates = (reach & fleets).without(bordering_path).without(on_path);
    const ProvinceSet saved = bordering_path;
    bordering_path |= reach;
    bool found = false;
    candidates.for_each([&](int sea) {
      if (found) return;
      on_path.insert(sea);
      found = extend(sea, fleet_seen || sea == index(fleet));
      on_path.erase(sea);
    });
    bordering_path = saved;
    return found;
  }
};

}  // namespace

bool fleet_needed_for_route(const Variant& variant, const ProvinceSet& fleets, Province from, Province to,
                            Province fleet) {
  if (from == to || !fleets.contains(index(fleet))) return false;
  MinimalRouteSearch search{variant, fleets, from, to, fleet, {}, {}};
  // Seas bordering `from` may only start a route: a later sea bordering it would
  // make a shortcut.
  const ProvinceSet starts = seas_bordering(variant, fleets, from);
  search.bordering_path = starts;
  bool found = false;
  starts.for_each([&](int sea) {
    if (found) return;
    search.on_path.insert(sea);
    search.bordering_path.erase(sea);
    found = search.extend(sea, sea == index(fleet));
    search.bordering_path.insert(sea);
    search.on_path.erase(sea);
  });
  return found;
}

}  // namespace stratagem::diplomacy

