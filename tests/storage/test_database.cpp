#include "test_database.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <pqxx/pqxx>
#include <random>

namespace stratagem::storage::testing {
namespace {

std::string unique_name() {
  static std::atomic<int> counter{0};
  std::random_device random;
  return fmt::format("storage_test_{}_{}_{}", getpid(), counter++, random() % 1000000);
}

}  // namespace

TestDatabase::TestDatabase(Database database) : database_(database) {
  if (database == Database::sqlite) {
    folder_ = std::filesystem::temp_directory_path() / unique_name();
    std::filesystem::create_directories(folder_);
    url_ = "sqlite:" + (folder_ / "stratagem.db").string();
    return;
  }
  const char* base = std::getenv("STRATAGEM_TEST_POSTGRESQL");
  if (base == nullptr || *base == '\0') {
    missing_reason_ =
        "STRATAGEM_TEST_POSTGRESQL is not set: the PostgreSQL tests need a database. Run "
        "`export STRATAGEM_TEST_POSTGRESQL=$(scripts/postgres-for-tests)` (scripts/test does).";
    return;
  }
  base_url_ = base;
  schema_ = unique_name();
  pqxx::connection connection(base_url_);
  pqxx::work work(connection);
  work.exec("CREATE SCHEMA " + work.quote_name(schema_));
  work.commit();
  url_ = base_url_ + (base_url_.find('?') == std::string::npos ? "?" : "&") +
         "options=-csearch_path%3D" + schema_ + "&application_name=" + schema_;
}

TestDatabase::~TestDatabase() {
  if (!folder_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
  }
  if (!schema_.empty()) {
    try {
      pqxx::connection connection(base_url_);
      pqxx::work work(connection);
      work.exec("DROP SCHEMA " + work.quote_name(schema_) + " CASCADE");
      work.commit();
    } catch (const std::exception&) {
      // A schema left behind costs nothing but space; the test has already reported.
    }
  }
}

void TestDatabase::cut_connections() const {
  pqxx::connection connection(base_url_);
  pqxx::work work(connection);
  work.exec_params(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      schema_);
  work.commit();
}

std::vector<std::optional<std::string>> TestDatabase::sql(const std::string& statement) const {
  std::vector<std::optional<std::string>> values;
  if (database_ == Database::sqlite) {
    SQLite::Database connection((folder_ / "stratagem.db").string(), SQLite::OPEN_READWRITE, 10'000);
    SQLite::Statement query(connection, statement);
    while (query.executeStep()) {
      if (query.getColumnCount() == 0 || query.getColumn(0).isNull())
        values.emplace_back();
      else
        values.emplace_back(query.getColumn(0).getString());
    }
    return values;
  }
  pqxx::connection connection(url_);
  pqxx::work work(connection);
  for (const auto& row : work.exec(statement)) {
    if (row.empty() || row[0].is_null())
      values.emplace_back();
    else
      values.emplace_back(row[0].c_str());
  }
  work.commit();
  return values;
}

}  // namespace stratagem::storage::testing
