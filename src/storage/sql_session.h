#pragma once
// The little that the store's SQL needs from a database connection. The store's queries
// are written once with PostgreSQL's numbered placeholders ($1, $2, ...); the SQLite
// session reads them as its own ?1, ?2, ... Values are bound, never spliced into text.

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "stratagem/storage/store.h"

namespace stratagem::storage {

using SqlValue = std::variant<std::nullptr_t, std::int64_t, std::string>;

// Times are stored as milliseconds since 1970-01-01 UTC.
inline std::int64_t millis(Instant instant) { return instant.time_since_epoch().count(); }
inline Instant instant(std::int64_t millis) { return Instant(std::chrono::milliseconds(millis)); }

// One result row: each column as text (integers in decimal), or nullopt for NULL.
class SqlRow {
 public:
  explicit SqlRow(std::vector<std::optional<std::string>> columns) : columns_(std::move(columns)) {}
  bool is_null(std::size_t column) const { return !columns_.at(column); }
  const std::string& text(std::size_t column) const;
  std::int64_t integer(std::size_t column) const;
  std::optional<std::int64_t> optional_integer(std::size_t column) const;

 private:
  std::vector<std::optional<std::string>> columns_;
};

// What a session throws; the store turns it into a StoreError naming the operation.
class SqlFailure : public std::runtime_error {
 public:
  SqlFailure(StoreErrorCode code, const std::string& message, bool retryable = false)
      : std::runtime_error(message), code_(code), retryable_(retryable) {}
  StoreErrorCode code() const { return code_; }
  // The database undid the statement to break a deadlock or a serialization conflict:
  // the same work may simply be run again.
  bool retryable() const { return retryable_; }

 private:
  StoreErrorCode code_;
  bool retryable_;
};

// One connection; one transaction at a time. Every call may throw SqlFailure.
class SqlSession {
 public:
  virtual ~SqlSession() = default;
  // A transaction that will write: it takes the write lock at once where the backend
  // locks the whole database (SQLite BEGIN IMMEDIATE), so that a read-then-write never
  // fails half way on a lock upgrade.
  virtual void begin_write() = 0;
  // For reads of one statement each (all the store's reads are): each statement sees one
  // committed state by itself, so no transaction is opened where the database allows
  // (saving the BEGIN and COMMIT round trips). commit() ends it all the same.
  virtual void begin_read() = 0;
  virtual void commit() = 0;
  // Never throws: a connection that cannot roll back is no longer healthy.
  virtual void rollback() noexcept = 0;
  // False once the connection is lost or in an unknown state: the pool then closes it.
  virtual bool healthy() const = 0;
  virtual std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) = 0;
  // Around one job of a group commit: a savepoint, undoing what followed it, releasing it.
  virtual void savepoint() { query("SAVEPOINT job", {}); }
  virtual void rollback_to_savepoint() { query("ROLLBACK TO job", {}); }
  virtual void release_savepoint() { query("RELEASE job", {}); }
  // Runs a script of several statements without parameters (migrations only).
  virtual void run_script(std::string_view sql) = 0;
};

}  // namespace stratagem::storage
