#include "postgresql_backend.h"

#include "postgresql_game_writes.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <pqxx/pqxx>
#include <string>
#include <unordered_map>
#include <vector>

namespace stratagem::storage {
namespace {

// Any number, fixed: the advisory lock that migrations hold.
constexpr std::int64_t kMigrationLock = 0x5354'5241'5447'454D;  // "STRATGEM"

class PostgresqlSession final : public SqlSession {
 public:
  explicit PostgresqlSession(const std::string& url) : connection_(url) {}

  void begin_write() override {
    notifications_.clear();
    guarded([&] { transaction_ = std::make_unique<pqxx::work>(connection_); });
  }
  void begin_read() override {
    guarded([&] { transaction_ = std::make_unique<pqxx::nontransaction>(connection_); });
  }

  void commit() override {
    send_notifications();
    guarded([&] {
      auto transaction = std::move(transaction_);
      try {
        transaction->commit();
      } catch (const pqxx::broken_connection& exception) {
        // Not `unavailable`: the store would run the call again, and it may have committed.
        healthy_ = false;
        throw SqlFailure(StoreErrorCode::failed,
                         fmt::format("connection lost during COMMIT, outcome unknown: {}", exception.what()));
      }
    });
  }

  void rollback() noexcept override {
    notifications_.clear();
    savepoint_mark_ = 0;
    try {
      if (transaction_) transaction_->abort();
    } catch (...) {
      healthy_ = false;
    }
    transaction_.reset();
  }

  bool healthy() const override { return healthy_ && connection_.is_open(); }

  std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) override {
    return query_in_transaction(sql, params);
  }

  // In the open transaction, the parameters in PostgreSQL's binary format.
  std::vector<SqlRow> query_binary(std::string_view sql, std::span<const std::string> params) {
    return query_in_transaction(sql, params);
  }

  // A statement that is a transaction of its own, the parameters in PostgreSQL's binary
  // format: it has committed when it returns.
  std::vector<SqlRow> query_binary_committing(std::string_view sql, std::span<const std::string> params) {
    std::vector<SqlRow> rows;
    guarded([&] {
      if (transaction_) throw SqlFailure(StoreErrorCode::failed, "a committing statement inside a transaction");
      // A connection the server has already closed is found here, before anything is sent
      // (`unavailable`: safe to run again), instead of as a statement of unknown outcome.
      connection_.get_notifs();
      if (!connection_.is_open()) throw pqxx::broken_connection("the connection is closed");
      pqxx::nontransaction autocommit(connection_);
      try {
        rows = exec(autocommit, sql, params);
      } catch (const pqxx::broken_connection& exception) {
        // Not `unavailable`: the store would run the call again, and it may have committed.
        healthy_ = false;
        throw SqlFailure(StoreErrorCode::failed,
                         fmt::format("connection lost during a committing statement, outcome unknown: {}",
                                     exception.what()));
      }
    });
    return rows;
  }

  void savepoint() override {
    SqlSession::savepoint();
    savepoint_mark_ = notifications_.size();
  }
  void rollback_to_savepoint() override {
    SqlSession::rollback_to_savepoint();
    notifications_.resize(savepoint_mark_);
  }

  // A NOTIFY payload sent with the commit: the transaction's announcements go together in
  // as few statements as fit (instead of one round trip each), and none for writes undone.
  void notify_at_commit(const std::string& channel, std::string payload) {
    channel_ = channel;
    notifications_.push_back(std::move(payload));
  }

  void run_script(std::string_view sql) override {
    guarded([&] {
      if (!transaction_) throw SqlFailure(StoreErrorCode::failed, "a script outside a transaction");
      transaction_->exec(std::string(sql));
    });
  }

 private:
  template <typename Parameter>
  std::vector<SqlRow> query_in_transaction(std::string_view sql, std::span<const Parameter> params) {
    std::vector<SqlRow> rows;
    guarded([&] {
      if (!transaction_) throw SqlFailure(StoreErrorCode::failed, "a query outside a transaction");
      rows = exec(*transaction_, sql, params);
    });
    return rows;
  }

  // Payloads joined by ';', each NOTIFY under PostgreSQL's 8,000-byte limit.
  void send_notifications() {
    constexpr std::size_t kPayloadLimit = 7'900;
    std::string payload;
    auto send = [&] {
      if (payload.empty()) return;
      const std::array<SqlValue, 2> notification{channel_, payload};
      query("SELECT pg_notify($1, $2)", notification);
      payload.clear();
    };
    for (const std::string& each : notifications_) {
      if (!payload.empty() && payload.size() + 1 + each.size() > kPayloadLimit) send();
      if (!payload.empty()) payload += ';';
      payload += each;
    }
    send();
    notifications_.clear();
  }

