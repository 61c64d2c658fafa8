#pragma once
// The equilibrium player: equilibrium search in the manner of Gray et al. 2020 ("Human-level
// performance in no-press Diplomacy via equilibrium search"), on our adjudicator and our own
// players. In a movement phase:
//  1. every power gets a short list of candidate order sets: the best responses the search
//     player finds for it with different seeds, and orders of the DumbBot-class policy
//     (deduplicated);
//  2. regret matching over the joint candidates for a number of iterations, each power's
//     candidates valued by playing them against the others' sampled play through the end
//     of the year (the policy playing the later phases);
//  3. our orders are the best response to opponents drawn from their average strategies
//     (some drawn from the DumbBot-class policy instead, a hedge against opponents who do
//     not search), found as the search player finds its own (our candidates, most played
//     first, then unit-by-unit improvement).
// Retreats and adjustments follow the policy. Everything is bounded by a budget of
// adjudicated phases, so the same seed gives the same orders on any machine.

#include <cstdint>

#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

struct EquilibriumSettings {
  int proposal_level = 0;      // the search level that proposes each power's candidates
  int proposals = 0;           // its best responses per power, each from its own seed
  int policy_candidates = 0;   // DumbBot-class order sets added per power
  int iterations = 0;          // of regret matching (0: every candidate equally likely)
  int response_samples = 0;    // opponents' joint orders our best response is found against
  int improvement_passes = 0;  // unit-by-unit passes over our best candidate
  std::int64_t budget = 0;     // adjudicated phases at most per decision
  int policy_samples = 0;      // of those samples, drawn from the DumbBot-class policy instead
};

EquilibriumSettings equilibrium_settings(int level);

class EquilibriumPlayer final : public Player {
 public:
  explicit EquilibriumPlayer(int level);
  std::string name() const override;
  std::vector<diplomacy::Order> orders(const Turn& turn) override;
  std::int64_t positions_searched() const override { return positions_searched_; }

 private:
  int level_;
  EquilibriumSettings settings_;
  std::int64_t positions_searched_ = 0;
};

}  // namespace stratagem::diplomacy_bots
