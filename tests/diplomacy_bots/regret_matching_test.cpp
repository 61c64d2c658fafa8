// Regret matching on small matrix games whose equilibria are known.
#include "stratagem/diplomacy_bots/regret_matching.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace stratagem::diplomacy_bots {
namespace {

using Payoffs = std::array<std::array<double, 2>, 2>;  // the row player's, [row][column]

// Both players update against the other's current strategy (exact expected values).
void play(RegretMatching& matching, const Payoffs& row, const Payoffs& column, int iterations) {
  for (int t = 0; t < iterations; ++t) {
    const std::vector<double> r = matching.strategy(0), c = matching.strategy(1);
    std::vector<double> row_values(2, 0.0), column_values(2, 0.0);
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 2; ++b) {
        row_values[a] += c[b] * row[a][b];
        column_values[b] += r[a] * column[a][b];
      }
    matching.update(0, row_values);
    matching.update(1, column_values);
  }
}

TEST(RegretMatching, AverageStrategyConvergesToTheMixedEquilibriumOfAZeroSumGame) {
  // Uneven matching pennies: the row player wins 2 on (heads, heads), 1 on (tails, tails),
  // loses 1 otherwise. Each player's equilibrium plays heads 2/5 of the time.
  const Payoffs row{{{2, -1}, {-1, 1}}};
  const Payoffs column{{{-2, 1}, {1, -1}}};
  RegretMatching matching({2, 2});
  play(matching, row, column, 20000);
  EXPECT_NEAR(matching.average_strategy(0)[0], 0.4, 0.01);
  EXPECT_NEAR(matching.average_strategy(1)[0], 0.4, 0.01);
}

TEST(RegretMatching, ADominatedActionDiesOut) {
  // The prisoner's dilemma: defecting (action 1) is better whatever the other does.
  const Payoffs row{{{3, 0}, {5, 1}}};
  const Payoffs column{{{3, 5}, {0, 1}}};
  RegretMatching matching({2, 2});
  play(matching, row, column, 1000);
  EXPECT_EQ(matching.strategy(0), (std::vector<double>{0.0, 1.0}));
  EXPECT_LT(matching.average_strategy(1)[0], 0.01);
}

TEST(RegretMatching, StartsUniformAndWeightsLaterIterationsAsAsked) {
  RegretMatching matching({3, 1});
  EXPECT_EQ(matching.actions(0), 3);
  EXPECT_EQ(matching.strategy(0), (std::vector<double>(3, 1.0 / 3)));
  EXPECT_EQ(matching.average_strategy(1), (std::vector<double>{1.0}));
  matching.update(0, {1, 0, 0}, 1.0);  // played uniform; action 0 did best
  EXPECT_EQ(matching.strategy(0), (std::vector<double>{1.0, 0.0, 0.0}));
  matching.update(0, {1, 0, 0}, 3.0);  // played action 0 only, with weight 3
  const std::vector<double> average = matching.average_strategy(0);
  EXPECT_DOUBLE_EQ(average[0], (1.0 / 3 + 3.0) / 4);
  EXPECT_DOUBLE_EQ(average[1], (1.0 / 3) / 4);
}

TEST(RegretMatching, DrawFollowsTheProbabilities) {
  diplomacy::Random random(7);
  std::array<int, 3> counts{};
  for (int n = 0; n < 30000; ++n) ++counts[draw({0.5, 0.0, 0.5}, random)];
  EXPECT_EQ(counts[1], 0);
  EXPECT_NEAR(counts[0], 15000, 400);
  EXPECT_EQ(draw({0.0, 0.0, 1.0}, random), 2);
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
