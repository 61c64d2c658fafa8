#pragma once
// Engine matches: two engine settings play each other from random two-ply openings (drawn
// from a seed, all different), each opening once with each colour. A game ends by mate,
// stalemate, the draw rules, or at the ply cap: adjudicated a draw, or, when
// adjudicate_margin is set, a win for the side ahead by at least that much material
// (Gygax's values, centipawns).

#include <cstdint>

#include "dragonchess_engine_settings.h"
#include "match_statistics.h"
#include "stratagem/dragonchess/position.h"

namespace stratagem::cli {

struct MatchSetup {
  dragonchess::Position start;
  EngineSettings a, b;
  int openings = 10;
  std::uint64_t seed = 1;
  int max_plies = 200;
  int adjudicate_margin = 0;  // 0: every capped game is a draw
};

struct MatchResult {
  MatchScore a;          // from A's point of view
  int capped_games = 0;  // ended at the ply cap
  double average_plies = 0;
};

MatchResult play_match(const MatchSetup& setup);

}  // namespace stratagem::cli
