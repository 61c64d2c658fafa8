#pragma once
// Move generation. Pseudo-legal moves follow every piece's movement rules (frozen pieces
// have none); legal moves are those that do not leave the mover's King attacked.
// count_legal_moves() is the bulk counter perft uses at its last ply: it counts target
// sets with popcount and checks individual moves only where a move could expose the King
// (the King itself, pieces on a line or conditional path to it, Basilisks that thaw an
// enemy, captures from afar that open a line, every move when in check).

#include <array>
#include <cstddef>

#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

class MoveList {
 public:
  // No piece has more than 34 moves (a Ground Mage: 18 as a rook, 14 as a bishop, up and
  // down), and a side has at most kMaxPiecesPerSide pieces: 42 * 34 = 1428 fit.
  static constexpr int kCapacity = 2048;

  MoveList() {}  // leaves the 8 KB of storage uninitialised: lists are made at every node
  void push(Move m) { moves_[static_cast<std::size_t>(size_++)] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const;

 private:
  union {
    std::array<Move, kCapacity> moves_;
  };
  int size_ = 0;
};

void generate_pseudo_legal(const Position& pos, MoveList& moves);
void generate_legal(const Position& pos, MoveList& moves);
// The legal captures (from afar included) and promotions, in generate_legal's order: the
// moves a quiescence search looks at, without generating the quiet ones.
void generate_legal_captures(const Position& pos, MoveList& moves);
int count_legal_moves(const Position& pos);

// Whether the mover's King is safe after the pseudo-legal move m, asked of the board as
// the move would leave it (Position::king_attacked_after); the generators use it where
// KingSafety cannot decide. Tests check it against do_move + attacked_by + undo_move.
bool leaves_king_safe(const Position& pos, Move m);

}  // namespace stratagem::dragonchess
