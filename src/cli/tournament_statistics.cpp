#include "tournament_statistics.h"

#include <algorithm>
#include <cmath>

namespace stratagem::cli {

namespace {
constexpr double kZ95 = 1.959964;
}

Interval MeanEstimate::interval_95() const {
  if (n_ < 2) return {mean(), mean()};
  const double m = mean();
  const double variance = std::max(0.0, (sum_squares_ - n_ * m * m) / (n_ - 1));
  const double half = kZ95 * std::sqrt(variance / n_);
  return {m - half, m + half};
}

Interval wilson_interval_95(std::int64_t hits, std::int64_t n) {
  if (n == 0) return {0, 1};
  const double p = static_cast<double>(hits) / n, z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace stratagem::cli
