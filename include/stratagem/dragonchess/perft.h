#pragma once
// Perft: the number of leaves of the legal-move tree, counted in bulk at the last ply.
// Draw rules do not cut the tree (as in chess perft); checkmate and stalemate do, by
// having no moves.

#include <cstdint>
#include <utility>
#include <vector>

#include "stratagem/dragonchess/position.h"

namespace stratagem::dragonchess {

// Each ply keeps a MoveList (8 KB) on the stack: keep depth small (the CLI allows 30).
std::uint64_t perft(Position& pos, int depth);

// perft(depth - 1) below each legal move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace stratagem::dragonchess
