// Position text and move text: round trips, accepted forms, and every malformed input
// rejected with a message that says what and where.
#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/strength.h"
#include "support.h"

namespace stratagem::dragonchess {
namespace {

using testing::make_position;

TEST(PositionText, StartRoundTrips) {
  const Position pos = Position::start();
  EXPECT_EQ(pos.text(), kStartPositionText);
  EXPECT_EQ(pos.side_to_move(), Color::Gold);
  EXPECT_EQ(pos.piece_on(*parse_square("3g1")), make_piece(Color::Gold, PieceType::Elemental));
  EXPECT_EQ(pos.piece_on(*parse_square("2g8")), make_piece(Color::Scarlet, PieceType::King));
  EXPECT_EQ(pos.piece_on(*parse_square("1g1")), make_piece(Color::Gold, PieceType::Dragon));
  EXPECT_EQ(pos.piece_on(*parse_square("1k7")), make_piece(Color::Scarlet, PieceType::Sylph));
  EXPECT_TRUE(pos.pos_is_ok());
}

TEST(PositionText, ClocksAndSideRoundTrip) {
  const std::string text = testing::position_text({{'K', "1a1"}, {'k', "3l8"}, {'H', "2e5"}}, 's');
  const std::string with_clocks = text.substr(0, text.size() - 3) + "37 52";
  auto pos = Position::from_text(with_clocks);
  ASSERT_TRUE(pos) << pos.error().message;
  EXPECT_EQ(pos->text(), with_clocks);
  EXPECT_EQ(pos->halfmove_clock(), 37);
  EXPECT_EQ(pos->fullmove_number(), 52);
  EXPECT_EQ(pos->side_to_move(), Color::Scarlet);
}

TEST(PositionText, TextAfterMovesCountsClocks) {
  Position pos = Position::start();
  StateInfo s1, s2, s3;
  pos.do_move(*parse_move(pos, "U2b1-2c3"), s1);
  pos.do_move(*parse_move(pos, "U2b8-2c6"), s2);
  EXPECT_EQ(pos.halfmove_clock(), 2);
  EXPECT_EQ(pos.fullmove_number(), 2);
  pos.do_move(*parse_move(pos, "W2e2-2e3"), s3);
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.text(),
            "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|"
            "o1htcmkpthuo/wwwwwwwwwwww/2u9/12/12/2U1W7/WWWW1WWWWWWW/O1HTCMKPTHUO|"
            "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 s 0 2");
}

// Under hero-return=origin and dwarf-turn=yes, what the boards cannot show is the fifth
// field; read back, it restricts the moves as the game did.
Rules stateful_rules() {
  Rules rules;
  rules.hero_return = HeroReturn::Origin;
  rules.dwarf_turn = true;
  return rules;
}

TEST(PositionText, FifthFieldCarriesTurnedDwarvesAndHeroesWaysBack) {
  const std::string boards = testing::position_text({{'K', "2a1"}, {'k', "2l8"}, {'H', "1e5"}, {'D', "3c5"}});
  const std::string text = boards + " h1e5-2d4,d3c5";  // by board, then square
  const auto pos = Position::from_text(text, stateful_rules());
  ASSERT_TRUE(pos) << pos.error().message;
  EXPECT_EQ(pos->text(), text);
  EXPECT_TRUE(pos->pos_is_ok());
  EXPECT_NE(pos->key(), Position::from_text(boards, stateful_rules())->key());
  MoveList moves;
  generate_legal(*pos, moves);
  std::vector<std::string> hero_to_ground, dwarf_moves;
  for (const Move m : moves) {
    const std::string t = move_text(*pos, m);
    if (t.starts_with("H1e5-2")) hero_to_ground.push_back(t);
    if (t.starts_with("D3c5")) dwarf_moves.push_back(t);
  }
  std::sort(dwarf_moves.begin(), dwarf_moves.end());
  EXPECT_EQ(hero_to_ground, std::vector<std::string>{"H1e5-2d4"});
  // Turned round, the Gold Dwarf steps towards rank 1.
  EXPECT_EQ(dwarf_moves, (std::vector<std::string>{"D3c5-3b5", "D3c5-3c4", "D3c5-3d5"}));
  // Without the fifth field the Hero may return to any of four squares, and the Dwarf
  // heads for rank 8.
  const auto plain = Position::from_text(boards, stateful_rules());
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->text(), boards);
}

