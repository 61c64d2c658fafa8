#pragma once
// SQLite: one file, WAL journal, every commit fsynced (synchronous=FULL), so that a write
// that returned survives kill -9 and power loss. Writers take the database lock at BEGIN
// (BEGIN IMMEDIATE), so that a read-then-write never fails on a lock upgrade; the store's
// writes all go through one GroupCommitter thread, and another process on the same file
// waits up to kBusyTimeoutMilliseconds. Readers never wait for the writer (WAL).

#include <string>

#include "sql_backend.h"

namespace stratagem::storage {

class SqliteBackend final : public SqlBackend {
 public:
  static constexpr int kBusyTimeoutMilliseconds = 10'000;

  explicit SqliteBackend(std::string path) : path_(std::move(path)) {}
  Backend kind() const override { return Backend::sqlite; }
  std::string_view name() const override { return "sqlite"; }
  const Dialect& dialect() const override;
  bool one_writer_at_a_time() const override { return true; }
  std::unique_ptr<SqlSession> connect() override;
  // BEGIN IMMEDIATE already keeps every other writer out.
  void lock_for_migration(SqlSession&) override {}
  // Other processes are not told: SQLite serves one server process.
  bool announce(SqlSession&, GameId, EventId) override { return false; }
  void listen(EventHub&) override {}

 private:
  std::string path_;
};

}  // namespace stratagem::storage
