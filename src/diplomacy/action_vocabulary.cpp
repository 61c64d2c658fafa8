#include "stratagem/diplomacy/action_vocabulary.h"

#include <algorithm>
#include <functional>
#include <set>

#include "stratagem/diplomacy/notation.h"

namespace stratagem::diplomacy {
namespace {

struct Standing {
  UnitType type;
  Location location;
};

// The sea graph and its routes: which coastal provinces an army can be convoyed between,
// and which seas lie on a simple route between two of them.
class SeaRoutes {
 public:
  explicit SeaRoutes(const Variant& variant) : variant_(variant) {
    for (int p = 0; p < variant.province_count(); ++p)
      if (variant.terrain(province_at(p)) == Terrain::Sea) seas_.push_back(province_at(p));
    const int n = variant.province_count();
    joined_.assign(static_cast<std::size_t>(n * n), false);
    for (int from = 0; from < n; ++from)
      for (int to = 0; to < n; ++to) joined_[static_cast<std::size_t>(from * n + to)] = search(province_at(from), province_at(to));
  }

  const std::vector<Province>& seas() const { return seas_; }

  bool neighbours(Province a, Province b) const { return variant_.fleet_reach(variant_.main_location(a)).contains(index(b)); }

  // An army in `from` can be convoyed to `to` (a chain of seas joins them).
  bool joined(Province from, Province to) const {
    return joined_[static_cast<std::size_t>(index(from) * variant_.province_count() + index(to))];
  }

 private:
  bool search(Province from, Province to) const {
    if (from == to || variant_.adjacent_seas(from).empty() || variant_.adjacent_seas(to).empty()) return false;
    std::vector<bool> seen(seas_.size(), false);
    std::vector<std::size_t> queue;
    for (std::size_t i = 0; i < seas_.size(); ++i)
      if (variant_.adjacent_seas(from).contains(index(seas_[i]))) seen[i] = true, queue.push_back(i);
    for (std::size_t k = 0; k < queue.size(); ++k) {
      if (variant_.adjacent_seas(to).contains(index(seas_[queue[k]]))) return true;
      for (std::size_t j = 0; j < seas_.size(); ++j)
        if (!seen[j] && neighbours(seas_[queue[k]], seas_[j])) seen[j] = true, queue.push_back(j);
    }
    return false;
  }

 public:
  // A simple route of seas from `from` to `to` passes through sea number `s`: two paths
  // from s, sharing nothing else, one ending beside `from` and one beside `to`. Found as a
  // flow of 2 from s, each sea but s carrying at most 1.
  bool through(std::size_t s, Province from, Province to) const {
    const std::size_t n = seas_.size();
    // Nodes: sea i in = 2i, out = 2i+1; F = 2n, T' = 2n+1 (the two ends), sink = 2n+2.
    const std::size_t nodes = 2 * n + 3, end_from = 2 * n, end_to = 2 * n + 1, sink = 2 * n + 2;
    std::vector<std::vector<int>> capacity(nodes, std::vector<int>(nodes, 0));
    for (std::size_t i = 0; i < n; ++i) {
      capacity[2 * i][2 * i + 1] = i == s ? 2 : 1;
      for (std::size_t j = 0; j < n; ++j)
        if (i != j && neighbours(seas_[i], seas_[j])) capacity[2 * i + 1][2 * j] = 1;
      if (variant_.adjacent_seas(from).contains(index(seas_[i]))) capacity[2 * i + 1][end_from] = 1;
      if (variant_.adjacent_seas(to).contains(index(seas_[i]))) capacity[2 * i + 1][end_to] = 1;
    }
    capacity[end_from][sink] = capacity[end_to][sink] = 1;
    int flow = 0;
    for (; flow < 2; ++flow) {
      std::vector<int> parent(nodes, -1);
      parent[2 * s] = static_cast<int>(2 * s);
      std::vector<std::size_t> queue{2 * s};
      for (std::size_t k = 0; k < queue.size() && parent[sink] < 0; ++k)
        for (std::size_t v = 0; v < nodes; ++v)
          if (parent[v] < 0 && capacity[queue[k]][v] > 0) parent[v] = static_cast<int>(queue[k]), queue.push_back(v);
      if (parent[sink] < 0) break;
      for (std::size_t v = sink; v != 2 * s; v = static_cast<std::size_t>(parent[v])) {
        --capacity[static_cast<std::size_t>(parent[v])][v];
        ++capacity[v][static_cast<std::size_t>(parent[v])];
      }
    }
    return flow == 2;
  }