TEST(PositionText, FifthFieldIsWrittenOnlyWhenTheGameNeedsIt) {
  Position pos = Position::start(stateful_rules());
  EXPECT_EQ(pos.text(), kStartPositionText);
}

TEST(PositionText, MalformedFifthFieldIsRejectedWithAMessage) {
  const std::string boards = testing::position_text({{'K', "2a1"}, {'k', "2l8"}, {'H', "1e5"}, {'D', "3c5"}, {'d', "3f1"}});
  const std::pair<std::string, std::string> cases[] = {
      {"d3c4", "'d3c4': no Dwarf stands there"},
      {"d3c5,d3c5", "'d3c5': this Dwarf is named twice"},
      {"d3f1", "'d3f1': this Dwarf is named twice, or stands on its far rank"},
      {"h2a1-2b2", "'h2a1-2b2': no Hero stands there off the Ground"},
      {"h1e5-2e4", "'h1e5-2e4': the way back is not a diagonal step to the Ground"},
      {"h1e5-3d4", "'h1e5-3d4': the way back is not a diagonal step to the Ground"},
      {"h1e5-2d4,h1e5-2f4", "'h1e5-2f4': this Hero is named twice"},
      {"h1e5", "'h1e5': expected d<square> (a turned Dwarf) or h<square>-<square>"},
      {"x3c5", "'x3c5': expected d<square>"},
      {"d3c5,", "'': expected d<square>"},
  };
  for (const auto& [field, message] : cases) {
    const auto pos = Position::from_text(boards + " " + field, stateful_rules());
    ASSERT_FALSE(pos) << field;
    EXPECT_NE(pos.error().message.find("fifth field, " + message), std::string::npos) << pos.error().message;
  }
  EXPECT_NE(Position::from_text(boards + " d3c5").error().message.find("only under the rule dwarf-turn=yes"),
            std::string::npos);
  EXPECT_NE(Position::from_text(boards + " h1e5-2d4").error().message.find("only under hero-return=origin"),
            std::string::npos);
}

struct BadPosition {
  std::string text;
  std::string message_part;
};

class MalformedPosition : public ::testing::TestWithParam<BadPosition> {};

TEST_P(MalformedPosition, IsRejectedWithAMessage) {
  auto pos = Position::from_text(GetParam().text);
  ASSERT_FALSE(pos) << GetParam().text;
  EXPECT_NE(pos.error().message.find(GetParam().message_part), std::string::npos) << pos.error().message;
}

const std::string kSky = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1";
const std::string kGround = "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO";
const std::string kUnder = "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1";
const std::string kBoards = kSky + "|" + kGround + "|" + kUnder;

