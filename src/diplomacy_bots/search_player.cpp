#include "search_player.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "destination_values.h"
#include "dumbbot.h"
#include "phase_units.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

struct JointOrders {
  std::array<Order, kMaxProvinces> orders{};
  ProvinceSet ordered;
  void add(const Variant& variant, const std::vector<Order>& list) {
    for (const Order& o : list) {
      if (o.kind() == OrderKind::Waive) continue;
      const int p = index(variant.province_of(o.unit()));
      orders[p] = o;
      ordered.insert(p);
    }
  }
};

bool has_something_to_order(const Variant& variant, const GameState& state, Power power) {
  if (state.phase.type == PhaseType::Adjustment) return adjustment_delta(variant, state, power) != 0;
  return !units_to_order(state, power).empty();
}

// The DumbBot-class policy for every power of one position, its values worked out once.
class Policy {
 public:
  Policy(const Variant& variant, const GameState& state) : variant_(variant), state_(state), reach_(variant, state) {
    for (int i = 0; i < variant.power_count(); ++i)
      if (has_something_to_order(variant, state, power_at(i)))
        values_[i].emplace(variant, state, reach_, power_at(i), value_season(state.phase));
  }
  bool plays(Power power) const { return values_[index(power)].has_value(); }
  std::vector<Order> orders(Power power, Random& random) const {
    return dumbbot_orders(variant_, state_, reach_, *values_[index(power)], power, random);
  }

 private:
  const Variant& variant_;
  const GameState& state_;
  Reach reach_;
  std::array<std::optional<DestinationValues>, kMaxPowers> values_;
};

// The policy of the year's later phases, for the play-outs: every power's Fall values,
// worked out once on the position searched (where units stand next is looked at afresh,
// their values are not: that keeps a play-out a few times cheaper than the phase itself).
class RolloutPolicy {
 public:
  RolloutPolicy(const Variant& variant, const GameState& root) {
    const Reach reach(variant, root);
    for (int i = 0; i < variant.power_count(); ++i)
      if (root.unit_count(power_at(i)) > 0) values_[i].emplace(variant, root, reach, power_at(i), ValueSeason::Fall);
  }
  // Everyone follows the policy until the Fall movement has been adjudicated (the moment
  // centres change hands).
  GameState play_out_year(const Variant& variant, const RuleOptions& rules, GameState state, Random& random,
                          std::int64_t& positions) const {
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

 private:
  std::array<std::optional<DestinationValues>, kMaxPowers> values_;
};

// What a position after a movement phase is worth to `power`: the centres it will own
// once the units standing on centres take them, a little for each unit kept, and a part
// of a centre for each centre it can take or may lose next (more of its units can reach
// it than any rival's, or the other way round).
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

// How much an ally's position counts beside ours (Turn::allies).
constexpr double kAllyWeight = 1.0;

std::vector<std::uint32_t> key_of(const std::vector<Order>& orders) {
  std::vector<std::uint32_t> key;
  for (const Order& o : orders) key.push_back(o.raw());
  std::sort(key.begin(), key.end());
  return key;
}

class Search {
 public:
  Search(const Turn& turn, const SearchSettings& settings, std::int64_t& positions)
      : turn_(turn),
        settings_(settings),
        positions_(positions),
        random_(turn.seed),
        root_(turn.variant, turn.state),
        rollout_policy_(turn.variant, turn.state) {}

