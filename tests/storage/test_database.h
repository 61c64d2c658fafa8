#pragma once
// A fresh, empty database for one test: a SQLite file in a temporary folder, or a
// PostgreSQL schema of its own inside the database named by STRATAGEM_TEST_POSTGRESQL
// (tests run in parallel there). Removed again when destroyed.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace stratagem::storage::testing {

enum class Database { sqlite, postgresql };
inline void PrintTo(Database database, std::ostream* out) {
  *out << (database == Database::sqlite ? "SQLite" : "PostgreSQL");
}

class TestDatabase {
 public:
  // When PostgreSQL is asked for and STRATAGEM_TEST_POSTGRESQL is unset, url() is empty
  // and missing_reason() says what to do.
  explicit TestDatabase(Database database);
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  const std::string& url() const { return url_; }
  const std::string& missing_reason() const { return missing_reason_; }
  // Runs SQL directly, outside the store; returns the first column of every row.
  std::vector<std::optional<std::string>> sql(const std::string& statement) const;
  // PostgreSQL: ends every server connection to this test's schema, as a restart would.
  void cut_connections() const;

 private:
  Database database_;
  std::string url_;
  std::string missing_reason_;
  std::filesystem::path folder_;  // SQLite
  std::string base_url_;          // PostgreSQL
  std::string schema_;            // PostgreSQL
};

}  // namespace stratagem::storage::testing
