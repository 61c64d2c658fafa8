#pragma once
// `stratagem dragonchess play`: a game at the terminal against the computer or between two
// people. Reads one command per line (a move in the contract's notation, or undo, save
// FILE, load FILE, board, help, quit) and writes everything, errors included, as text to
// `out`, so that it can be driven through a pipe.

#include <cstdint>
#include <iosfwd>
#include <optional>

#include "dragonchess_engine_settings.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/types.h"

namespace stratagem::cli {

struct PlaySetup {
  dragonchess::Position start;
  std::optional<dragonchess::Color> computer;  // none: two people
  EngineSettings engine;
  std::uint64_t seed = 0;
};

void run_play_session(const PlaySetup& setup, std::istream& in, std::ostream& out);

}  // namespace stratagem::cli
