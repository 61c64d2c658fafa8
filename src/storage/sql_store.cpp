#include "sql_store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>

#include "migrate.h"
#include "sql_rows.h"
#include "sql_store_calls.h"
#include "stratagem/forward_error.h"
#include "token_hash.h"

namespace stratagem::storage {

using namespace sql;

namespace {

constexpr std::string_view kUserColumns = "id, name, password_hash, language, created_at";

User read_user(const SqlRow& row) {
  return User{row.integer(0), row.text(1), row.text(2), row.text(3), instant(row.integer(4))};
}

// Enough to amortise the fsync, small enough that one batch's wait stays short.
constexpr std::size_t kMaxBatch = 256;

// One writer for a database of one writer at a time (SQLite); several for PostgreSQL, each
// batching the writes of its share of the games, so that batches commit side by side on
// the database's cores while each batch saves its commits and wake-ups.
std::vector<std::unique_ptr<GroupCommitter>> committers(SqlBackend& backend, const StoreOptions& options) {
  const std::size_t count = backend.one_writer_at_a_time() ? 1 : std::max<std::size_t>(1, options.writers);
  std::vector<std::unique_ptr<GroupCommitter>> out;
  GroupCommitter::WriteTogether together;
  GroupCommitter::CommitTogether at_once;
  if (backend.writes_games_together()) {
    together = [backend = &backend](SqlSession& session, std::span<GameWrite* const> writes) {
      backend->write_games(session, writes);
    };
    at_once = [backend = &backend](SqlSession& session, std::span<GameWrite* const> writes) {
      return backend->write_games_and_commit(session, writes);
    };
  }
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(std::make_unique<GroupCommitter>([backend = &backend] { return backend->connect(); }, kMaxBatch,
                                                   together, at_once));
  }
  return out;
}

}  // namespace

SqlStore::SqlStore(std::unique_ptr<SqlBackend> backend, const StoreOptions& options)
    : backend_(std::move(backend)),
      pool_([backend = backend_.get()] { return backend->connect(); }, options.pool_size),
      select_game_(fmt::format(
          "SELECT g.id, g.kind, g.name, g.status, g.created_at, g.next_deadline, g.version, "
          "g.record, (SELECT {}(CAST(p.user_id AS TEXT), ',') FROM game_players p "
          "WHERE p.game_id = g.id) FROM games g",
          backend_->dialect().join_texts)),
      committers_(committers(*backend_, options)) {}

StoreResult<std::unique_ptr<Store>> SqlStore::open(std::unique_ptr<SqlBackend> backend,
                                                   const StoreOptions& options) {
  std::unique_ptr<SqlStore> store(new SqlStore(std::move(backend), options));
  STRATAGEM_TRY(store->run<void>("open_store", [&](SqlSession& session) { migrate(session, *store->backend_); }));
  try {
    store->backend_->listen(store->hub_);
  } catch (const SqlFailure& failure) {
    return tl::unexpected(error(failure.code(), "open_store", failure.what()));
  }
  return std::unique_ptr<Store>(std::move(store));
}

// --- Users and sessions ------------------------------------------------------------------

StoreResult<User> SqlStore::one_user(const std::string& operation, const std::string& sql,
                                     std::span<const SqlValue> params) {
  return run<User>(operation, [&](SqlSession& session) -> StoreResult<User> {
    Transaction transaction(session, Transaction::Mode::read);
    auto rows = session.query(sql, params);
    if (rows.empty()) return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such user"));
    return read_user(rows.front());
  });
}

StoreResult<User> SqlStore::create_user(const NewUser& user) {
  const std::string operation = fmt::format("create_user \"{}\"", user.name);
  auto created = write<User>(operation, [&](SqlSession& session) -> StoreResult<User> {
    const std::array<SqlValue, 4> row{user.name, user.password_hash, user.language,
                                      millis(user.created_at)};
    auto rows = session.query(
        fmt::format("INSERT INTO users (name, password_hash, language, created_at) "
                    "VALUES ($1, $2, $3, $4) RETURNING {}",
                    kUserColumns),
        row);
    return read_user(rows.at(0));
  });
  if (!created && created.error().code == StoreErrorCode::conflict)
    return tl::unexpected(error(StoreErrorCode::conflict, operation, "the name is taken"));
  return created;
}

