// The search and its parts: mates found with the right distance (checked against a brute
// force), material won and saved, captures from afar, legal principal variations with and
// without the transposition table, null-move pruning and late move reductions (they save
// nodes and keep the mates and tactics; no null move in a Warrior ending), limits, strength
// levels, evaluation symmetry.
#include <array>
#include <deque>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/dragonchess/evaluate.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/status.h"
#include "stratagem/dragonchess/strength.h"
#include "stratagem/dragonchess/transposition_table.h"
#include "support.h"

namespace stratagem::dragonchess {
namespace {

using testing::make_position;

SearchResult search_to_depth(Position& pos, int depth, SearchOptions options = {}) {
  TranspositionTable table(4);
  SearchLimits limits;
  limits.depth = depth;
  return search(pos, limits, options, &table);
}
SearchResult search_to_depth(Position&& pos, int depth, SearchOptions options = {}) {
  return search_to_depth(pos, depth, options);
}

bool mates(Position& pos, Move m) {
  StateInfo state;
  pos.do_move(m, state);
  const bool mated = outcome(pos).status == GameStatus::Checkmate;
  pos.undo_move(m);
  return mated;
}

bool has_mate_in_one(Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (mates(pos, m)) return true;
  return false;
}

// Every reply to `first` allows a mate at once (and there is a reply).
bool forces_mate_in_two(Position& pos, Move first) {
  StateInfo state;
  pos.do_move(first, state);
  MoveList replies;
  generate_legal(pos, replies);
  bool forced = !replies.empty();
  for (Move reply : replies) {
    StateInfo reply_state;
    pos.do_move(reply, reply_state);
    forced = forced && has_mate_in_one(pos);
    pos.undo_move(reply);
  }
  pos.undo_move(first);
  return forced;
}

// Scarlet's King in the corner, walled in by its own Warriors (the one on 2a7 frozen by a
// Gold Basilisk, which also covers 3a8): a Dragon on a square covering 2a8 mates.
Position dragon_mate_position(const std::string& dragon_square, char side = 'g') {
  return make_position({{'k', "2a8"}, {'w', "2a7"}, {'w', "2b7"}, {'w', "2b8"}, {'B', "3a7"}, {'K', "2g1"},
                        {'R', dragon_square}},
                       side);
}

void expect_legal_line(Position& pos, const SearchResult& result) {
  ASSERT_FALSE(result.pv.empty());
  EXPECT_EQ(result.pv.front(), result.best);
  std::deque<StateInfo> states;
  std::vector<Move> made;
  for (Move m : result.pv) {
    MoveList legal;
    generate_legal(pos, legal);
    EXPECT_TRUE(legal.contains(m)) << move_text(pos, m) << " in " << pos.text();
    if (!legal.contains(m)) break;
    pos.do_move(m, states.emplace_back());
    made.push_back(m);
  }
  for (auto m = made.rbegin(); m != made.rend(); ++m) pos.undo_move(*m);
}

TEST(Search, MateInOneWithOliphant) {
  Position pos = make_position(
      {{'k', "2a8"}, {'s', "1a8"}, {'d', "3a8"}, {'w', "2a7"}, {'w', "2b7"}, {'K', "2g1"}, {'O', "2l1"}});
  const SearchResult result = search_to_depth(pos, 3);
  EXPECT_EQ(move_text(pos, result.best), "O2l1-2l8");
  EXPECT_EQ(result.score, kMateScore - 1);
  EXPECT_EQ(mate_in_moves(result.score), 1);
  EXPECT_TRUE(mates(pos, result.best));
  EXPECT_EQ(result.depth, 1);  // a mate within the searched depth ends the deepening
}

TEST(Search, MateInTwoWithDragon) {
  Position pos = dragon_mate_position("1e1");
  ASSERT_FALSE(has_mate_in_one(pos));
  const SearchResult result = search_to_depth(pos, 5);
  EXPECT_EQ(result.score, kMateScore - 3);
  EXPECT_EQ(mate_in_moves(result.score), 2);
  EXPECT_TRUE(forces_mate_in_two(pos, result.best)) << move_text(pos, result.best);
  ASSERT_EQ(result.pv.size(), 3u);
  expect_legal_line(pos, result);
}

TEST(Search, MateInThreeWithDragon) {
  Position pos = dragon_mate_position("1d1");
  const SearchResult result = search_to_depth(pos, 6);
  EXPECT_EQ(mate_in_moves(result.score), 3);
  EXPECT_FALSE(forces_mate_in_two(pos, result.best));
  expect_legal_line(pos, result);
}

TEST(Search, TheMatedSideSeesItsMate) {
  // Gold's Dragon is on its way (1f2 covers 1a7); whatever Scarlet plays, 1a7 mates.
  Position pos = dragon_mate_position("1f2", 's');
  const SearchResult result = search_to_depth(pos, 4);
  EXPECT_EQ(result.score, -(kMateScore - 2));
  EXPECT_EQ(mate_in_moves(result.score), -1);
}

TEST(Search, NoLegalMove) {
  // Mate already on the board: Scarlet to move.
  Position mated = dragon_mate_position("1a7", 's');
  ASSERT_EQ(outcome(mated).status, GameStatus::Checkmate);
  SearchResult result = search_to_depth(mated, 3);
  EXPECT_TRUE(result.best.is_null());
  EXPECT_EQ(result.score, -kMateScore);
  EXPECT_TRUE(result.pv.empty());
  EXPECT_EQ(result.depth, 0);

  // Stalemate: Scarlet's King walled in by its own men, those on 2a7 and 2b7 frozen by Gold
  // Basilisks (which cover 3a8), 2b8 blocked, 1a8 covered by the Dragon; not in check.
  const std::vector<std::pair<char, std::string>> walled = {
      {'k', "2a8"}, {'w', "2a7"}, {'w', "2b7"}, {'w', "2b8"}, {'B', "3a7"}, {'B', "3b7"}, {'K', "2g1"}, {'R', "1h1"}};
  Position stalemated = make_position(walled, 's');
  ASSERT_EQ(outcome(stalemated).status, GameStatus::Stalemate);
  EXPECT_EQ(search_to_depth(stalemated, 2).score, 0);
  Rules loss;
  loss.stalemate = StalemateResult::Loss;
  EXPECT_EQ(search_to_depth(make_position(walled, 's', loss), 2).score, -kMateScore);
}

TEST(Search, HundredPlyRuleDraws) {
  // A Mage up, but with 99 quiet plies behind, every Gold move (none captures or mates)
  // reaches the hundredth ply: a draw.
  auto with_clock = [](int clock) {
    const std::string text = testing::position_text({{'k', "2g8"}, {'K', "2g1"}, {'M', "2a1"}});  // "... g 0 1"
    return *Position::from_text(text.substr(0, text.size() - 3) + std::to_string(clock) + " 1");
  };
  EXPECT_EQ(search_to_depth(with_clock(99), 2).score, 0);
  EXPECT_GT(search_to_depth(with_clock(0), 2).score, piece_value(PieceType::Mage));
}

// Depth 5 lets null moves and late move reductions act (from depth 3 below the root).
TEST(Search, TakesAFreePiece) {
  Position pos = make_position({{'k', "2g8"}, {'m', "2c5"}, {'K', "2g1"}, {'O', "2c1"}});
  for (int depth : {3, 5}) {
    const SearchResult result = search_to_depth(pos, depth);
    EXPECT_EQ(move_text(pos, result.best), "O2c1x2c5") << depth;
    EXPECT_GT(result.score, piece_value(PieceType::Oliphant)) << depth;
  }
}

TEST(Search, CapturesFromAfar) {
  // The Paladin on 2d4 is defended by the Thief, but the Dragon captures without moving.
  Position pos =
      make_position({{'k', "2g8"}, {'p', "2d4"}, {'t', "2b6"}, {'K', "2l1"}, {'R', "1d5"}, {'W', "2a2"}});
  for (int depth : {3, 5}) {
    const SearchResult result = search_to_depth(pos, depth);
    EXPECT_EQ(move_text(pos, result.best), "R1d5*2d4") << depth;
    EXPECT_GT(result.score, 0) << depth;
  }
}

TEST(Search, QuiescenceSeesTheRecapture) {
  // At depth 1 without quiescence the Mage grabs the defended Warrior; with it, it does not.
  Position pos =
      make_position({{'k', "2g8"}, {'w', "2d6"}, {'w', "2c7"}, {'K', "2g1"}, {'M', "2d2"}, {'W', "2a2"}});
  SearchOptions no_quiescence;
  no_quiescence.quiescence = false;
  EXPECT_EQ(move_text(pos, search_to_depth(pos, 1, no_quiescence).best), "M2d2x2d6");
  EXPECT_NE(move_text(pos, search_to_depth(pos, 1).best), "M2d2x2d6");
}

// The Warrior on 2d6 (defended by 2c7) attacks the Mage on 2e5.
Position hanging_mage_position() {
  return make_position({{'k', "2g8"}, {'w', "2d6"}, {'w', "2c7"}, {'K', "2g1"}, {'M', "2e5"}, {'W', "2a2"}});
}

TEST(Search, SavesAHangingPiece) {
  Position pos = hanging_mage_position();
  const SearchResult result = search_to_depth(pos, 3);
  EXPECT_EQ(square_text(result.best.from()), "2e5");
  EXPECT_NE(move_text(pos, result.best), "M2e5x2d6");
  EXPECT_GT(result.score, piece_value(PieceType::Mage) / 2);
  const std::string best = move_text(pos, result.best);
  StateInfo state;
  pos.do_move(result.best, state);
  EXPECT_FALSE(pos.attacked_by(result.best.to(), Color::Scarlet)) << best;
}

// A middlegame reached by self-play (the benchmark's middlegame 1).
Position middlegame() {
  return std::move(*Position::from_text(
      "6r2R2/s1s1s3s3/12/12/2g5s3/7S4/S1SCS3S3/12|ouhtck2t1uo/wwwwwwwwwwww/12/12/7p4/7H4/WWWWWWWWWWWW/"
      "OUHT1MK1T1UP|2b7b1/1d1d1ded1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 16"));
}

TEST(Search, PrincipalVariationIsLegalWithAndWithoutTable) {
  std::array<Position, 2> positions{Position::start(), middlegame()};
  for (Position& pos : positions) {
    SearchOptions without_table;
    without_table.transposition_table = false;
    for (const SearchOptions& options : {SearchOptions{}, without_table}) {
      const SearchResult result = search_to_depth(pos, 3, options);
      EXPECT_EQ(result.depth, 3);
      EXPECT_GT(result.nodes, 0u);
      expect_legal_line(pos, result);
    }
  }
}

SearchOptions without(bool SearchOptions::*feature) {
  SearchOptions options;
  options.*feature = false;
  return options;
}

TEST(Search, NullMovePruningSavesNodes) {
  Position pos = middlegame();
  const SearchResult on = search_to_depth(pos, 4), off = search_to_depth(pos, 4, without(&SearchOptions::null_move));
  EXPECT_EQ(on.depth, 4);
  EXPECT_LT(on.nodes, off.nodes);
  expect_legal_line(pos, on);
}

TEST(Search, LateMoveReductionsSaveNodes) {
  Position pos = hanging_mage_position();
  const SearchResult on = search_to_depth(pos, 5),
                     off = search_to_depth(pos, 5, without(&SearchOptions::late_move_reductions));
  EXPECT_EQ(on.depth, 5);
  EXPECT_LT(on.nodes, off.nodes);
  EXPECT_EQ(on.best, off.best) << move_text(pos, on.best) << " " << move_text(pos, off.best);
  EXPECT_EQ(square_text(on.best.from()), "2e5");
  expect_legal_line(pos, on);
}

TEST(Search, PruningAndReductionsKeepTheMates) {
  // The mates in two and three, deep enough for both features to act; the mated side's
  // passes must not hide the mate, nor the reductions shorten or lengthen it.
  for (const auto feature : {&SearchOptions::null_move, &SearchOptions::late_move_reductions}) {
    for (const auto& [dragon, depth, mate] : {std::tuple{"1e1", 5, 2}, {"1d1", 6, 3}}) {
      Position pos = dragon_mate_position(dragon);
      const SearchResult on = search_to_depth(pos, depth), off = search_to_depth(pos, depth, without(feature));
      EXPECT_EQ(mate_in_moves(on.score), mate) << dragon;
      EXPECT_EQ(on.score, off.score) << dragon;
      expect_legal_line(pos, on);
    }
  }
}

TEST(Search, NoNullMoveWithOnlyKingAndWarriors) {
  // A Warrior ending, where zugzwang is real: the search with null moves allowed must be
  // the very same search as without them.
  Position pos = make_position({{'k', "2g8"}, {'w', "2a6"}, {'w', "2k7"}, {'K', "2f1"}, {'W', "2a3"},
                                      {'W', "2b3"}, {'W', "2c5"}, {'W', "2k3"}});
  const SearchResult on = search_to_depth(pos, 6), off = search_to_depth(pos, 6, without(&SearchOptions::null_move));
  EXPECT_EQ(on.nodes, off.nodes);
  EXPECT_EQ(on.pv, off.pv);
}

TEST(Search, DeterministicForADepthLimit) {
  Position pos = Position::start();
  const SearchResult first = search_to_depth(pos, 3), second = search_to_depth(pos, 3);
  EXPECT_EQ(first.best, second.best);
  EXPECT_EQ(first.score, second.score);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.pv, second.pv);
}

TEST(Search, LimitsStopTheSearch) {
  Position pos = Position::start();
  TranspositionTable table(4);
  SearchLimits limits;
  limits.nodes = 5000;
  const SearchResult result = search(pos, limits, SearchOptions{}, &table);
  EXPECT_EQ(result.nodes, 5000u);
  EXPECT_GE(result.depth, 1);
  expect_legal_line(pos, result);

  // A limit inside depth 1 (which takes 315 nodes here) ends it once a root move has a
  // score; that move is played and the depth says no iteration was completed.
  SearchLimits tiny;
  tiny.nodes = 100;
  const SearchResult cut = search(pos, tiny, SearchOptions{}, &table);
  EXPECT_EQ(cut.depth, 0);
  EXPECT_EQ(cut.nodes, 100u);
  expect_legal_line(pos, cut);

  // should_stop is asked every 2048 nodes: the first time in depth 2.
  SearchLimits stop_now;
  stop_now.should_stop = [] { return true; };
  const SearchResult stopped = search(pos, stop_now, SearchOptions{}, nullptr);
  EXPECT_EQ(stopped.depth, 1);
  EXPECT_EQ(stopped.nodes, 2048u);
  expect_legal_line(pos, stopped);
}

// The search makes and unmakes its moves on the caller's position: finished, stopped by
// the node limit or by should_stop, it leaves it as it was, history included.
TEST(Search, LeavesTheRootAsItFoundIt) {
  Position pos = Position::start();
  StateInfo s1, s2;
  pos.do_move(*parse_move(pos, "U2b1-2c3"), s1);
  pos.do_move(*parse_move(pos, "U2b8-2c6"), s2);
  const std::string text = pos.text();
  const std::uint64_t key = pos.key();
  const StateInfo* state = pos.state();
  SearchLimits by_depth, by_nodes, stopped;
  by_depth.depth = 3;
  by_nodes.nodes = 777;
  stopped.should_stop = [] { return true; };
  for (const SearchLimits& limits : {by_depth, by_nodes, stopped}) {
    TranspositionTable table(4);
    (void)search(pos, limits, SearchOptions{}, &table);
    EXPECT_EQ(pos.text(), text);
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.state(), state);
    EXPECT_EQ(pos.state()->previous, &s1);
  }
}

