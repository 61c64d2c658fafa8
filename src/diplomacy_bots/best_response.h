#pragma once
// A best response found with the adjudicator, shared by the searching players: given joint
// order sets of the other powers (opponent samples), it plays each of its power's candidate
// order sets against every sample (through the end of the year, everyone following the
// DumbBot-class policy after this phase), keeps the candidate with the best mean outcome and
// improves it one unit at a time (other moves, holds, supports of its own units). What a
// position is worth (`position_value`) and how a joint order set plays out (`play_out`) are
// here too, for the searches that value every power's orders.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "destination_values.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

// One order per ordered province: the orders of several powers, ready to adjudicate.
struct JointOrders {
  std::array<diplomacy::Order, diplomacy::kMaxProvinces> orders{};
  diplomacy::ProvinceSet ordered;
  void add(const diplomacy::Variant& variant, const std::vector<diplomacy::Order>& list);
};

bool has_something_to_order(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                            diplomacy::Power power);

// The DumbBot-class policy for every power of one position, its values worked out once.
class Policy {
 public:
  Policy(const diplomacy::Variant& variant, const diplomacy::GameState& state);
  bool plays(diplomacy::Power power) const { return values_[diplomacy::index(power)].has_value(); }
  std::vector<diplomacy::Order> orders(diplomacy::Power power, diplomacy::Random& random) const;

 private:
  const diplomacy::Variant& variant_;
  const diplomacy::GameState& state_;
  Reach reach_;
  std::array<std::optional<DestinationValues>, diplomacy::kMaxPowers> values_;
};

// The policy of the year's later phases, for the play-outs: every power's Fall values,
// worked out once on the position searched (where units stand next is looked at afresh,
// their values are not: that keeps a play-out a few times cheaper than the phase itself).
class RolloutPolicy {
 public:
  RolloutPolicy(const diplomacy::Variant& variant, const diplomacy::GameState& root);
  // Everyone follows the policy until the Fall movement has been adjudicated (the moment
  // centres change hands).
  diplomacy::GameState play_out_year(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                                     diplomacy::GameState state, diplomacy::Random& random,
                                     std::int64_t& positions) const;

 private:
  std::array<std::optional<DestinationValues>, diplomacy::kMaxPowers> values_;
};

// The position a joint order set of a movement phase leads to: after a Spring phase the
// year is played out with the rollout policy (drawing from rollout_seed). Counts the phases
// adjudicated in `positions`.
diplomacy::GameState play_out(const Turn& turn, const RolloutPolicy& rollout, const JointOrders& joint,
                              std::uint64_t rollout_seed, std::int64_t& positions);

// What a position after a movement phase is worth to `power`: the centres it will own
// once the units standing on centres take them, a little for each unit kept, and a part
// of a centre for each centre it can take or may lose next (more of its units can reach
// it than any rival's, or the other way round).
double position_value(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power);

// An order set as a sorted key, to tell distinct order sets apart.
std::vector<std::uint32_t> key_of(const std::vector<diplomacy::Order>& orders);

// Opponents' joint orders to respond to, each with the seed of its play-out.
struct OpponentSample {
  JointOrders orders;
  std::uint64_t rollout_seed = 0;
};

class BestResponse {
 public:
  // `budget` bounds the phases adjudicated; `positions` counts them (the player's total).
  BestResponse(const Turn& turn, const RolloutPolicy& rollout, std::vector<OpponentSample> samples,
               std::int64_t budget, std::int64_t& positions);
  // The candidate with the best mean value against the samples (the first when the budget
  // allows no more), then up to `improvement_passes` unit-by-unit passes over it.
  std::vector<diplomacy::Order> run(const std::vector<std::vector<diplomacy::Order>>& candidates,
                                    int improvement_passes);
  // The mean value of the orders run() returned.
  double best_value() const { return best_value_; }

 private:
  bool out_of_budget() const;
  double evaluate(const std::vector<diplomacy::Order>& ours);
  std::vector<diplomacy::Order> alternatives(const std::vector<diplomacy::Order>& current, std::size_t u) const;

  const Turn& turn_;
  const RolloutPolicy& rollout_;
  std::vector<OpponentSample> samples_;
  std::int64_t budget_;
  std::int64_t& positions_;
  std::int64_t used_ = 0;
  double best_value_ = 0;
};

}  // namespace stratagem::diplomacy_bots