 private:
  const Variant& variant_;
  std::vector<Province> seas_;
  std::vector<bool> joined_;  // province × province
};

}  // namespace

std::vector<std::string> action_vocabulary(const Variant& variant) {
  std::set<std::string> texts;
  const auto add = [&](const Order& order, UnitType target = UnitType::Army) { texts.insert(format_order(variant, order, target)); };
  const SeaRoutes routes(variant);
  // Where a unit of each type can stand.
  std::vector<Standing> standing;
  for (int p = 0; p < variant.province_count(); ++p) {
    const Terrain terrain = variant.terrain(province_at(p));
    if (terrain == Terrain::Inland || terrain == Terrain::Coastal)
      standing.push_back({UnitType::Army, variant.main_location(province_at(p))});
  }
  for (int l = 0; l < variant.location_count(); ++l)
    if (variant.fleet_can_stand(location_at(l))) standing.push_back({UnitType::Fleet, location_at(l)});

  // Where a unit standing at `from` can move to (locations as the orders write them).
  const auto moves = [&](const Standing& unit, const std::function<void(Location, bool)>& visit) {
    const Province here = variant.province_of(unit.location);
    if (unit.type == UnitType::Fleet) {
      variant.fleet_neighbours(unit.location).for_each([&](int l) { visit(location_at(l), false); });
      return;
    }
    variant.army_neighbours(here).for_each([&](int d) { visit(variant.main_location(province_at(d)), false); });
    for (int d = 0; d < variant.province_count(); ++d)
      if (variant.terrain(province_at(d)) == Terrain::Coastal && variant.terrain(here) == Terrain::Coastal &&
          routes.joined(here, province_at(d)))
        visit(variant.main_location(province_at(d)), true);
  };
  // The destinations a support of `mover` into province `dest` names (the coast, when a
  // fleet reaches a split coast; also none, when it reaches both).
  const auto supported_destinations = [&](const Standing& mover, Province dest, const std::function<void(Location)>& visit) {
    if (mover.type == UnitType::Army || !variant.has_split_coasts(dest)) return visit(variant.main_location(dest));
    int coasts = 0;
    for (const Location coast : variant.coasts(dest))
      if (variant.fleet_neighbours(mover.location).contains(index(coast))) visit(coast), ++coasts;
    if (coasts > 1) visit(variant.main_location(dest));
  };

  // The provinces each standing unit can move into.
  std::vector<ProvinceSet> move_reach(standing.size());
  for (std::size_t k = 0; k < standing.size(); ++k)
    moves(standing[k], [&](Location to, bool) { move_reach[k].insert(index(variant.province_of(to))); });

  for (const Standing& unit : standing) {
    const Province here = variant.province_of(unit.location);
    add(Order::hold(unit.type, unit.location));
    add(Order::disband(unit.type, unit.location));
    add(Order::remove(unit.type, unit.location));
    moves(unit, [&](Location to, bool via) {
      add(Order::move(unit.type, unit.location, to, via));
      if (!via) add(Order::retreat(unit.type, unit.location, to));
    });
    const ProvinceSet& reach =
        unit.type == UnitType::Fleet ? variant.fleet_reach(unit.location) : variant.army_neighbours(here);
    reach.for_each([&](int d) {
      const Province dest = province_at(d);
      for (std::size_t k = 0; k < standing.size(); ++k) {
        const Standing& other = standing[k];
        const Province there = variant.province_of(other.location);
        if (there == dest) add(Order::support_hold(unit.type, unit.location, other.location), other.type);
        if (there == dest || there == here || !move_reach[k].contains(d)) continue;
        supported_destinations(other, dest, [&](Location to) {
          add(Order::support_move(unit.type, unit.location, other.location, to), other.type);
        });
      }
    });
  }
  // Convoys: every sea, for every pair of coastal provinces a simple sea route through it joins.
  const auto& seas = routes.seas();
  for (std::size_t s = 0; s < seas.size(); ++s)
    for (int from = 0; from < variant.province_count(); ++from)
      for (int to = 0; to < variant.province_count(); ++to)
        if (from != to && variant.terrain(province_at(from)) == Terrain::Coastal &&
            variant.terrain(province_at(to)) == Terrain::Coastal && routes.joined(province_at(from), province_at(to)) &&
            routes.through(s, province_at(from), province_at(to)))
          add(Order::convoy(variant.main_location(seas[s]), variant.main_location(province_at(from)),
                            variant.main_location(province_at(to))));
  // Builds on home centres, and the waive.
  for (int i = 0; i < variant.power_count(); ++i)
    variant.home_centres(power_at(i)).for_each([&](int h) {
      for (const Standing& unit : standing)
        if (variant.province_of(unit.location) == province_at(h)) add(Order::build(unit.type, unit.location));
    });
  add(Order::waive());
  return {texts.begin(), texts.end()};
}

}  // namespace stratagem::diplomacy