INSTANTIATE_TEST_SUITE_P(
    Dragonchess, MalformedPosition,
    ::testing::Values(
        BadPosition{"", "expected 4 fields"}, BadPosition{kBoards + " g 0", "found 3"},
        BadPosition{kBoards + "  g 0 1", "found 5"}, BadPosition{kBoards + " g 0 1 x", "fifth field, 'x': expected d<square>"},
        BadPosition{kBoards + " g 0 1 ", "found 5"}, BadPosition{kBoards + " g 0 1 d2b2 x", "found 6"},
        BadPosition{kSky + "|" + kGround + " g 0 1", "expected 3 boards"},
        BadPosition{kBoards + "|" + kUnder + " g 0 1", "expected 3 boards separated by '|', found 4"},
        BadPosition{kSky + "|" + kGround + "|2b3e3b1/1d1d1d1d1d1d/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1",
                    "board 3 (Underworld): expected 8 ranks"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/11/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "board 2 (Ground), rank 6: the rank covers 11 files"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/13/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "board 2 (Ground), rank 6, file a: '13' is not an empty-square count"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/012/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "'012' is not an empty-square count"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/0/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "'0' is not an empty-square count"},
        BadPosition{kSky + "|ouhtcmkpthuow/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "rank 8: more than 12 files"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/12/5x6/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "board 2 (Ground), rank 5, file f: 'x' is not a piece letter"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/12/5r6/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "rank 5, file f: a R cannot stand on board 2 (Ground)"},
        BadPosition{"2g3r3g1/s1s1s1s1s1s1/12/4W7/12/12/S1S1S1S1S1S1/2G3R3G1|" + kGround + "|" + kUnder + " g 0 1",
                    "a W cannot stand on board 1 (Sky)"},
        BadPosition{kSky + "|" + kGround + "|2b3e3b1/1d1d1d1d1d1d/12/12/12/4S7/1D1D1D1D1D1D/2B3E3B1 g 0 1",
                    "a S cannot stand on board 3 (Underworld)"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/4b7/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "a B cannot stand on board 2 (Ground)"},
        BadPosition{kSky + "|" + kGround + "|2b3e3b1/1d1d1d1d1d1d/12/12/12/4o7/1D1D1D1D1D1D/2B3E3B1 g 0 1",
                    "a O cannot stand on board 3 (Underworld)"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCM1PTHUO|" + kUnder + " g 0 1",
                    "Gold has 0 Kings"},
        BadPosition{kSky + "|ouhtcmkpthuo/wwwwwwwwwwww/12/12/6k5/12/WWWWWWWWWWWW/OUHTCMKPTHUO|" + kUnder + " g 0 1",
                    "Scarlet has 2 Kings"},
        BadPosition{kSky + "|" + kGround + "|" + kUnder + " w 0 1", "side to move 'w'"},
        BadPosition{kBoards + " g -1 1", "halfmove clock '-1'"}, BadPosition{kBoards + " g x 1", "halfmove clock 'x'"},
        BadPosition{kBoards + " g 0 0", "fullmove number '0'"}, BadPosition{kBoards + " g 0 1a", "fullmove number '1a'"},
        BadPosition{testing::position_text({{'K', "2a1"}, {'k', "2l8"}, {'W', "2c8"}}), "Warrior on its last rank"},
        BadPosition{testing::position_text({{'K', "2a1"}, {'k', "2l8"}, {'O', "2l1"}}), "side not to move is in check"},
        BadPosition{"MMMMMMMMMMMM/12/12/12/12/12/12/12|MMMMMMMMMMMM/MMMMMMMMMMMM/MMMMMMMMMMMM/12/12/12/k11/K11|12/12/12/12/"
                    "12/12/12/12 g 0 1",
                    "Gold has 49 pieces; no game reaches more than the 42"}));

TEST(MoveText, EveryLegalMoveRoundTrips) {
  Position pos = Position::start();
  MoveList moves;
  generate_legal(pos, moves);
  ASSERT_EQ(moves.size(), 90);
  for (Move m : moves) {
    auto parsed = parse_move(pos, move_text(pos, m));
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(*parsed, m);
  }
}

TEST(MoveText, AcceptsShortFormsAndGivesCanonicalText) {
  const Position pos = Position::start();
  for (const char* text : {"W2e2-2e3", "2e2-2e3", "2e22e3"}) {
    auto m = parse_move(pos, text);
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(move_text(pos, *m), "W2e2-2e3");
  }
}

TEST(MoveText, CaptureFromAfarAndPromotionForms) {
  const Position pos = make_position({{'K', "2a1"}, {'k', "2l8"}, {'R', "1g8"}, {'w', "2g7"}, {'W', "2e7"}});
  auto breath = parse_move(pos, "1g82g7");
  ASSERT_TRUE(breath) << breath.error().message;
  EXPECT_EQ(move_text(pos, *breath), "R1g8*2g7");
  EXPECT_EQ(breath->kind(), MoveKind::Breath);
  auto promotion = parse_move(pos, "2e72e8");
  ASSERT_TRUE(promotion) << promotion.error().message;
  EXPECT_EQ(move_text(pos, *promotion), "W2e7-2e8=H");
  EXPECT_EQ(parse_move(pos, "W2e7-2e8=H"), promotion);
}

struct BadMove {
  std::string text;
  std::string message_part;
  ErrorKind kind;
};

class MalformedMove : public ::testing::TestWithParam<BadMove> {};

TEST_P(MalformedMove, IsRejectedWithAMessage) {
  const Position pos = make_position({{'K', "2g1"}, {'k', "2k8"}, {'R', "1g8"}, {'w', "2g7"}, {'W', "2e7"},
                                      {'C', "2d2"}, {'b', "3d2"}, {'T', "2f2"}, {'t', "2d4"}, {'O', "2b4"}});
  auto m = parse_move(pos, GetParam().text);
  ASSERT_FALSE(m) << GetParam().text;
  EXPECT_NE(m.error().message.find(GetParam().message_part), std::string::npos) << m.error().message;
  EXPECT_EQ(m.error().kind, GetParam().kind) << m.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Dragonchess, MalformedMove,
    ::testing::Values(BadMove{"", "character 1: expected a square", ErrorKind::Unreadable},
                      BadMove{"W", "character 2: expected a square", ErrorKind::Unreadable},
                      BadMove{"Z2e7-2e8", "'Z' is not a piece letter", ErrorKind::Unreadable},
                      BadMove{"W4e7-2e8", "board '4' is not 1 (Sky)", ErrorKind::Unreadable},
                      BadMove{"W2m7-2e8", "file 'm' is not a-l", ErrorKind::Unreadable},
                      BadMove{"W2e9-2e8", "rank '9' is not 1-8", ErrorKind::Unreadable},
                      BadMove{"W2e7-2e", "character 6: expected a square", ErrorKind::Unreadable},
                      BadMove{"W2e7/2e8", "character 5: square '/2e': board '/'", ErrorKind::Unreadable},
                      BadMove{"W2e7-2e8=Q", "promotes only to a Hero", ErrorKind::Unreadable},
                      BadMove{"W2e7-2e8x", "unexpected text after the target square", ErrorKind::Unreadable},
                      BadMove{"w2e7-2e8", "character 1: square 'w2e'", ErrorKind::Unreadable},
                      BadMove{"2h5-2h6", "no piece on 2h5", ErrorKind::Illegal},
                      BadMove{"2g7-2g6", "belongs to the side not to move", ErrorKind::Illegal},
                      BadMove{"O2e7-2e8", "is a W, not a O", ErrorKind::Illegal},
                      BadMove{"W2e7x2e8", "written with 'x' but the move is W2e7-2e8=H", ErrorKind::Illegal},
                      BadMove{"R1g8x2g7", "written with 'x' but the move is R1g8*2g7", ErrorKind::Illegal},
                      BadMove{"O2b4*2b3", "written with '*'", ErrorKind::Illegal},
                      BadMove{"O2b4-2b5=H", "'=H' on a move that does not promote", ErrorKind::Illegal},
                      BadMove{"2d2-2d3", "frozen by a Basilisk", ErrorKind::Illegal},
                      BadMove{"T2f2-2g3", "it would leave the King attacked", ErrorKind::Illegal},
                      BadMove{"O2b4-2c5", "the O on 2b4 cannot reach 2c5", ErrorKind::Illegal}));

// What kind of refusal each is, beside its words: text not in the form asked for, a
// position the rules do not allow, a name that names nothing.
TEST(Refusals, SayTheirKind) {
  EXPECT_EQ(parse_square("2e9"), tl::unexpected(Error{ErrorKind::Unreadable, "square '2e9': rank '9' is not 1-8"}));
  const std::string no_gold_king = testing::position_text({{'k', "2l8"}, {'H', "2e5"}});
  EXPECT_EQ(Position::from_text(no_gold_king),
            tl::unexpected(Error{ErrorKind::Illegal,
                                 "position text '" + no_gold_king + "': Gold has 0 Kings; exactly one is required"}));
  const std::string three_fields = kBoards + " g 0";
  EXPECT_EQ(Position::from_text(three_fields).error().kind, ErrorKind::Unreadable);
  const std::string dwarf_turned = testing::position_text({{'K', "2a1"}, {'k', "2l8"}, {'D', "3c5"}}) + " d3c5";
  EXPECT_EQ(Position::from_text(dwarf_turned),
            tl::unexpected(Error{ErrorKind::Illegal, "position text '" + dwarf_turned +
                                                         "': fifth field, 'd3c5': Dwarves turn only under the rule "
                                                         "dwarf-turn=yes"}));

  Rules rules;
  EXPECT_EQ(apply_rule_switch(rules, "stalemate"),
            tl::unexpected(Error{ErrorKind::Unreadable, "rule 'stalemate': expected NAME=VALUE"}));
  EXPECT_EQ(apply_rule_switch(rules, "stalemate=win"),
            tl::unexpected(Error{ErrorKind::Unknown, "rule 'stalemate': value 'win' is not draw or loss"}));
  EXPECT_EQ(apply_rule_switch(rules, "castling=yes").error().kind, ErrorKind::Unknown);
  EXPECT_EQ(strength_level(kMaxStrength + 1),
            tl::unexpected(Error{ErrorKind::Unknown, "strength level 11 is not 1-10"}));
}

// Random edits of valid text: every result is either a position (whose own text parses
// back to it) or a message; nothing crashes.
TEST(PositionText, RandomEditsParseOrGiveAMessage) {
  std::mt19937 random(3);
  const std::string alphabet = "0123456789/| gsKMPCRGOHTEBUDSWkmpcrgohtebudswxz-";
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text(kStartPositionText);
    for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
      const std::size_t at = random() % text.size();
      switch (random() % 3) {
        case 0: text[at] = alphabet[random() % alphabet.size()]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, alphabet[random() % alphabet.size()]); break;
      }
    }
    auto pos = Position::from_text(text);
    if (!pos) {
      EXPECT_FALSE(pos.error().message.empty());
      continue;
    }
    auto again = Position::from_text(pos->text());
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->text(), pos->text());
    EXPECT_TRUE(pos->pos_is_ok());
  }
}

TEST(MoveText, RandomTextParsesToALegalMoveOrGivesAMessage) {
  std::mt19937 random(4);
  const std::string alphabet = "123abcdefghijklm0789-x*=HWRSKDGE";
  const Position pos = Position::start();
  MoveList legal;
  generate_legal(pos, legal);
  int parsed = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text = move_text(pos, legal[static_cast<int>(random() % 90)]);
    const std::size_t at = random() % text.size();
    text[at] = alphabet[random() % alphabet.size()];
    auto m = parse_move(pos, text);
    if (m) {
      EXPECT_TRUE(legal.contains(*m)) << text;
      ++parsed;
    } else {
      EXPECT_FALSE(m.error().message.empty());
    }
  }
  EXPECT_GT(parsed, 0);
}

TEST(SquareText, RoundTripsEverySquare) {
  for (int s = 0; s < kSquareCount; ++s) {
    auto parsed = parse_square(square_text(square_at(s)));
    ASSERT_TRUE(parsed) << square_text(square_at(s));
    EXPECT_EQ(*parsed, square_at(s));
  }
  EXPECT_EQ(square_text(make_square(Board::Underworld, 6, 0)), "3g1");
}

}  // namespace
}  // namespace stratagem::dragonchess
