// SqlStore's notices: the players' choices, addresses, webhooks and calendar secrets, and
// the outbox (include/stratagem/storage/notices.h).

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "sql_rows.h"
#include "sql_store.h"
#include "sql_store_calls.h"
#include "token_hash.h"

namespace stratagem::storage {

using namespace sql;

namespace {

constexpr std::string_view kEmailColumns = "user_id, address, confirmed_at, unsubscribe_token";
constexpr std::string_view kWebhookColumns = "id, game_id, owner_id, url, format, language, reminder_hours";
constexpr std::string_view kDeliveryColumns =
    "id, channel, recipient, user_id, game_id, kind, payload, due_at, attempts, gather_key";

EmailAddress read_email(const SqlRow& row) {
  EmailAddress email{row.integer(0), row.text(1), std::nullopt, row.text(3)};
  if (auto confirmed = row.optional_integer(2)) email.confirmed_at = instant(*confirmed);
  return email;
}

Webhook read_webhook(const SqlRow& row) {
  return Webhook{row.integer(0), row.integer(1), row.integer(2), row.text(3),
                 row.text(4),    row.text(5),    static_cast<int>(row.integer(6))};
}

Delivery read_delivery(const SqlRow& row) {
  Delivery delivery;
  delivery.id = row.integer(0);
  delivery.channel = row.text(1);
  delivery.recipient = row.text(2);
  delivery.user = row.optional_integer(3);
  delivery.game = row.integer(4);
  delivery.kind = row.text(5);
  delivery.payload = row.text(6);
  delivery.due_at = instant(row.integer(7));
  delivery.attempts = static_cast<int>(row.integer(8));
  if (!row.is_null(9)) delivery.gather_key = row.text(9);
  return delivery;
}

SqlValue optional_user(const std::optional<UserId>& user) { return user ? SqlValue(*user) : SqlValue(nullptr); }

void insert_delivery(SqlSession& session, const NewDelivery& delivery) {
  const std::array<SqlValue, 9> row{delivery.channel,
                                    delivery.recipient,
                                    optional_user(delivery.user),
                                    delivery.game,
                                    delivery.kind,
                                    delivery.payload,
                                    millis(delivery.due_at),
                                    delivery.gather_key ? SqlValue(*delivery.gather_key) : SqlValue(nullptr),
                                    std::int64_t{0}};
  session.query(
      "INSERT INTO deliveries (channel, recipient, user_id, game_id, kind, payload, due_at, gather_key, attempts) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      row);
}

// The fan-out's window on its transaction.
class SessionOutbox final : public OutboxWriter {
 public:
  explicit SessionOutbox(SqlSession& session) : session_(session) {}

  std::optional<std::string> settings(UserId user, GameId game) override {
    const std::array<SqlValue, 2> key{user, game};
    auto rows = session_.query("SELECT settings FROM notice_settings WHERE user_id = $1 AND game_id = $2", key);
    if (rows.empty()) return std::nullopt;
    return rows.front().text(0);
  }
  std::optional<EmailAddress> email_address(UserId user) override {
    const std::array<SqlValue, 1> key{user};
    auto rows = session_.query(fmt::format("SELECT {} FROM email_addresses WHERE user_id = $1", kEmailColumns), key);
    if (rows.empty()) return std::nullopt;
    return read_email(rows.front());
  }
  std::vector<Webhook> webhooks(GameId game) override {
    const std::array<SqlValue, 1> key{game};
    std::vector<Webhook> out;
    for (const SqlRow& row :
         session_.query(fmt::format("SELECT {} FROM webhooks WHERE game_id = $1 ORDER BY id", kWebhookColumns), key))
      out.push_back(read_webhook(row));
    return out;
  }
  std::vector<PushSubscription> push_subscriptions(UserId user) override {
    return push_subscriptions_of(session_, user);
  }
  std::optional<Delivery> waiting(std::string_view gather_key) override {
    const std::array<SqlValue, 1> key{std::string(gather_key)};
    auto rows = session_.query(fmt::format("SELECT {} FROM deliveries WHERE gather_key = $1 AND claimed_by IS NULL "
                                           "ORDER BY id LIMIT 1",
                                           kDeliveryColumns),
                               key);
    if (rows.empty()) return std::nullopt;
    return read_delivery(rows.front());
  }
  std::optional<Instant> last_delivered(std::string_view gather_key) override {
    const std::array<SqlValue, 1> key{std::string(gather_key)};
    // A delivery of the key claimed by a sender is going out now: it counts as sent when
    // it was due, or a notice that comes while it is on its way would go at once too.
    auto rows = session_.query(
        "SELECT MAX(at) FROM (SELECT delivered_at AS at FROM delivered_gatherings WHERE gather_key = $1 "
        "UNION ALL SELECT due_at AS at FROM deliveries WHERE gather_key = $1 AND claimed_by IS NOT NULL) AS sent",
        key);
    if (rows.empty() || rows.front().is_null(0)) return std::nullopt;
    return instant(rows.front().integer(0));
  }
  void add(const NewDelivery& delivery) override { insert_delivery(session_, delivery); }
  void replace_payload(DeliveryId id, const std::string& payload) override {
    const std::array<SqlValue, 2> row{id, payload};
    session_.query("UPDATE deliveries SET payload = $2 WHERE id = $1", row);
  }

 private:
  SqlSession& session_;
};

}  // namespace

// --- choices --------------------------------------------------------------------------------

StoreResult<std::optional<std::string>> SqlStore::notice_settings(UserId user, GameId game) {
  return run<std::optional<std::string>>(
      fmt::format("notice_settings of user {} for game {}", user, game), [&](SqlSession& session) {
        Transaction transaction(session, Transaction::Mode::read);
        return SessionOutbox(session).settings(user, game);
      });
}

StoreResult<std::vector<std::pair<GameId, std::string>>> SqlStore::game_notice_settings(UserId user) {
  return run<std::vector<std::pair<GameId, std::string>>>(
      fmt::format("game_notice_settings of user {}", user), [&](SqlSession& session) {
        Transaction transaction(session, Transaction::Mode::read);
        const std::array<SqlValue, 1> key{user};
        std::vector<std::pair<GameId, std::string>> out;
        for (const SqlRow& row : session.query(
                 "SELECT game_id, settings FROM notice_settings WHERE user_id = $1 AND game_id <> 0 ORDER BY game_id",
                 key))
          out.emplace_back(row.integer(0), row.text(1));
        return out;
      });
}

StoreResult<void> SqlStore::set_notice_settings(UserId user, GameId game, const std::optional<std::string>& settings) {
  return write<void>(fmt::format("set_notice_settings of user {} for game {}", user, game),
                     [&](SqlSession& session) -> StoreResult<void> {
                       const std::array<SqlValue, 2> key{user, game};
                       session.query("DELETE FROM notice_settings WHERE user_id = $1 AND game_id = $2", key);
                       if (settings) {
                         const std::array<SqlValue, 3> row{user, game, *settings};
                         session.query("INSERT INTO notice_settings (user_id, game_id, settings) VALUES ($1, $2, $3)",
                                       row);
                       }
                       return {};
                     });
}

// --- e-mail addresses -------------------------------------------------------------------------

StoreResult<std::optional<EmailAddress>> SqlStore::email_address(UserId user) {
  return run<std::optional<EmailAddress>>(fmt::format("email_address of user {}", user), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    return SessionOutbox(session).email_address(user);
  });
}

StoreResult<void> SqlStore::set_email_address(UserId user, const std::string& address, std::string_view confirm_token,
                                              Instant expires_at, const std::string& unsubscribe_token,
                                              const NewDelivery& confirmation) {
  return write<void>(fmt::format("set_email_address of user {}", user), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{user};
    session.query("DELETE FROM email_addresses WHERE user_id = $1", key);
    // A confirmation mail of an address replaced is not sent any more.
    session.query("DELETE FROM deliveries WHERE user_id = $1 AND kind = 'confirm_email' AND claimed_by IS NULL", key);
    const std::array<SqlValue, 5> row{user, address, token_hash(confirm_token), millis(expires_at), unsubscribe_token};
    session.query(
        "INSERT INTO email_addresses (user_id, address, confirm_token_hash, confirm_expires_at, unsubscribe_token) "
        "VALUES ($1, $2, $3, $4, $5)",
        row);
    insert_delivery(session, confirmation);
    return {};
  });
}

