// Cross-checks over random playouts, for the default rules and for every switch flipped:
// make/unmake against the position before, the fast legality test and leaves_king_safe's
// answer on the board a move would leave against making the move (do_move, attacked_by,
// undo_move), the captures-only generation against the captures of the full one, the bulk
// counter against generation, check detection against the capture moves generation finds,
// the incremental hash against recomputation from scratch, and perft against a slow
// make/unmake perft without bulk counting.
#include <array>
#include <random>
#include <string>
#include <utility>
#include <vector>
#include <set>

#include <gtest/gtest.h>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/perft.h"
#include "support.h"

namespace stratagem::dragonchess {
namespace {

Rules every_switch_flipped() {
  Rules rules;
  rules.elemental_climb = ElementalClimb::Move;
  rules.elemental_leap = true;
  rules.hero_return = HeroReturn::Origin;
  rules.dragon_breath = DragonBreath::Below;
  rules.dwarf_turn = true;
  rules.stalemate = StalemateResult::Loss;
  return rules;
}

// What a position shows, kept to compare with after moves are made and unmade (positions
// are not copyable).
struct Snapshot {
  std::string text;
  std::uint64_t key = 0;
  int repetitions = 0, halfmove_clock = 0;
  std::array<Bitboard, kBoardCount> turned{};
  std::array<std::uint8_t, kSquareCount> hero_return{};

