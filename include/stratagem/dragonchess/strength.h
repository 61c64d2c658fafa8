#pragma once
// Strength levels 1-10 for human opponents. Low levels search shallowly, blur the
// evaluation with noise and play a random move among those nearly as good as the best;
// high levels search deeper under a node budget (so a level plays the same on any machine
// and for the same seed always the same way). The table is in docs/dragonchess-search.md.

#include <cstdint>
#include <string>

#include <tl/expected.hpp>

#include "stratagem/dragonchess/search.h"
#include "stratagem/error.h"

namespace stratagem::dragonchess {

constexpr int kMinStrength = 1;
constexpr int kMaxStrength = 10;

struct StrengthLevel {
  int depth = 1;
  std::uint64_t nodes = 0;  // 0: no node budget
  int root_margin = 0;      // centipawns; see SearchOptions::root_margin
  int eval_noise = 0;       // centipawns; see EvalOptions::noise
};

tl::expected<StrengthLevel, Error> strength_level(int level);

// Sets the level's depth, node budget, margin and noise; `seed` varies the random choices.
void apply_strength(const StrengthLevel& level, std::uint64_t seed, SearchLimits& limits, SearchOptions& options);

}  // namespace stratagem::dragonchess
