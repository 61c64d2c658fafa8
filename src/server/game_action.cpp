#include "game_action.h"

#include <memory>

#include "api.h"
#include "game_change.h"
#include "stratagem/forward_error.h"

namespace stratagem::server {
namespace {

// One action's update and what it leaves for after the commit: the same whether the
// caller waits for the commit or not.
class ActionRun {
 public:
  ActionRun(GameCache& games, GameRunner& runner, storage::GameId id) : games_(games), runner_(runner), id_(id) {}

  // Storage may call it more than once: each call starts afresh.
  storage::GameUpdate update(platform::Instant now, const GameAction& action, const SeatedUsers& seated) {
    return [this, now, &action, &seated](const storage::StoredGame& locked) -> std::optional<storage::GameChange> {
      result_ = ActionOutcome{};
      after_.reset();
      auto game = game_of(locked, games_);
      if (!game) {
        result_.missing = true;
        return std::nullopt;
      }
      auto effects = action(*game);
      if (!effects) {
        result_.refused = effects.error();
        return std::nullopt;
      }
      result_.response = std::move(effects->response);
      if (!effects->changed) return std::nullopt;
      auto change = change_of(*game, *effects, now, seated ? seated(locked) : std::nullopt);
      after_ = std::move(*game);
      return change;
    };
  }

  // Once the update has committed (or failed): the computer players' turns, the game
  // cached at its new version.
  tl::expected<ActionOutcome, storage::StoreError> finish(const storage::StoreResult<storage::UpdateOutcome>& outcome) {
    STRATAGEM_TRY(outcome);
    if (after_) {
      runner_.after_change(id_, *after_);
      games_.put(id_, outcome->version, std::move(*after_));
    }
    return std::move(result_);
  }

 private:
  GameCache& games_;
  GameRunner& runner_;
  storage::GameId id_;
  ActionOutcome result_;
  std::optional<platform::Game> after_;
};

}  // namespace

tl::expected<ActionOutcome, storage::StoreError> act_on_game(storage::Store& store, GameCache& games,
                                                             GameRunner& runner, storage::GameId id,
                                                             platform::Instant now, const GameAction& action,
                                                             const SeatedUsers& seated) {
  ActionRun run(games, runner, id);
  return run.finish(store.update_game(id, run.update(now, action, seated)));
}

bool start_action_on_game(storage::Store& store, GameCache& games, GameRunner& runner, storage::GameId id,
                          platform::Instant now, const GameAction& action, const SeatedUsers& seated,
                          ActionDone done) {
  auto run = std::make_shared<ActionRun>(games, runner, id);
  return store.start_update(id, run->update(now, action, seated),
                            [run, done = std::move(done)](std::optional<storage::StoreResult<storage::UpdateOutcome>> outcome) {
                              if (!outcome) {
                                done(std::nullopt);
                                return;
                              }
                              done(run->finish(*outcome));
                            });
}

}  // namespace stratagem::server