  std::vector<Order> run() {
    std::vector<std::vector<Order>> candidates;
    std::set<std::vector<std::uint32_t>> seen;
    for (int tries = 0; tries < 4 * settings_.candidates && static_cast<int>(candidates.size()) < settings_.candidates;
         ++tries) {
      std::vector<Order> c = within_deals(turn_.power, root_.orders(turn_.power, random_));
      if (seen.insert(key_of(c)).second) candidates.push_back(std::move(c));
    }
    std::array<std::vector<Order>, kMaxPowers> announced;
    for (const Order& o : turn_.announced) {
      const Province at = turn_.variant.province_of(o.unit());
      if (turn_.state.occupied(at) && turn_.state.unit_at(at).power != turn_.power)
        announced[index(turn_.state.unit_at(at).power)].push_back(o);
    }
    // A power trusted to a degree keeps its deals in that share of the samples.
    const auto keeps_deals = [&](int i, int m) {
      if (static_cast<std::size_t>(i) >= turn_.trust.size()) return true;
      return m < static_cast<int>(std::ceil(turn_.trust[i] * settings_.opponent_samples));
    };
    for (int m = 0; m < settings_.opponent_samples; ++m) {
      JointOrders joint;
      for (int i = 0; i < turn_.variant.power_count(); ++i) {
        if (power_at(i) == turn_.power || !root_.plays(power_at(i))) continue;
        if (!announced[i].empty()) {
          joint.add(turn_.variant, announced[i]);
          continue;
        }
        std::vector<Order> predicted = root_.orders(power_at(i), random_);
        joint.add(turn_.variant, keeps_deals(i, m) ? within_deals(power_at(i), std::move(predicted)) : predicted);
      }
      samples_.push_back(joint);
      rollout_seeds_.push_back(random_.next());
    }
    used_ = 0;
    std::vector<Order> best = candidates.front();
    best_value_ = evaluate(best);
    for (std::size_t k = 1; k < candidates.size() && !out_of_budget(); ++k) {
      const double value = evaluate(candidates[k]);
      if (value > best_value_) {
        best_value_ = value;
        best = candidates[k];
      }
    }
    for (int pass = 0; pass < settings_.improvement_passes && !out_of_budget(); ++pass) {
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

  // The mean value of the orders run() returned.
  double best_value() const { return best_value_; }

 private:
  // A power's orders with those its deals forbid (Turn::allowed) replaced by holds.
  std::vector<Order> within_deals(Power power, std::vector<Order> orders) const {
    if (!turn_.allowed) return orders;
    for (Order& o : orders)
      if (o.kind() != OrderKind::Hold && !turn_.allowed(power, o)) o = Order::hold(o.unit_type(), o.unit());
    return orders;
  }

  bool out_of_budget() const {
    return used_ + samples_.size() * 3 > static_cast<std::size_t>(settings_.budget) ||
           (turn_.should_stop && turn_.should_stop());
  }

  // The mean value of our orders against every opponent sample.
  double evaluate(const std::vector<Order>& ours) {
    const Variant& variant = turn_.variant;
    double total = 0;
    std::int64_t adjudicated = 0;
    for (std::size_t m = 0; m < samples_.size(); ++m) {
      JointOrders joint = samples_[m];
      joint.add(variant, ours);
      GameState after = adjudicate(variant, turn_.rules, turn_.state, joint.orders, joint.ordered).next;
      ++adjudicated;
      if (turn_.state.phase.season == Season::Spring) {
        Random rollout(rollout_seeds_[m]);
        after = rollout_policy_.play_out_year(variant, turn_.rules, std::move(after), rollout, adjudicated);
      }
      total += position_value(variant, after, turn_.power);
      for (const Power ally : turn_.allies) total += kAllyWeight * position_value(variant, after, ally);
    }
    used_ += adjudicated;
    positions_ += adjudicated;
    return samples_.empty() ? 0 : total / static_cast<double>(samples_.size());
  }

  // Other orders for unit u: hold, each move, and supports of our other units as they
  // are ordered now.
  std::vector<Order> alternatives(const std::vector<Order>& current, std::size_t u) const {
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

  const Turn& turn_;
  const SearchSettings& settings_;
  std::int64_t& positions_;
  std::int64_t used_ = 0;
  Random random_;
  Policy root_;
  RolloutPolicy rollout_policy_;
  std::vector<JointOrders> samples_;
  std::vector<std::uint64_t> rollout_seeds_;
  double best_value_ = 0;
};

}  // namespace

SearchSettings search_settings(int level) {
  switch (level) {
    case 1: return {4, 4, 0, 1'000};
    case 2: return {8, 8, 1, 4'000};
    case 3: return {16, 24, 2, 20'000};
    case 4: return {32, 64, 3, 80'000};
    default: return {48, 96, 4, 200'000};
  }
}

SearchPlayer::SearchPlayer(int level) : level_(level), settings_(search_settings(level)) {}

std::string SearchPlayer::name() const { return "search:" + std::to_string(level_); }

std::vector<Order> SearchPlayer::orders(const Turn& turn) {
  if (turn.state.phase.type != PhaseType::Movement || units_to_order(turn.state, turn.power).empty())
    return DumbBot().orders(turn);
  return Search(turn, settings_, positions_searched_).run();
}

std::optional<double> SearchPlayer::expected_value(const Turn& turn) {
  if (turn.state.phase.type != PhaseType::Movement || units_to_order(turn.state, turn.power).empty()) return std::nullopt;
  Search search(turn, settings_, positions_searched_);
  search.run();
  return search.best_value();
}

}  // namespace stratagem::diplomacy_bots
