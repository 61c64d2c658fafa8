#pragma once
// Static evaluation: Gygax's piece values (seed 004 §3, in centipawns) plus mobility,
// frozen pieces and King safety, from the side to move's point of view. Each positional
// term can be switched off so that its worth can be measured in engine matches.

#include <cstdint>

#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

struct EvalOptions {
  bool mobility = true;
  bool king_safety = true;
  bool frozen_pieces = true;
  // Strength levels blur the evaluation by up to +-noise centipawns. The noise is a hash
  // of the position key and the seed, so one position always gets the same value.
  int noise = 0;
  std::uint64_t noise_seed = 0;
};

// Gygax's value times 100; the King has none (it is never traded).
int piece_value(PieceType type);

int evaluate(const Position& pos, const EvalOptions& options = {});

}  // namespace stratagem::dragonchess
