#pragma once
// What differs between the databases, behind the store's single body of SQL.

#include <memory>
#include <span>
#include <string_view>

#include "event_hub.h"
#include "game_write.h"
#include "migrations.h"
#include "sql_session.h"

namespace stratagem::storage {

struct Dialect {
  // Appended to the SELECT that reads a game in update_game(): lock its row until commit.
  std::string_view lock_row;
  // The same for update_due_game(): lock it, or skip it when someone else holds it.
  std::string_view lock_row_or_skip;
  // The aggregate that joins texts with a separator: name(text, separator).
  std::string_view join_texts;
  // Inside a write transaction: draws the id of a game about to be inserted (one row,
  // one column). Ids are never drawn twice while the transaction holding the draw is live.
  std::string_view next_game_id;
  // Between `INSERT INTO games (columns)` and `VALUES`, so that the drawn id is accepted.
  std::string_view insert_game_id;
  // After a SELECT of rows to take: locks them, skipping those another transaction holds
  // (the outbox's notices and deliveries, claimed by one process each).
  std::string_view lock_rows_or_skip;
};

class SqlBackend {
 public:
  virtual ~SqlBackend() = default;
  virtual Backend kind() const = 0;
  virtual std::string_view name() const = 0;
  virtual const Dialect& dialect() const = 0;
  // True when the database takes one writer at a time (SQLite): the store then runs its
  // writes through a GroupCommitter.
  virtual bool one_writer_at_a_time() const = 0;
  // A new connection, configured (throws SqlFailure).
  virtual std::unique_ptr<SqlSession> connect() = 0;
  // Inside the migration transaction: keep other processes out until it commits.
  virtual void lock_for_migration(SqlSession& session) = 0;
  // Inside a write transaction that added events to a game: make the commit known to
  // every process sharing the database, this one included. Returns false when the
  // database has no way to (SQLite): the store then tells its own subscribers itself.
  virtual bool announce(SqlSession& session, GameId game, EventId last) = 0;
  // Whether write_games() can write the game writes of a group commit together.
  virtual bool writes_games_together() const { return false; }
  // Inside a write transaction: writes them (in game id order; one game may come more
  // than once) and announces each written game's events as announce() does. Throws
  // SqlFailure, having written none of them, if any cannot be written.
  virtual void write_games(SqlSession& /*session*/, std::span<GameWrite* const> /*writes*/) {
    throw SqlFailure(StoreErrorCode::failed, "this database writes games one by one");
  }
  // Outside any transaction: writes them as write_games() does and commits them at once,
  // if one statement can (returns false, having done nothing, if it cannot). Throws
  // SqlFailure having committed none of them; if the connection was lost meanwhile, the
  // session is left unhealthy and whether they committed is unknown.
  virtual bool write_games_and_commit(SqlSession& /*session*/, std::span<GameWrite* const> /*writes*/) {
    return false;
  }
  // Starts delivering announcements (from every process) to the hub, until destroyed.
  virtual void listen(EventHub& hub) = 0;
};

}  // namespace stratagem::storage
