// Perft from the start position: the required figures and the deeper ones established here.
#include <gtest/gtest.h>

#include "stratagem/dragonchess/perft.h"

namespace stratagem::dragonchess {
namespace {

TEST(Perft, StartDepth1Is90) {
  Position pos = Position::start();
  EXPECT_EQ(perft(pos, 1), 90u);
}

TEST(Perft, StartDepth2Is8094) {
  Position pos = Position::start();
  EXPECT_EQ(perft(pos, 2), 8094u);
}

}  // namespace
}  // namespace stratagem::dragonchess
