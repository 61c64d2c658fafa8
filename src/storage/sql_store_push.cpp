// Web Push in the store (schema 6): each device's subscription, and the server's own keys
// (include/stratagem/storage/notices.h).
#include <fmt/format.h>

#include <array>

#include "sql_store_calls.h"

namespace stratagem::storage {

using namespace sql;

namespace {

constexpr std::string_view kSubscriptionColumns = "id, user_id, endpoint, p256dh, auth, created_at";

PushSubscription read_subscription(const SqlRow& row) {
  return PushSubscription{row.integer(0), row.integer(1), row.text(2), row.text(3), row.text(4), instant(row.integer(5))};
}

}  // namespace

std::vector<PushSubscription> push_subscriptions_of(SqlSession& session, UserId user) {
  const std::array<SqlValue, 1> key{user};
  std::vector<PushSubscription> out;
  for (const SqlRow& row : session.query(
           fmt::format("SELECT {} FROM push_subscriptions WHERE user_id = $1 ORDER BY id", kSubscriptionColumns), key))
    out.push_back(read_subscription(row));
  return out;
}

StoreResult<PushSubscription> SqlStore::add_push_subscription(UserId user, const std::string& endpoint,
                                                              const std::string& p256dh, const std::string& auth,
                                                              Instant now) {
  const std::string operation = fmt::format("add_push_subscription of user {}", user);
  return write<PushSubscription>(operation, [&](SqlSession& session) -> StoreResult<PushSubscription> {
    const std::array<SqlValue, 5> row{user, endpoint, p256dh, auth, millis(now)};
    auto rows = session.query(
        fmt::format("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) "
                    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, "
                    "p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at RETURNING {}",
                    kSubscriptionColumns),
        row);
    return read_subscription(rows.front());
  });
}

StoreResult<std::vector<PushSubscription>> SqlStore::push_subscriptions(UserId user) {
  return run<std::vector<PushSubscription>>(fmt::format("push_subscriptions of user {}", user),
                                            [&](SqlSession& session) {
                                              Transaction transaction(session, Transaction::Mode::read);
                                              return push_subscriptions_of(session, user);
                                            });
}

StoreResult<std::optional<PushSubscription>> SqlStore::push_subscription(PushSubscriptionId id) {
  return run<std::optional<PushSubscription>>(
      fmt::format("push_subscription {}", id), [&](SqlSession& session) -> std::optional<PushSubscription> {
        Transaction transaction(session, Transaction::Mode::read);
        const std::array<SqlValue, 1> key{id};
        auto rows = session.query(
            fmt::format("SELECT {} FROM push_subscriptions WHERE id = $1", kSubscriptionColumns), key);
        if (rows.empty()) return std::nullopt;
        return read_subscription(rows.front());
      });
}

StoreResult<bool> SqlStore::remove_push_subscription(UserId user, PushSubscriptionId id) {
  return write<bool>(fmt::format("remove_push_subscription {} of user {}", id, user),
                     [&](SqlSession& session) -> StoreResult<bool> {
                       const std::array<SqlValue, 2> key{id, user};
                       return !session
                                   .query("DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id",
                                          key)
                                   .empty();
                     });
}

StoreResult<void> SqlStore::forget_push_subscription(PushSubscriptionId id) {
  return write<void>(fmt::format("forget_push_subscription {}", id), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{id};
    session.query("DELETE FROM push_subscriptions WHERE id = $1", key);
    return {};
  });
}

StoreResult<std::string> SqlStore::server_key(std::string_view name, const std::string& made) {
  return write<std::string>(fmt::format("server_key {}", name), [&](SqlSession& session) -> StoreResult<std::string> {
    const std::array<SqlValue, 2> row{std::string(name), made};
    session.query("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", row);
    const std::array<SqlValue, 1> key{std::string(name)};
    return session.query("SELECT value FROM server_keys WHERE name = $1", key).front().text(0);
  });
}

}  // namespace stratagem::storage
