#include "stratagem/platform/game_status.h"

namespace stratagem::platform {

std::string_view game_status_name(GameStatus status) {
  switch (status) {
    case GameStatus::Forming: return "forming";
    case GameStatus::Active: return "active";
    case GameStatus::Finished: return "finished";
  }
  return "forming";
}

std::optional<GameStatus> game_status_named(std::string_view name) {
  for (const auto status : {GameStatus::Forming, GameStatus::Active, GameStatus::Finished}) {
    if (game_status_name(status) == name) return status;
  }
  return std::nullopt;
}

}  // namespace stratagem::platform
