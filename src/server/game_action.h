#pragma once
// One action on a game in one storage transaction, for every front end of the server
// (the HTTP API, the DAIDE listener): the game is read as last committed (parsed once
// per version through the cache), the action runs on it, and its change, effects and
// events are written together; then the computer players get the turns it opened.

#include <functional>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "game_cache.h"
#include "game_runner.h"
#include "stratagem/platform/error.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

// May run more than once (storage retries it when another update won the race): it must
// depend only on the game it is given.
using GameAction = std::function<tl::expected<platform::Effects, platform::GameError>(platform::Game& game)>;
// The users seated after the action (for "my games"), from those stored; nullopt: as they are.
using SeatedUsers = std::function<std::optional<std::vector<storage::UserId>>(const storage::StoredGame& locked)>;

struct ActionOutcome {
  bool missing = false;  // no such game, or a record that cannot be read
  std::optional<platform::GameError> refused;
  nlohmann::json response;  // the action's 2xx body
};

tl::expected<ActionOutcome, storage::StoreError> act_on_game(storage::Store& store, GameCache& games,
                                                             GameRunner& runner, storage::GameId id,
                                                             platform::Instant now, const GameAction& action,
                                                             const SeatedUsers& seated = {});

// act_on_game without waiting for the commit, where the store can (Store::start_update):
// the action runs now, on the calling thread; `done` gets the outcome on the store's
// writing thread, or nullopt when act_on_game must be called after all. False: nothing
// was started (the action and `seated` may have run, and will again), call act_on_game.
using ActionDone = std::function<void(std::optional<tl::expected<ActionOutcome, storage::StoreError>> outcome)>;
bool start_action_on_game(storage::Store& store, GameCache& games, GameRunner& runner, storage::GameId id,
                          platform::Instant now, const GameAction& action, const SeatedUsers& seated,
                          ActionDone done);

}  // namespace stratagem::server
