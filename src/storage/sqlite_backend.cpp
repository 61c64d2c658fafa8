#include "sqlite_backend.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <unordered_map>

namespace stratagem::storage {
namespace {

SqlFailure translate(const SQLite::Exception& exception) {
  const int code = exception.getErrorCode();
  const int extended = exception.getExtendedErrorCode();
  if (extended == SQLITE_CONSTRAINT_UNIQUE || extended == SQLITE_CONSTRAINT_PRIMARYKEY)
    return SqlFailure(StoreErrorCode::conflict, exception.what());
  if (code == SQLITE_CANTOPEN || code == SQLITE_NOTADB || code == SQLITE_PERM)
    return SqlFailure(StoreErrorCode::unavailable, exception.what());
  return SqlFailure(StoreErrorCode::failed, exception.what());
}

// The store writes $1, $2 ...; SQLite numbers its parameters ?1, ?2 ...
std::string sqlite_placeholders(std::string_view sql) {
  std::string converted(sql);
  for (std::size_t i = 0; i + 1 < converted.size(); ++i)
    if (converted[i] == '$' && converted[i + 1] >= '0' && converted[i + 1] <= '9') converted[i] = '?';
  return converted;
}

class SqliteSession final : public SqlSession {
 public:
  explicit SqliteSession(const std::string& path)
      : database_(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                  SqliteBackend::kBusyTimeoutMilliseconds) {
    database_.exec("PRAGMA journal_mode = WAL");
    database_.exec("PRAGMA synchronous = FULL");
    database_.exec("PRAGMA foreign_keys = ON");
  }

  void begin_write() override {
    try {
      database_.exec("BEGIN IMMEDIATE");
    } catch (const SQLite::Exception& exception) {
      throw translate(exception);
    }
  }

  // Autocommit: every statement is its own transaction.
  void begin_read() override {}

  void commit() override {
    if (sqlite3_get_autocommit(database_.getHandle())) return;
    try {
      database_.exec("COMMIT");
    } catch (const SQLite::Exception& exception) {
      rollback();
      throw translate(exception);
    }
  }

  void rollback() noexcept override {
    if (!sqlite3_get_autocommit(database_.getHandle())) {
      for (auto& [sql, statement] : statements_) statement->tryReset();
      if (sqlite3_exec(database_.getHandle(), "ROLLBACK", nullptr, nullptr, nullptr) != SQLITE_OK)
        healthy_ = false;
    }
  }

  bool healthy() const override { return healthy_; }

  std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) override {
    SQLite::Statement& statement = prepared(sql);
    try {
      statement.reset();
      statement.clearBindings();
      for (std::size_t i = 0; i < params.size(); ++i) {
        const int index = static_cast<int>(i) + 1;
        if (const auto* number = std::get_if<std::int64_t>(&params[i]))
          statement.bind(index, static_cast<int64_t>(*number));
        else if (const auto* text = std::get_if<std::string>(&params[i]))
          statement.bind(index, *text);
        else
          statement.bind(index);
      }
      std::vector<SqlRow> rows;
      while (statement.executeStep()) {
        std::vector<std::optional<std::string>> columns;
        for (int column = 0; column < statement.getColumnCount(); ++column) {
          SQLite::Column value = statement.getColumn(column);
          if (value.isNull())
            columns.emplace_back();
          else
            columns.emplace_back(value.getString());
        }
        rows.emplace_back(std::move(columns));
      }
      return rows;
    } catch (const SQLite::Exception& exception) {
      statement.tryReset();
      throw translate(exception);
    }
  }

  void run_script(std::string_view sql) override {
    try {
      database_.exec(std::string(sql));
    } catch (const SQLite::Exception& exception) {
      throw translate(exception);
    }
  }

 private:
  SQLite::Statement& prepared(std::string_view sql) {
    auto found = statements_.find(std::string(sql));
    if (found != statements_.end()) return *found->second;
    try {
      auto statement = std::make_unique<SQLite::Statement>(database_, sqlite_placeholders(sql));
      return *statements_.emplace(std::string(sql), std::move(statement)).first->second;
    } catch (const SQLite::Exception& exception) {
      throw translate(exception);
    }
  }

  SQLite::Database database_;
  // Compiled once per connection; the store's SQL texts are a small fixed set.
  std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> statements_;
  bool healthy_ = true;
};

}  // namespace

const Dialect& SqliteBackend::dialect() const {
  // The whole database is locked from BEGIN IMMEDIATE: rows need no lock of their own,
  // and the next id is free until the transaction ends (SQLite's own rowid rule).
  static const Dialect dialect{"", "", "group_concat", "SELECT COALESCE(MAX(id), 0) + 1 FROM games", "", ""};
  return dialect;
}

std::unique_ptr<SqlSession> SqliteBackend::connect() {
  try {
    return std::make_unique<SqliteSession>(path_);
  } catch (const SQLite::Exception& exception) {
    throw SqlFailure(StoreErrorCode::unavailable,
                     "cannot open the SQLite database \"" + path_ + "\": " + exception.what());
  }
}

}  // namespace stratagem::storage