  explicit Snapshot(const Position& pos)
      : text(pos.text()), key(pos.key()), repetitions(pos.repetition_count()), halfmove_clock(pos.halfmove_clock()) {
    for (int bd = 0; bd < kBoardCount; ++bd) turned[static_cast<std::size_t>(bd)] = pos.turned_dwarves(board_at(bd));
    for (int s = 0; s < kSquareCount; ++s) hero_return[static_cast<std::size_t>(s)] = pos.hero_return(square_at(s));
  }
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

bool same_position(const Position& pos, const Snapshot& before) { return Snapshot(pos) == before; }

// The reference for leaves_king_safe: make the move, look at the King, unmake it.
bool king_safe_by_making(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  StateInfo state;
  pos.do_move(m, state);
  const bool safe = !pos.attacked_by(pos.king_square(us), ~us);
  pos.undo_move(m);
  return safe;
}

// Squares the side to move can capture on, according to move generation.
std::set<int> capture_targets(const Position& pos) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  std::set<int> targets;
  for (Move m : pseudo)
    if (pos.is_capture(m)) targets.insert(index(m.to()));
  return targets;
}

// Enemy-occupied squares the side to move attacks, according to attacked_by().
std::set<int> attacked_enemies(const Position& pos) {
  std::set<int> attacked;
  for (int s = 0; s < kSquareCount; ++s) {
    Piece p = pos.piece_on(square_at(s));
    if (p != Piece::None && color_of(p) != pos.side_to_move() && pos.attacked_by(square_at(s), pos.side_to_move()))
      attacked.insert(s);
  }
  return attacked;
}

std::uint64_t slow_perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  std::uint64_t nodes = 0;
  for (Move m : pseudo) {
    if (!king_safe_by_making(pos, m)) continue;
    StateInfo state;
    pos.do_move(m, state);
    nodes += slow_perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

void check_position(Position& pos) {
  const std::string where = pos.text();
  auto ok = pos.pos_is_ok();
  ASSERT_TRUE(ok) << ok.error().message << " in " << where;

  const Snapshot before(pos);
  MoveList legal, pseudo, captures;
  generate_legal(pos, legal);
  generate_pseudo_legal(pos, pseudo);
  std::multiset<std::uint32_t> fast, filtered;
  for (Move m : legal) fast.insert(m.raw());
  for (Move m : pseudo) {
    const bool safe = king_safe_by_making(pos, m);
    ASSERT_EQ(leaves_king_safe(pos, m), safe) << move_text(pos, m) << " in " << where;
    if (safe) filtered.insert(m.raw());
  }
  ASSERT_TRUE(same_position(pos, before)) << "trying the moves changed " << where;
  ASSERT_EQ(fast, filtered) << where;
  generate_legal_captures(pos, captures);
  std::vector<std::uint32_t> noisy, only_noisy;
  for (Move m : legal)
    if (pos.is_capture(m) || m.kind() == MoveKind::Promotion) noisy.push_back(m.raw());
  for (Move m : captures) only_noisy.push_back(m.raw());
  ASSERT_EQ(only_noisy, noisy) << "captures-only generation in " << where;
  ASSERT_EQ(std::set<std::uint32_t>(fast.begin(), fast.end()).size(), fast.size()) << "duplicate moves in " << where;
  ASSERT_EQ(count_legal_moves(pos), legal.size()) << where;

  ASSERT_EQ(capture_targets(pos), attacked_enemies(pos)) << where;
  ASSERT_EQ(pos.in_check(), pos.attacked_by(pos.king_square(pos.side_to_move()), ~pos.side_to_move()));

  if (!pos.in_check()) {
    StateInfo null_state;
    pos.do_null_move(null_state);
    ASSERT_EQ(pos.key(), pos.compute_key()) << "null move in " << where;
    auto null_ok = pos.pos_is_ok();
    ASSERT_TRUE(null_ok) << null_ok.error().message << " after the null move in " << where;
    ASSERT_EQ(pos.halfmove_clock(), before.halfmove_clock + 1) << "null move in " << where;
    ASSERT_EQ(pos.repetition_count(), 1);
    pos.undo_null_move();
    ASSERT_TRUE(same_position(pos, before)) << "undo of the null move in " << where;
  }
  for (Move m : legal) {
    StateInfo state;
    pos.do_move(m, state);
    auto after_ok = pos.pos_is_ok();
    ASSERT_TRUE(after_ok) << after_ok.error().message << " after " << m.raw() << " in " << where;
    if (pos.rules().hero_return == HeroReturn::Any && !pos.rules().dwarf_turn) {
      // Without hidden piece state the text is the whole position: a fresh parse must hash alike.
      auto reparsed = Position::from_text(pos.text(), pos.rules());
      ASSERT_TRUE(reparsed) << reparsed.error().message;
      ASSERT_EQ(reparsed->key(), pos.key()) << m.raw() << " in " << where;
    }
    pos.undo_move(m);
    ASSERT_TRUE(same_position(pos, before)) << "undo of " << move_text(pos, m) << " in " << where;
  }
}

void check_playouts(const Rules& rules, std::uint64_t seed, int games, int max_plies) {
  std::mt19937_64 random(seed);
  for (int game = 0; game < games; ++game) {
    const auto& start = testing::kBusyPositions[static_cast<std::size_t>(game) % testing::kBusyPositions.size()];
    auto parsed = Position::from_text(start, rules);
    ASSERT_TRUE(parsed) << parsed.error().message;
    Position pos = std::move(*parsed);
    std::vector<StateInfo> states(static_cast<std::size_t>(max_plies));
    for (int ply = 0; ply < max_plies; ++ply) {
      check_position(pos);
      if (::testing::Test::HasFatalFailure()) return;
      if (ply % 16 == 0) {
        ASSERT_EQ(perft(pos, 2), slow_perft(pos, 2)) << pos.text();
      }
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.do_move(moves[static_cast<int>(random() % static_cast<std::uint64_t>(moves.size()))],
                  states[static_cast<std::size_t>(ply)]);
    }
  }
}

TEST(CrossCheck, DefaultRulesOverRandomPlayouts) { check_playouts(Rules{}, 1, 12, 160); }

TEST(CrossCheck, EverySwitchFlippedOverRandomPlayouts) { check_playouts(every_switch_flipped(), 2, 12, 160); }

TEST(CrossCheck, EachSwitchAloneOverRandomPlayouts) {
  std::vector<Rules> variants(5);
  variants[0].elemental_climb = ElementalClimb::Move;
  variants[1].elemental_leap = true;
  variants[2].hero_return = HeroReturn::Origin;
  variants[3].dragon_breath = DragonBreath::Below;
  variants[4].dwarf_turn = true;
  std::uint64_t seed = 10;
  for (const Rules& rules : variants) check_playouts(rules, ++seed, 3, 120);
}

TEST(CrossCheck, BusyPositionsAreValid) {
  for (const auto& text : testing::kBusyPositions) {
    auto pos = Position::from_text(text);
    ASSERT_TRUE(pos) << pos.error().message;
    EXPECT_EQ(pos->text(), text);
  }
}

// A moved position takes the history with it: the first record of the moves made is
// re-pointed to the new root, so repetitions still count and every move can be undone.
TEST(CrossCheck, AMovedPositionKeepsItsHistory) {
  Position pos = Position::start();
  std::array<StateInfo, 4> states;
  const std::array<const char*, 4> shuffle = {"U2b1-2c3", "U2b8-2c6", "U2c3-2b1", "U2c6-2b8"};
  std::vector<Move> made;
  for (std::size_t i = 0; i < shuffle.size(); ++i) {
    made.push_back(*parse_move(pos, shuffle[i]));
    pos.do_move(made.back(), states[i]);
  }
  ASSERT_EQ(pos.repetition_count(), 2);
  Position moved = std::move(pos);
  // The old object's root record is reused for another position: nothing may reach it.
  std::string other(kStartPositionText);
  other.replace(other.size() - 3, 3, "7 9");
  pos = std::move(*Position::from_text(other));
  EXPECT_EQ(moved.repetition_count(), 2);
  for (auto m = made.rbegin(); m != made.rend(); ++m) moved.undo_move(*m);
  EXPECT_EQ(moved.text(), std::string(kStartPositionText));
  EXPECT_EQ(pos.text(), other);
  EXPECT_EQ(moved.state()->previous, nullptr);
  EXPECT_TRUE(moved.pos_is_ok());
}

TEST(CrossCheck, Depth3FromTheStartMatchesSlowPerft) {
  Position pos = Position::start();
  EXPECT_EQ(slow_perft(pos, 3), perft(pos, 3));
}

}  // namespace
}  // namespace stratagem::dragonchess