  std::vector<SqlRow> exec(pqxx::transaction_base& transaction, std::string_view sql,
                           std::span<const SqlValue> params) {
    // Texts are passed as they are; numbers are written out.
    std::vector<std::string> numbers(params.size());
    std::vector<const char*> pointers;
    pointers.reserve(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (const auto* number = std::get_if<std::int64_t>(&params[i])) {
        numbers[i] = std::to_string(*number);
        pointers.push_back(numbers[i].c_str());
      } else if (const auto* text = std::get_if<std::string>(&params[i])) {
        pointers.push_back(text->c_str());
      } else {
        pointers.push_back(nullptr);
      }
    }
    return rows_of(transaction.exec_prepared(prepared(sql), pqxx::prepare::make_dynamic_params(pointers)));
  }

  std::vector<SqlRow> exec(pqxx::transaction_base& transaction, std::string_view sql,
                           std::span<const std::string> binary_params) {
    std::vector<pqxx::binarystring> binaries;
    binaries.reserve(binary_params.size());
    for (const std::string& param : binary_params) binaries.emplace_back(param.data(), param.size());
    return rows_of(transaction.exec_prepared(prepared(sql), pqxx::prepare::make_dynamic_params(binaries)));
  }

  static std::vector<SqlRow> rows_of(const pqxx::result& result) {
    std::vector<SqlRow> rows;
    rows.reserve(result.size());
    for (const auto& row : result) {
      std::vector<std::optional<std::string>> columns;
      for (const auto& field : row) {
        if (field.is_null())
          columns.emplace_back();
        else
          columns.emplace_back(std::string(field.c_str(), field.size()));
      }
      rows.emplace_back(std::move(columns));
    }
    return rows;
  }

  const std::string& prepared(std::string_view sql) {
    auto found = names_.find(std::string(sql));
    if (found != names_.end()) return found->second;
    std::string name = fmt::format("s{}", names_.size());
    connection_.prepare(name, std::string(sql));
    return names_.emplace(std::string(sql), std::move(name)).first->second;
  }

  // Runs body, turning libpqxx's exceptions into SqlFailure.
  template <typename Body>
  void guarded(Body&& body) {
    try {
      body();
    } catch (const SqlFailure&) {
      throw;
    } catch (const pqxx::broken_connection& exception) {
      healthy_ = false;
      throw SqlFailure(StoreErrorCode::unavailable, fmt::format("connection lost: {}", exception.what()));
    } catch (const pqxx::in_doubt_error& exception) {
      healthy_ = false;
      throw SqlFailure(StoreErrorCode::failed,
                       fmt::format("connection lost during COMMIT, outcome unknown: {}", exception.what()));
    } catch (const pqxx::unique_violation& exception) {
      throw SqlFailure(StoreErrorCode::conflict, exception.what());
    } catch (const pqxx::deadlock_detected& exception) {
      throw SqlFailure(StoreErrorCode::failed, exception.what(), true);
    } catch (const pqxx::serialization_failure& exception) {
      throw SqlFailure(StoreErrorCode::failed, exception.what(), true);
    } catch (const std::exception& exception) {
      throw SqlFailure(StoreErrorCode::failed, exception.what());
    }
  }

  pqxx::connection connection_;
  std::unique_ptr<pqxx::transaction_base> transaction_;
  // Prepared once per connection; the store's SQL texts are a small fixed set.
  std::unordered_map<std::string, std::string> names_;
  bool healthy_ = true;
  std::string channel_;
  std::vector<std::string> notifications_;
  std::size_t savepoint_mark_ = 0;
};

class EventReceiver final : public pqxx::notification_receiver {
 public:
  // `newest` is the newest event id heard of, kept across reconnections.
  EventReceiver(pqxx::connection_base& connection, const std::string& channel, EventHub& hub,
                EventId& newest)
      : pqxx::notification_receiver(connection, channel), hub_(hub), newest_(newest) {}

  // Payload "GAME:LAST" or several joined by ';'; anything else is not ours and is ignored.
  void operator()(const std::string& payload, int) override {
    std::string_view rest = payload;
    while (!rest.empty()) {
      const std::size_t separator = std::min(rest.find(';'), rest.size());
      announced(rest.substr(0, separator));
      rest.remove_prefix(std::min(separator + 1, rest.size()));
    }
  }

 private:
  void announced(std::string_view pair) {
    GameId game = 0;
    EventId last = 0;
    const char* end = pair.data() + pair.size();
    auto [colon, game_error] = std::from_chars(pair.data(), end, game);
    if (game_error != std::errc{} || colon == end || *colon != ':') return;
    auto [tail, last_error] = std::from_chars(colon + 1, end, last);
    if (last_error != std::errc{} || tail != end) return;
    newest_ = std::max(newest_, last);
    hub_.publish(game, last);
  }

