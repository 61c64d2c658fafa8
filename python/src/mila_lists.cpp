#include "mila_lists.h"

#include <algorithm>
#include <string_view>
#include <utility>

namespace stratagem::python {

using namespace diplomacy;

namespace {

// Provinces sorted by when their entry arrived.
template <class ArrivedAt>
std::vector<Province> in_arrival_order(std::vector<Province> provinces, ArrivedAt arrived_at) {
  std::stable_sort(provinces.begin(), provinces.end(),
                   [&](Province a, Province b) { return arrived_at(a) < arrived_at(b); });
  return provinces;
}

// MILA's order of the map's centres: each power's home centres (in the order of their
// codes), power by power, then the others in the order of their codes.
std::vector<Province> centres_in_map_order(const Variant& variant) {
  std::vector<Province> centres, others;
  const auto by_code = [&](Province a, Province b) { return variant.province_code(a) < variant.province_code(b); };
  for (int p = 0; p < variant.power_count(); ++p) {
    std::vector<Province> homes;
    variant.home_centres(power_at(p)).for_each([&](int c) { homes.push_back(province_at(c)); });
    std::sort(homes.begin(), homes.end(), by_code);
    centres.insert(centres.end(), homes.begin(), homes.end());
  }
  variant.all_supply_centres().for_each([&](int c) {
    if (std::find(centres.begin(), centres.end(), province_at(c)) == centres.end()) others.push_back(province_at(c));
  });
  std::sort(others.begin(), others.end(), by_code);
  centres.insert(centres.end(), others.begin(), others.end());
  return centres;
}

}  // namespace

MilaLists MilaLists::at_start(const Variant& variant, const GameState& start) {
  MilaLists lists;
  for (const Unit& unit : variant.start_units()) {
    const Province p = variant.province_of(unit.location);
    if (!start.occupied(p)) continue;
    lists.unit_arrives(p);
    lists.influence_arrives(p, start.unit_at(p).power);
  }
  for (Province centre : centres_in_map_order(variant))
    if (start.centre_owner(centre) != Power::None) lists.centre_arrives(centre);
  return lists;
}

void MilaLists::record_phase(const Variant& variant, const PendingPhase& played, const AdjudicatedPhase& adjudicated,
                             const GameState& next) {
  switch (played.state.phase.type) {
    case PhaseType::Movement:
      record_movement(variant, played.state, adjudicated);
      break;
    case PhaseType::Retreat:
      record_retreats(variant, played, adjudicated);
      break;
    case PhaseType::Adjustment:
      record_builds(variant, played, adjudicated);
      break;
  }
  record_centres_taken(variant, played.state, next);
}

void MilaLists::record_movement(const Variant& variant, const GameState& before, const AdjudicatedPhase& adjudicated) {
  const auto& resolutions = adjudicated.result.resolutions;
  const OrderSheet& sheet = adjudicated.sheet;
  // Every power's units as the phase began, before any arrival (a unit arriving where a
  // later power's unit left must not move that unit to the end of its power's list):
  // power by power, each power's in the order of its list (mila_units of each power, in
  // one sort).
  std::vector<Province> units;
  before.occupied_provinces().for_each([&](int p) {
    if (index(before.unit_at(province_at(p)).power) < variant.power_count()) units.push_back(province_at(p));
  });
  std::stable_sort(units.begin(), units.end(), [&](Province a, Province b) {
    const int power_a = index(before.unit_at(a).power), power_b = index(before.unit_at(b).power);
    return power_a != power_b ? power_a < power_b : unit(a) < unit(b);
  });
  for (Province moved : units)
    if (resolutions[index(moved)].outcome == Outcome::Dislodged) dislodged_arrives(moved);
  for (Province moved : units) {
    const Order& order = sheet.orders()[index(moved)];
    if (!sheet.ordered().contains(index(moved)) || order.kind() != OrderKind::Move ||
        resolutions[index(moved)].outcome != Outcome::Ok)
      continue;
    const Province destination = variant.province_of(order.target());
    unit_arrives(destination);
    influence_arrives(destination, before.unit_at(moved).power);
  }
}

void MilaLists::record_retreats(const Variant& variant, const PendingPhase& played,
                                const AdjudicatedPhase& adjudicated) {
  const OrderSheet& sheet = adjudicated.sheet;
  for (int p = 0; p < variant.power_count(); ++p)
    for (const AcceptedOrder& given : played.orders.orders[p]) {
      const Order& order = given.parsed.order;
      if (order.kind() != OrderKind::Retreat) continue;
      const Province from = variant.province_of(order.unit());
      if (!sheet.ordered().contains(index(from)) || sheet.orders()[index(from)] != order ||
          adjudicated.result.resolutions[index(from)].outcome != Outcome::Ok)
        continue;
      const Province destination = variant.province_of(order.target());
      unit_arrives(destination);
      influence_arrives(destination, power_at(p));
    }
}

void MilaLists::record_builds(const Variant& variant, const PendingPhase& played, const AdjudicatedPhase& adjudicated) {
  // The sheet numbers its submissions as DiplomacyGame::adjudicate made them: power by
  // power, each power's orders as given.
  int submission = 0;
  for (int p = 0; p < variant.power_count(); ++p)
    for (std::size_t i = 0; i < played.orders.orders[p].size(); ++i) {
      const auto status = adjudicated.sheet.status(submission++);
      if (status && status->kind() == OrderKind::Build) unit_arrives(variant.province_of(status->unit()));
    }
}

void MilaLists::record_centres_taken(const Variant& variant, const GameState& before, const GameState& next) {
  const auto is_taken = [&](Province centre) {
    return next.centre_owner(centre) != before.centre_owner(centre) && next.centre_owner(centre) != Power::None;
  };
  // Most phases take no centre: then there is no order of arrivals to work out.
  bool any_taken = false;
  variant.all_supply_centres().for_each([&](int c) { any_taken = any_taken || is_taken(province_at(c)); });
  if (!any_taken) return;
  const auto taken = [&](Province centre) {
    if (is_taken(centre)) centre_arrives(centre);
  };
  for (int p = 0; p < variant.power_count(); ++p)
    for (Province centre : mila_centres(variant, before, *this, power_at(p))) taken(centre);
  for (Province centre : centres_in_map_order(variant))
    if (before.centre_owner(centre) == Power::None) taken(centre);
}

std::vector<Province> mila_units(const GameState& state, const MilaLists& lists, Power power) {
  std::vector<Province> units;
  state.occupied_provinces().for_each([&](int p) {
    if (state.unit_at(province_at(p)).power == power) units.push_back(province_at(p));
  });
  return in_arrival_order(std::move(units), [&](Province p) { return lists.unit(p); });
}

std::vector<Province> mila_dislodged(const GameState& state, const MilaLists& lists, Power power) {
  std::vector<Province> units;
  state.dislodged_provinces().for_each([&](int p) {
    if (state.dislodged_in(province_at(p))->unit.power == power) units.push_back(province_at(p));
  });
  return in_arrival_order(std::move(units), [&](Province p) { return lists.dislodged(p); });
}

std::vector<Province> mila_centres(const Variant& variant, const GameState& state, const MilaLists& lists,
                                   Power power) {
  std::vector<Province> centres;
  variant.all_supply_centres().for_each([&](int p) {
    if (state.centre_owner(province_at(p)) == power) centres.push_back(province_at(p));
  });
  return in_arrival_order(std::move(centres), [&](Province p) { return lists.centre(p); });
}

std::vector<Province> mila_influence(const Variant& variant, const MilaLists& lists, Power power) {
  std::vector<Province> provinces;
  for (int p = 0; p < variant.province_count(); ++p)
    if (lists.influence_owner(province_at(p)) == power) provinces.push_back(province_at(p));
  return in_arrival_order(std::move(provinces), [&](Province p) { return lists.influence(p); });
}

}  // namespace stratagem::python
