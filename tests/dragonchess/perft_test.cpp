// Perft from the start position: the required figures (depth 1 = 90, depth 2 = 8,094) and
// the deeper ones established here. Depth 3 and 4 were confirmed by a copy-make perft
// without bulk counting (crosscheck_test) and depth 2 by the reference rules
// (reference_test); docs/dragonchess.md lists how each figure was checked.
#include <gtest/gtest.h>

#include "stratagem/dragonchess/perft.h"

namespace stratagem::dragonchess {
namespace {

std::uint64_t perft_from_start(int depth, const char* rule_switch = nullptr) {
  Rules rules;
  if (rule_switch) {
    EXPECT_TRUE(apply_rule_switch(rules, rule_switch));
  }
  Position pos = Position::start(rules);
  return perft(pos, depth);
}

TEST(Perft, StartDepth1Is90) { EXPECT_EQ(perft_from_start(1), 90u); }
TEST(Perft, StartDepth2Is8094) { EXPECT_EQ(perft_from_start(2), 8094u); }
TEST(Perft, StartDepth3Is735480) { EXPECT_EQ(perft_from_start(3), 735'480u); }
TEST(Perft, StartDepth4Is66769718) { EXPECT_EQ(perft_from_start(4), 66'769'718u); }

// Depth 4 under each switch is in docs/dragonchess.md; depth 3 keeps the test quick.
TEST(Perft, StartDepth3UnderEachSwitch) {
  EXPECT_EQ(perft_from_start(3, "dragon-breath=below"), 735'116u);
  EXPECT_EQ(perft_from_start(3, "elemental-climb=move"), 736'740u);
  EXPECT_EQ(perft_from_start(3, "elemental-leap=yes"), 736'200u);
  EXPECT_EQ(perft_from_start(3, "hero-return=origin"), 734'760u);
  // No Dwarf reaches its far rank in three plies, and no stalemate occurs.
  EXPECT_EQ(perft_from_start(3, "dwarf-turn=yes"), 735'480u);
  EXPECT_EQ(perft_from_start(3, "stalemate=loss"), 735'480u);
}

TEST(Perft, DivideSumsToPerft) {
  Position pos = Position::start();
  std::uint64_t sum = 0;
  for (const auto& [move, nodes] : perft_divide(pos, 3)) sum += nodes;
  EXPECT_EQ(sum, 735'480u);
  EXPECT_EQ(pos.text(), kStartPositionText);
}

}  // namespace
}  // namespace stratagem::dragonchess
