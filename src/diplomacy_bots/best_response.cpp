#include "best_response.h"

#include <algorithm>

#include "dumbbot.h"
#include "phase_units.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

void JointOrders::add(const Variant& variant, const std::vector<Order>& list) {
  for (const Order& o : list) {
    if (o.kind() == OrderKind::Waive) continue;
    const int p = index(variant.province_of(o.unit()));
    orders[p] = o;
    ordered.insert(p);
  }
}

bool has_something_to_order(const Variant& variant, const GameState& state, Power power) {
  if (state.phase.type == PhaseType::Adjustment) return adjustment_delta(variant, state, power) != 0;
  return !units_to_order(state, power).empty();
}

Policy::Policy(const Variant& variant, const GameState& state) : variant_(variant), state_(state), reach_(variant, state) {
  for (int i = 0; i < variant.power_count(); ++i)
    if (has_something_to_order(variant, state, power_at(i)))
      values_[i].emplace(variant, state, reach_, power_at(i), value_season(state.phase));
}

std::vector<Order> Policy::orders(Power power, Random& random) const {
  return dumbbot_orders(variant_, state_, reach_, *values_[index(power)], power, random);
}

RolloutPolicy::RolloutPolicy(const Variant& variant, const GameState& root) {
  const Reach reach(variant, root);
  for (int i = 0; i < variant.power_count(); ++i)
    if (root.unit_count(power_at(i)) > 0) values_[i].emplace(variant, root, reach, power_at(i), ValueSeason::Fall);
}

GameState RolloutPolicy::play_out_year(const Variant& variant, const RuleOptions& rules, GameState state,
                                       Random& random, std::int64_t& positions) const {
  for (int phase = 0; phase < 3 && state.phase.type != PhaseType::Adjustment; ++phase) {
    const bool fall_movement = state.phase.season == Season::Fall && state.phase.type == PhaseType::Movement;
    const Reach reach(variant, state);
    JointOrders joint;
    for (int i = 0; i < variant.power_count(); ++i)
      if (values_[i] && !units_to_order(state, power_at(i)).empty())
        joint.add(variant, dumbbot_orders(variant, state, reach, *values_[i], power_at(i), random));
    state = adjudicate(variant, rules, state, joint.orders, joint.ordered).next;
    ++positions;
    if (fall_movement) break;
  }
  return state;
}

GameState play_out(const Turn& turn, const RolloutPolicy& rollout, const JointOrders& joint,
                   std::uint64_t rollout_seed, std::int64_t& positions) {
  GameState after = adjudicate(turn.variant, turn.rules, turn.state, joint.orders, joint.ordered).next;
  ++positions;
  if (turn.state.phase.season == Season::Spring) {
    Random random(rollout_seed);
    after = rollout.play_out_year(turn.variant, turn.rules, std::move(after), random, positions);
  }
  return after;
}

double position_value(const Variant& variant, const GameState& state, Power power) {
  const Reach reach(variant, state);
  double value = 0.1 * state.unit_count(power);
  variant.all_supply_centres().for_each([&](int p) {
    const Province province = province_at(p);
    const Power owner = state.occupied(province) ? state.unit_at(province).power : state.centre_owner(province);
    const int ours = reach.units_into(power, province), theirs = reach.rivals_into(power, province);
    if (owner == power) {
      value += 1.0;
      if (theirs > ours) value -= 0.3;
    } else if (ours > theirs) {
      value += 0.2;
    }
  });
  return value;
}

std::vector<std::uint32_t> key_of(const std::vector<Order>& orders) {
  std::vector<std::uint32_t> key;
  for (const Order& o : orders) key.push_back(o.raw());
  std::sort(key.begin(), key.end());
  return key;
}

namespace {
// How much an ally's position counts beside ours (Turn::allies).
constexpr double kAllyWeight = 1.0;
}  // namespace

BestResponse::BestResponse(const Turn& turn, const RolloutPolicy& rollout, std::vector<OpponentSample> samples,
                           std::int64_t budget, std::int64_t& positions)
    : turn_(turn), rollout_(rollout), samples_(std::move(samples)), budget_(budget), positions_(positions) {}

std::vector<Order> BestResponse::run(const std::vector<std::vector<Order>>& candidates, int improvement_passes) {
  std::vector<Order> best = candidates.front();
  best_value_ = evaluate(best);
  for (std::size_t k = 1; k < candidates.size() && !out_of_budget(); ++k) {
    const double value = evaluate(candidates[k]);
    if (value > best_value_) {
      best_value_ = value;
      best = candidates[k];
    }
  }
  for (int pass = 0; pass < improvement_passes && !out_of_budget(); ++pass) {
    bool improved = false;
    for (std::size_t u = 0; u < best.size() && !out_of_budget(); ++u) {
      for (const Order& alternative : alternatives(best, u)) {
        if (out_of_budget()) break;
        if (turn_.allowed && !turn_.allowed(turn_.power, alternative)) continue;
        std::vector<Order> trial = best;
        trial[u] = alternative;
        const double value = evaluate(trial);
        if (value > best_value_ + 1e-9) {
          best_value_ = value;
          best = std::move(trial);
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

bool BestResponse::out_of_budget() const {
  return used_ + static_cast<std::int64_t>(samples_.size()) * 3 > budget_ || (turn_.should_stop && turn_.should_stop());
}

// The mean value of our orders against every opponent sample.
double BestResponse::evaluate(const std::vector<Order>& ours) {
  double total = 0;
  std::int64_t adjudicated = 0;
  for (const OpponentSample& sample : samples_) {
    JointOrders joint = sample.orders;
    joint.add(turn_.variant, ours);
    const GameState after = play_out(turn_, rollout_, joint, sample.rollout_seed, adjudicated);
    total += position_value(turn_.variant, after, turn_.power);
    for (const Power ally : turn_.allies) total += kAllyWeight * position_value(turn_.variant, after, ally);
  }
  used_ += adjudicated;
  positions_ += adjudicated;
  return samples_.empty() ? 0 : total / static_cast<double>(samples_.size());
}

// Other orders for unit u: hold, each move, and supports of our other units as they
// are ordered now.
std::vector<Order> BestResponse::alternatives(const std::vector<Order>& current, std::size_t u) const {
  const Variant& variant = turn_.variant;
  const Order mine = current[u];
  const UnitType type = mine.unit_type();
  const Location at = mine.unit();
  const Province here = variant.province_of(at);
  const auto reaches = [&](Province p) { return p != here && variant.reach(type, at).contains(index(p)); };
  std::vector<Order> options;
  options.push_back(Order::hold(type, at));
  if (type == UnitType::Army)
    variant.army_neighbours(here).for_each(
        [&](int q) { options.push_back(Order::move(type, at, variant.main_location(province_at(q)))); });
  else
    variant.fleet_neighbours(at).for_each([&](int l) { options.push_back(Order::move(type, at, location_at(l))); });
  const auto support = [&](const Order& other) {
    if (other.kind() == OrderKind::Move) {
      if (reaches(variant.province_of(other.target())))
        options.push_back(Order::support_move(type, at, other.unit(), other.target()));
    } else if (reaches(variant.province_of(other.unit()))) {
      options.push_back(Order::support_hold(type, at, other.unit()));
    }
  };
  for (std::size_t v = 0; v < current.size(); ++v)
    if (v != u) support(current[v]);
  for (const Order& other : turn_.announced) support(other);
  std::erase(options, mine);
  return options;
}

}  // namespace stratagem::diplomacy_bots