StoreResult<EmailAddress> SqlStore::confirm_email_address(std::string_view confirm_token, Instant now) {
  const std::string operation = "confirm_email_address";
  return write<EmailAddress>(operation, [&](SqlSession& session) -> StoreResult<EmailAddress> {
    const std::array<SqlValue, 2> row{token_hash(confirm_token), millis(now)};
    auto rows = session.query(fmt::format("UPDATE email_addresses SET confirmed_at = $2, confirm_token_hash = NULL, "
                                          "confirm_expires_at = NULL "
                                          "WHERE confirm_token_hash = $1 AND confirm_expires_at > $2 RETURNING {}",
                                          kEmailColumns),
                              row);
    if (rows.empty())
      return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such token (unknown, used or expired)"));
    return read_email(rows.front());
  });
}

StoreResult<void> SqlStore::delete_email_address(UserId user) {
  return write<void>(fmt::format("delete_email_address of user {}", user), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{user};
    session.query("DELETE FROM email_addresses WHERE user_id = $1", key);
    return {};
  });
}

StoreResult<EmailAddress> SqlStore::unsubscribe(std::string_view unsubscribe_token) {
  const std::string operation = "unsubscribe";
  return write<EmailAddress>(operation, [&](SqlSession& session) -> StoreResult<EmailAddress> {
    const std::array<SqlValue, 1> key{std::string(unsubscribe_token)};
    auto rows = session.query(
        fmt::format("DELETE FROM email_addresses WHERE unsubscribe_token = $1 RETURNING {}", kEmailColumns), key);
    if (rows.empty()) return tl::unexpected(error(StoreErrorCode::not_found, operation, "no such token"));
    return read_email(rows.front());
  });
}