  EventHub& hub_;
  EventId& newest_;
};

// After a reconnection (with LISTEN already in place again): the games that received
// events while nobody listened, as far as ids newer than `newest` tell.
void catch_up(pqxx::connection_base& connection, EventHub& hub, EventId& newest) {
  pqxx::read_transaction transaction(connection);
  const pqxx::result result = transaction.exec_params(
      "SELECT game_id, MAX(id) FROM events WHERE id > $1 GROUP BY game_id", newest);
  for (const auto& row : result) {
    const EventId last = row[1].as<EventId>();
    newest = std::max(newest, last);
    hub.publish(row[0].as<GameId>(), last);
  }
}

}  // namespace

const Dialect& PostgresqlBackend::dialect() const {
  // games.id is an identity column: its sequence draws ids that no other transaction
  // gets, and an explicit id needs OVERRIDING SYSTEM VALUE.
  static const Dialect dialect{" FOR UPDATE OF g", " FOR UPDATE OF g SKIP LOCKED", "string_agg",
                               "SELECT nextval(pg_get_serial_sequence('games', 'id'))",
                               " OVERRIDING SYSTEM VALUE", " FOR UPDATE SKIP LOCKED"};
  return dialect;
}

std::unique_ptr<SqlSession> PostgresqlBackend::connect() {
  try {
    return std::make_unique<PostgresqlSession>(url_);
  } catch (const std::exception& exception) {
    throw SqlFailure(StoreErrorCode::unavailable,
                     fmt::format("cannot connect to PostgreSQL: {}", exception.what()));
  }
}

void PostgresqlBackend::lock_for_migration(SqlSession& session) {
  const std::array<SqlValue, 1> key{kMigrationLock};
  session.query("SELECT pg_advisory_xact_lock($1)", key);
}

// Every session this backend's store holds came from connect(): the casts to
// PostgresqlSession below hold.
bool PostgresqlBackend::announce(SqlSession& session, GameId game, EventId last) {
  static_cast<PostgresqlSession&>(session).notify_at_commit(channel_, fmt::format("{}:{}", game, last));
  return true;
}

void PostgresqlBackend::write_games(SqlSession& session, std::span<GameWrite* const> writes) {
  auto& postgresql = static_cast<PostgresqlSession&>(session);
  write_games_together(writes, channel_, [&postgresql](std::string_view sql, std::span<const std::string> params) {
    return postgresql.query_binary(sql, params);
  });
}

bool PostgresqlBackend::write_games_and_commit(SqlSession& session, std::span<GameWrite* const> writes) {
  if (!fits_one_statement(writes)) return false;
  auto& postgresql = static_cast<PostgresqlSession&>(session);
  write_games_together(writes, channel_, [&postgresql](std::string_view sql, std::span<const std::string> params) {
    return postgresql.query_binary_committing(sql, params);
  });
  return true;
}

void PostgresqlBackend::listen(EventHub& hub) {
  std::unique_ptr<pqxx::connection> connection;
  std::unique_ptr<EventReceiver> receiver;
  try {
    connection = std::make_unique<pqxx::connection>(url_);
    {
      pqxx::read_transaction transaction(*connection);
      const pqxx::row row =
          transaction.exec1("SELECT current_schema(), (SELECT COALESCE(MAX(id), 0) FROM events)");
      // A channel name is an identifier: at most 63 bytes.
      channel_ = ("stratagem_events_" + row[0].as<std::string>()).substr(0, 63);
      newest_heard_ = row[1].as<EventId>();
    }
    receiver = std::make_unique<EventReceiver>(*connection, channel_, hub, newest_heard_);
  } catch (const std::exception& exception) {
    throw SqlFailure(StoreErrorCode::unavailable,
                     fmt::format("cannot LISTEN on PostgreSQL: {}", exception.what()));
  }
  listener_ = std::thread([this, &hub, connection = std::move(connection),
                           receiver = std::move(receiver)]() mutable {
    while (!stopping_) {
      try {
        if (!connection) {
          connection = std::make_unique<pqxx::connection>(url_);
          receiver = std::make_unique<EventReceiver>(*connection, channel_, hub, newest_heard_);
          catch_up(*connection, hub, newest_heard_);
        }
        // Wakes at least every 200 ms to see whether the store is closing.
        connection->await_notification(0, 200'000);
      } catch (const std::exception&) {
        receiver.reset();
        connection.reset();
        for (int i = 0; i < 5 && !stopping_; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    }
    receiver.reset();
  });
}

PostgresqlBackend::~PostgresqlBackend() {
  stopping_ = true;
  if (listener_.joinable()) listener_.join();
}

}  // namespace stratagem::storage