TEST(Search, MateInMovesConversion) {
  EXPECT_EQ(mate_in_moves(kMateScore - 1), 1);
  EXPECT_EQ(mate_in_moves(kMateScore - 3), 2);
  EXPECT_EQ(mate_in_moves(-(kMateScore - 2)), -1);
  EXPECT_EQ(mate_in_moves(-(kMateScore - 4)), -2);
  EXPECT_EQ(mate_in_moves(12000), std::nullopt);
  EXPECT_EQ(mate_in_moves(0), std::nullopt);
}

TEST(TranspositionTable, StoresProbesAndPrefersDepth) {
  TranspositionTable table(1);
  const Move move(make_square(Board::Ground, 4, 1), make_square(Board::Ground, 4, 2));
  EXPECT_EQ(table.probe(42), std::nullopt);
  table.store({42, move, 17, 5, Bound::Lower});
  auto entry = table.probe(42);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->move, move);
  EXPECT_EQ(entry->score, 17);
  EXPECT_EQ(entry->depth, 5);
  EXPECT_EQ(entry->bound, Bound::Lower);
  table.store({42, Move{}, 3, 2, Bound::Exact});  // shallower: the deeper result stays
  EXPECT_EQ(table.probe(42)->depth, 5);
  table.store({42, Move{}, 9, 7, Bound::Upper});  // deeper without a move keeps the old move
  EXPECT_EQ(table.probe(42)->depth, 7);
  EXPECT_EQ(table.probe(42)->move, move);
  EXPECT_EQ(table.probe(43), std::nullopt);
  table.clear();
  EXPECT_EQ(table.probe(42), std::nullopt);
}

