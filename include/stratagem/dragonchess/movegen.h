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

  void push(Move m) { moves_[static_cast<std::size_t>(size_++)] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const;

 private:
  std::array<Move, kCapacity> moves_;
  int size_ = 0;
};

void generate_pseudo_legal(const Position& pos, MoveList& moves);
void generate_legal(const Position& pos, MoveList& moves);
int count_legal_moves(const Position& pos);

// Slow and simple: makes the pseudo-legal move m on a copy and asks whether the mover's
// King is attacked. The reference the fast legality test is checked against.
bool leaves_king_safe(const Position& pos, Move m);

}  // namespace stratagem::dragonchess
