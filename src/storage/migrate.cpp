#include "migrate.h"

#include <fmt/format.h>

#include <array>
#include <chrono>

namespace stratagem::storage {

int schema_version_known() { return migrations(Backend::sqlite).back().version; }

void migrate(SqlSession& session, SqlBackend& backend) {
  const auto known = migrations(backend.kind());
  session.begin_write();
  try {
    backend.lock_for_migration(session);
    session.run_script(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
    const std::int64_t current =
        session.query("SELECT COALESCE(MAX(version), 0) FROM schema_version", {}).at(0).integer(0);
    if (current > known.back().version)
      throw SqlFailure(StoreErrorCode::schema_too_new,
                       fmt::format("the database's schema is version {}, newer than this program "
                                   "knows (version {}): run a newer stratagem on it, or use "
                                   "another database",
                                   current, known.back().version));
    const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
    for (const Migration& migration : known) {
      if (migration.version <= current) continue;
      session.run_script(migration.sql());
      const std::array<SqlValue, 3> row{std::int64_t{migration.version}, std::string(migration.name), now};
      session.query("INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)", row);
    }
    session.commit();
  } catch (...) {
    session.rollback();
    throw;
  }
}

}  // namespace stratagem::storage
