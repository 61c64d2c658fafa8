#include "destination_values.h"

#include <algorithm>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

constexpr int kSteps = 10;

struct SeasonWeights {
  std::int64_t attack, defence;
  std::array<std::int64_t, kSteps> nearness;
  std::int64_t strength, competition;
  std::int64_t threat;  // adjustments: the defence value once more, undiluted
};

constexpr SeasonWeights kSpring{700, 300, {100, 1000, 30, 10, 6, 5, 4, 3, 2, 1}, 1000, 1000, 0};
constexpr SeasonWeights kFall{600, 400, {1000, 100, 30, 10, 6, 5, 4, 3, 2, 1}, 1000, 1000, 0};
constexpr SeasonWeights kAdjustment{600, 400, {1000, 100, 30, 10, 6, 5, 4, 3, 2, 1}, 0, 0, 1000};

// A power's size: grows with the square of its centres, so the leader draws attacks.
std::int64_t power_size(int centres) { return std::int64_t{centres} * centres + 4 * centres + 16; }

}  // namespace

Reach::Reach(const Variant& variant, const GameState& state) : powers_(variant.power_count()) {
  state.occupied_provinces().for_each([&](int p) {
    const Unit& unit = state.unit_at(province_at(p));
    auto& counts = counts_[index(unit.power)];
    ++counts[p];
    variant.reach(unit.type, unit.location).for_each([&](int q) { ++counts[q]; });
  });
}

int Reach::rivals_into(Power power, Province p) const {
  int most = 0;
  for (int i = 0; i < powers_; ++i)
    if (i != index(power)) most = std::max<int>(most, counts_[i][index(p)]);
  return most;
}

ValueSeason value_season(const Phase& phase) {
  if (phase.type == PhaseType::Adjustment) return ValueSeason::Adjustment;
  return phase.season == Season::Spring ? ValueSeason::Spring : ValueSeason::Fall;
}

DestinationValues::DestinationValues(const Variant& variant, const GameState& state, const Reach& reach,
                                     Power power, ValueSeason season) {
  const SeasonWeights& w =
      season == ValueSeason::Spring ? kSpring : season == ValueSeason::Fall ? kFall : kAdjustment;
  const int provinces = variant.province_count(), locations = variant.location_count();
  for (int l = 0; l < locations; ++l) province_of_[l] = variant.province_of(location_at(l));

  std::array<std::int64_t, kMaxProvinces> defence{}, army_near{}, army_next{};
  std::array<std::int64_t, kMaxLocations> fleet_near{}, fleet_next{};
  variant.all_supply_centres().for_each([&](int p) {
    const Power owner = state.centre_owner(province_at(p));
    if (owner == power) {
      for (int i = 0; i < variant.power_count(); ++i)
        if (i != index(power) && reach.units_into(power_at(i), province_at(p)) > 0)
          defence[p] = std::max(defence[p], power_size(state.centre_count(power_at(i))));
      army_near[p] = defence[p] * w.defence;
    } else {
      army_near[p] = power_size(state.centre_count(owner)) * w.attack;
    }
  });
  for (int l = 0; l < locations; ++l) fleet_near[l] = army_near[index(province_of_[l])];

  for (int p = 0; p < provinces; ++p) army_[p] = w.nearness[0] * army_near[p];
  for (int l = 0; l < locations; ++l) fleet_[l] = w.nearness[0] * fleet_near[l];
  for (int step = 1; step < kSteps; ++step) {
    for (int p = 0; p < provinces; ++p) {
      if (variant.terrain(province_at(p)) == Terrain::Sea) continue;
      std::int64_t sum = army_near[p];
      variant.army_neighbours(province_at(p)).for_each([&](int q) { sum += army_near[q]; });
      army_next[p] = sum / 5;
    }
    for (int l = 0; l < locations; ++l) {
      if (!variant.fleet_can_stand(location_at(l))) continue;
      // Two coasts of one province next to this place count once, the better one.
      std::array<std::pair<int, std::int64_t>, 16> seen{};
      int seen_count = 0;
      std::int64_t sum = fleet_near[l];
      variant.fleet_neighbours(location_at(l)).for_each([&](int m) {
        const int q = index(province_of_[m]);
        for (int k = 0; k < seen_count; ++k)
          if (seen[k].first == q) {
            if (fleet_near[m] > seen[k].second) {
              sum += fleet_near[m] - seen[k].second;
              seen[k].second = fleet_near[m];
            }
            return;
          }
        if (seen_count < static_cast<int>(seen.size())) seen[seen_count++] = {q, fleet_near[m]};
        sum += fleet_near[m];
      });
      fleet_next[l] = sum / 5;
    }
    army_near = army_next;
    fleet_near = fleet_next;
    for (int p = 0; p < provinces; ++p) army_[p] += w.nearness[step] * army_near[p];
    for (int l = 0; l < locations; ++l) fleet_[l] += w.nearness[step] * fleet_near[l];
  }

  for (int p = 0; p < provinces; ++p) {
    const Province province = province_at(p);
    army_[p] += w.strength * reach.units_into(power, province) - w.competition * reach.rivals_into(power, province) +
                w.threat * defence[p];
  }
  for (int l = 0; l < locations; ++l) {
    const Province province = province_of_[l];
    fleet_[l] += w.strength * reach.units_into(power, province) -
                 w.competition * reach.rivals_into(power, province) + w.threat * defence[index(province)];
  }
}

}  // namespace stratagem::diplomacy_bots
