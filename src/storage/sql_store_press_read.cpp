// What each person has read of a game's press, per conversation (schema 5, press_read):
// kept per account, so that a second device shows the same unread marks as the first.
#include <fmt/format.h>

#include <array>

#include "sql_store_calls.h"

namespace stratagem::storage {

using namespace sql;

namespace {

PressRead read_marks(SqlSession& session, UserId user, GameId game) {
  const std::array<SqlValue, 2> key{user, game};
  PressRead marks;
  for (const SqlRow& row :
       session.query("SELECT thread, last_read FROM press_read WHERE user_id = $1 AND game_id = $2", key))
    marks.emplace(row.text(0), row.integer(1));
  return marks;
}

}  // namespace

StoreResult<PressRead> SqlStore::press_read(UserId user, GameId game) {
  return run<PressRead>(fmt::format("press_read of user {} in game {}", user, game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    return read_marks(session, user, game);
  });
}

StoreResult<PressRead> SqlStore::mark_press_read(UserId user, GameId game, std::string_view thread,
                                                 std::int64_t last_read) {
  const std::string operation = fmt::format("mark_press_read of user {} in game {}", user, game);
  return write<PressRead>(operation, [&](SqlSession& session) -> StoreResult<PressRead> {
    const std::array<SqlValue, 2> key{user, game};
    if (session.query("SELECT 1 FROM users u, games g WHERE u.id = $1 AND g.id = $2", key).empty())
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such user or game"));
    // Forward only: a device that was behind does not bring back marks already read.
    const std::array<SqlValue, 4> row{user, game, std::string(thread), last_read};
    session.query(
        "INSERT INTO press_read (user_id, game_id, thread, last_read) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (user_id, game_id, thread) DO UPDATE SET last_read = excluded.last_read "
        "WHERE excluded.last_read > press_read.last_read",
        row);
    return read_marks(session, user, game);
  });
}

}  // namespace stratagem::storage