TEST(Evaluate, GygaxValuesAndSymmetry) {
  EXPECT_EQ(piece_value(PieceType::Mage), 1100);
  EXPECT_EQ(piece_value(PieceType::Paladin), 1000);
  EXPECT_EQ(piece_value(PieceType::Hero), 450);
  EXPECT_EQ(piece_value(PieceType::Unicorn), 250);
  EXPECT_EQ(piece_value(PieceType::Sylph), 100);
  EXPECT_EQ(piece_value(PieceType::King), 0);
  EXPECT_EQ(evaluate(Position::start()), 0);
  // Material only: a Gold Mage more is worth exactly its value to Gold, minus to Scarlet.
  EvalOptions material;
  material.mobility = material.king_safety = material.frozen_pieces = false;
  const auto with_mage = [](char side) {
    return make_position({{'k', "2g8"}, {'K', "2g1"}, {'M', "2d4"}}, side);
  };
  EXPECT_EQ(evaluate(with_mage('g'), material), 1100);
  EXPECT_EQ(evaluate(with_mage('s'), material), -1100);
}

TEST(Evaluate, FrozenPieceIsWorthLess) {
  EvalOptions frozen_only;
  frozen_only.mobility = frozen_only.king_safety = false;
  // The same material; in the second position the Gold Mage stands over a Scarlet Basilisk.
  const Position free = make_position({{'k', "2g8"}, {'K', "2g1"}, {'M', "2d4"}, {'b', "3e4"}});
  const Position frozen = make_position({{'k', "2g8"}, {'K', "2g1"}, {'M', "2d4"}, {'b', "3d4"}});
  ASSERT_TRUE(frozen.is_frozen(make_square(Board::Ground, 3, 3)));
  EXPECT_EQ(evaluate(free, frozen_only) - evaluate(frozen, frozen_only), piece_value(PieceType::Mage) / 3);
  frozen_only.frozen_pieces = false;
  EXPECT_EQ(evaluate(free, frozen_only), evaluate(frozen, frozen_only));
}

