#include "sql_store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>

#include "migrate.h"
#include "token_hash.h"

namespace stratagem::storage {
namespace {

// A LIMIT the databases accept (PostgreSQL refuses a negative one) for any size_t.
std::int64_t row_limit(std::size_t limit) {
  constexpr std::size_t kMost = std::size_t{1} << 62;
  return static_cast<std::int64_t>(std::min(limit, kMost));
}

SqlValue optional_millis(const std::optional<Instant>& instant) {
  if (!instant) return nullptr;
  return millis(*instant);
}

// Begins a transaction and rolls it back unless commit() was called.
class Transaction {
 public:
  enum class Mode { read, write };
  Transaction(SqlSession& session, Mode mode) : session_(session) {
    if (mode == Mode::write)
      session_.begin_write();
    else
      session_.begin_read();
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (!committed_) session_.rollback();
  }
  void commit() {
    committed_ = true;  // a failed COMMIT has ended the transaction as well
    session_.commit();
  }

 private:
  SqlSession& session_;
  bool committed_ = false;
};

constexpr std::string_view kUserColumns = "id, name, password_hash, language, created_at";

User read_user(const SqlRow& row) {
  return User{row.integer(0), row.text(1), row.text(2), row.text(3), instant(row.integer(4))};
}

// The columns of select_game_, in this order.
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

// Everything a GameWrite's change writes, provided the game is still at its version
// (false, and nothing written, if not); fills in what it wrote.
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

// What a written GameWrite tells update_game's caller.
UpdateOutcome outcome_of(GameWrite&& write) {
  UpdateOutcome outcome;
  outcome.written = true;
  outcome.version = write.version + 1;
  outcome.message_ids = std::move(write.message_ids);
  outcome.event_ids = std::move(write.event_ids);
  return outcome;
}

// Enough to amortise the fsync, small enough that one batch's wait stays short.
constexpr std::size_t kMaxBatch = 256;

// Optimistic tries of an update before it takes the lock (see SqlStore::update).
constexpr int kOptimisticAttempts = 3;

StoreError error(StoreErrorCode code, const std::string& operation, std::string_view cause) {
  return StoreError{code, fmt::format("{}: {}", operation, cause)};
}

// Games whose last known row update_optimistically keeps (a few KiB each).
constexpr std::size_t kGamesRemembered = 4096;

// Runs of a write that the database undid to break a deadlock, before it fails.
constexpr int kRetryableAttempts = 5;

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
      committers_(committers(*backend_, options)),
      select_game_(fmt::format(
          "SELECT g.id, g.kind, g.name, g.status, g.created_at, g.next_deadline, g.version, "
          "g.record, (SELECT {}(CAST(p.user_id AS TEXT), ',') FROM game_players p "
          "WHERE p.game_id = g.id) FROM games g",
          backend_->dialect().join_texts)) {}

StoreResult<std::unique_ptr<Store>> SqlStore::open(std::unique_ptr<SqlBackend> backend,
                                                   const StoreOptions& options) {
  std::unique_ptr<SqlStore> store(new SqlStore(std::move(backend), options));
  auto migrated = store->run<void>("open_store", [&](SqlSession& session) {
    migrate(session, *store->backend_);
  });
  if (!migrated) return tl::unexpected(migrated.error());
  try {
    store->backend_->listen(store->hub_);
  } catch (const SqlFailure& failure) {
    return tl::unexpected(error(failure.code(), "open_store", failure.what()));
  }
  return std::unique_ptr<Store>(std::move(store));
}

// A connection found lost (the database restarted, a proxy closed it) is replaced and the
// call made once more: nothing was committed on it, since a connection lost during COMMIT
// is reported as `failed` (outcome unknown), not `unavailable`.
constexpr int kAttempts = 2;

template <typename T, typename Body>
StoreResult<T> SqlStore::run(const std::string& operation, Body&& body) {
  for (int attempt = 1;; ++attempt) {
    try {
      auto session = pool_.acquire();
      if constexpr (std::is_void_v<T>) {
        body(*session);
        return {};
      } else {
        return body(*session);
      }
    } catch (const SqlFailure& failure) {
      if (failure.code() == StoreErrorCode::unavailable && attempt < kAttempts) {
        pool_.discard_idle();
        continue;
      }
      return tl::unexpected(error(failure.code(), operation, failure.what()));
    } catch (const std::exception& exception) {
      // Not the database's doing (out of memory, a row this program cannot read).
      return tl::unexpected(error(StoreErrorCode::failed, operation, exception.what()));
    }
  }
}

template <typename T>
StoreResult<T> SqlStore::write(const std::string& operation,
                               const std::function<StoreResult<T>(SqlSession&)>& work, GameId game,
                               GameWrite* together) {
  std::optional<StoreResult<T>> result;
  const GroupCommitter::Job job = [&](SqlSession& session) {
    result = work(session);
    return result->has_value();
  };
  auto& committer = committer_of(game);
  for (int attempt = 1;; ++attempt) {
    try {
      result.reset();
      committer.run(job, game, together);
      if constexpr (std::is_void_v<T>) {
        if (!result) return {};  // written together with its batch, in place of `work`
      }
      return std::move(*result);
    } catch (const SqlFailure& failure) {
      if (failure.retryable() && attempt < kRetryableAttempts) continue;
      if (failure.code() == StoreErrorCode::unavailable && attempt < kAttempts) continue;
      return tl::unexpected(error(failure.code(), operation, failure.what()));
    } catch (const std::exception& exception) {
      // Not the database's doing (out of memory, a row this program cannot read).
      return tl::unexpected(error(StoreErrorCode::failed, operation, exception.what()));
    }
  }
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

StoreResult<UpdateOutcome> SqlStore::update_game(GameId id, const GameUpdate& fn) {
  return update(fmt::format("update_game {}", id), id, std::nullopt, fn);
}

StoreResult<UpdateOutcome> SqlStore::update_due_game(GameId id, Instant now, const GameUpdate& fn) {
  return update(fmt::format("update_due_game {}", id), id, now, fn);
}

// The SELECT that reads the game to update: only while due, for update_due_game.
std::string SqlStore::select_for_update(std::optional<Instant> due_by, std::string_view lock,
                                        std::vector<SqlValue>& params) const {
  std::string sql = select_game_ + " WHERE g.id = $1";
  if (due_by) {
    params.push_back(millis(*due_by));
    sql += " AND g.next_deadline <= $2";
  }
  return sql + std::string(lock);
}

StoreResult<std::optional<GameChange>> SqlStore::decide(const std::string& operation,
                                                        const GameUpdate& fn,
                                                        const StoredGame& game) {
  try {
    return fn(game);
  } catch (const std::exception& exception) {
    return tl::unexpected(error(StoreErrorCode::failed, operation,
                                fmt::format("the update threw: {}", exception.what())));
  } catch (...) {
    return tl::unexpected(error(StoreErrorCode::failed, operation, "the update threw"));
  }
}

// fn first runs outside the write transaction, on the caller's thread, over the game as
// last committed; the change is then written only if the game's version is still the one
// fn saw, else fn runs again on a fresh read. So different games' fn run in parallel and
// while the previous group commit waits for its fsync, instead of one after the other
// inside the writer. After kOptimisticAttempts lost races (a busy game) fn runs under the
// row's lock, which always succeeds. Exactly once holds across processes: a write
// commits only over the version it read.
StoreResult<UpdateOutcome> SqlStore::update(const std::string& operation, GameId id,
                                            std::optional<Instant> due_by, const GameUpdate& fn) {
  bool announced = false;
  auto outcome = [&]() -> StoreResult<UpdateOutcome> {
    // A due game on a database of several writers is taken under its lock at once (SKIP
    // LOCKED): another process processing it is skipped, not raced.
    const bool optimistic = !due_by || backend_->one_writer_at_a_time();
    for (int attempt = 0; optimistic && attempt < kOptimisticAttempts; ++attempt) {
      auto written = update_optimistically(operation, id, due_by, fn, announced, attempt == 0);
      if (!written) return tl::unexpected(written.error());
      if (*written) return std::move(**written);
    }
    forget(id);  // written (or not) under the lock: what is remembered may be behind
    return update_under_lock(operation, id, due_by, fn, announced);
  }();
  // Committed: tell this process's subscribers, unless the database tells every process.
  if (outcome && !outcome->event_ids.empty() && !announced) hub_.publish(id, outcome->event_ids.back());
  return outcome;
}

std::optional<StoredGame> SqlStore::remembered(GameId id) {
  std::lock_guard lock(latest_mutex_);
  const auto it = latest_.find(id);
  if (it == latest_.end()) return std::nullopt;
  return it->second;
}

void SqlStore::remember(StoredGame game) {
  std::lock_guard lock(latest_mutex_);
  if (latest_.size() >= kGamesRemembered && !latest_.contains(game.id)) latest_.erase(latest_.begin());
  const GameId id = game.id;
  latest_.insert_or_assign(id, std::move(game));
}

void SqlStore::forget(GameId id) {
  std::lock_guard lock(latest_mutex_);
  latest_.erase(id);
}

// The game as it was last read or written here stands in for a read: the write commits
// only over that version, so if another process moved the game on, the race is lost and
// the next attempt reads. A game updated again and again (orders, press) is then written
// without being read first.
StoreResult<std::optional<UpdateOutcome>> SqlStore::update_optimistically(
    const std::string& operation, GameId id, std::optional<Instant> due_by, const GameUpdate& fn,
    bool& announced, bool from_memory) {
  std::optional<StoredGame> known = from_memory && !due_by ? remembered(id) : std::nullopt;
  const bool unverified = known.has_value();
  if (!known) {
    auto read = run<std::optional<StoredGame>>(operation, [&](SqlSession& session) {
      Transaction transaction(session, Transaction::Mode::read);
      std::vector<SqlValue> params{id};
      const std::string sql = select_for_update(due_by, "", params);
      auto rows = session.query(sql, params);
      return rows.empty() ? std::nullopt : std::optional<StoredGame>(read_game(rows.front()));
    });
    if (!read) return tl::unexpected(read.error());
    if (!*read) {
      if (due_by) return UpdateOutcome{};
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such game"));
    }
    known = std::move(*read);
  }
  const StoredGame& game = *known;
  auto change = decide(operation, fn, game);
  // Only a write checks the remembered game against the database: a refusal or a failure
  // over it is decided again over what the database holds.
  if (unverified && (!change || !*change)) return std::nullopt;
  if (!change) return tl::unexpected(change.error());
  if (!*change) {
    if (!due_by) remember(game);
    return nothing_written(game.version);
  }
  GameWrite written(id, game.version, **change);
  auto committed = write_game(operation, written);
  if (!committed || !written.written) {
    forget(id);
    if (!committed) return tl::unexpected(committed.error());
    return std::nullopt;  // lost the race
  }
  announced = written.announced;
  remember(row_after(std::move(*known), std::move(**change)));
  return outcome_of(std::move(written));
}

bool SqlStore::start_update(GameId id, const GameUpdate& fn, UpdateDone done) {
  auto known = remembered(id);
  if (!known) return false;
  std::string operation = fmt::format("update_game {}", id);
  auto change = decide(operation, fn, *known);
  // A refusal over the remembered game is decided again over the database (as in
  // update_optimistically).
  if (!change || !*change) return false;
  // What the batch works on, alive until it is done with it.
  struct Started {
    Started(StoredGame game, GameChange decided)
        : known(std::move(game)), change(std::move(decided)), write(known.id, known.version, change) {}
    StoredGame known;
    GameChange change;
    GameWrite write;
    GroupCommitter::Job job;
  };
  auto started = std::make_shared<Started>(std::move(*known), std::move(**change));
  started->job = [this, &write = started->write](SqlSession& session) {
    write_game_rows(session, write);
    return true;
  };
  GameWrite* together = writable_together(started->change) ? &started->write : nullptr;
  committer_of(id).submit(started->job, id, together,
                          [this, id, operation = std::move(operation), started,
                           done = std::move(done)](std::optional<SqlFailure> failure) {
                            GameWrite& write = started->write;
                            if (failure || !write.written) forget(id);
                            if (failure && !failure->retryable() && failure->code() != StoreErrorCode::unavailable) {
                              done(tl::unexpected(error(failure->code(), operation, failure->what())));
                              return;
                            }
                            // Nothing committed: the usual way reads the game and tries again.
                            if (failure || !write.written) {
                              done(std::nullopt);
                              return;
                            }
                            remember(row_after(std::move(started->known), std::move(started->change)));
                            if (!write.event_ids.empty() && !write.announced) hub_.publish(id, write.event_ids.back());
                            done(outcome_of(std::move(write)));
                          });
  return true;
}

// The row as it stands after the change (the old record replaced, not copied).
StoredGame SqlStore::row_after(StoredGame game, GameChange&& change) {
  ++game.version;
  game.record = std::move(change.record);
  game.status = std::move(change.status);
  game.next_deadline = change.next_deadline;
  if (change.players) game.players = distinct(std::move(*change.players));
  return game;
}

GroupCommitter& SqlStore::committer_of(GameId game) {
  return *committers_[static_cast<std::size_t>(game) % committers_.size()];
}

void SqlStore::write_game_rows(SqlSession& session, GameWrite& game_write) {
  if (write_change(session, game_write) && !game_write.event_ids.empty())
    game_write.announced = backend_->announce(session, game_write.id, game_write.event_ids.back());
}

// The game writes that a group commit may write together with the rest of its batch are
// handed over as data too.
StoreResult<void> SqlStore::write_game(const std::string& operation, GameWrite& game_write) {
  const bool together = backend_->writes_games_together() && writable_together(*game_write.change);
  return write<void>(
      operation,
      [&](SqlSession& session) -> StoreResult<void> {
        write_game_rows(session, game_write);
        return {};
      },
      game_write.id, together ? &game_write : nullptr);
}

StoreResult<UpdateOutcome> SqlStore::update_under_lock(const std::string& operation, GameId id,
                                                       std::optional<Instant> due_by,
                                                       const GameUpdate& fn, bool& announced) {
  return write<UpdateOutcome>(operation, [&](SqlSession& session) -> StoreResult<UpdateOutcome> {
    std::vector<SqlValue> params{id};
    const Dialect& dialect = backend_->dialect();
    const std::string sql =
        select_for_update(due_by, due_by ? dialect.lock_row_or_skip : dialect.lock_row, params);
    auto rows = session.query(sql, params);
    if (rows.empty()) {
      if (due_by) return UpdateOutcome{};
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such game"));
    }
    const StoredGame game = read_game(rows.front());
    auto change = decide(operation, fn, game);
    if (!change) return tl::unexpected(change.error());
    if (!*change) return nothing_written(game.version);
    // Under the lock the version cannot have moved.
    GameWrite written(id, game.version, **change);
    if (!write_change(session, written))
      return tl::unexpected(error(StoreErrorCode::failed, operation, "the locked game changed"));
    announced = !written.event_ids.empty() && backend_->announce(session, id, written.event_ids.back());
    return outcome_of(std::move(written));
  }, id);
}

StoreResult<std::vector<GameId>> SqlStore::due_games(Instant now, std::size_t limit) {
  return run<std::vector<GameId>>("due_games", [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 2> params{millis(now), row_limit(limit)};
    std::vector<GameId> ids;
    for (const SqlRow& row :
         session.query("SELECT id FROM games WHERE next_deadline <= $1 "
                       "ORDER BY next_deadline, id LIMIT $2",
                       params))
      ids.push_back(row.integer(0));
    return ids;
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
