#include "equilibrium_player.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <set>

#include "best_response.h"
#include "dumbbot.h"
#include "phase_units.h"
#include "search_player.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/regret_matching.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

using OrderSets = std::vector<std::vector<Order>>;

// Shares of the budget the first two stages may use up to; the best response gets the rest.
constexpr double kProposalShare = 0.5;
constexpr double kRegretMatchingShare = 0.8;

class EquilibriumSearch {
 public:
  EquilibriumSearch(const Turn& turn, const EquilibriumSettings& settings, std::int64_t& positions)
      : turn_(turn),
        settings_(settings),
        positions_(positions),
        random_(turn.seed),
        policy_(turn.variant, turn.state),
        rollout_(turn.variant, turn.state) {}

  std::vector<Order> run() {
    const int powers = turn_.variant.power_count();
    std::array<OrderSets, kMaxPowers> candidates;
    for (int i = 0; i < powers; ++i)
      if (policy_.plays(power_at(i))) candidates[i] = propose(power_at(i));
    const std::vector<std::vector<double>> strategies = equilibrium(candidates);

    const int own = index(turn_.power);
    std::vector<int> order(candidates[own].size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return strategies[own][a] > strategies[own][b]; });
    OrderSets ours;
    for (const int k : order) ours.push_back(candidates[own][k]);

    std::vector<OpponentSample> samples;
    for (int m = 0; m < settings_.response_samples; ++m) {
      JointOrders joint;
      const bool from_policy = m < settings_.policy_samples;
      for (int i = 0; i < powers; ++i) {
        if (i == own || candidates[i].empty()) continue;
        joint.add(turn_.variant, from_policy ? policy_.orders(power_at(i), random_)
                                             : candidates[i][draw(strategies[i], random_)]);
      }
      samples.push_back({joint, random_.next()});
    }
    BestResponse response(turn_, rollout_, std::move(samples), settings_.budget - used_, positions_);
    return response.run(ours, settings_.improvement_passes);
  }

 private:
  bool stopped() const { return turn_.should_stop && turn_.should_stop(); }
  bool used_share(double share) const {
    return static_cast<double>(used_) >= share * static_cast<double>(settings_.budget) || stopped();
  }

  // The candidates of one power: the search player's best responses for it, each from its
  // own seed, then the policy's orders, every order set once.
  OrderSets propose(Power power) {
    OrderSets found;
    std::set<std::vector<std::uint32_t>> seen;
    const auto add = [&](std::vector<Order> orders) {
      if (seen.insert(key_of(orders)).second) found.push_back(std::move(orders));
    };
    for (int k = 0; k < settings_.proposals && !used_share(kProposalShare); ++k) {
      SearchPlayer searcher(settings_.proposal_level);
      const auto limit = static_cast<std::int64_t>(kProposalShare * static_cast<double>(settings_.budget));
      const Turn proposal{turn_.variant, turn_.rules, turn_.state, power, random_.next(),
                          [&] { return stopped() || used_ + searcher.positions_searched() > limit; }};
      std::vector<Order> orders = searcher.orders(proposal);
      used_ += searcher.positions_searched();
      positions_ += searcher.positions_searched();
      add(std::move(orders));
    }
    for (int k = 0; k < settings_.policy_candidates || found.empty(); ++k) add(policy_.orders(power, random_));
    return found;
  }

  // Regret matching over the joint candidates; returns every power's average strategy
  // (uniform for a power that orders nothing or when no iteration was run).
  std::vector<std::vector<double>> equilibrium(const std::array<OrderSets, kMaxPowers>& candidates) {
    const int powers = turn_.variant.power_count();
    std::vector<int> counts;
    for (int i = 0; i < powers; ++i) counts.push_back(static_cast<int>(std::max<std::size_t>(candidates[i].size(), 1)));
    RegretMatching matching(counts);
    std::vector<int> chosen(powers, 0);
    for (int t = 0; t < settings_.iterations && !used_share(kRegretMatchingShare); ++t) {
      for (int i = 0; i < powers; ++i) chosen[i] = matching.sample(i, random_);
      const std::uint64_t rollout_seed = random_.next();
      for (int i = 0; i < powers; ++i) {
        if (candidates[i].size() < 2) continue;
        JointOrders others;
        for (int j = 0; j < powers; ++j)
          if (j != i && !candidates[j].empty()) others.add(turn_.variant, candidates[j][chosen[j]]);
        std::vector<double> values;
        for (const std::vector<Order>& mine : candidates[i]) {
          JointOrders joint = others;
          joint.add(turn_.variant, mine);
          std::int64_t adjudicated = 0;
          const GameState after = play_out(turn_, rollout_, joint, rollout_seed, adjudicated);
          used_ += adjudicated;
          positions_ += adjudicated;
          values.push_back(position_value(turn_.variant, after, power_at(i)));
        }
        // Linear weighting: the first iterations, played from uniform strategies, count least.
        matching.update(i, values, t + 1.0);
      }
    }
    std::vector<std::vector<double>> strategies;
    for (int i = 0; i < powers; ++i) strategies.push_back(matching.average_strategy(i));
    return strategies;
  }

  const Turn& turn_;
  const EquilibriumSettings& settings_;
  std::int64_t& positions_;
  std::int64_t used_ = 0;
  Random random_;
  Policy policy_;
  RolloutPolicy rollout_;
};

}  // namespace

EquilibriumSettings equilibrium_settings(int level) {
  switch (level) {
    case 1: return {2, 2, 2, 64, 16, 1, 100'000};
    case 2: return {3, 2, 2, 128, 32, 2, 400'000};
    case 3: return {3, 4, 2, 256, 48, 3, 800'000, 24};
    default: return {3, 8, 1, 512, 64, 3, 560'000, 32};
  }
}

EquilibriumPlayer::EquilibriumPlayer(int level) : level_(level), settings_(equilibrium_settings(level)) {}

std::string EquilibriumPlayer::name() const { return "equilibrium:" + std::to_string(level_); }

std::vector<Order> EquilibriumPlayer::orders(const Turn& turn) {
  if (turn.state.phase.type != PhaseType::Movement || units_to_order(turn.state, turn.power).empty())
    return DumbBot().orders(turn);
  return EquilibriumSearch(turn, settings_, positions_searched_).run();
}

}  // namespace stratagem::diplomacy_bots