TEST(Evaluate, NoiseIsBoundedAndRepeatable) {
  EvalOptions noisy;
  noisy.noise = 50;
  noisy.noise_seed = 7;
  Position pos = Position::start();
  const int value = evaluate(pos, noisy);
  EXPECT_EQ(evaluate(pos, noisy), value);
  EXPECT_LE(std::abs(value), 50);
}

TEST(Strength, LevelsOneToTen) {
  EXPECT_FALSE(strength_level(0).has_value());
  EXPECT_FALSE(strength_level(11).has_value());
  int previous_depth = 0;
  for (int level = kMinStrength; level <= kMaxStrength; ++level) {
    const auto settings = strength_level(level);
    ASSERT_TRUE(settings.has_value());
    EXPECT_GE(settings->depth, previous_depth);
    previous_depth = settings->depth;
  }
  EXPECT_EQ(strength_level(1)->depth, 1);
  EXPECT_EQ(strength_level(10)->root_margin, 0);
}

TEST(Strength, LowLevelPlaysALegalMoveRepeatablyPerSeed) {
  Position pos = Position::start();
  auto play = [&](std::uint64_t seed) {
    SearchLimits limits;
    SearchOptions options;
    apply_strength(*strength_level(2), seed, limits, options);
    return search(pos, limits, options, nullptr);
  };
  std::vector<Move> chosen;
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    const SearchResult result = play(seed);
    expect_legal_line(pos, result);
    EXPECT_EQ(play(seed).best, result.best);
    chosen.push_back(result.best);
  }
  // Level 2 picks among the moves within its margin: not always the same one.
  EXPECT_NE(std::count(chosen.begin(), chosen.end(), chosen.front()), static_cast<long>(chosen.size()));
}

}  // namespace
}  // namespace stratagem::dragonchess