StoreResult<User> SqlStore::user_by_id(UserId id) {
  const std::array<SqlValue, 1> key{id};
  return one_user(fmt::format("user_by_id {}", id),
                  fmt::format("SELECT {} FROM users WHERE id = $1", kUserColumns), key);
}

StoreResult<User> SqlStore::user_by_name(std::string_view name) {
  const std::array<SqlValue, 1> key{std::string(name)};
  return one_user(fmt::format("user_by_name \"{}\"", name),
                  fmt::format("SELECT {} FROM users WHERE name = $1", kUserColumns), key);
}

StoreResult<User> SqlStore::set_user_language(UserId id, std::string_view language) {
  const std::string operation = fmt::format("set_user_language {}", id);
  return write<User>(operation, [&](SqlSession& session) -> StoreResult<User> {
    const std::array<SqlValue, 2> row{id, std::string(language)};
    auto rows = session.query(
        fmt::format("UPDATE users SET language = $2 WHERE id = $1 RETURNING {}", kUserColumns), row);
    if (rows.empty()) return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such user"));
    return read_user(rows.front());
  });
}

StoreResult<void> SqlStore::create_session(std::string_view token, UserId user, Instant now,
                                           Instant expires_at) {
  return write<void>(fmt::format("create_session for user {}", user), [&](SqlSession& session) -> StoreResult<void> {
    // The user's expired sessions go now: the table holds live sessions only.
    const std::array<SqlValue, 2> expired{user, millis(now)};
    session.query("DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2", expired);
    const std::array<SqlValue, 4> row{token_hash(token), user, millis(now), millis(expires_at)};
    session.query(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        row);
    return {};
  });
}

StoreResult<User> SqlStore::user_by_session(std::string_view token, Instant now) {
  const std::array<SqlValue, 2> key{token_hash(token), millis(now)};
  auto user = one_user("user_by_session",
                       "SELECT u.id, u.name, u.password_hash, u.language, u.created_at "
                       "FROM sessions s JOIN users u ON u.id = s.user_id "
                       "WHERE s.token_hash = $1 AND s.expires_at > $2",
                       key);
  if (!user && user.error().code == StoreErrorCode::not_found)
    return tl::unexpected(error(StoreErrorCode::not_found, "user_by_session",
                                "no such session (unknown, ended or expired token)"));
  return user;
}

StoreResult<void> SqlStore::delete_session(std::string_view token) {
  return write<void>("delete_session", [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{token_hash(token)};
    session.query("DELETE FROM sessions WHERE token_hash = $1", key);
    return {};
  });
}

// --- Games -------------------------------------------------------------------------------

StoreResult<std::optional<StoredGame>> SqlStore::create_game(const GameCreation& fn) {
  const std::string operation = "create_game";
  return write<std::optional<StoredGame>>(
      operation, [&](SqlSession& session) -> StoreResult<std::optional<StoredGame>> {
        const Dialect& dialect = backend_->dialect();
        const GameId id = session.query(dialect.next_game_id, {}).at(0).integer(0);
        std::optional<NewGame> game;
        try {
          game = fn(id);
        } catch (const std::exception& exception) {
          return tl::unexpected(error(StoreErrorCode::failed, fmt::format("{} {}", operation, id),
                                      fmt::format("the creation threw: {}", exception.what())));
        } catch (...) {
          return tl::unexpected(error(StoreErrorCode::failed, fmt::format("{} {}", operation, id),
                                      "the creation threw"));
        }
        if (!game) return std::nullopt;
        const std::array<SqlValue, 7> row{id,
                                          game->kind,
                                          game->name,
                                          game->status,
                                          millis(game->created_at),
                                          optional_millis(game->next_deadline),
                                          game->record};
        session.query(fmt::format("INSERT INTO games (id, kind, name, status, created_at, next_deadline, "
                                  "version, record){} VALUES ($1, $2, $3, $4, $5, $6, 1, $7)",
                                  dialect.insert_game_id),
                      row);
        StoredGame stored{id,           game->kind, game->name, game->status, game->created_at,
                          game->next_deadline, 1,   game->record, distinct(game->players)};
        insert_players(session, id, stored.players);
        return stored;
      });
}

