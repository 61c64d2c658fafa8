#pragma once
// SQLite: one file, WAL journal, every commit fsynced (synchronous=FULL), so that a write
// that returned survives kill -9 and power loss. Writers take the database lock at BEGIN
// (BEGIN IMMEDIATE); within one process they queue on a mutex first, so that waiting is a
// hand-over rather than SQLite's sleeping busy handler (which still covers other
// processes, up to kBusyTimeout). Readers never wait for writers (WAL).

#include <mutex>
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
  std::unique_ptr<SqlSession> connect() override;
  // BEGIN IMMEDIATE already keeps every other writer out.
  void lock_for_migration(SqlSession&) override {}
  // Other processes are not told: SQLite serves one server process.
  bool announce(SqlSession&, GameId, EventId) override { return false; }
  void listen(EventHub&) override {}

 private:
  std::string path_;
  std::mutex write_mutex_;
};

}  // namespace stratagem::storage
