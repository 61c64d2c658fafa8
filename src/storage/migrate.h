#pragma once

#include "sql_backend.h"

namespace stratagem::storage {

// Brings the schema up to the newest migration this program knows, in one transaction
// (other processes wait meanwhile). A database at a newer version than that is left
// untouched: throws SqlFailure with code schema_too_new.
void migrate(SqlSession& session, SqlBackend& backend);

}  // namespace stratagem::storage
