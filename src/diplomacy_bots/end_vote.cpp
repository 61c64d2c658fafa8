#include "stratagem/diplomacy_bots/end_vote.h"

#include <algorithm>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

// The years of the game behind the current one whose counts are judged: up to kYearsJudged.
int years_judged(const std::vector<CentreCounts>& year_starts) {
  return std::clamp(static_cast<int>(year_starts.size()) - 1, 0, kYearsJudged);
}

// A power's gain of centres a year at its pace of the last years (up to kYearsJudged); in
// the first year, when no year has ended, its share of the neutral centres.
double trend(const std::vector<CentreCounts>& year_starts, const CentreCounts& now, int power, double neutral_share) {
  const int years = years_judged(year_starts);
  if (years == 0) return neutral_share;
  const CentreCounts& then = year_starts[year_starts.size() - 1 - static_cast<std::size_t>(years)];
  const int before = static_cast<std::size_t>(power) < then.size() ? then[power] : now[power];
  return static_cast<double>(now[power] - before) / years;
}

// No power's count changed over the last kYearsJudged years.
bool stalled(const std::vector<CentreCounts>& year_starts, const CentreCounts& now) {
  if (years_judged(year_starts) < kYearsJudged) return false;
  for (std::size_t y = year_starts.size() - 1 - kYearsJudged; y < year_starts.size(); ++y)
    if (year_starts[y] != now) return false;
  return true;
}

}  // namespace

EndVote vote_on_end(const Variant& variant, const GameState& state, Power power,
                    const std::vector<CentreCounts>& year_starts, int victory_centres) {
  const int powers = variant.power_count();
  CentreCounts now(static_cast<std::size_t>(powers));
  int survivors = 0, owned = 0;
  for (int p = 0; p < powers; ++p) {
    now[p] = state.centre_count(power_at(p));
    owned += now[p];
    if (now[p] > 0 || state.unit_count(power_at(p)) > 0) ++survivors;
  }
  const int me = index(power);
  if (survivors == 0 || (now[me] == 0 && state.unit_count(power) == 0)) return {true, "about to be eliminated"};
  const int centres = variant.all_supply_centres().size();
  const double neutral_share = static_cast<double>(centres - owned) / survivors;
  const double mine = trend(year_starts, now, me, neutral_share);

  bool leads = true;
  for (int p = 0; p < powers; ++p)
    if (p != me && now[p] >= now[me]) leads = false;
  if (leads) return {false, "leads"};
  if (mine > 0) return {false, "grows"};
  if (now[me] + mine <= 1) return {true, "about to be eliminated"};
  for (int p = 0; p < powers; ++p)
    if (p != me && now[p] + std::max(0.0, trend(year_starts, now, p, neutral_share)) >= victory_centres)
      return {true, "a rival is about to win"};
  if (stalled(year_starts, now)) return {true, "stalled"};
  // A draw among n is a 1/n share of a win; playing on, about the share of the board it holds.
  if (1.0 / survivors >= (now[me] + mine) / centres) return {true, "the draw beats its prospects"};
  return {false, "its prospects beat the draw"};
}

}  // namespace stratagem::diplomacy_bots
