#pragma once
// What happens in games without a request: deadlines and computer players.
//
// A scheduler thread asks storage every quarter second for games whose deadline has
// passed (storage's due_games, earliest first: after a restart the overdue phases are
// processed in order) and has each one advanced on the worker pool, in the locked
// transaction of update_due_game, so that with several processes each deadline is
// processed once. Computer players (Diplomacy bots, the Dragonchess search with a time
// limit) think on the same worker pool, outside any transaction, and give their orders
// or move through a normal update, which the game refuses if the phase has moved on.
// Nothing here runs on the HTTP I/O threads.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "game_cache.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

struct GameRunnerOptions {
  std::size_t threads = 2;
  std::chrono::milliseconds tick{250};
  // Longest think of a Diplomacy bot, and of a Dragonchess move without a clock.
  std::chrono::milliseconds diplomacy_think{5000};
  std::chrono::milliseconds dragonchess_think{2000};
};

class GameRunner {
 public:
  GameRunner(storage::Store& store, GameCache& games, GameRunnerOptions options);
  ~GameRunner();
  GameRunner(const GameRunner&) = delete;
  GameRunner& operator=(const GameRunner&) = delete;

  // Starts the scheduler; the active games' pending computer turns are queued too (they
  // were lost if the last process stopped while thinking).
  void start();
  // Stops taking work, lets what runs finish (bots are asked to stop), and joins.
  void stop();

  // After a committed change to a game: queue the computer turns it now has.
  void after_change(storage::GameId id, const platform::Game& game);

 private:
  void scheduler_loop();
  void process_due(storage::GameId id);
  void queue_pending_computer_turns();
  void play_diplomacy(storage::GameId id, platform::DiplomacyGame game, platform::ComputerTurn turn);
  // Accepts or rejects a proposal to a computer's power (diplomacy_bots::accepts); orders
  // it has given already are given again within the new deal in the same commit.
  void answer_proposal(storage::GameId id, platform::DiplomacyGame game,
                       platform::DiplomacyGame::ComputerProposal proposal);
  // A computer's vote on a proposed draw or end by lot (diplomacy_bots::vote_on_end), from
  // the position and the centre counts at the end of each year the game has played.
  void cast_vote(storage::GameId id, platform::DiplomacyGame game, platform::DiplomacyGame::ComputerVote vote);
  // The game as it stands in the store now (nullopt if it cannot be read or is not Diplomacy).
  std::optional<platform::DiplomacyGame> current_diplomacy(storage::GameId id);
  std::chrono::milliseconds think_time(const platform::DragonchessGame& game) const;
  void play_dragonchess(storage::GameId id, platform::DragonchessGame game, platform::DragonchessComputerTurn turn);
  // Runs `work` on the pool unless `key` is already queued or running.
  void post_once(std::string key, std::function<void()> work);

  storage::Store& store_;
  GameCache& games_;
  GameRunnerOptions options_;
  class Pool;
  std::unique_ptr<Pool> pool_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  std::set<std::string> in_flight_;
  std::thread scheduler_;
};

}  // namespace stratagem::server