// --- webhooks -----------------------------------------------------------------------------------

StoreResult<std::optional<Webhook>> SqlStore::webhook(GameId game, UserId owner) {
  return run<std::optional<Webhook>>(fmt::format("webhook of game {}", game), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 2> key{game, owner};
    auto rows = session.query(
        fmt::format("SELECT {} FROM webhooks WHERE game_id = $1 AND owner_id = $2", kWebhookColumns), key);
    return rows.empty() ? std::nullopt : std::optional<Webhook>(read_webhook(rows.front()));
  });
}

StoreResult<std::optional<Webhook>> SqlStore::webhook_by_id(WebhookId id) {
  return run<std::optional<Webhook>>(fmt::format("webhook {}", id), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{id};
    auto rows = session.query(fmt::format("SELECT {} FROM webhooks WHERE id = $1", kWebhookColumns), key);
    return rows.empty() ? std::nullopt : std::optional<Webhook>(read_webhook(rows.front()));
  });
}

StoreResult<Webhook> SqlStore::set_webhook(const Webhook& webhook) {
  return write<Webhook>(fmt::format("set_webhook of game {}", webhook.game), [&](SqlSession& session) -> StoreResult<Webhook> {
    const std::array<SqlValue, 2> key{webhook.game, webhook.owner};
    session.query("DELETE FROM webhooks WHERE game_id = $1 AND owner_id = $2", key);
    const std::array<SqlValue, 6> row{webhook.game,   webhook.owner,    webhook.url,
                                      webhook.format, webhook.language, std::int64_t{webhook.reminder_hours}};
    auto rows = session.query(fmt::format("INSERT INTO webhooks (game_id, owner_id, url, format, language, "
                                          "reminder_hours) VALUES ($1, $2, $3, $4, $5, $6) RETURNING {}",
                                          kWebhookColumns),
                              row);
    return read_webhook(rows.at(0));
  });
}

