// Elo estimate and its 95% interval from wins, draws and losses.
#include "match_statistics.h"

#include <cmath>

namespace stratagem::cli {
namespace {

std::optional<double> elo_of(double p) {
  if (p <= 0.0 || p >= 1.0) return std::nullopt;
  return 400.0 * std::log10(p / (1.0 - p));
}

}  // namespace

EloEstimate elo_estimate(const MatchScore& score) {
  EloEstimate estimate;
  const int n = score.games();
  if (n == 0) return estimate;
  const double p = score.score();
  estimate.elo = elo_of(p);
  const double variance = (score.wins * (1.0 - p) * (1.0 - p) + score.draws * (0.5 - p) * (0.5 - p) +
                           score.losses * p * p) / n;
  const double margin = 1.96 * std::sqrt(variance / n);
  const auto low = elo_of(p - margin), high = elo_of(p + margin);
  if (estimate.elo && low && high) estimate.error_95 = (*high - *low) / 2.0;
  return estimate;
}

}  // namespace stratagem::cli
