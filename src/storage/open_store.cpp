#include <fmt/format.h>

#include "postgresql_backend.h"
#include "sql_store.h"
#include "sqlite_backend.h"
#include "stratagem/storage/store.h"

namespace stratagem::storage {

StoreResult<std::unique_ptr<Store>> open_store(std::string_view url, const StoreOptions& options) {
  auto refuse = [&](std::string_view why) {
    return tl::unexpected(StoreError{
        StoreErrorCode::bad_url,
        fmt::format("open_store: \"{}\" {}; expected sqlite:PATH or "
                    "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE",
                    url, why)});
  };
  if (url.starts_with("sqlite:")) {
    const std::string_view path = url.substr(std::string_view("sqlite:").size());
    if (path.empty()) return refuse("names no file");
    // Each pooled connection would get a database of its own.
    if (path == ":memory:") return refuse("is in memory, which a pool of connections cannot share");
    return SqlStore::open(std::make_unique<SqliteBackend>(std::string(path)), options);
  }
  if (url.starts_with("postgresql://") || url.starts_with("postgres://"))
    return SqlStore::open(std::make_unique<PostgresqlBackend>(std::string(url)), options);
  return refuse("is not a database URL");
}

}  // namespace stratagem::storage
