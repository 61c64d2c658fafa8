// Every piece on every board it can stand on: the exact legal move set on hand-built
// positions, open and blocked, frozen and not, for both colours, and under the switches
// that change it. Kings stand out of the way (Gold 2a1, Scarlet 2l8) unless the test says
// otherwise. Expected sets are written from the rules (seed 004), not from the engine.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support.h"

namespace stratagem::dragonchess {
namespace {

using Moves = std::vector<std::string>;
using Placements = std::vector<std::pair<char, std::string>>;

Moves moves_of(Placements placements, const std::string& square, char side = 'g', const Rules& rules = {}) {
  placements.push_back({'K', "2a1"});
  placements.push_back({'k', "2l8"});
  return testing::legal_moves(testing::make_position(placements, side, rules), square);
}

Rules with(const char* rule_switch) {
  Rules rules;
  EXPECT_TRUE(apply_rule_switch(rules, rule_switch));
  return rules;
}

// --- Sky pieces -------------------------------------------------------------------------

TEST(Sylph, OnTheSkyMovesDiagonallyForward) {
  EXPECT_EQ(moves_of({{'S', "1e4"}}, "1e4"), (Moves{"S1e4-1d5", "S1e4-1f5"}));
}

TEST(Sylph, CapturesStraightForwardAndStraightDownOnly) {
  EXPECT_EQ(moves_of({{'S', "1e4"}, {'s', "1e5"}, {'G', "1d5"}, {'g', "1f5"}, {'w', "2e4"}}, "1e4"),
            (Moves{"S1e4x1e5", "S1e4x2e4"}));
}

TEST(Sylph, NeitherMovesStraightNorCapturesItsOwn) {
  EXPECT_EQ(moves_of({{'S', "1e4"}, {'G', "1e5"}, {'W', "2e4"}}, "1e4"), (Moves{"S1e4-1d5", "S1e4-1f5"}));
}

TEST(Sylph, ScarletMovesDownTheRanks) {
  EXPECT_EQ(moves_of({{'s', "1e4"}, {'G', "1e3"}, {'W', "2e4"}}, "1e4", 's'),
            (Moves{"S1e4-1d3", "S1e4-1f3", "S1e4x1e3", "S1e4x2e4"}));
}

TEST(Sylph, OnTheLastRankCanOnlyCaptureBelow) {
  EXPECT_EQ(moves_of({{'S', "1e8"}}, "1e8"), Moves{});
  EXPECT_EQ(moves_of({{'S', "1e8"}, {'w', "2e8"}}, "1e8"), (Moves{"S1e8x2e8"}));
}

TEST(Sylph, OnTheGroundReturnsAboveOrToAnyEmptyStartSquare) {
  EXPECT_EQ(moves_of({{'S', "2e4"}}, "2e4"),
            (Moves{"S2e4-1a2", "S2e4-1c2", "S2e4-1e2", "S2e4-1e4", "S2e4-1g2", "S2e4-1i2", "S2e4-1k2"}));
}

TEST(Sylph, OnTheGroundOnlyMovesAndOnlyToEmptySquares) {
  EXPECT_EQ(moves_of({{'S', "2e4"}, {'g', "1e4"}, {'S', "1c2"}, {'g', "1g2"}, {'w', "2e5"}, {'w', "2d5"}}, "2e4"),
            (Moves{"S2e4-1a2", "S2e4-1e2", "S2e4-1i2", "S2e4-1k2"}));
}

TEST(Sylph, UnderItsStartSquareHasNoDuplicateMove) {
  EXPECT_EQ(moves_of({{'S', "2a2"}}, "2a2"),
            (Moves{"S2a2-1a2", "S2a2-1c2", "S2a2-1e2", "S2a2-1g2", "S2a2-1i2", "S2a2-1k2"}));
}

TEST(Sylph, ScarletReturnsToScarletStartSquares) {
  EXPECT_EQ(moves_of({{'s', "2b5"}}, "2b5", 's'),
            (Moves{"S2b5-1a7", "S2b5-1b5", "S2b5-1c7", "S2b5-1e7", "S2b5-1g7", "S2b5-1i7", "S2b5-1k7"}));
}

TEST(Sylph, FrozenOnTheGroundCannotReturn) {
  EXPECT_EQ(moves_of({{'S', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{});
}

TEST(Griffin, OnTheSkyLeapsThreeByTwoAndStepsDiagonallyDown) {
  EXPECT_EQ(moves_of({{'G', "1e4"}, {'S', "1g7"}, {'s', "1h6"}, {'W', "2d3"}, {'w', "2f5"}, {'S', "1e5"},
                      {'s', "1f5"}},
                     "1e4"),
            (Moves{"G1e4-1b2", "G1e4-1b6", "G1e4-1c1", "G1e4-1c7", "G1e4-1g1", "G1e4-1h2", "G1e4-2d5",
                   "G1e4-2f3", "G1e4x1h6", "G1e4x2f5"}));
}

TEST(Griffin, OnTheGroundStepsDiagonallyOnItOrUp) {
  EXPECT_EQ(moves_of({{'G', "2e4"}}, "2e4"), (Moves{"G2e4-1d3", "G2e4-1d5", "G2e4-1f3", "G2e4-1f5", "G2e4-2d3",
                                                   "G2e4-2d5", "G2e4-2f3", "G2e4-2f5"}));
}

TEST(Griffin, ScarletInTheCorner) {
  EXPECT_EQ(moves_of({{'g', "1a8"}}, "1a8", 's'), (Moves{"G1a8-1c5", "G1a8-1d6", "G1a8-2b7"}));
}

TEST(Griffin, FrozenOnTheGround) { EXPECT_EQ(moves_of({{'G', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

const Placements kDragonScene = {{'R', "1e4"}, {'G', "1g6"}, {'s', "1c2"}, {'w', "2e4"},
                                 {'u', "2f4"}, {'U', "2d4"}, {'w', "2e6"}};

TEST(Dragon, SlidesAsABishopStepsAsAKingAndCapturesFromAfarOnTheCross) {
  EXPECT_EQ(moves_of(kDragonScene, "1e4"),
            (Moves{"R1e4*2e4", "R1e4*2f4", "R1e4-1a8", "R1e4-1b7", "R1e4-1c6", "R1e4-1d3", "R1e4-1d4", "R1e4-1d5",
                   "R1e4-1e3", "R1e4-1e5", "R1e4-1f3", "R1e4-1f4", "R1e4-1f5", "R1e4-1g2", "R1e4-1h1", "R1e4x1c2"}));
}

TEST(Dragon, BreathBelowOnlyUnderTheSwitch) {
  Moves moves = moves_of(kDragonScene, "1e4", 'g', with("dragon-breath=below"));
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "R1e4*2e4"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "R1e4*2f4"), 0);
  EXPECT_EQ(moves.size(), 15u);
}

TEST(Dragon, ScarletInTheCorner) {
  EXPECT_EQ(moves_of({{'r', "1a8"}, {'W', "2a7"}}, "1a8", 's'),
            (Moves{"R1a8*2a7", "R1a8-1a7", "R1a8-1b7", "R1a8-1b8", "R1a8-1c6", "R1a8-1d5", "R1a8-1e4", "R1a8-1f3",
                   "R1a8-1g2", "R1a8-1h1"}));
}

TEST(Dragon, CaptureFromAfarLeavesTheDragonInPlace) {
  Position pos = testing::make_position({{'R', "1e4"}, {'w', "2e5"}, {'K', "2a1"}, {'k', "2l8"}});
  StateInfo state;
  pos.do_move(*parse_move(pos, "R1e4*2e5"), state);
  EXPECT_EQ(pos.piece_on(*parse_square("1e4")), make_piece(Color::Gold, PieceType::Dragon));
  EXPECT_EQ(pos.piece_on(*parse_square("2e5")), Piece::None);
  EXPECT_EQ(pos.halfmove_clock(), 0);
}

// --- Ground pieces ----------------------------------------------------------------------

TEST(Oliphant, SlidesAsARook) {
  EXPECT_EQ(moves_of({{'O', "2e4"}, {'W', "2e6"}, {'u', "2b4"}}, "2e4"),
            (Moves{"O2e4-2c4", "O2e4-2d4", "O2e4-2e1", "O2e4-2e2", "O2e4-2e3", "O2e4-2e5", "O2e4-2f4", "O2e4-2g4",
                   "O2e4-2h4", "O2e4-2i4", "O2e4-2j4", "O2e4-2k4", "O2e4-2l4", "O2e4x2b4"}));
}

TEST(Oliphant, Scarlet) {
  EXPECT_EQ(moves_of({{'o', "2e4"}, {'w', "2e2"}, {'U', "2h4"}}, "2e4", 's'),
            (Moves{"O2e4-2a4", "O2e4-2b4", "O2e4-2c4", "O2e4-2d4", "O2e4-2e3", "O2e4-2e5", "O2e4-2e6", "O2e4-2e7",
                   "O2e4-2e8", "O2e4-2f4", "O2e4-2g4", "O2e4x2h4"}));
}

TEST(Oliphant, FrozenOverAnEnemyBasiliskButNotOverItsOwn) {
  EXPECT_EQ(moves_of({{'O', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{});
  EXPECT_EQ(moves_of({{'O', "2e4"}, {'B', "3e4"}}, "2e4").size(), 18u);
}

TEST(Unicorn, LeapsAsAKnight) {
  EXPECT_EQ(moves_of({{'U', "2e4"}, {'W', "2d6"}, {'w', "2g3"}, {'W', "2e5"}, {'w', "2d4"}}, "2e4"),
            (Moves{"U2e4-2c3", "U2e4-2c5", "U2e4-2d2", "U2e4-2f2", "U2e4-2f6", "U2e4-2g5", "U2e4x2g3"}));
}

TEST(Unicorn, ScarletFrozen) { EXPECT_EQ(moves_of({{'u', "2e4"}, {'B', "3e4"}}, "2e4", 's'), Moves{}); }

TEST(Thief, SlidesAsABishop) {
  EXPECT_EQ(moves_of({{'T', "2e4"}, {'W', "2g6"}, {'u', "2b1"}}, "2e4"),
            (Moves{"T2e4-2a8", "T2e4-2b7", "T2e4-2c2", "T2e4-2c6", "T2e4-2d3", "T2e4-2d5", "T2e4-2f3", "T2e4-2f5",
                   "T2e4-2g2", "T2e4-2h1", "T2e4x2b1"}));
}

TEST(Thief, ScarletAndFrozen) {
  EXPECT_EQ(moves_of({{'t', "2e4"}, {'W', "2c2"}, {'u', "2g6"}}, "2e4", 's'),
            (Moves{"T2e4-2a8", "T2e4-2b7", "T2e4-2c6", "T2e4-2d3", "T2e4-2d5", "T2e4-2f3", "T2e4-2f5", "T2e4-2g2",
                   "T2e4-2h1", "T2e4x2c2"}));
  EXPECT_EQ(moves_of({{'t', "2e4"}, {'B', "3e4"}}, "2e4", 's'), Moves{});
}

TEST(Hero, OnTheGroundStepsOrLeapsDiagonallyAndStepsDiagonallyUpOrDown) {
  EXPECT_EQ(moves_of({{'H', "2e4"}, {'W', "2d5"}, {'w', "2f5"}, {'C', "1d5"}, {'c', "3f3"}}, "2e4"),
            (Moves{"H2e4-1d3", "H2e4-1f3", "H2e4-1f5", "H2e4-2c2", "H2e4-2c6", "H2e4-2d3", "H2e4-2f3", "H2e4-2g2",
                   "H2e4-2g6", "H2e4-3d3", "H2e4-3d5", "H2e4-3f5", "H2e4x2f5", "H2e4x3f3"}));
}

TEST(Hero, OnTheSkyOnlyReturnsDiagonally) {
  EXPECT_EQ(moves_of({{'H', "1e4"}}, "1e4"), (Moves{"H1e4-2d3", "H1e4-2d5", "H1e4-2f3", "H1e4-2f5"}));
}

TEST(Hero, ScarletOnTheUnderworldOnlyReturnsDiagonally) {
  EXPECT_EQ(moves_of({{'h', "3e4"}, {'W', "2d5"}}, "3e4", 's'),
            (Moves{"H3e4-2d3", "H3e4-2f3", "H3e4-2f5", "H3e4x2d5"}));
}

TEST(Hero, UnderHeroReturnOriginGoesBackWhereItCameFrom) {
  Position pos = testing::make_position({{'H', "2e4"}, {'K', "2a1"}, {'k', "2l8"}}, 'g', with("hero-return=origin"));
  StateInfo s1, s2;
  pos.do_move(*parse_move(pos, "H2e4-1f5"), s1);
  pos.do_move(*parse_move(pos, "K2l8-2l7"), s2);
  EXPECT_EQ(testing::legal_moves(pos, "1f5"), (Moves{"H1f5-2e4"}));
  // Position text says where the Hero came from, in its fifth field.
  EXPECT_TRUE(pos.text().ends_with(" h1f5-2e4"));
  auto from_text = Position::from_text(pos.text(), with("hero-return=origin"));
  ASSERT_TRUE(from_text);
  EXPECT_EQ(testing::legal_moves(*from_text, "1f5"), (Moves{"H1f5-2e4"}));
}

TEST(Warrior, StepsForwardAndCapturesDiagonallyForward) {
  EXPECT_EQ(moves_of({{'W', "2e4"}, {'w', "2d5"}, {'W', "2f5"}}, "2e4"), (Moves{"W2e4-2e5", "W2e4x2d5"}));
}

TEST(Warrior, IsBlockedByAnyPieceAheadAndHasNoDoubleStep) {
  EXPECT_EQ(moves_of({{'W', "2e4"}, {'w', "2e5"}}, "2e4"), Moves{});
  EXPECT_EQ(moves_of({{'W', "2e2"}}, "2e2"), (Moves{"W2e2-2e3"}));
}

TEST(Warrior, ScarletMovesDown) {
  EXPECT_EQ(moves_of({{'w', "2e4"}, {'W', "2d3"}}, "2e4", 's'), (Moves{"W2e4-2e3", "W2e4x2d3"}));
}

TEST(Warrior, PromotesToAHeroOnTheLastRank) {
  EXPECT_EQ(moves_of({{'W', "2e7"}, {'u', "2d8"}, {'T', "2f8"}}, "2e7"), (Moves{"W2e7-2e8=H", "W2e7x2d8=H"}));
  EXPECT_EQ(moves_of({{'w', "2c2"}}, "2c2", 's'), (Moves{"W2c2-2c1=H"}));
  Position pos = testing::make_position({{'W', "2e7"}, {'K', "2a1"}, {'k', "2l8"}});
  StateInfo state;
  pos.do_move(*parse_move(pos, "W2e7-2e8=H"), state);
  EXPECT_EQ(pos.piece_on(*parse_square("2e8")), make_piece(Color::Gold, PieceType::Hero));
}

TEST(Warrior, Frozen) { EXPECT_EQ(moves_of({{'W', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

// --- Pieces of every board --------------------------------------------------------------

TEST(Cleric, OnTheSkyStepsAsAKingOrDown) {
  EXPECT_EQ(moves_of({{'C', "1e4"}, {'S', "1e5"}, {'w', "2e4"}}, "1e4"),
            (Moves{"C1e4-1d3", "C1e4-1d4", "C1e4-1d5", "C1e4-1e3", "C1e4-1f3", "C1e4-1f4", "C1e4-1f5", "C1e4x2e4"}));
}

TEST(Cleric, OnTheGroundStepsAsAKingOrUpOrDown) {
  EXPECT_EQ(moves_of({{'C', "2e4"}}, "2e4"), (Moves{"C2e4-1e4", "C2e4-2d3", "C2e4-2d4", "C2e4-2d5", "C2e4-2e3",
                                                   "C2e4-2e5", "C2e4-2f3", "C2e4-2f4", "C2e4-2f5", "C2e4-3e4"}));
}

TEST(Cleric, ScarletOnTheUnderworldStepsAsAKingOrUp) {
  EXPECT_EQ(moves_of({{'c', "3e4"}}, "3e4", 's'), (Moves{"C3e4-2e4", "C3e4-3d3", "C3e4-3d4", "C3e4-3d5", "C3e4-3e3",
                                                        "C3e4-3e5", "C3e4-3f3", "C3e4-3f4", "C3e4-3f5"}));
}

TEST(Cleric, Frozen) { EXPECT_EQ(moves_of({{'C', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

TEST(Mage, OnTheGroundMovesAsAQueenOrUpOrDown) {
  EXPECT_EQ(moves_of({{'M', "2e4"}, {'W', "2e6"}, {'w', "2h7"}}, "2e4"),
            (Moves{"M2e4-1e4", "M2e4-2a4", "M2e4-2a8", "M2e4-2b1", "M2e4-2b4", "M2e4-2b7", "M2e4-2c2", "M2e4-2c4",
                   "M2e4-2c6", "M2e4-2d3", "M2e4-2d4", "M2e4-2d5", "M2e4-2e1", "M2e4-2e2", "M2e4-2e3", "M2e4-2e5",
                   "M2e4-2f3", "M2e4-2f4", "M2e4-2f5", "M2e4-2g2", "M2e4-2g4", "M2e4-2g6", "M2e4-2h1", "M2e4-2h4",
                   "M2e4-2i4", "M2e4-2j4", "M2e4-2k4", "M2e4-2l4", "M2e4-3e4", "M2e4x2h7"}));
}

TEST(Mage, OnTheSkyStepsOrthogonallyOrGoesOneOrTwoBoardsDown) {
  EXPECT_EQ(moves_of({{'M', "1e4"}}, "1e4"),
            (Moves{"M1e4-1d4", "M1e4-1e3", "M1e4-1e5", "M1e4-1f4", "M1e4-2e4", "M1e4-3e4"}));
}

TEST(Mage, TwoBoardJumpIsBlockedByAnyGroundPiece) {
  EXPECT_EQ(moves_of({{'M', "1e4"}, {'W', "2e4"}}, "1e4"), (Moves{"M1e4-1d4", "M1e4-1e3", "M1e4-1e5", "M1e4-1f4"}));
  EXPECT_EQ(moves_of({{'M', "1e4"}, {'w', "2e4"}, {'c', "3e4"}}, "1e4"),
            (Moves{"M1e4-1d4", "M1e4-1e3", "M1e4-1e5", "M1e4-1f4", "M1e4x2e4"}));
}

TEST(Mage, ScarletOnTheUnderworldCapturesOnTheSky) {
  EXPECT_EQ(moves_of({{'m', "3e4"}, {'G', "1e4"}}, "3e4", 's'),
            (Moves{"M3e4-2e4", "M3e4-3d4", "M3e4-3e3", "M3e4-3e5", "M3e4-3f4", "M3e4x1e4"}));
}

TEST(Mage, Frozen) { EXPECT_EQ(moves_of({{'M', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

Moves king_moves(Placements placements, const std::string& square, char side = 'g') {
  return testing::legal_moves(testing::make_position(placements, side), square);
}

TEST(King, OnTheGroundStepsAsAKingOrUpOrDown) {
  EXPECT_EQ(king_moves({{'K', "2e4"}, {'k', "2l8"}}, "2e4"),
            (Moves{"K2e4-1e4", "K2e4-2d3", "K2e4-2d4", "K2e4-2d5", "K2e4-2e3", "K2e4-2e5", "K2e4-2f3", "K2e4-2f4",
                   "K2e4-2f5", "K2e4-3e4"}));
}

TEST(King, OffTheGroundOnlyReturnsStraight) {
  EXPECT_EQ(king_moves({{'K', "1e4"}, {'k', "2l8"}}, "1e4"), (Moves{"K1e4-2e4"}));
  EXPECT_EQ(king_moves({{'K', "1e4"}, {'W', "2e4"}, {'k', "2l8"}}, "1e4"), Moves{});
  EXPECT_EQ(king_moves({{'K', "1e4"}, {'w', "2e4"}, {'k', "2l8"}}, "1e4"), (Moves{"K1e4x2e4"}));
  EXPECT_EQ(king_moves({{'k', "3e4"}, {'K', "2a1"}}, "3e4", 's'), (Moves{"K3e4-2e4"}));
}

TEST(King, Frozen) { EXPECT_EQ(king_moves({{'K', "2e4"}, {'b', "3e4"}, {'k', "2l8"}}, "2e4"), Moves{}); }

TEST(Paladin, OnTheGroundStepsAsKingAndKnightAndLeapsInThreeDimensions) {
  EXPECT_EQ(moves_of({{'P', "2e4"}}, "2e4"),
            (Moves{"P2e4-1c4", "P2e4-1e2", "P2e4-1e6", "P2e4-1g4", "P2e4-2c3", "P2e4-2c5", "P2e4-2d2", "P2e4-2d3",
                   "P2e4-2d4", "P2e4-2d5", "P2e4-2d6", "P2e4-2e3", "P2e4-2e5", "P2e4-2f2", "P2e4-2f3", "P2e4-2f4",
                   "P2e4-2f5", "P2e4-2f6", "P2e4-2g3", "P2e4-2g5", "P2e4-3c4", "P2e4-3e2", "P2e4-3e6", "P2e4-3g4"}));
}

TEST(Paladin, OnTheSkyStepsAsAKingAndLeapsToBothOtherBoards) {
  EXPECT_EQ(moves_of({{'P', "1e4"}, {'W', "2e4"}, {'W', "2e5"}, {'c', "3e5"}}, "1e4"),
            (Moves{"P1e4-1d3", "P1e4-1d4", "P1e4-1d5", "P1e4-1e3", "P1e4-1e5", "P1e4-1f3", "P1e4-1f4", "P1e4-1f5",
                   "P1e4-2c4", "P1e4-2e2", "P1e4-2e6", "P1e4-2g4", "P1e4-3d4", "P1e4-3e3", "P1e4-3f4", "P1e4x3e5"}));
}

TEST(Paladin, ScarletOnTheUnderworld) {
  EXPECT_EQ(moves_of({{'p', "3e4"}}, "3e4", 's'),
            (Moves{"P3e4-1d4", "P3e4-1e3", "P3e4-1e5", "P3e4-1f4", "P3e4-2c4", "P3e4-2e2", "P3e4-2e6", "P3e4-2g4",
                   "P3e4-3d3", "P3e4-3d4", "P3e4-3d5", "P3e4-3e3", "P3e4-3e5", "P3e4-3f3", "P3e4-3f4", "P3e4-3f5"}));
}

TEST(Paladin, Frozen) { EXPECT_EQ(moves_of({{'P', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

// --- Underworld pieces ------------------------------------------------------------------

TEST(Basilisk, MovesForwardOrDiagonallyForwardAndRetreatsStraight) {
  EXPECT_EQ(moves_of({{'B', "3e4"}}, "3e4"), (Moves{"B3e4-3d5", "B3e4-3e3", "B3e4-3e5", "B3e4-3f5"}));
  EXPECT_EQ(moves_of({{'B', "3e4"}, {'d', "3e3"}, {'D', "3d5"}, {'d', "3f5"}}, "3e4"), (Moves{"B3e4-3e5", "B3e4x3f5"}));
  EXPECT_EQ(moves_of({{'b', "3e4"}}, "3e4", 's'), (Moves{"B3e4-3d3", "B3e4-3e3", "B3e4-3e5", "B3e4-3f3"}));
}

TEST(Basilisk, FrozenEnemyGivesNoCheckAndTheBasiliskMayNotThawIt) {
  const Position pos = testing::make_position({{'K', "2e1"}, {'o', "2e5"}, {'B', "3e5"}, {'k', "2l8"}});
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(testing::legal_moves(pos, "2e1"),
            (Moves{"K2e1-1e1", "K2e1-2d1", "K2e1-2d2", "K2e1-2e2", "K2e1-2f1", "K2e1-2f2", "K2e1-3e1"}));
  EXPECT_EQ(testing::legal_moves(pos, "3e5"), Moves{});
}

TEST(Elemental, OnTheUnderworldStepsOneOrTwoOrthogonallyOrOneDiagonally) {
  EXPECT_EQ(moves_of({{'E', "3e4"}}, "3e4"),
            (Moves{"E3e4-3c4", "E3e4-3d3", "E3e4-3d4", "E3e4-3d5", "E3e4-3e2", "E3e4-3e3", "E3e4-3e5", "E3e4-3e6",
                   "E3e4-3f3", "E3e4-3f4", "E3e4-3f5", "E3e4-3g4"}));
}

const Placements kElementalScene = {{'E', "3e4"}, {'d', "3e5"}, {'w', "2e5"}, {'w', "2f4"}, {'c', "3d5"},
                                    {'D', "3d4"}, {'u', "2d4"}, {'c', "3g4"}};

TEST(Elemental, IsBlockedCapturesOrthogonallyAndClimbsOnlyToCaptureThroughAnEmptySquare) {
  EXPECT_EQ(moves_of(kElementalScene, "3e4"), (Moves{"E3e4-3d3", "E3e4-3e2", "E3e4-3e3", "E3e4-3f3", "E3e4-3f4",
                                                      "E3e4-3f5", "E3e4x2f4", "E3e4x3e5", "E3e4x3g4"}));
}

TEST(Elemental, LeapsUnderElementalLeapYes) {
  EXPECT_EQ(moves_of(kElementalScene, "3e4", 'g', with("elemental-leap=yes")),
            (Moves{"E3e4-3c4", "E3e4-3d3", "E3e4-3e2", "E3e4-3e3", "E3e4-3e6", "E3e4-3f3", "E3e4-3f4", "E3e4-3f5",
                   "E3e4x2f4", "E3e4x3e5", "E3e4x3g4"}));
}

TEST(Elemental, ClimbsWithoutCapturingUnderElementalClimbMove) {
  EXPECT_EQ(moves_of({{'E', "3e4"}}, "3e4", 'g', with("elemental-climb=move")),
            (Moves{"E3e4-2d4", "E3e4-2e3", "E3e4-2e5", "E3e4-2f4", "E3e4-3c4", "E3e4-3d3", "E3e4-3d4", "E3e4-3d5",
                   "E3e4-3e2", "E3e4-3e3", "E3e4-3e5", "E3e4-3e6", "E3e4-3f3", "E3e4-3f4", "E3e4-3f5", "E3e4-3g4"}));
}

TEST(Elemental, OnTheGroundOnlyGoesDownThenOrthogonally) {
  EXPECT_EQ(moves_of({{'E', "2e4"}, {'d', "3f4"}}, "2e4"), (Moves{"E2e4-3d4", "E2e4-3e3", "E2e4-3e5", "E2e4x3f4"}));
  EXPECT_EQ(moves_of({{'E', "2e4"}, {'D', "3e4"}}, "2e4"), Moves{});
  EXPECT_EQ(moves_of({{'e', "2e4"}}, "2e4", 's'), (Moves{"E2e4-3d4", "E2e4-3e3", "E2e4-3e5", "E2e4-3f4"}));
}

// Frozen on the Ground means a Basilisk below, which also blocks its only way off.
TEST(Elemental, OverABasiliskCannotMove) { EXPECT_EQ(moves_of({{'E', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

TEST(Dwarf, OnTheUnderworldStepsForwardOrSidewaysAndCapturesDiagonallyForwardOrUp) {
  EXPECT_EQ(moves_of({{'D', "3e4"}}, "3e4"), (Moves{"D3e4-3d4", "D3e4-3e5", "D3e4-3f4"}));
  EXPECT_EQ(moves_of({{'D', "3e4"}, {'c', "3d5"}, {'c', "3f5"}, {'w', "2e4"}, {'c', "3e5"}}, "3e4"),
            (Moves{"D3e4-3d4", "D3e4-3f4", "D3e4x2e4", "D3e4x3d5", "D3e4x3f5"}));
}

TEST(Dwarf, OnTheGroundStepsForwardOrSidewaysCapturesDiagonallyForwardAndDropsWithoutCapturing) {
  EXPECT_EQ(moves_of({{'D', "2e4"}}, "2e4"), (Moves{"D2e4-2d4", "D2e4-2e5", "D2e4-2f4", "D2e4-3e4"}));
  EXPECT_EQ(moves_of({{'D', "2e4"}, {'c', "3e4"}, {'w', "2d5"}, {'w', "2f5"}}, "2e4"),
            (Moves{"D2e4-2d4", "D2e4-2e5", "D2e4-2f4", "D2e4x2d5", "D2e4x2f5"}));
}

TEST(Dwarf, ScarletMovesDown) {
  EXPECT_EQ(moves_of({{'d', "3e4"}}, "3e4", 's'), (Moves{"D3e4-3d4", "D3e4-3e3", "D3e4-3f4"}));
}

TEST(Dwarf, OnTheFarRankOnlyMovesSideways) {
  EXPECT_EQ(moves_of({{'D', "3e8"}, {'w', "2e8"}}, "3e8"), (Moves{"D3e8-3d8", "D3e8-3f8", "D3e8x2e8"}));
}

TEST(Dwarf, TurnsRoundOnTheFarRankUnderDwarfTurn) {
  Position pos = testing::make_position({{'D', "3e8"}, {'c', "3d7"}, {'K', "2a1"}, {'k', "2l8"}}, 'g',
                                        with("dwarf-turn=yes"));
  EXPECT_EQ(testing::legal_moves(pos, "3e8"), (Moves{"D3e8-3d8", "D3e8-3e7", "D3e8-3f8", "D3e8x3d7"}));
  StateInfo s1, s2;
  pos.do_move(*parse_move(pos, "D3e8-3e7"), s1);
  pos.do_move(*parse_move(pos, "K2l8-2l7"), s2);
  EXPECT_EQ(testing::legal_moves(pos, "3e7"), (Moves{"D3e7-3e6", "D3e7-3f7"}));
}

TEST(Dwarf, TurnsForwardAgainOnItsOwnFirstRankUnderDwarfTurn) {
  Position pos = testing::make_position({{'D', "3e8"}, {'K', "2a1"}, {'k', "2l8"}}, 'g', with("dwarf-turn=yes"));
  std::vector<StateInfo> states(14);
  std::size_t ply = 0;
  for (int rank = 8; rank > 1; --rank) {
    const std::string step = fmt::format("D3e{}-3e{}", rank, rank - 1);
    const std::string king_step = rank % 2 == 0 ? "K2l8-2l7" : "K2l7-2l8";
    pos.do_move(*parse_move(pos, step), states[ply++]);
    pos.do_move(*parse_move(pos, king_step), states[ply++]);
  }
  EXPECT_EQ(testing::legal_moves(pos, "3e1"), (Moves{"D3e1-3d1", "D3e1-3e2", "D3e1-3f1"}));
  EXPECT_EQ(pos.turned_dwarves(Board::Underworld), Bitboard{0});
}

TEST(Dwarf, Frozen) { EXPECT_EQ(moves_of({{'D', "2e4"}, {'b', "3e4"}}, "2e4"), Moves{}); }

}  // namespace
}  // namespace stratagem::dragonchess
