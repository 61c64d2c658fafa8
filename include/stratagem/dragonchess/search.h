#pragma once
// The game-tree search: iterative deepening alpha-beta with principal variation search, a
// transposition table, quiescence search over captures (the Dragon's capture from afar
// included) and check evasions, move ordering (hash move, MVV-LVA, killers, history), check
// extensions, null-move pruning, late move reductions, mate scores, and draws by repetition,
// the 100-ply rule and stalemate.
//
// The search is deterministic for a depth or node limit: the same position, options and
// table contents give the same result. A time limit comes in only through the caller's
// should_stop function, polled every few thousand nodes.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "stratagem/dragonchess/evaluate.h"
#include "stratagem/dragonchess/move_ordering.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/transposition_table.h"
#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

// Scores are centipawns from the side to move's view. A mate in p plies from the root
// scores kMateScore - p (being mated: -(kMateScore - p)).
constexpr int kMateScore = 1'000'000;
constexpr int kInfinity = kMateScore + 1;
constexpr int kMaxSearchDepth = 64;

// Each feature can be switched off to measure what it is worth (docs/dragonchess-search.md).
struct SearchOptions {
  bool transposition_table = true;
  bool principal_variation_search = true;
  bool quiescence = true;
  bool check_extension = true;
  bool null_move = true;
  bool late_move_reductions = true;
  OrderingOptions ordering;
  EvalOptions eval;
  // Strength levels: at the root, play a move chosen at random (from `seed`) among those
  // scoring at most root_margin below the best. 0 plays the best move.
  int root_margin = 0;
  std::uint64_t seed = 0;
};

struct SearchLimits {
  int depth = kMaxSearchDepth;  // iterations of iterative deepening, 1..kMaxSearchDepth
  std::uint64_t nodes = 0;      // 0: no node limit
  // Polled during the search; true ends it. The first root move is always searched to
  // the end, so that there is a move to play.
  std::function<bool()> should_stop;
};

struct SearchResult {
  Move best;     // the null move when the side to move has no legal move
  int score = 0;
  int depth = 0;  // the last completed iteration; 0 if stopped inside the first
  std::uint64_t nodes = 0;
  std::vector<Move> pv;  // starts with best; every move legal in turn
};

// Mate distance in moves of a mate score: N > 0 the side to move mates in N, N < 0 it is
// mated in -N; nullopt for an ordinary score.
std::optional<int> mate_in_moves(int score);

// `table` may be null (then none is used, whatever options say). The search makes and
// unmakes its moves on `root` itself, which it leaves as it found it; its moves follow the
// game's history there, so repetitions of positions before the root count.
SearchResult search(Position& root, const SearchLimits& limits, const SearchOptions& options,
                    TranspositionTable* table);

}  // namespace stratagem::dragonchess