StoreResult<StoredGame> SqlStore::load_game(GameId id) {
  const std::string operation = fmt::format("load_game {}", id);
  return run<StoredGame>(operation, [&](SqlSession& session) -> StoreResult<StoredGame> {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{id};
    auto rows = session.query(select_game_ + " WHERE g.id = $1", key);
    if (rows.empty()) return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such game"));
    return read_game(rows.front());
  });
}

StoreResult<std::vector<StoredGame>> SqlStore::list_games(const GameQuery& query) {
  std::vector<SqlValue> params;
  auto placeholder = [&](SqlValue value) {
    params.push_back(std::move(value));
    return fmt::format("${}", params.size());
  };
  std::vector<std::string> either;
  if (query.player)
    either.push_back(fmt::format(
        "EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = {})",
        placeholder(*query.player)));
  if (!query.statuses.empty()) {
    std::vector<std::string> statuses;
    for (const std::string& status : query.statuses) statuses.push_back(placeholder(status));
    either.push_back(fmt::format("g.status IN ({})", fmt::join(statuses, ", ")));
  }
  std::vector<std::string> conditions;
  if (!either.empty()) conditions.push_back(fmt::format("({})", fmt::join(either, " OR ")));
  if (query.kind) conditions.push_back("g.kind = " + placeholder(*query.kind));
  if (query.before) conditions.push_back("g.id < " + placeholder(*query.before));
  std::string sql = select_game_;
  if (!conditions.empty()) sql += fmt::format(" WHERE {}", fmt::join(conditions, " AND "));
  sql += " ORDER BY g.id DESC LIMIT " + placeholder(row_limit(query.limit));

  return run<std::vector<StoredGame>>("list_games", [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    std::vector<StoredGame> games;
    for (const SqlRow& row : session.query(sql, params)) games.push_back(read_game(row));
    return games;
  });
}

// --- Histories ---------------------------------------------------------------------------

StoreResult<std::vector<ProcessedPhase>> SqlStore::phases(GameId game) {
  return run<std::vector<ProcessedPhase>>(fmt::format("phases of game {}", game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{game};
    std::vector<ProcessedPhase> phases;
    for (const SqlRow& row : session.query(
             "SELECT sequence, json FROM phases WHERE game_id = $1 ORDER BY sequence", key))
      phases.push_back(ProcessedPhase{row.integer(0), row.text(1)});
    return phases;
  });
}

StoreResult<std::vector<StoredMessage>> SqlStore::messages(GameId game) {
  return run<std::vector<StoredMessage>>(fmt::format("messages of game {}", game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{game};
    std::vector<StoredMessage> messages;
    for (const SqlRow& row : session.query(
             "SELECT id, phase, sender, recipients, text, sent_at, press FROM messages "
             "WHERE game_id = $1 ORDER BY id",
             key))
      messages.push_back(StoredMessage{row.integer(0), game, row.text(1), row.text(2), row.text(3),
                                       row.text(4), instant(row.integer(5)),
                                       row.is_null(6) ? std::nullopt : std::optional<std::string>(row.text(6))});
    return messages;
  });
}

StoreResult<std::vector<StoredEvent>> SqlStore::events_after(GameId game, EventId after,
                                                             std::size_t limit) {
  return run<std::vector<StoredEvent>>(fmt::format("events_after {} of game {}", after, game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 3> params{game, after, row_limit(limit)};
    std::vector<StoredEvent> events;
    for (const SqlRow& row : session.query(
             "SELECT id, audience, kind, payload, created_at FROM events "
             "WHERE game_id = $1 AND id > $2 ORDER BY id LIMIT $3",
             params))
      events.push_back(StoredEvent{row.integer(0), game, row.text(1), row.text(2), row.text(3),
                                   instant(row.integer(4))});
    return events;
  });
}

StoreResult<EventId> SqlStore::last_event_id(GameId game) {
  return run<EventId>(fmt::format("last_event_id of game {}", game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{game};
    return session.query("SELECT COALESCE(MAX(id), 0) FROM events WHERE game_id = $1", key)
        .at(0)
        .integer(0);
  });
}

Subscription SqlStore::subscribe(EventListener listener) { return hub_.subscribe(std::move(listener)); }

}  // namespace stratagem::storage
