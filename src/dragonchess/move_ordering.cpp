// Move ordering: scoring each move once, then selection of the best remaining one (cheap,
// because a cut-off usually comes after the first few moves).
#include "stratagem/dragonchess/move_ordering.h"

#include <algorithm>

#include "stratagem/dragonchess/evaluate.h"

namespace stratagem::dragonchess {
namespace {

constexpr int kHashMoveScore = 1 << 30;
constexpr int kCaptureScore = 1 << 28;
constexpr int kKillerScore = 1 << 27;
// History scores saturate below the killers so that quiet moves stay below them.
constexpr int kHistoryLimit = 1 << 26;

int move_score(const Position& pos, Move m, Move hash_move, const OrderingTables& tables, int ply,
               const OrderingOptions& options) {
  if (m == hash_move) return kHashMoveScore;
  const Piece mover = pos.piece_on(m.from());
  if (pos.is_capture(m) || m.kind() == MoveKind::Promotion) {
    if (!options.mvv_lva) return kCaptureScore;
    const Piece victim = pos.piece_on(m.to());
    const int gain = victim == Piece::None ? 0 : piece_value(type_of(victim));
    const int promotion = m.kind() == MoveKind::Promotion ? piece_value(PieceType::Hero) : 0;
    return kCaptureScore + (gain + promotion) * 16 - piece_value(type_of(mover)) / 16;
  }
  if (options.killers) {
    const auto& killers = tables.killers(ply);
    if (m == killers[0]) return kKillerScore + 1;
    if (m == killers[1]) return kKillerScore;
  }
  return options.history ? tables.history(mover, m.to()) : 0;
}

}  // namespace

void OrderingTables::clear() {
  killers_ = {};
  for (auto& per_piece : history_) per_piece.fill(0);
}

void OrderingTables::add_killer(int ply, Move m) {
  auto& killers = killers_[static_cast<std::size_t>(ply)];
  if (killers[0] == m) return;
  killers[1] = killers[0];
  killers[0] = m;
}

void OrderingTables::add_history(Piece piece, Square to, int depth) {
  int& score = history_[static_cast<std::size_t>(index(piece))][static_cast<std::size_t>(index(to))];
  score = std::min(kHistoryLimit, score + depth * depth);
}

MovePicker::MovePicker(const Position& pos, const MoveList& moves, Move hash_move, const OrderingTables& tables,
                       int ply, const OrderingOptions& options)
    : size_(moves.size()) {
  for (int i = 0; i < size_; ++i)
    moves_[static_cast<std::size_t>(i)] = {moves[i], move_score(pos, moves[i], hash_move, tables, ply, options)};
}

bool MovePicker::next(Move& move) {
  if (handed_out_ == size_) return false;
  auto first = moves_.begin() + handed_out_;
  auto best = std::max_element(first, moves_.begin() + size_,
                               [](const Scored& a, const Scored& b) { return a.score < b.score; });
  // Rotated rather than swapped to the front: the others keep their order, so equally
  // scored moves come in generation order whatever else the list holds (a list of the
  // captures alone hands them out as the full list would).
  std::rotate(first, best, best + 1);
  move = first->move;
  ++handed_out_;
  return true;
}

}  // namespace stratagem::dragonchess
