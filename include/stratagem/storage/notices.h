#pragma once
// The notices' part of the store (docs/storage.md, "Notices and the outbox"): the players'
// choices, their e-mail addresses, the games' group-chat webhooks, the calendar feeds'
// secrets, and the outbox.
//
// The outbox has two stages, both rows in the database:
//  - notices: what a change to a game means to tell whom (GameChange::notices), written
//    in the transaction of that change, so that a notice exists exactly when its change
//    does;
//  - deliveries: one per channel and recipient (an address, a webhook, a device), made
//    from a notice by dispatch_notices() in one transaction that also deletes the notice
//    (so each notice is fanned out once, by one process), and sent by the channel's
//    sender, which claims due deliveries for a while (a lease), sends them, and records
//    each as delivered (the row goes) or to be tried again later. A sender killed while
//    sending leaves its claims to lapse: what it never recorded as delivered is sent
//    again, by whichever process claims it next, and nothing else is.
// Storage knows no notice rules: kinds, payloads and settings are the notices layer's
// JSON text, kept byte for byte.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stratagem/storage/store.h"

namespace stratagem::storage {

using NoticeId = std::int64_t;
using DeliveryId = std::int64_t;
using WebhookId = std::int64_t;
using PushSubscriptionId = std::int64_t;

struct StoredNotice {
  NoticeId id = 0;
  GameId game = 0;  // 0: none (a notice not about a game)
  std::optional<UserId> user;  // none: the game's group chats
  std::string kind;
  std::string payload;  // JSON text
  Instant created_at{};
};

struct NewDelivery {
  std::string channel;    // "email", "webhook", "push", ...
  std::string recipient;  // what the channel sends to, in its own terms (a user id, a webhook id, a device)
  std::optional<UserId> user;
  GameId game = 0;
  std::string kind;
  std::string payload;  // JSON text
  Instant due_at{};
  // Deliveries of one key are gathered: at most one waits at a time (see OutboxWriter).
  std::optional<std::string> gather_key = std::nullopt;
};

struct Delivery {
  DeliveryId id = 0;
  std::string channel;
  std::string recipient;
  std::optional<UserId> user;
  GameId game = 0;
  std::string kind;
  std::string payload;
  Instant due_at{};
  int attempts = 0;  // claims so far, this one included
  std::optional<std::string> gather_key;
};

struct EmailAddress {
  UserId user = 0;
  std::string address;
  std::optional<Instant> confirmed_at;  // none: not confirmed yet, nothing is sent to it but the confirmation
  std::string unsubscribe_token;        // in every mail's unsubscribe link
};

struct Webhook {
  WebhookId id = 0;
  GameId game = 0;
  UserId owner = 0;    // the player who named it: only they see its URL
  std::string url;     // https://...
  std::string format;  // "discord" | "slack"
  std::string language;
  int reminder_hours = 2;
};

// One browser on one device subscribed to Web Push (RFC 8030): where its push service
// takes messages for it, and its keys (RFC 8291) the messages are encrypted for.
struct PushSubscription {
  PushSubscriptionId id = 0;
  UserId user = 0;
  std::string endpoint;  // https://... of the browser's push service
  std::string p256dh;    // the browser's P-256 public key, base64url (65 bytes)
  std::string auth;      // the browser's authentication secret, base64url (16 bytes)
  Instant created_at{};
};

// What dispatch_notices() gives the fan-out of one notice: reads and writes inside the
// transaction that deletes the notice.
class OutboxWriter {
 public:
  virtual ~OutboxWriter() = default;
  // The stored settings of the user for the game (game 0: the account's), JSON text.
  virtual std::optional<std::string> settings(UserId user, GameId game) = 0;
  virtual std::optional<EmailAddress> email_address(UserId user) = 0;
  virtual std::vector<Webhook> webhooks(GameId game) = 0;
  virtual std::vector<PushSubscription> push_subscriptions(UserId user) = 0;
  // The delivery of `gather_key` that still waits to be sent and is not claimed, if any:
  // a new one of that key is added to it (replace_payload) instead of sent on its own.
  virtual std::optional<Delivery> waiting(std::string_view gather_key) = 0;
  // When a delivery of `gather_key` was last recorded as delivered, or was due if one is
  // claimed by a sender now (on its way).
  virtual std::optional<Instant> last_delivered(std::string_view gather_key) = 0;
  virtual void add(const NewDelivery& delivery) = 0;
  virtual void replace_payload(DeliveryId id, const std::string& payload) = 0;
};

// Fans one notice out; runs inside the store's write transaction (on its committer's
// thread): keep it short, never call the Store. It may run again for the same notice
// (a group commit run again): everything it wrote before is undone then.
using NoticeDispatch = std::function<void(const StoredNotice& notice, OutboxWriter& outbox)>;

class NoticeStore {
 public:
  virtual ~NoticeStore() = default;

  // --- choices (settings JSON text of the notices layer), per account (game 0) and game
  virtual StoreResult<std::optional<std::string>> notice_settings(UserId user, GameId game) = 0;
  // Every game of the user with settings of its own: (game, settings).
  virtual StoreResult<std::vector<std::pair<GameId, std::string>>> game_notice_settings(UserId user) = 0;
  // nullopt removes them (a game then follows the account).
  virtual StoreResult<void> set_notice_settings(UserId user, GameId game, const std::optional<std::string>& settings) = 0;

