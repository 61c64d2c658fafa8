// Cross-checks over random playouts, for the default rules and for every switch flipped:
// make/unmake against copy-make, the fast legality test against filtered pseudo-legal
// generation, the bulk counter against generation, check detection against the capture
// moves generation finds, the incremental hash against recomputation from scratch, and
// perft against a slow copy-make perft without bulk counting.
#include <random>
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

bool same_position(const Position& a, const Position& b) {
  if (a.text() != b.text() || a.key() != b.key() || a.repetition_count() != b.repetition_count()) return false;
  for (int bd = 0; bd < kBoardCount; ++bd)
    if (a.turned_dwarves(board_at(bd)) != b.turned_dwarves(board_at(bd))) return false;
  for (int s = 0; s < kSquareCount; ++s)
    if (a.hero_return(square_at(s)) != b.hero_return(square_at(s))) return false;
  return true;
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

std::uint64_t slow_perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  std::uint64_t nodes = 0;
  for (Move m : pseudo) {
    if (!leaves_king_safe(pos, m)) continue;
    Position child = pos;
    StateInfo state;
    child.do_move(m, state);
    nodes += slow_perft(child, depth - 1);
  }
  return nodes;
}

void check_position(Position& pos) {
  const std::string where = pos.text();
  auto ok = pos.pos_is_ok();
  ASSERT_TRUE(ok) << ok.error() << " in " << where;

  MoveList legal, pseudo;
  generate_legal(pos, legal);
  generate_pseudo_legal(pos, pseudo);
  std::multiset<std::uint32_t> fast, filtered;
  for (Move m : legal) fast.insert(m.raw());
  for (Move m : pseudo)
    if (leaves_king_safe(pos, m)) filtered.insert(m.raw());
  ASSERT_EQ(fast, filtered) << where;
  ASSERT_EQ(std::set<std::uint32_t>(fast.begin(), fast.end()).size(), fast.size()) << "duplicate moves in " << where;
  ASSERT_EQ(count_legal_moves(pos), legal.size()) << where;

  ASSERT_EQ(capture_targets(pos), attacked_enemies(pos)) << where;
  ASSERT_EQ(pos.in_check(), pos.attacked_by(pos.king_square(pos.side_to_move()), ~pos.side_to_move()));

  const Position before = pos;
  if (!pos.in_check()) {
    StateInfo null_state;
    pos.do_null_move(null_state);
    ASSERT_EQ(pos.key(), pos.compute_key()) << "null move in " << where;
    auto null_ok = pos.pos_is_ok();
    ASSERT_TRUE(null_ok) << null_ok.error() << " after the null move in " << where;
    ASSERT_EQ(pos.halfmove_clock(), before.halfmove_clock() + 1) << "null move in " << where;
    ASSERT_EQ(pos.repetition_count(), 1);
    pos.undo_null_move();
    ASSERT_TRUE(same_position(pos, before)) << "undo of the null move in " << where;
  }
  for (Move m : legal) {
    StateInfo state;
    pos.do_move(m, state);
    auto after_ok = pos.pos_is_ok();
    ASSERT_TRUE(after_ok) << after_ok.error() << " after " << move_text(before, m) << " in " << where;
    if (pos.rules().hero_return == HeroReturn::Any && !pos.rules().dwarf_turn) {
      // Without hidden piece state the text is the whole position: a fresh parse must hash alike.
      auto reparsed = Position::from_text(pos.text(), pos.rules());
      ASSERT_TRUE(reparsed) << reparsed.error();
      ASSERT_EQ(reparsed->key(), pos.key()) << move_text(before, m) << " in " << where;
    }
    pos.undo_move(m);
    ASSERT_TRUE(same_position(pos, before)) << "undo of " << move_text(before, m) << " in " << where;
  }
}

void check_playouts(const Rules& rules, std::uint64_t seed, int games, int max_plies) {
  std::mt19937_64 random(seed);
  for (int game = 0; game < games; ++game) {
    const auto& start = testing::kBusyPositions[static_cast<std::size_t>(game) % testing::kBusyPositions.size()];
    auto parsed = Position::from_text(start, rules);
    ASSERT_TRUE(parsed) << parsed.error();
    Position pos = *parsed;
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
    ASSERT_TRUE(pos) << pos.error();
    EXPECT_EQ(pos->text(), text);
  }
}

TEST(CrossCheck, Depth3FromTheStartMatchesSlowPerft) {
  Position pos = Position::start();
  EXPECT_EQ(slow_perft(pos, 3), perft(pos, 3));
}

}  // namespace
}  // namespace stratagem::dragonchess
