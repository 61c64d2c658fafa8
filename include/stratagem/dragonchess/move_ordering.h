#pragma once
// Move ordering for the alpha-beta search: the hash move first, then captures by MVV-LVA
// (most valuable victim, least valuable attacker), then the killer moves of the ply, then
// quiet moves by their history score. MovePicker hands out the moves of a list best first.

#include <array>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

// Deepest ply the search reaches, quiescence included.
constexpr int kMaxPly = 96;

struct OrderingOptions {
  bool mvv_lva = true;  // off: captures come first in generation order
  bool killers = true;
  bool history = true;
};

// What the search learns about quiet moves: two killers per ply (quiet moves that caused a
// beta cut-off at that ply) and a history score per piece and target square.
class OrderingTables {
 public:
  void clear();
  void add_killer(int ply, Move m);
  void add_history(Piece piece, Square to, int depth);
  const std::array<Move, 2>& killers(int ply) const { return killers_[static_cast<std::size_t>(ply)]; }
  int history(Piece piece, Square to) const {
    return history_[static_cast<std::size_t>(index(piece))][static_cast<std::size_t>(index(to))];
  }

 private:
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<std::array<int, kSquareCount>, kPieceCount> history_{};
};

class MovePicker {
 public:
  MovePicker(const Position& pos, const MoveList& moves, Move hash_move, const OrderingTables& tables, int ply,
             const OrderingOptions& options);

  // The best-ordered move not yet handed out; false when all are.
  bool next(Move& move);

 private:
  struct Scored {
    Move move;
    int score;
  };
  // Written before read, and only as far as the list goes: left uninitialised (16 KB).
  union {
    std::array<Scored, MoveList::kCapacity> moves_;
  };
  int size_ = 0;
  int handed_out_ = 0;
};

}  // namespace stratagem::dragonchess
