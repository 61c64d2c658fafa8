#include "game_action.h"

#include "api.h"
#include "game_change.h"

namespace stratagem::server {

tl::expected<ActionOutcome, storage::StoreError> act_on_game(storage::Store& store, GameCache& games,
                                                             GameRunner& runner, storage::GameId id,
                                                             platform::Instant now, const GameAction& action,
                                                             const SeatedUsers& seated) {
  ActionOutcome result;
  std::optional<platform::Game> after;
  const auto outcome = store.update_game(id, [&](const storage::StoredGame& locked) -> std::optional<storage::GameChange> {
    result = ActionOutcome{};
    after.reset();
    auto game = game_of(locked, games);
    if (!game) {
      result.missing = true;
      return std::nullopt;
    }
    auto effects = action(*game);
    if (!effects) {
      result.refused = effects.error();
      return std::nullopt;
    }
    result.response = std::move(effects->response);
    if (!effects->changed) return std::nullopt;
    auto change = change_of(*game, *effects, now, seated ? seated(locked) : std::nullopt);
    after = std::move(*game);
    return change;
  });
  if (!outcome) return tl::unexpected(outcome.error());
  if (after) {
    runner.after_change(id, *after);
    games.put(id, outcome->version, std::move(*after));
  }
  return result;
}

}  // namespace stratagem::server
