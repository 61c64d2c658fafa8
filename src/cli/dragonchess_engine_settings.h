#pragma once
// How the `match` and `play` commands describe a computer player: comma-separated words,
//   depth=N | nodes=N | movetime=MS | level=1..10   (at least one limit)
//   no-tt no-pvs no-quiescence no-check-extension no-mvv-lva no-killers no-history
//   no-mobility no-king-safety no-frozen            (switch one search feature off)
// e.g. "depth=4", "nodes=20000,no-tt".

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/strength.h"
#include "stratagem/dragonchess/transposition_table.h"

namespace stratagem::cli {

struct EngineSettings {
  std::string text;  // as given
  dragonchess::SearchLimits limits;
  int movetime_ms = 0;  // 0: no time limit
  std::optional<dragonchess::StrengthLevel> level;
  dragonchess::SearchOptions options;
};

tl::expected<EngineSettings, std::string> parse_engine_settings(std::string_view text);

// Searches `pos` as the settings say; `seed` varies a strength level's random choices.
dragonchess::SearchResult think(dragonchess::Position& pos, const EngineSettings& settings, std::uint64_t seed,
                                dragonchess::TranspositionTable& table);

}  // namespace stratagem::cli
