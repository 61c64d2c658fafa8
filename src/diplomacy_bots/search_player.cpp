#include "search_player.h"

#include <cmath>
#include <optional>
#include <set>

#include "best_response.h"
#include "dumbbot.h"
#include "phase_units.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

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
    std::vector<OpponentSample> samples;
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
      samples.push_back({joint, random_.next()});
    }
    BestResponse response(turn_, rollout_policy_, std::move(samples), settings_.budget, positions_);
    std::vector<Order> best = response.run(candidates, settings_.improvement_passes);
    best_value_ = response.best_value();
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

  const Turn& turn_;
  const SearchSettings& settings_;
  std::int64_t& positions_;
  Random random_;
  Policy root_;
  RolloutPolicy rollout_policy_;
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
