#include "sql_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>

namespace stratagem::storage::sql {

StoreError error(StoreErrorCode code, const std::string& operation, std::string_view cause) {
  return StoreError{code, fmt::format("{}: {}", operation, cause)};
}

std::int64_t row_limit(std::size_t limit) {
  constexpr std::size_t kMost = std::size_t{1} << 62;
  return static_cast<std::int64_t>(std::min(limit, kMost));
}

SqlValue optional_millis(const std::optional<Instant>& instant) {
  if (!instant) return nullptr;
  return millis(*instant);
}

StoredGame read_game(const SqlRow& row) {
  StoredGame game;
  game.id = row.integer(0);
  game.kind = row.text(1);
  game.name = row.text(2);
  game.status = row.text(3);
  game.created_at = instant(row.integer(4));
  if (auto deadline = row.optional_integer(5)) game.next_deadline = instant(*deadline);
  game.version = row.integer(6);
  game.record = row.text(7);
  if (!row.is_null(8)) {
    const std::string& list = row.text(8);
    for (std::size_t start = 0; start < list.size();) {
      std::size_t end = std::min(list.find(',', start), list.size());
      game.players.push_back(std::stoll(list.substr(start, end - start)));
      start = end + 1;
    }
    std::sort(game.players.begin(), game.players.end());
  }
  return game;
}

std::vector<UserId> distinct(std::vector<UserId> users) {
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  return users;
}

void insert_players(SqlSession& session, GameId game, const std::vector<UserId>& players) {
  for (UserId user : players) {
    const std::array<SqlValue, 2> row{game, user};
    session.query("INSERT INTO game_players (game_id, user_id) VALUES ($1, $2)", row);
  }
}

bool write_change(SqlSession& session, GameWrite& write) {
  write.start_afresh();
  const GameChange& change = *write.change;
  const std::array<SqlValue, 5> game_row{write.id, change.record, change.status,
                                         optional_millis(change.next_deadline), write.version};
  if (session
          .query("UPDATE games SET record = $2, status = $3, next_deadline = $4, "
                 "version = version + 1 WHERE id = $1 AND version = $5 RETURNING id",
                 game_row)
          .empty())
    return false;

  if (!change.phases.empty()) {
    const std::array<SqlValue, 1> key{write.id};
    std::int64_t sequence =
        session.query("SELECT COALESCE(MAX(sequence), 0) FROM phases WHERE game_id = $1", key)
            .at(0)
            .integer(0);
    for (const std::string& phase : change.phases) {
      const std::array<SqlValue, 3> row{write.id, ++sequence, phase};
      session.query("INSERT INTO phases (game_id, sequence, json) VALUES ($1, $2, $3)", row);
    }
  }
  for (const NewMessage& message : change.messages) {
    const std::array<SqlValue, 7> row{write.id,
                                      message.phase,
                                      message.sender,
                                      message.recipients,
                                      message.text,
                                      millis(message.sent_at),
                                      message.press ? SqlValue(*message.press) : SqlValue(nullptr)};
    write.message_ids.push_back(
        session
            .query("INSERT INTO messages (game_id, phase, sender, recipients, text, sent_at, press) "
                   "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                   row)
            .at(0)
            .integer(0));
  }
  for (const NewEvent& event : change.events) {
    const std::array<SqlValue, 5> row{write.id, event.audience, event.kind, event.payload,
                                      millis(event.created_at)};
    write.event_ids.push_back(
        session
            .query("INSERT INTO events (game_id, audience, kind, payload, created_at) "
                   "VALUES ($1, $2, $3, $4, $5) RETURNING id",
                   row)
            .at(0)
            .integer(0));
  }
  for (const NewNotice& notice : change.notices) {
    const std::array<SqlValue, 5> row{write.id, notice.user ? SqlValue(*notice.user) : SqlValue(nullptr), notice.kind,
                                      notice.payload, millis(notice.created_at)};
    session.query("INSERT INTO notices (game_id, user_id, kind, payload, created_at) VALUES ($1, $2, $3, $4, $5)",
                  row);
  }
  if (change.players) {
    const std::array<SqlValue, 1> key{write.id};
    session.query("DELETE FROM game_players WHERE game_id = $1", key);
    insert_players(session, write.id, distinct(*change.players));
  }
  write.written = true;
  return true;
}

UpdateOutcome nothing_written(std::int64_t version) {
  UpdateOutcome outcome;
  outcome.version = version;
  return outcome;
}

UpdateOutcome outcome_of(GameWrite&& write) {
  UpdateOutcome outcome;
  outcome.written = true;
  outcome.version = write.version + 1;
  outcome.message_ids = std::move(write.message_ids);
  outcome.event_ids = std::move(write.event_ids);
  return outcome;
}

}  // namespace stratagem::storage::sql
