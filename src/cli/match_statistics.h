#pragma once
// The Elo difference a match result implies, with a 95% error bar: the score fraction p
// maps to 400 * log10(p / (1 - p)); the per-game score has the trinomial variance of wins,
// draws and losses, and the bar is the image of p +- 1.96 standard errors.

#include <optional>

namespace stratagem::cli {

struct MatchScore {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

struct EloEstimate {
  std::optional<double> elo;       // none at a score of 0% or 100% (infinite)
  std::optional<double> error_95;  // half the width of the interval; none where it is infinite
};

EloEstimate elo_estimate(const MatchScore& score);

}  // namespace stratagem::cli
