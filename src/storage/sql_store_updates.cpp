// SqlStore's updates of games: optimistic (over the game as last read or written here,
// checked by its version at the write), under the row's lock after lost races or for a
// due deadline, or started without waiting for the commit; and the rows it remembers.

#include <fmt/format.h>

#include <array>
#include <utility>

#include "sql_rows.h"
#include "sql_store.h"
#include "sql_store_calls.h"
#include "stratagem/forward_error.h"

namespace stratagem::storage {

using namespace sql;

namespace {

// Optimistic tries of an update before it takes the lock (see SqlStore::update).
constexpr int kOptimisticAttempts = 3;

// Games whose last known row update_optimistically keeps (a few KiB each).
constexpr std::size_t kGamesRemembered = 4096;

}  // namespace

StoreResult<UpdateOutcome> SqlStore::update_game(GameId id, const GameUpdate& fn) {
  return update(fmt::format("update_game {}", id), id, std::nullopt, fn);
}

StoreResult<UpdateOutcome> SqlStore::update_due_game(GameId id, Instant now, const GameUpdate& fn) {
  return update(fmt::format("update_due_game {}", id), id, now, fn);
}

// The SELECT that reads the game to update: only while due, for update_due_game.
std::string SqlStore::select_for_update(std::optional<Instant> due_by, std::string_view lock,
                                        std::vector<SqlValue>& params) const {
  std::string sql = select_game_ + " WHERE g.id = $1";
  if (due_by) {
    params.emplace_back(std::in_place_type<std::int64_t>, millis(*due_by));
    sql += " AND g.next_deadline <= $2";
  }
  return sql + std::string(lock);
}

StoreResult<std::optional<GameChange>> SqlStore::decide(const std::string& operation,
                                                        const GameUpdate& fn,
                                                        const StoredGame& game) {
  try {
    return fn(game);
  } catch (const std::exception& exception) {
    return tl::unexpected(error(StoreErrorCode::failed, operation,
                                fmt::format("the update threw: {}", exception.what())));
  } catch (...) {
    return tl::unexpected(error(StoreErrorCode::failed, operation, "the update threw"));
  }
}

// fn first runs outside the write transaction, on the caller's thread, over the game as
// last committed; the change is then written only if the game's version is still the one
// fn saw, else fn runs again on a fresh read. So different games' fn run in parallel and
// while the previous group commit waits for its fsync, instead of one after the other
// inside the writer. After kOptimisticAttempts lost races (a busy game) fn runs under the
// row's lock, which always succeeds. Exactly once holds across processes: a write
// commits only over the version it read.
StoreResult<UpdateOutcome> SqlStore::update(const std::string& operation, GameId id,
                                            std::optional<Instant> due_by, const GameUpdate& fn) {
  bool announced = false;
  auto outcome = [&]() -> StoreResult<UpdateOutcome> {
    // A due game on a database of several writers is taken under its lock at once (SKIP
    // LOCKED): another process processing it is skipped, not raced.
    const bool optimistic = !due_by || backend_->one_writer_at_a_time();
    for (int attempt = 0; optimistic && attempt < kOptimisticAttempts; ++attempt) {
      STRATAGEM_TRY_ASSIGN(auto written, update_optimistically(operation, id, due_by, fn, announced, attempt == 0));
      if (written) return std::move(*written);
    }
    forget(id);  // written (or not) under the lock: what is remembered may be behind
    return update_under_lock(operation, id, due_by, fn, announced);
  }();
  if (outcome) tell_subscribers(id, outcome->event_ids, announced);
  return outcome;
}

// Committed: tell this process's subscribers, unless the database tells every process.
void SqlStore::tell_subscribers(GameId id, const std::vector<EventId>& event_ids, bool announced) {
  if (!event_ids.empty() && !announced) hub_.publish(id, event_ids.back());
}

std::optional<StoredGame> SqlStore::remembered(GameId id) {
  std::lock_guard lock(latest_mutex_);
  const auto it = latest_.find(id);
  if (it == latest_.end()) return std::nullopt;
  return it->second;
}

void SqlStore::remember(StoredGame game) {
  std::lock_guard lock(latest_mutex_);
  if (latest_.size() >= kGamesRemembered && !latest_.contains(game.id)) latest_.erase(latest_.begin());
  const GameId id = game.id;
  latest_.insert_or_assign(id, std::move(game));
}

void SqlStore::forget(GameId id) {
  std::lock_guard lock(latest_mutex_);
  latest_.erase(id);
}

// The game as it was last read or written here stands in for a read: the write commits
// only over that version, so if another process moved the game on, the race is lost and
// the next attempt reads. A game updated again and again (orders, press) is then written
// without being read first.
StoreResult<std::optional<UpdateOutcome>> SqlStore::update_optimistically(
    const std::string& operation, GameId id, std::optional<Instant> due_by, const GameUpdate& fn,
    bool& announced, bool from_memory) {
  std::optional<StoredGame> known = from_memory && !due_by ? remembered(id) : std::nullopt;
  const bool unverified = known.has_value();
  if (!known) {
    STRATAGEM_TRY_ASSIGN(auto read, run<std::optional<StoredGame>>(operation, [&](SqlSession& session) {
      Transaction transaction(session, Transaction::Mode::read);
      std::vector<SqlValue> params{id};
      const std::string sql = select_for_update(due_by, "", params);
      auto rows = session.query(sql, params);
      return rows.empty() ? std::nullopt : std::optional<StoredGame>(read_game(rows.front()));
    }));
    if (!read) {
      if (due_by) return UpdateOutcome{};
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such game"));
    }
    known = std::move(read);
  }
  const StoredGame& game = *known;
  auto change = decide(operation, fn, game);
  // Only a write checks the remembered game against the database: a refusal or a failure
  // over it is decided again over what the database holds.
  if (unverified && (!change || !*change)) return std::nullopt;
  if (!change) return tl::unexpected(change.error());
  if (!*change) {
    if (!due_by) remember(game);
    return nothing_written(game.version);
  }
  GameWrite written(id, game.version, **change);
  auto committed = write_game(operation, written);
  if (!committed || !written.written) {
    forget(id);
    if (!committed) return tl::unexpected(committed.error());
    return std::nullopt;  // lost the race
  }
  announced = written.announced;
  remember(row_after(std::move(*known), std::move(**change)));
  return outcome_of(std::move(written));
}

bool SqlStore::start_update(GameId id, const GameUpdate& fn, UpdateDone done) {
  auto known = remembered(id);
  if (!known) return false;
  std::string operation = fmt::format("update_game {}", id);
  auto change = decide(operation, fn, *known);
  // A refusal over the remembered game is decided again over the database (as in
  // update_optimistically).
  if (!change || !*change) return false;
  // What the batch works on, alive until it is done with it.
  struct Started {
    Started(StoredGame game, GameChange decided)
        : known(std::move(game)), change(std::move(decided)), write(known.id, known.version, change) {}
    StoredGame known;
    GameChange change;
    GameWrite write;
    GroupCommitter::Job job;
  };
  auto started = std::make_shared<Started>(std::move(*known), std::move(**change));
  started->job = [this, &write = started->write](SqlSession& session) {
    write_game_rows(session, write);
    return true;
  };
  auto finished = [this, operation = std::move(operation), started,
                   done = std::move(done)](std::optional<SqlFailure> failure) {
    GameWrite& write = started->write;
    const GameId id = write.id;
    if (failure || !write.written) {
      forget(id);
      // Nothing committed (the game moved on, a connection lost before the statement):
      // the usual way reads the game and tries again.
      if (!failure || failure->retryable() || failure->code() == StoreErrorCode::unavailable)
        done(std::nullopt);
      else
        done(tl::unexpected(error(failure->code(), operation, failure->what())));
      return;
    }
    remember(row_after(std::move(started->known), std::move(started->change)));
    tell_subscribers(id, write.event_ids, write.announced);
    done(outcome_of(std::move(write)));
  };
  committer_of(id).submit(started->job, id, together(started->write), std::move(finished));
  return true;
}

// The row as it stands after the change (the old record replaced, not copied).
StoredGame SqlStore::row_after(StoredGame game, GameChange&& change) {
  ++game.version;
  game.record = std::move(change.record);
  game.status = std::move(change.status);
  game.next_deadline = change.next_deadline;
  if (change.players) game.players = distinct(std::move(*change.players));
  return game;
}

GroupCommitter& SqlStore::committer_of(GameId game) {
  return *committers_[static_cast<std::size_t>(game) % committers_.size()];
}

void SqlStore::write_game_rows(SqlSession& session, GameWrite& game_write) {
  if (write_change(session, game_write) && !game_write.event_ids.empty())
    game_write.announced = backend_->announce(session, game_write.id, game_write.event_ids.back());
}

// The game writes that a group commit may write together with the rest of its batch are
// handed over as data too.
GameWrite* SqlStore::together(GameWrite& game_write) const {
  return backend_->writes_games_together() && writable_together(*game_write.change) ? &game_write : nullptr;
}

StoreResult<void> SqlStore::write_game(const std::string& operation, GameWrite& game_write) {
  return write<void>(
      operation,
      [&](SqlSession& session) -> StoreResult<void> {
        write_game_rows(session, game_write);
        return {};
      },
      game_write.id, together(game_write));
}

StoreResult<UpdateOutcome> SqlStore::update_under_lock(const std::string& operation, GameId id,
                                                       std::optional<Instant> due_by,
                                                       const GameUpdate& fn, bool& announced) {
  return write<UpdateOutcome>(operation, [&](SqlSession& session) -> StoreResult<UpdateOutcome> {
    std::vector<SqlValue> params{id};
    const Dialect& dialect = backend_->dialect();
    const std::string sql =
        select_for_update(due_by, due_by ? dialect.lock_row_or_skip : dialect.lock_row, params);
    auto rows = session.query(sql, params);
    if (rows.empty()) {
      if (due_by) return UpdateOutcome{};
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such game"));
    }
    const StoredGame game = read_game(rows.front());
    STRATAGEM_TRY_ASSIGN(auto change, decide(operation, fn, game));
    if (!change) return nothing_written(game.version);
    // Under the lock the version cannot have moved.
    GameWrite written(id, game.version, *change);
    if (!write_change(session, written))
      return tl::unexpected(error(StoreErrorCode::failed, operation, "the locked game changed"));
    announced = !written.event_ids.empty() && backend_->announce(session, id, written.event_ids.back());
    return outcome_of(std::move(written));
  }, id);
}

StoreResult<std::vector<GameId>> SqlStore::due_games(Instant now, std::size_t limit) {
  return run<std::vector<GameId>>("due_games", [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 2> params{millis(now), row_limit(limit)};
    std::vector<GameId> ids;
    for (const SqlRow& row :
         session.query("SELECT id FROM games WHERE next_deadline <= $1 "
                       "ORDER BY next_deadline, id LIMIT $2",
                       params))
      ids.push_back(row.integer(0));
    return ids;
  });
}

}  // namespace stratagem::storage
