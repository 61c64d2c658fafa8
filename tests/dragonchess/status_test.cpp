// Check, checkmate, stalemate and the draw rules; the outcome is part of the position.
#include <gtest/gtest.h>

#include "stratagem/dragonchess/status.h"
#include "support.h"

namespace stratagem::dragonchess {
namespace {

using testing::make_position;

TEST(Status, StartIsOngoing) {
  const Outcome result = outcome(Position::start());
  EXPECT_EQ(result.status, GameStatus::Ongoing);
  EXPECT_FALSE(result.winner);
  EXPECT_FALSE(result.in_check);
}

TEST(Status, FrozenKingInCheckIsMated) {
  const Position pos = make_position({{'K', "2a1"}, {'b', "3a1"}, {'o', "2a8"}, {'k', "2l8"}});
  const Outcome result = outcome(pos);
  EXPECT_TRUE(result.in_check);
  EXPECT_EQ(result.status, GameStatus::Checkmate);
  EXPECT_EQ(result.winner, Color::Scarlet);
  EXPECT_STREQ(status_name(result.status), "checkmate");
}

TEST(Status, FrozenKingInCheckMayBeSavedByABlock) {
  const Position pos = make_position({{'K', "2a1"}, {'b', "3a1"}, {'o', "2a8"}, {'T', "2c3"}, {'k', "2l8"}});
  EXPECT_EQ(outcome(pos).status, GameStatus::Ongoing);
  EXPECT_EQ(testing::legal_moves(pos), (std::vector<std::string>{"T2c3-2a5"}));
}

TEST(Status, CaptureFromAfarGivesCheckAndCanMate) {
  const Position pos = make_position({{'K', "2a1"}, {'b', "3a1"}, {'r', "1a2"}, {'k', "2l8"}});
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(outcome(pos).status, GameStatus::Checkmate);
  // Under dragon-breath=below the Dragon reaches only 2a2: no check, and stalemate.
  Rules below;
  below.dragon_breath = DragonBreath::Below;
  const Position weaker = make_position({{'K', "2a1"}, {'b', "3a1"}, {'r', "1a2"}, {'k', "2l8"}}, 'g', below);
  EXPECT_FALSE(weaker.in_check());
  EXPECT_EQ(outcome(weaker).status, GameStatus::Stalemate);
}

TEST(Status, SylphAboveGivesCheck) {
  EXPECT_TRUE(make_position({{'K', "2e4"}, {'s', "1e4"}, {'k', "2l8"}}).in_check());
  EXPECT_FALSE(make_position({{'K', "2e4"}, {'S', "1e4"}, {'k', "2l8"}}).in_check());
  // A Sylph on the Ground never captures, so it gives no check.
  EXPECT_FALSE(make_position({{'K', "1e4"}, {'s', "2e4"}, {'k', "2l8"}}).in_check());
}

TEST(Status, FrozenPieceGivesNoCheck) {
  EXPECT_TRUE(make_position({{'K', "2a1"}, {'o', "2a5"}, {'k', "2l8"}}).in_check());
  EXPECT_FALSE(make_position({{'K', "2a1"}, {'o', "2a5"}, {'B', "3a5"}, {'k', "2l8"}}).in_check());
}

TEST(Status, StalemateIsADrawByDefaultAndALossUnderTheSwitch) {
  const std::vector<std::pair<char, std::string>> stalemate = {{'K', "2a1"}, {'b', "3a1"}, {'k', "2l8"}};
  const Outcome draw = outcome(make_position(stalemate));
  EXPECT_EQ(draw.status, GameStatus::Stalemate);
  EXPECT_FALSE(draw.winner);
  EXPECT_EQ(draw.draw_reason, DrawReason::Stalemate);
  Rules loss;
  loss.stalemate = StalemateResult::Loss;
  const Outcome lost = outcome(make_position(stalemate, 'g', loss));
  EXPECT_EQ(lost.status, GameStatus::Stalemate);
  EXPECT_EQ(lost.winner, Color::Scarlet);
}

Position with_clock(const std::vector<std::pair<char, std::string>>& placements, int clock) {
  std::string text = testing::position_text(placements);
  text = text.substr(0, text.size() - 3) + std::to_string(clock) + " 80";
  return *Position::from_text(text);
}

TEST(Status, HundredPliesWithoutCaptureOrWarriorMoveDraw) {
  const std::vector<std::pair<char, std::string>> kings = {{'K', "2a1"}, {'k', "2l8"}, {'W', "2e4"}};
  EXPECT_EQ(outcome(with_clock(kings, 99)).status, GameStatus::Ongoing);
  const Outcome drawn = outcome(with_clock(kings, 100));
  EXPECT_EQ(drawn.status, GameStatus::Draw);
  EXPECT_EQ(drawn.draw_reason, DrawReason::HalfmoveClock);
  // Mate takes precedence over the clock.
  EXPECT_EQ(outcome(with_clock({{'K', "2a1"}, {'b', "3a1"}, {'o', "2a8"}, {'k', "2l8"}}, 100)).status,
            GameStatus::Checkmate);
}

TEST(Status, WarriorMoveAndCaptureResetTheClock) {
  Position pos = with_clock({{'K', "2a1"}, {'k', "2l8"}, {'W', "2e4"}, {'u', "2f6"}, {'O', "2f1"}}, 50);
  StateInfo s1, s2, s3;
  pos.do_move(*parse_move(pos, "K2a1-2b1"), s1);
  EXPECT_EQ(pos.halfmove_clock(), 51);
  pos.do_move(*parse_move(pos, "K2l8-2l7"), s2);
  pos.do_move(*parse_move(pos, "W2e4-2e5"), s3);
  EXPECT_EQ(pos.halfmove_clock(), 0);
}

TEST(Status, ThreefoldRepetitionDraws) {
  Position pos = Position::start();
  std::vector<StateInfo> states(8);
  const char* shuffle[] = {"U2b1-2c3", "U2b8-2c6", "U2c3-2b1", "U2c6-2b8"};
  for (int ply = 0; ply < 8; ++ply) {
    pos.do_move(*parse_move(pos, shuffle[ply % 4]), states[static_cast<std::size_t>(ply)]);
    EXPECT_EQ(pos.repetition_count(), ply < 3 ? 1 : ply < 7 ? 2 : 3) << ply;
    EXPECT_EQ(outcome(pos).status, ply == 7 ? GameStatus::Draw : GameStatus::Ongoing) << ply;
  }
  EXPECT_EQ(outcome(pos).draw_reason, DrawReason::Repetition);
}

}  // namespace
}  // namespace stratagem::dragonchess
