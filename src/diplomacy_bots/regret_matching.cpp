#include "stratagem/diplomacy_bots/regret_matching.h"

#include <algorithm>
#include <numeric>

namespace stratagem::diplomacy_bots {

namespace {

std::vector<double> normalized_or_uniform(std::vector<double> weights) {
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (total <= 0) return std::vector<double>(weights.size(), 1.0 / static_cast<double>(weights.size()));
  for (double& w : weights) w /= total;
  return weights;
}

}  // namespace

RegretMatching::RegretMatching(std::vector<int> action_counts) {
  for (const int n : action_counts) {
    regrets_.emplace_back(std::max(n, 1), 0.0);
    strategy_sums_.emplace_back(std::max(n, 1), 0.0);
  }
}

std::vector<double> RegretMatching::strategy(int player) const {
  std::vector<double> positive = regrets_[player];
  for (double& r : positive) r = std::max(r, 0.0);
  return normalized_or_uniform(std::move(positive));
}

int draw(const std::vector<double>& probabilities, diplomacy::Random& random) {
  double left = random.fraction();
  for (std::size_t a = 0; a + 1 < probabilities.size(); ++a) {
    if (left < probabilities[a]) return static_cast<int>(a);
    left -= probabilities[a];
  }
  return static_cast<int>(probabilities.size()) - 1;
}

int RegretMatching::sample(int player, diplomacy::Random& random) const { return draw(strategy(player), random); }

void RegretMatching::update(int player, const std::vector<double>& action_values, double weight) {
  const std::vector<double> probabilities = strategy(player);
  double expected = 0;
  for (std::size_t a = 0; a < probabilities.size(); ++a) expected += probabilities[a] * action_values[a];
  for (std::size_t a = 0; a < probabilities.size(); ++a) {
    regrets_[player][a] += action_values[a] - expected;
    strategy_sums_[player][a] += weight * probabilities[a];
  }
}

std::vector<double> RegretMatching::average_strategy(int player) const {
  return normalized_or_uniform(strategy_sums_[player]);
}

}  // namespace stratagem::diplomacy_bots
