// The engine against the naive reference implementation of the rules (reference_rules.h):
// the same legal move set in every position of random playouts under every rule switch,
// and the same perft counts from the start.
#include <random>

#include <gtest/gtest.h>

#include "reference_rules.h"
#include "support.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/perft.h"

namespace stratagem::dragonchess {
namespace {

std::set<testing::RefMove> engine_moves(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::set<testing::RefMove> set;
  for (Move m : moves) set.insert({index(m.from()), index(m.to()), m.kind()});
  return set;
}

std::string describe(const Position& pos, const std::set<testing::RefMove>& moves) {
  std::string text;
  for (const auto& m : moves)
    text += move_text(pos, Move(square_at(m.from), square_at(m.to), m.kind)) + ' ';
  return text;
}

void compare_over_playouts(const Rules& rules, std::uint64_t seed, int games, int plies) {
  std::mt19937_64 random(seed);
  for (int game = 0; game < games; ++game) {
    const auto& start = testing::kBusyPositions[static_cast<std::size_t>(game) % testing::kBusyPositions.size()];
    Position pos = *Position::from_text(start, rules);
    std::vector<StateInfo> states(static_cast<std::size_t>(plies));
    for (int ply = 0; ply < plies; ++ply) {
      const auto engine = engine_moves(pos);
      const auto reference = testing::ReferenceBoard(pos).legal_moves();
      if (engine != reference) {
        std::set<testing::RefMove> only_engine, only_reference;
        for (const auto& m : engine)
          if (!reference.count(m)) only_engine.insert(m);
        for (const auto& m : reference)
          if (!engine.count(m)) only_reference.insert(m);
        FAIL() << pos.text() << "\nonly engine: " << describe(pos, only_engine)
               << "\nonly reference: " << describe(pos, only_reference);
      }
      if (engine.empty()) break;
      MoveList moves;
      generate_legal(pos, moves);
      pos.do_move(moves[static_cast<int>(random() % static_cast<std::uint64_t>(moves.size()))],
                  states[static_cast<std::size_t>(ply)]);
    }
  }
}

TEST(Reference, SameLegalMovesOverRandomPlayouts) { compare_over_playouts(Rules{}, 7, 16, 200); }

TEST(Reference, SameLegalMovesUnderEverySwitch) {
  for (const char* rule_switch : {"elemental-climb=move", "elemental-leap=yes", "hero-return=origin",
                                  "dragon-breath=below", "dwarf-turn=yes"}) {
    Rules rules;
    ASSERT_TRUE(apply_rule_switch(rules, rule_switch));
    SCOPED_TRACE(rule_switch);
    compare_over_playouts(rules, 100, 6, 200);
  }
}

TEST(Reference, SamePerftFromTheStart) {
  Position pos = Position::start();
  const testing::ReferenceBoard reference(pos);
  EXPECT_EQ(reference.perft(1), 90u);
  EXPECT_EQ(reference.perft(2), 8094u);
  EXPECT_EQ(reference.perft(2), perft(pos, 2));
}

}  // namespace
}  // namespace stratagem::dragonchess
