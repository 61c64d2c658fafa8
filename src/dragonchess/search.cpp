// Iterative deepening principal variation search with quiescence; see search.h.
#include "stratagem/dragonchess/search.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <utility>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/status.h"

namespace stratagem::dragonchess {
namespace {

// Scores beyond this are mates; the distance to the mate is kMateScore - |score| plies.
constexpr int kMateBound = kMateScore - kMaxPly;
// Nodes between two calls of the caller's should_stop (a clock read is not free).
constexpr std::uint64_t kStopPollInterval = 2048;

// The table stores mate scores as distances from the stored node, so that an entry found
// at another ply still says the right distance from the root.
int to_table(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}
int from_table(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

bool is_quiet(const Position& pos, Move m) { return !pos.is_capture(m) && m.kind() != MoveKind::Promotion; }

// Null-move pruning: passing the turn is searched 2 plies shallower than a move would be,
// 3 from depth 6, where the test can be cruder for the same share of the work saved. From
// depth 3 the pass gets a quiescence search, which sees the opponent's captures as threats;
// at depth 2 the node's own search is little more than that (starting there saves another
// 0-6% of the nodes to depths 4 and 5, docs/dragonchess-search.md; not matched yet).
constexpr int kNullMoveMinDepth = 3;
int null_move_reduction(int depth) { return depth >= 6 ? 3 : 2; }

// With only the King and Warriors the side to move may be in zugzwang: there every move
// worsens the position, so the pass, which is not a legal move, would overrate it.
bool has_pieces_beyond_king_and_warriors(const Position& pos) {
  const Color us = pos.side_to_move();
  for (int b = 0; b < kBoardCount; ++b) {
    const Board board = board_at(b);
    if (pos.pieces(board, us) & ~pos.pieces(board, PieceType::King) & ~pos.pieces(board, PieceType::Warrior))
      return true;
  }
  return false;
}

// Late move reductions apply from this depth (below it even a one-ply reduction leaves
// only a quiescence search) and after this many moves of a node have been searched in full.
constexpr int kLateMoveMinDepth = 3;
constexpr int kMovesBeforeReduction = 3;
// Dragonchess offers about 90 moves a side; the very late ones go a further ply shallower.
constexpr int kVeryLateMove = 12;
int late_move_reduction(int searched) { return searched >= kVeryLateMove ? 2 : 1; }

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

class Searcher {
 public:
  Searcher(Position& root, const SearchLimits& limits, const SearchOptions& options, TranspositionTable* table)
      : pos_(root), limits_(limits), options_(options), table_(options.transposition_table ? table : nullptr) {}

  SearchResult run();

 private:
  int search(int depth, int alpha, int beta, int ply);
  int quiescence(int alpha, int beta, int ply);
  // If the side to move, passing, still scores at least beta, a real move would too (bar
  // zugzwang): the node fails high without searching its moves.
  bool null_move_fails_high(int depth, int beta, int ply);
  // Counts the node and says whether the search must end now.
  bool out_of_budget();
  int no_moves_score(bool in_check, int ply) const;
  void update_pv(int ply, Move m);
  // Strength levels: a random move among those close enough to the best.
  std::pair<Move, int> choose_root_move(const SearchResult& result) const;

  Position& pos_;  // the caller's; every move made on it is undone
  const SearchLimits& limits_;
  const SearchOptions& options_;
  TranspositionTable* table_;
  OrderingTables ordering_;
  std::array<std::array<Move, kMaxPly>, kMaxPly> pv_{};
  std::array<int, kMaxPly> pv_length_{};
  // reached_by_pass_[p]: the node at ply p follows a null move. Two passes in a row prove
  // nothing: they give back the same position, searched shallower.
  std::array<bool, kMaxPly> reached_by_pass_{};
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool may_stop_ = false;  // false until the first root move has a score
  int root_best_score_ = 0;  // of the iteration under way
  int root_depth_ = 0;
  Move root_move_;  // best move of the previous iteration, searched first
  std::vector<std::pair<Move, int>> root_scores_, completed_root_scores_;
};

bool Searcher::out_of_budget() {
  ++nodes_;
  if (stopped_ || !may_stop_) return stopped_;
  if (limits_.nodes != 0 && nodes_ >= limits_.nodes) stopped_ = true;
  if (limits_.should_stop && nodes_ % kStopPollInterval == 0 && limits_.should_stop()) stopped_ = true;
  return stopped_;
}

int Searcher::no_moves_score(bool in_check, int ply) const {
  if (in_check || pos_.rules().stalemate == StalemateResult::Loss) return -(kMateScore - ply);
  return 0;
}

void Searcher::update_pv(int ply, Move m) {
  auto& line = pv_[static_cast<std::size_t>(ply)];
  const auto& child = pv_[static_cast<std::size_t>(ply + 1)];
  const int child_length = pv_length_[static_cast<std::size_t>(ply + 1)];
  line[static_cast<std::size_t>(ply)] = m;
  std::copy(child.begin() + ply + 1, child.begin() + child_length, line.begin() + ply + 1);
  pv_length_[static_cast<std::size_t>(ply)] = std::max(ply + 1, child_length);
}

int Searcher::search(int depth, int alpha, int beta, int ply) {
  pv_length_[static_cast<std::size_t>(ply)] = ply;
  if (depth <= 0) {
    if (options_.quiescence) return quiescence(alpha, beta, ply);
    ++nodes_;
    return evaluate(pos_, options_.eval);
  }
  if (out_of_budget()) return 0;
  const bool root = ply == 0;
  const bool pv_node = beta - alpha > 1;
  // Inside the tree one repetition is enough: the side that can repeat can repeat again.
  if (!root && pos_.repetition_count() >= 2) return 0;
  if (ply >= kMaxPly - 1) return evaluate(pos_, options_.eval);

  Move hash_move = root ? root_move_ : Move{};
  if (table_) {
    if (const auto entry = table_->probe(pos_.key())) {
      if (hash_move.is_null()) hash_move = entry->move;
      if (!pv_node && entry->depth >= depth) {
        const int score = from_table(entry->score, ply);
        if (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && score >= beta) ||
            (entry->bound == Bound::Upper && score <= alpha))
          return score;
      }
    }
  }

  const bool in_check = pos_.in_check();
  MoveList moves;
  generate_legal(pos_, moves);
  if (moves.empty()) return no_moves_score(in_check, ply);
  if (!root && pos_.halfmove_clock() >= kHalfmoveDrawLimit) return 0;
  // After the mate, stalemate and draw tests: a pass must not hide that there is no move.
  if (options_.null_move && !pv_node && !in_check && null_move_fails_high(depth, beta, ply)) return beta;

  const bool choosing_among_close = root && options_.root_margin > 0;
  const int original_alpha = alpha;
  int best_score = -kInfinity;
  Move best_move;
  int searched = 0;
  MovePicker picker(pos_, moves, hash_move, ordering_, ply, options_.ordering);
  for (Move m; picker.next(m);) {
    const bool quiet = is_quiet(pos_, m);
    const Piece mover = pos_.piece_on(m.from());
    const bool killer = m == ordering_.killers(ply)[0] || m == ordering_.killers(ply)[1];
    StateInfo state;
    pos_.do_move(m, state);
    const bool gives_check = pos_.in_check();
    const bool extend = options_.check_extension && ply < 2 * root_depth_ && gives_check;
    const int child_depth = depth - 1 + (extend ? 1 : 0);
    int score = 0;
    // Late move reductions: the order puts the likely best moves first, so a late quiet
    // move is first searched shallower, and only at full depth if it beats alpha after all.
    // PV nodes are few and decide the move played: they are not reduced.
    const bool reduce = options_.late_move_reductions && !pv_node && !in_check && depth >= kLateMoveMinDepth &&
                        searched >= kMovesBeforeReduction && quiet && !killer && !gives_check;
    if (reduce) score = -search(child_depth - late_move_reduction(searched), -alpha - 1, -alpha, ply + 1);
    if (!reduce || score > alpha) {
      if (choosing_among_close && searched > 0) {
        // Exact scores for every move within the margin of the best so far.
        score = -search(child_depth, -beta, -(best_score - options_.root_margin - 1), ply + 1);
      } else if (searched == 0 || !options_.principal_variation_search) {
        score = -search(child_depth, -beta, -alpha, ply + 1);
      } else {
        score = -search(child_depth, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -search(child_depth, -beta, -alpha, ply + 1);
      }
    }
    pos_.undo_move(m);
    if (stopped_) return 0;
    ++searched;
    if (choosing_among_close) root_scores_.emplace_back(m, score);
    if (score <= best_score) continue;
    best_score = score;
    best_move = m;
    if (score <= alpha) continue;
    alpha = score;
    update_pv(ply, m);
    if (root) {
      root_best_score_ = score;
      may_stop_ = true;
    }
    if (score >= beta) {
      if (quiet) {
        if (options_.ordering.killers) ordering_.add_killer(ply, m);
        if (options_.ordering.history) ordering_.add_history(mover, m.to(), depth);
      }
      break;
    }
  }

  if (table_) {
    const Bound bound = best_score >= beta ? Bound::Lower : best_score > original_alpha ? Bound::Exact : Bound::Upper;
    table_->store({pos_.key(), bound == Bound::Upper ? Move{} : best_move, to_table(best_score, ply),
                   static_cast<std::int16_t>(depth), bound});
  }
  return best_score;
}

bool Searcher::null_move_fails_high(int depth, int beta, int ply) {
  if (depth < kNullMoveMinDepth || reached_by_pass_[static_cast<std::size_t>(ply)] ||
      !has_pieces_beyond_king_and_warriors(pos_) || evaluate(pos_, options_.eval) < beta)
    return false;
  StateInfo state;
  pos_.do_null_move(state);
  reached_by_pass_[static_cast<std::size_t>(ply + 1)] = true;
  // Only whether the pass reaches beta matters, so a null window; its score is not used
  // (a mate found after a pass is no mate: the pass is not a legal move).
  const int score = -search(depth - 1 - null_move_reduction(depth), -beta, -beta + 1, ply + 1);
  reached_by_pass_[static_cast<std::size_t>(ply + 1)] = false;
  pos_.undo_null_move();
  return !stopped_ && score >= beta;
}

int Searcher::quiescence(int alpha, int beta, int ply) {
  pv_length_[static_cast<std::size_t>(ply)] = ply;
  if (out_of_budget()) return 0;
  if (ply >= kMaxPly - 1) return evaluate(pos_, options_.eval);
  const bool in_check = pos_.in_check();
  int best_score = -kInfinity;
  // Not in check, the side to move may decline every capture ("stand pat").
  if (!in_check) {
    best_score = evaluate(pos_, options_.eval);
    if (best_score >= beta) return best_score;
    alpha = std::max(alpha, best_score);
  }
  // In check every evasion is searched; otherwise only captures and promotions, and the
  // quiet moves are generated only to tell a stalemate when there are none.
  MoveList moves;
  if (in_check)
    generate_legal(pos_, moves);
  else
    generate_legal_captures(pos_, moves);
  if (moves.empty() && (in_check || count_legal_moves(pos_) == 0)) return no_moves_score(in_check, ply);

  MovePicker picker(pos_, moves, Move{}, ordering_, ply, options_.ordering);
  for (Move m; picker.next(m);) {
    StateInfo state;
    pos_.do_move(m, state);
    const int score = -quiescence(-beta, -alpha, ply + 1);
    pos_.undo_move(m);
    if (stopped_) return 0;
    if (score <= best_score) continue;
    best_score = score;
    if (score <= alpha) continue;
    alpha = score;
    update_pv(ply, m);
    if (score >= beta) break;
  }
  return best_score;
}

std::pair<Move, int> Searcher::choose_root_move(const SearchResult& result) const {
  std::vector<std::pair<Move, int>> close;
  for (const auto& [move, score] : completed_root_scores_)
    if (score >= result.score - options_.root_margin) close.emplace_back(move, score);
  if (close.empty()) return {result.best, result.score};
  return close[mix(options_.seed ^ pos_.key()) % close.size()];
}

SearchResult Searcher::run() {
  SearchResult result;
  MoveList root_moves;
  generate_legal(pos_, root_moves);
  if (root_moves.empty()) {
    result.score = no_moves_score(pos_.in_check(), 0);
    return result;
  }
  const int max_depth = std::clamp(limits_.depth, 1, kMaxSearchDepth);
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    root_scores_.clear();
    const int score = search(depth, -kInfinity, kInfinity, 0);
    if (stopped_) {
      // Stopped inside depth 1: the best of the root moves searched so far.
      if (result.depth == 0) {
        result.best = pv_[0][0];
        result.score = root_best_score_;
        result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
      }
      break;
    }
    result.best = pv_[0][0];
    result.score = score;
    result.depth = depth;
    result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    completed_root_scores_ = root_scores_;
    root_move_ = result.best;
    // A mate found within the full-width depth cannot get shorter by searching deeper.
    if (mate_in_moves(score) && kMateScore - std::abs(score) <= depth) break;
  }
  if (options_.root_margin > 0) {
    const auto [move, score] = choose_root_move(result);
    if (move != result.best) {
      result.best = move;
      result.score = score;
      result.pv = {move};
    }
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace

std::optional<int> mate_in_moves(int score) {
  if (std::abs(score) < kMateBound) return std::nullopt;
  const int moves = (kMateScore - std::abs(score) + 1) / 2;
  return score > 0 ? moves : -moves;
}

SearchResult search(Position& root, const SearchLimits& limits, const SearchOptions& options,
                    TranspositionTable* table) {
  // The searcher's tables are too large for the stack.
  auto searcher = std::make_unique<Searcher>(root, limits, options, table);
  return searcher->run();
}

}  // namespace stratagem::dragonchess