StoreResult<void> SqlStore::delete_webhook(GameId game, UserId owner) {
  return write<void>(fmt::format("delete_webhook of game {}", game), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 2> key{game, owner};
    session.query("DELETE FROM webhooks WHERE game_id = $1 AND owner_id = $2", key);
    return {};
  });
}

// --- calendar feeds ---------------------------------------------------------------------------

StoreResult<std::optional<std::string>> SqlStore::calendar_token(UserId user) {
  return run<std::optional<std::string>>(fmt::format("calendar_token of user {}", user), [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    const std::array<SqlValue, 1> key{user};
    auto rows = session.query("SELECT token FROM calendar_feeds WHERE user_id = $1", key);
    return rows.empty() ? std::nullopt : std::optional<std::string>(rows.front().text(0));
  });
}

StoreResult<void> SqlStore::set_calendar_token(UserId user, const std::optional<std::string>& token) {
  return write<void>(fmt::format("set_calendar_token of user {}", user), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{user};
    session.query("DELETE FROM calendar_feeds WHERE user_id = $1", key);
    if (token) {
      const std::array<SqlValue, 2> row{user, *token};
      session.query("INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2)", row);
    }
    return {};
  });
}

StoreResult<User> SqlStore::user_by_calendar_token(std::string_view token) {
  const std::array<SqlValue, 1> key{std::string(token)};
  return one_user("user_by_calendar_token",
                  "SELECT u.id, u.name, u.password_hash, u.language, u.created_at "
                  "FROM calendar_feeds c JOIN users u ON u.id = c.user_id WHERE c.token = $1",
                  key);
}

// --- the outbox -----------------------------------------------------------------------------------

// The outbox is looked at every second or so by every process: a read first, so that a
// look finding nothing costs no write transaction (on SQLite, no fsync).
StoreResult<bool> SqlStore::any_row(const std::string& operation, const std::string& sql,
                                    std::span<const SqlValue> params) {
  return run<bool>(operation, [&](SqlSession& session) {
    Transaction transaction(session, Transaction::Mode::read);
    return !session.query(sql, params).empty();
  });
}

StoreResult<std::size_t> SqlStore::dispatch_notices(std::size_t limit, const NoticeDispatch& fn) {
  const std::string operation = "dispatch_notices";
  auto any = any_row(operation, "SELECT 1 FROM notices LIMIT 1", {});
  if (!any || !*any) return any.map([](bool) { return std::size_t{0}; });
  return write<std::size_t>(operation, [&](SqlSession& session) -> StoreResult<std::size_t> {
    const std::array<SqlValue, 1> count{row_limit(limit)};
    auto rows = session.query(fmt::format("SELECT id, game_id, user_id, kind, payload, created_at FROM notices "
                                          "ORDER BY id LIMIT $1{}",
                                          backend_->dialect().lock_rows_or_skip),
                              count);
    SessionOutbox outbox(session);
    for (const SqlRow& row : rows) {
      const StoredNotice notice{row.integer(0), row.integer(1), row.optional_integer(2), row.text(3), row.text(4),
                                instant(row.integer(5))};
      try {
        fn(notice, outbox);
      } catch (const SqlFailure&) {
        throw;
      } catch (const std::exception& exception) {
        return tl::unexpected(error(StoreErrorCode::failed, fmt::format("{} (notice {})", operation, notice.id),
                                    fmt::format("the fan-out threw: {}", exception.what())));
      }
      const std::array<SqlValue, 1> key{notice.id};
      session.query("DELETE FROM notices WHERE id = $1", key);
    }
    return rows.size();
  });
}

