#pragma once
// Where a game is in its life, as the contract's "status" says it.

#include <string_view>

namespace stratagem::platform {

enum class GameStatus : unsigned char { Forming, Active, Finished };
std::string_view game_status_name(GameStatus status);  // "forming", "active", "finished"

}  // namespace stratagem::platform
