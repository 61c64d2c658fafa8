#pragma once
// Regret matching (Hart and Mas-Colell 2000) for a game of several players, each choosing
// among a short list of actions: every player's strategy gives each action a probability
// in proportion to its positive regret (how much better it would have done, summed over
// the iterations so far, than what the strategy did). In a two-player zero-sum game the
// average strategy converges to an equilibrium; in any game the empirical joint play
// converges to a coarse correlated equilibrium. The caller supplies the values (exact
// or sampled) of every action of a player against the others' play of an iteration.

#include <cstdint>
#include <vector>

#include "stratagem/diplomacy/random.h"

namespace stratagem::diplomacy_bots {

// An index drawn with the given probabilities (which sum to 1).
int draw(const std::vector<double>& probabilities, diplomacy::Random& random);

class RegretMatching {
 public:
  // action_counts[p]: how many actions player p chooses among (at least one).
  explicit RegretMatching(std::vector<int> action_counts);

  int players() const { return static_cast<int>(regrets_.size()); }
  int actions(int player) const { return static_cast<int>(regrets_[player].size()); }

  // The strategy of this iteration: positive regrets normalized (uniform when none is).
  std::vector<double> strategy(int player) const;
  // An action drawn from the strategy of this iteration.
  int sample(int player, diplomacy::Random& random) const;
  // One iteration's values of each of the player's actions against the others' play:
  // every regret grows by the action's value less the strategy's expected value, and the
  // strategy is added to the average with weight `weight` (later iterations may count
  // more: linear weighting converges faster from a poor start).
  void update(int player, const std::vector<double>& action_values, double weight = 1.0);
  // The weighted average of the strategies played so far (uniform before any update).
  std::vector<double> average_strategy(int player) const;

 private:
  std::vector<std::vector<double>> regrets_;
  std::vector<std::vector<double>> strategy_sums_;
};

}  // namespace stratagem::diplomacy_bots