StoreResult<std::vector<Delivery>> SqlStore::claim_deliveries(std::string_view channel, std::string_view claimer,
                                                              Instant now, Instant until, std::size_t limit) {
  const std::array<SqlValue, 2> due{std::string(channel), millis(now)};
  auto any = any_row(fmt::format("claim_deliveries of {}", channel),
                     "SELECT 1 FROM deliveries WHERE channel = $1 AND due_at <= $2 "
                     "AND (claimed_until IS NULL OR claimed_until <= $2) LIMIT 1",
                     due);
  if (!any || !*any) return any.map([](bool) { return std::vector<Delivery>{}; });
  return write<std::vector<Delivery>>(
      fmt::format("claim_deliveries of {}", channel), [&](SqlSession& session) -> StoreResult<std::vector<Delivery>> {
        const std::array<SqlValue, 5> params{std::string(channel), millis(now), std::string(claimer), millis(until),
                                             row_limit(limit)};
        std::vector<Delivery> out;
        for (const SqlRow& row : session.query(
                 fmt::format("UPDATE deliveries SET claimed_by = $3, claimed_until = $4, attempts = attempts + 1 "
                             "WHERE id IN (SELECT id FROM deliveries WHERE channel = $1 AND due_at <= $2 "
                             "AND (claimed_until IS NULL OR claimed_until <= $2) ORDER BY due_at, id LIMIT $5{}) "
                             "RETURNING {}",
                             backend_->dialect().lock_rows_or_skip, kDeliveryColumns),
                 params))
          out.push_back(read_delivery(row));
        std::sort(out.begin(), out.end(),
                  [](const Delivery& a, const Delivery& b) { return std::pair(a.due_at, a.id) < std::pair(b.due_at, b.id); });
        return out;
      });
}

StoreResult<bool> SqlStore::delivered(DeliveryId id, std::string_view claimer, Instant now) {
  return write<bool>(fmt::format("delivered {}", id), [&](SqlSession& session) -> StoreResult<bool> {
    const std::array<SqlValue, 2> key{id, std::string(claimer)};
    auto rows = session.query("DELETE FROM deliveries WHERE id = $1 AND claimed_by = $2 RETURNING gather_key", key);
    if (rows.empty()) return false;
    if (!rows.front().is_null(0)) {
      const std::array<SqlValue, 2> gathering{rows.front().text(0), millis(now)};
      session.query("INSERT INTO delivered_gatherings (gather_key, delivered_at) VALUES ($1, $2) "
                    "ON CONFLICT (gather_key) DO UPDATE SET delivered_at = excluded.delivered_at",
                    gathering);
    }
    return true;
  });
}

StoreResult<void> SqlStore::retry_delivery(DeliveryId id, std::string_view claimer, Instant due_at,
                                           std::string_view error_text) {
  return write<void>(fmt::format("retry_delivery {}", id), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 4> row{id, std::string(claimer), millis(due_at), std::string(error_text)};
    session.query("UPDATE deliveries SET claimed_by = NULL, claimed_until = NULL, due_at = $3, last_error = $4 "
                  "WHERE id = $1 AND claimed_by = $2",
                  row);
    return {};
  });
}

StoreResult<void> SqlStore::drop_delivery(DeliveryId id, std::string_view claimer) {
  return write<void>(fmt::format("drop_delivery {}", id), [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 2> key{id, std::string(claimer)};
    session.query("DELETE FROM deliveries WHERE id = $1 AND claimed_by = $2", key);
    return {};
  });
}

StoreResult<void> SqlStore::forget_deliveries_before(Instant before) {
  return write<void>("forget_deliveries_before", [&](SqlSession& session) -> StoreResult<void> {
    const std::array<SqlValue, 1> key{millis(before)};
    session.query("DELETE FROM delivered_gatherings WHERE delivered_at < $1", key);
    return {};
  });
}

}  // namespace stratagem::storage
