#pragma once
// The search player: a best response to sampled opponents, found with the adjudicator.
// In a movement phase it draws candidate order sets for its power and joint order sets
// for every other power from the DumbBot-class policy, plays each candidate against each
// opponent sample (through the end of the year, everyone following the policy after this
// phase), and keeps the candidate with the best mean outcome (centres it will own, and
// the centres it threatens or leaves exposed). It then improves that candidate one unit
// at a time, trying each unit's other moves, holds and supports of its own units against
// the same samples. Retreats and adjustments follow the policy.
//
// Levels 1..5 set the number of candidates, samples and improvement passes, and a budget
// of adjudicated phases that bounds the search whatever the position (the top level
// takes about a second per movement phase on one core).

#include <cstdint>
#include <optional>

#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

struct SearchSettings {
  int candidates = 0;          // own order sets drawn from the policy
  int opponent_samples = 0;    // joint order sets of the other powers
  int improvement_passes = 0;  // unit-by-unit passes over the best candidate
  std::int64_t budget = 0;     // adjudicated phases at most per decision
};

SearchSettings search_settings(int level);

class SearchPlayer final : public Player {
 public:
  explicit SearchPlayer(int level);
  std::string name() const override;
  std::vector<diplomacy::Order> orders(const Turn& turn) override;
  std::int64_t positions_searched() const override { return positions_searched_; }
  // What the search expects its best orders to be worth to turn.power (mean position value
  // against its samples); nullopt outside a movement phase or with no unit to order.
  std::optional<double> expected_value(const Turn& turn);

 private:
  int level_;
  SearchSettings settings_;
  std::int64_t positions_searched_ = 0;
};

}  // namespace stratagem::diplomacy_bots
