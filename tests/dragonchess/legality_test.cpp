// Legality: every way a move can expose its own King, each on a hand-built position, with
// the exact legal move set of the piece concerned. Each case also checks that the bulk
// counter agrees with generation, since it takes the fast path where no danger is seen.
#include <gtest/gtest.h>

#include "support.h"

namespace stratagem::dragonchess {
namespace {

using testing::legal_moves;
using testing::make_position;
using Moves = std::vector<std::string>;

void expect_counter_agrees(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  EXPECT_EQ(count_legal_moves(pos), moves.size());
}

TEST(Legality, PinnedOnTheGroundMovesOnlyAlongThePin) {
  const Position pos = make_position({{'K', "2a1"}, {'T', "2c3"}, {'t', "2e5"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "2c3"), (Moves{"T2c3-2b2", "T2c3-2d4", "T2c3x2e5"}));
  expect_counter_agrees(pos);
}

TEST(Legality, DragonPinsOnTheSky) {
  const Position pos = make_position({{'K', "1a1"}, {'C', "1c3"}, {'r', "1e5"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "1c3"), (Moves{"C1c3-1b2", "C1c3-1d4"}));
  expect_counter_agrees(pos);
}

TEST(Legality, GroundPieceShieldsASkyKingFromAnUnderworldMage) {
  const Position pos = make_position({{'K', "1e4"}, {'O', "2e4"}, {'m', "3e4"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "2e4"), Moves{});
  expect_counter_agrees(pos);
}

TEST(Legality, GroundPieceShieldsAnUnderworldKingFromASkyMage) {
  const Position pos = make_position({{'K', "3e4"}, {'U', "2e4"}, {'m', "1e4"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "2e4"), Moves{});
  expect_counter_agrees(pos);
}

TEST(Legality, UnderworldPieceShieldsAGroundKingFromAClimbingElemental) {
  const Position pos = make_position({{'K', "2e4"}, {'B', "3e4"}, {'e', "3f4"}, {'k', "2l8"}});
  // The Basilisk's forward squares; none is legal, it must stay under its King.
  EXPECT_EQ(legal_moves(pos, "3e4"), Moves{});
  expect_counter_agrees(pos);
}

TEST(Legality, UnderworldPieceShieldsAnUnderworldKingFromASlidingElemental) {
  const Position pos = make_position({{'K', "3e4"}, {'C', "3f4"}, {'e', "3g4"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "3f4"), (Moves{"C3f4x3g4"}));
  expect_counter_agrees(pos);
}

TEST(Legality, ElementalOnTheGroundDescendsOnlyThroughAnEmptySquare) {
  // The Elemental on 2f4 reaches 3e4 through 3f4; the Cleric on 3f4 is all that stops it.
  const Position pos = make_position({{'K', "3e4"}, {'C', "3f4"}, {'e', "2f4"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "3f4"), (Moves{"C3f4x2f4"}));
  expect_counter_agrees(pos);
}

TEST(Legality, BasiliskMayNotThawAnEnemyThatWouldGiveCheck) {
  const Position pos = make_position({{'K', "2a1"}, {'B', "3a5"}, {'o', "2a5"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "3a5"), Moves{});
  const Position free_to_go = make_position({{'K', "2b1"}, {'B', "3a5"}, {'o', "2a5"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(free_to_go, "3a5"), (Moves{"B3a5-3a4", "B3a5-3a6", "B3a5-3b6"}));
  expect_counter_agrees(pos);
  expect_counter_agrees(free_to_go);
}

TEST(Legality, CaptureFromAfarMayNotRemoveAnEnemyShield) {
  // Scarlet's Warrior on 2a5 stands between Scarlet's Oliphant and Gold's King.
  const Position pos = make_position({{'K', "2a1"}, {'R', "1b5"}, {'w', "2a5"}, {'o', "2a8"}, {'k', "2l8"}});
  EXPECT_EQ(legal_moves(pos, "1b5"), (Moves{"R1b5-1a4", "R1b5-1a5", "R1b5-1a6", "R1b5-1b4", "R1b5-1b6",
                                            "R1b5-1c4", "R1b5-1c5", "R1b5-1c6", "R1b5-1d3", "R1b5-1d7",
                                            "R1b5-1e2", "R1b5-1e8", "R1b5-1f1"}));
  expect_counter_agrees(pos);
}

TEST(Legality, KingMayNotStepIntoAttack) {
  const Position pos = make_position({{'K', "2e4"}, {'o', "2a5"}, {'m', "1e8"}, {'k', "2l8"}});
  // Rank 5 belongs to the Oliphant. The Sky Mage steps one square, so 1e4 is safe.
  EXPECT_EQ(legal_moves(pos, "2e4"),
            (Moves{"K2e4-1e4", "K2e4-2d3", "K2e4-2d4", "K2e4-2e3", "K2e4-2f3", "K2e4-2f4", "K2e4-3e4"}));
  expect_counter_agrees(pos);
}

TEST(Legality, InCheckOnlyEvasionsAreLegal) {
  // 2e4 neighbours 2e5, under the Dragon: check from afar. The King must leave the cross
  // (1e4 is next to the Dragon) or the Dragon must be taken; nothing blocks a capture from afar.
  const Position pos = make_position({{'K', "2e4"}, {'r', "1e5"}, {'C', "1d4"}, {'k', "2l8"}});
  ASSERT_TRUE(pos.in_check());
  EXPECT_EQ(legal_moves(pos),
            (Moves{"C1d4x1e5", "K2e4-2d3", "K2e4-2d4", "K2e4-2e3", "K2e4-2f3", "K2e4-2f4", "K2e4-3e4"}));
  expect_counter_agrees(pos);
}

}  // namespace
}  // namespace stratagem::dragonchess
