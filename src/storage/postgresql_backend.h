#pragma once
// PostgreSQL, for one or several server processes on one database.
// - update_game locks the game's row (SELECT ... FOR UPDATE): updates of one game run one
//   after the other in every process, each seeing what the previous one committed.
// - update_due_game locks it with FOR UPDATE SKIP LOCKED and re-checks the deadline under
//   the lock: a scheduler never waits behind another process, and a deadline is
//   processed by whichever process takes the row first, exactly once.
// - Events: the transaction that writes them also runs pg_notify, which PostgreSQL
//   delivers at commit (and only then) to every process LISTENing; each store listens on
//   one dedicated connection of its own, on its own thread. The channel is named after
//   the schema the tables live in, so that installations in two schemas of one database
//   do not wake each other.
// - Migrations hold a transaction-level advisory lock, so processes starting together
//   migrate one after the other.

#include <atomic>
#include <string>
#include <thread>

#include "sql_backend.h"

namespace stratagem::storage {

class PostgresqlBackend final : public SqlBackend {
 public:
  explicit PostgresqlBackend(std::string url) : url_(std::move(url)) {}
  ~PostgresqlBackend() override;
  Backend kind() const override { return Backend::postgresql; }
  std::string_view name() const override { return "postgresql"; }
  const Dialect& dialect() const override;
  // Concurrent transactions on several connections; PostgreSQL merges their WAL flushes.
  bool one_writer_at_a_time() const override { return false; }
  std::unique_ptr<SqlSession> connect() override;
  void lock_for_migration(SqlSession& session) override;
  bool announce(SqlSession& session, GameId game, EventId last) override;
  bool writes_games_together() const override { return true; }
  void write_games(SqlSession& session, std::span<GameWrite* const> writes) override;
  bool write_games_and_commit(SqlSession& session, std::span<GameWrite* const> writes) override;
  // Connects and LISTENs before returning (throws SqlFailure), then serves notifications
  // on a thread. After a lost connection it reconnects every second and then reports the
  // games whose events have ids above the newest it had heard of (an event whose id was
  // drawn before that but committed during the outage is reported with the game's next).
  void listen(EventHub& hub) override;

 private:
  std::string url_;
  std::string channel_;  // set by listen(), before any update
  EventId newest_heard_ = 0;  // the listener thread's
  std::atomic<bool> stopping_{false};
  std::thread listener_;
};

}  // namespace stratagem::storage
