#pragma once
// The three boards drawn side by side as text for a terminal: files a-l, ranks 8 down to
// 1, each board named; frozen pieces and the squares of the last move marked.

#include <optional>
#include <string>

#include "stratagem/dragonchess/position.h"

namespace stratagem::cli {

std::string board_text(const dragonchess::Position& pos, std::optional<dragonchess::Move> last_move);

}  // namespace stratagem::cli