  // --- e-mail addresses (one per account)
  virtual StoreResult<std::optional<EmailAddress>> email_address(UserId user) = 0;
  // Sets the user's address (replacing any), unconfirmed, with the SHA-256 of its
  // single-use confirmation token valid until `expires_at` and a new unsubscribe token,
  // and puts the confirmation mail into the outbox: one transaction.
  virtual StoreResult<void> set_email_address(UserId user, const std::string& address, std::string_view confirm_token,
                                              Instant expires_at, const std::string& unsubscribe_token,
                                              const NewDelivery& confirmation) = 0;
  // Confirms the address the token was sent to, once: not_found for a token unknown,
  // used or expired at `now`.
  virtual StoreResult<EmailAddress> confirm_email_address(std::string_view confirm_token, Instant now) = 0;
  virtual StoreResult<void> delete_email_address(UserId user) = 0;
  // One-click unsubscribe (RFC 8058): the address of the token is forgotten, so nothing
  // more is sent to it; not_found for a token unknown (or already used).
  virtual StoreResult<EmailAddress> unsubscribe(std::string_view unsubscribe_token) = 0;

  // --- group-chat webhooks: at most one per game and player
  virtual StoreResult<std::optional<Webhook>> webhook(GameId game, UserId owner) = 0;
  virtual StoreResult<std::optional<Webhook>> webhook_by_id(WebhookId id) = 0;
  // Sets (replacing) the owner's webhook for the game; the id is drawn.
  virtual StoreResult<Webhook> set_webhook(const Webhook& webhook) = 0;
  virtual StoreResult<void> delete_webhook(GameId game, UserId owner) = 0;

  // --- the calendar feed's secret, per account (kept as it is: the account is shown its
  // feed's address again)
  virtual StoreResult<std::optional<std::string>> calendar_token(UserId user) = 0;
  // nullopt: the account has no feed.
  virtual StoreResult<void> set_calendar_token(UserId user, const std::optional<std::string>& token) = 0;
  virtual StoreResult<User> user_by_calendar_token(std::string_view token) = 0;  // not_found if none

  // --- Web Push: a subscription per device, and the server's keys
  // Adds the device's subscription to the user (an endpoint already known, from a browser
  // that subscribed again or another account on that device, becomes this one).
  virtual StoreResult<PushSubscription> add_push_subscription(UserId user, const std::string& endpoint,
                                                              const std::string& p256dh, const std::string& auth,
                                                              Instant now) = 0;
  virtual StoreResult<std::vector<PushSubscription>> push_subscriptions(UserId user) = 0;
  virtual StoreResult<std::optional<PushSubscription>> push_subscription(PushSubscriptionId id) = 0;
  // Removes one of the user's subscriptions (false: the user has none of that id).
  virtual StoreResult<bool> remove_push_subscription(UserId user, PushSubscriptionId id) = 0;
  // Removes a subscription its push service says is gone (404/410).
  virtual StoreResult<void> forget_push_subscription(PushSubscriptionId id) = 0;
  // The server's key of `name`: the one kept, or else `made` kept and returned. With
  // several processes starting at once, all get the one kept first.
  virtual StoreResult<std::string> server_key(std::string_view name, const std::string& made) = 0;

  // --- the outbox
  // Fans out up to `limit` notices (oldest first), each in turn through fn, and deletes
  // them, in one transaction; on PostgreSQL notices another process is fanning out are
  // skipped (FOR UPDATE SKIP LOCKED). Returns how many were fanned out.
  virtual StoreResult<std::size_t> dispatch_notices(std::size_t limit, const NoticeDispatch& fn) = 0;
  // Claims up to `limit` deliveries of the channel that are due at `now` and not claimed
  // (or whose claim lapsed), for `claimer` until `until`, counting an attempt each;
  // oldest due first. Several processes never claim one delivery at once.
  virtual StoreResult<std::vector<Delivery>> claim_deliveries(std::string_view channel, std::string_view claimer,
                                                              Instant now, Instant until, std::size_t limit) = 0;
  // Sent: the delivery goes (its gather key remembers `now`). False when the claim had
  // lapsed and another claimer took it meanwhile (nothing changed).
  virtual StoreResult<bool> delivered(DeliveryId id, std::string_view claimer, Instant now) = 0;
  // Not sent, to be tried again at `due_at`; `error` is kept for whoever looks.
  virtual StoreResult<void> retry_delivery(DeliveryId id, std::string_view claimer, Instant due_at,
                                           std::string_view error) = 0;
  // Never to be sent (its recipient is gone, it failed too often): the delivery goes.
  virtual StoreResult<void> drop_delivery(DeliveryId id, std::string_view claimer) = 0;
  // Gather keys' memories older than `before` go (a week is plenty for any choice of
  // minutes between press notices).
  virtual StoreResult<void> forget_deliveries_before(Instant before) = 0;
};

}  // namespace stratagem::storage
