#pragma once
// Where a game is in its life, as the contract's "status" says it.

#include <optional>
#include <string_view>

namespace stratagem::platform {

enum class GameStatus : unsigned char { Forming, Active, Finished };
std::string_view game_status_name(GameStatus status);  // "forming", "active", "finished"
// The status game_status_name() names; nullopt for any other text.
std::optional<GameStatus> game_status_named(std::string_view name);

}  // namespace stratagem::platform
