// Perft with bulk counting at the last ply.
#include "stratagem/dragonchess/perft.h"

#include "stratagem/dragonchess/movegen.h"

namespace stratagem::dragonchess {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_legal_moves(pos));
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  StateInfo state;
  for (Move m : moves) {
    pos.do_move(m, state);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> counts;
  MoveList moves;
  generate_legal(pos, moves);
  StateInfo state;
  for (Move m : moves) {
    pos.do_move(m, state);
    counts.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return counts;
}

}  // namespace stratagem::dragonchess
