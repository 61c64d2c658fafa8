// The notices' part of the store: notices written with their change, fanned out once,
// deliveries claimed by one claimer at a time, the addresses' tokens, webhooks, feeds.
#include "stratagem/storage/notices.h"

#include "store_fixture.h"

namespace stratagem::storage {
namespace {

using namespace store_fixture;

GameChange with_notices(const StoredGame& game, std::vector<NewNotice> notices) {
  GameChange change = one_event(game);
  change.notices = std::move(notices);
  return change;
}

NewDelivery email_to(UserId user, GameId game, Instant due, std::optional<std::string> key = std::nullopt) {
  return NewDelivery{.channel = "email", .recipient = std::to_string(user), .user = user, .game = game,
                     .kind = "press", .payload = R"({"n":1})", .due_at = due, .gather_key = std::move(key)};
}

// Fans every notice out as one e-mail delivery to its reader, due at kNoon.
std::vector<StoredNotice> dispatch_all(Store& store) {
  std::vector<StoredNotice> seen;
  value_of(store.notices().dispatch_notices(100, [&](const StoredNotice& notice, OutboxWriter& outbox) {
    seen.push_back(notice);
    outbox.add(email_to(notice.user.value_or(0), notice.game, kNoon));
  }));
  return seen;
}

TEST_P(StoreTest, NoticesAreWrittenWithTheirChangeAndFannedOutOnce) {
  const UserId alice = user("alice").id;
  const StoredGame g = game("g");
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "press", R"({"text":"é \"q\""})", kNoon},
                                 NewNotice{std::nullopt, "phase_result", "{}", kNoon}});
  }));
  // A change decided but refused writes no notice either.
  value_of(store_->update_game(g.id, [&](const StoredGame&) -> std::optional<GameChange> { return std::nullopt; }));
  const auto seen = dispatch_all(*store_);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].game, g.id);
  EXPECT_EQ(seen[0].user, alice);
  EXPECT_EQ(seen[0].kind, "press");
  EXPECT_EQ(seen[0].payload, R"({"text":"é \"q\""})");
  EXPECT_EQ(seen[1].user, std::nullopt);
  EXPECT_TRUE(dispatch_all(*store_).empty());
  EXPECT_EQ(count("notices"), (std::vector<std::optional<std::string>>{"0"}));
  EXPECT_EQ(count("deliveries"), (std::vector<std::optional<std::string>>{"2"}));
}

TEST_P(StoreTest, TwoStoresDispatchingTogetherFanEachNoticeOutOnce) {
  const UserId alice = user("alice").id;
  const StoredGame g = game("g");
  for (int i = 0; i < 60; ++i) {
    value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
      return with_notices(locked, {NewNotice{alice, "press", std::to_string(i), kNoon}});
    }));
  }
  auto other = open();
  std::mutex mutex;
  std::vector<std::string> payloads;
  auto drain = [&](Store& store) {
    for (;;) {
      const auto dispatched = value_of(store.notices().dispatch_notices(7, [&](const StoredNotice& notice, OutboxWriter&) {
        std::lock_guard lock(mutex);
        payloads.push_back(notice.payload);
      }));
      if (dispatched == 0) return;
    }
  };
  std::thread first([&] { drain(*store_); });
  std::thread second([&] { drain(*other); });
  first.join();
  second.join();
  std::sort(payloads.begin(), payloads.end());
  ASSERT_EQ(payloads.size(), 60u);
  EXPECT_EQ(std::unique(payloads.begin(), payloads.end()), payloads.end());
}

TEST_P(StoreTest, ADeliveryIsClaimedByOneClaimerUntilItsLeaseLapses) {
  const UserId alice = user("alice").id;
  const StoredGame g = game("g");
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "press", "{}", kNoon}});
  }));
  dispatch_all(*store_);
  auto& outbox = store_->notices();
  EXPECT_TRUE(value_of(outbox.claim_deliveries("email", "a", kNoon - 1s, kNoon + 10s, 10)).empty());  // not due yet
  EXPECT_TRUE(value_of(outbox.claim_deliveries("push", "a", kNoon, kNoon + 10s, 10)).empty());       // another channel
  const auto claimed = value_of(outbox.claim_deliveries("email", "a", kNoon, kNoon + 10s, 10));
  ASSERT_EQ(claimed.size(), 1u);
  EXPECT_EQ(claimed[0].attempts, 1);
  EXPECT_EQ(claimed[0].recipient, std::to_string(alice));
  EXPECT_TRUE(value_of(outbox.claim_deliveries("email", "b", kNoon + 9s, kNoon + 20s, 10)).empty());
  // "a" died holding it: its claim lapses and "b" takes it.
  const auto again = value_of(outbox.claim_deliveries("email", "b", kNoon + 10s, kNoon + 20s, 10));
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].attempts, 2);
  EXPECT_FALSE(value_of(outbox.delivered(again[0].id, "a", kNoon + 11s)));
  EXPECT_TRUE(value_of(outbox.delivered(again[0].id, "b", kNoon + 11s)));
  EXPECT_EQ(count("deliveries"), (std::vector<std::optional<std::string>>{"0"}));
}

TEST_P(StoreTest, ADeliveryTriedAgainWaitsAndADroppedOneGoes) {
  const UserId alice = user("alice").id;
  const StoredGame g = game("g");
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "a", "{}", kNoon}, NewNotice{alice, "b", "{}", kNoon}});
  }));
  dispatch_all(*store_);
  auto& outbox = store_->notices();
  auto claimed = value_of(outbox.claim_deliveries("email", "a", kNoon, kNoon + 60s, 10));
  ASSERT_EQ(claimed.size(), 2u);
  check(outbox.retry_delivery(claimed[0].id, "a", kNoon + 30s, "connection refused"));
  check(outbox.drop_delivery(claimed[1].id, "a"));
  EXPECT_TRUE(value_of(outbox.claim_deliveries("email", "a", kNoon + 29s, kNoon + 90s, 10)).empty());
  const auto retried = value_of(outbox.claim_deliveries("email", "b", kNoon + 30s, kNoon + 90s, 10));
  ASSERT_EQ(retried.size(), 1u);
  EXPECT_EQ(retried[0].id, claimed[0].id);
  EXPECT_EQ(retried[0].attempts, 2);
  EXPECT_EQ(database_->sql("SELECT last_error FROM deliveries"),
            (std::vector<std::optional<std::string>>{"connection refused"}));
}

TEST_P(StoreTest, DeliveriesOfOneKeyAreGathered) {
  const UserId alice = user("alice").id;
  const StoredGame g = game("g");
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "press", "1", kNoon}, NewNotice{alice, "press", "2", kNoon}});
  }));
  std::vector<std::optional<Instant>> last;
  value_of(store_->notices().dispatch_notices(10, [&](const StoredNotice& notice, OutboxWriter& outbox) {
    last.push_back(outbox.last_delivered("k"));
    if (auto waiting = outbox.waiting("k")) {
      outbox.replace_payload(waiting->id, waiting->payload + "+" + notice.payload);
    } else {
      outbox.add(email_to(alice, g.id, kNoon, "k"));
    }
  }));
  EXPECT_EQ(last, (std::vector<std::optional<Instant>>{std::nullopt, std::nullopt}));
  auto& outbox = store_->notices();
  const auto claimed = value_of(outbox.claim_deliveries("email", "a", kNoon, kNoon + 60s, 10));
  ASSERT_EQ(claimed.size(), 1u);
  EXPECT_EQ(claimed[0].payload, R"({"n":1}+2)");
  EXPECT_EQ(claimed[0].gather_key, "k");
  // While it is on its way, it counts as sent when it was due: a notice of the key coming
  // now waits its turn rather than going at once beside it.
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "press", "in flight", kNoon}});
  }));
  value_of(outbox.dispatch_notices(10, [&](const StoredNotice&, OutboxWriter& writer) {
    EXPECT_EQ(writer.last_delivered("k"), kNoon);
    EXPECT_EQ(writer.waiting("k"), std::nullopt);
  }));
  EXPECT_TRUE(value_of(outbox.delivered(claimed[0].id, "a", kNoon + 5s)));
  value_of(outbox.dispatch_notices(10, [](const StoredNotice&, OutboxWriter&) {}));
  value_of(store_->update_game(g.id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    return with_notices(locked, {NewNotice{alice, "press", "3", kNoon}});
  }));
  value_of(outbox.dispatch_notices(10, [&](const StoredNotice&, OutboxWriter& writer) {
    EXPECT_EQ(writer.last_delivered("k"), kNoon + 5s);
    EXPECT_EQ(writer.waiting("k"), std::nullopt);
  }));
  check(outbox.forget_deliveries_before(kNoon + 6s));
  EXPECT_EQ(count("delivered_gatherings"), (std::vector<std::optional<std::string>>{"0"}));
}

TEST_P(StoreTest, AnAddressIsConfirmedOnceByItsTokenBeforeItExpires) {
  const UserId alice = user("alice").id;
  auto& notices = store_->notices();
  const NewDelivery confirmation{.channel = "email", .recipient = std::to_string(alice), .user = alice, .game = 0,
                                 .kind = "confirm_email", .payload = "{}", .due_at = kNoon};
  check(notices.set_email_address(alice, "alice@example.org", "token-1", kNoon + 1h, "unsub-1", confirmation));
  auto email = value_of(notices.email_address(alice));
  ASSERT_TRUE(email);
  EXPECT_EQ(email->address, "alice@example.org");
  EXPECT_EQ(email->confirmed_at, std::nullopt);
  // A new address replaces the old, and the old one's confirmation is not sent.
  check(notices.set_email_address(alice, "alice@example.com", "token-2", kNoon + 1h, "unsub-2", confirmation));
  EXPECT_EQ(count("deliveries"), (std::vector<std::optional<std::string>>{"1"}));
  EXPECT_EQ(notices.confirm_email_address("token-1", kNoon).error().code, StoreErrorCode::not_found);
  EXPECT_EQ(notices.confirm_email_address("token-2", kNoon + 1h).error().code, StoreErrorCode::not_found);  // expired
  const auto confirmed = value_of(notices.confirm_email_address("token-2", kNoon + 10min));
  EXPECT_EQ(confirmed.address, "alice@example.com");
  EXPECT_EQ(confirmed.confirmed_at, kNoon + 10min);
  EXPECT_EQ(notices.confirm_email_address("token-2", kNoon + 11min).error().code, StoreErrorCode::not_found);  // used
  // The token is kept as its hash only.
  EXPECT_EQ(database_->sql("SELECT COUNT(*) FROM email_addresses WHERE confirm_token_hash = 'token-2'"),
            (std::vector<std::optional<std::string>>{"0"}));
  EXPECT_EQ(notices.unsubscribe("unsub-1").error().code, StoreErrorCode::not_found);
  EXPECT_EQ(value_of(notices.unsubscribe("unsub-2")).address, "alice@example.com");
  EXPECT_EQ(value_of(notices.email_address(alice)), std::nullopt);
}

TEST_P(StoreTest, SettingsWebhooksAndCalendarFeeds) {
  const UserId alice = user("alice").id;
  const UserId bob = user("bob").id;
  const StoredGame g = game("g");
  auto& notices = store_->notices();
  EXPECT_EQ(value_of(notices.notice_settings(alice, 0)), std::nullopt);
  check(notices.set_notice_settings(alice, 0, std::string("{\"a\":1}")));
  check(notices.set_notice_settings(alice, g.id, std::string("{\"g\":1}")));
  check(notices.set_notice_settings(alice, 0, std::string("{\"a\":2}")));
  EXPECT_EQ(value_of(notices.notice_settings(alice, 0)), "{\"a\":2}");
  EXPECT_EQ(value_of(notices.game_notice_settings(alice)),
            (std::vector<std::pair<GameId, std::string>>{{g.id, "{\"g\":1}"}}));
  check(notices.set_notice_settings(alice, g.id, std::nullopt));
  EXPECT_TRUE(value_of(notices.game_notice_settings(alice)).empty());

  const auto hook = value_of(notices.set_webhook(Webhook{0, g.id, alice, "https://chat.example/x", "discord", "ja", 3}));
  const auto replaced = value_of(notices.set_webhook(Webhook{0, g.id, alice, "https://chat.example/y", "slack", "en", 2}));
  value_of(notices.set_webhook(Webhook{0, g.id, bob, "https://chat.example/z", "discord", "en", 2}));
  EXPECT_EQ(value_of(notices.webhook_by_id(hook.id)), std::nullopt);
  EXPECT_EQ(value_of(notices.webhook(g.id, alice))->url, "https://chat.example/y");
  EXPECT_EQ(value_of(notices.webhook_by_id(replaced.id))->format, "slack");
  check(notices.delete_webhook(g.id, alice));
  EXPECT_EQ(value_of(notices.webhook(g.id, alice)), std::nullopt);
  EXPECT_EQ(value_of(notices.webhook(g.id, bob))->language, "en");

  check(notices.set_calendar_token(alice, std::string("feed-1")));
  EXPECT_EQ(value_of(notices.user_by_calendar_token("feed-1")).name, "alice");
  check(notices.set_calendar_token(alice, std::string("feed-2")));
  EXPECT_EQ(notices.user_by_calendar_token("feed-1").error().code, StoreErrorCode::not_found);
  EXPECT_EQ(value_of(notices.calendar_token(alice)), "feed-2");
  check(notices.set_calendar_token(alice, std::nullopt));
  EXPECT_EQ(value_of(notices.calendar_token(alice)), std::nullopt);
}

TEST_P(StoreTest, PushSubscriptionsAreKeptPerDeviceAndTheServerKeyOnce) {
  const UserId alice = user("alice").id;
  const UserId bob = user("bob").id;
  auto& notices = store_->notices();
  const auto phone = value_of(notices.add_push_subscription(alice, "https://push.example/a", "P1", "A1", kNoon));
  const auto laptop = value_of(notices.add_push_subscription(alice, "https://push.example/b", "P2", "A2", kNoon));
  EXPECT_EQ(phone.user, alice);
  EXPECT_EQ(phone.endpoint, "https://push.example/a");
  EXPECT_EQ(phone.created_at, kNoon);
  // The phone's browser subscribes again with new keys: the same device, one row.
  const auto again = value_of(notices.add_push_subscription(alice, "https://push.example/a", "P3", "A3", kNoon));
  EXPECT_EQ(again.id, phone.id);
  const auto mine = value_of(notices.push_subscriptions(alice));
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ((std::pair(mine[0].p256dh, mine[0].auth)), (std::pair<std::string, std::string>("P3", "A3")));
  EXPECT_EQ(mine[1].id, laptop.id);
  // The fan-out reads them in its transaction too.
  value_of(store_->update_game(game("g").id, [&](const StoredGame& locked) -> std::optional<GameChange> {
    GameChange change = one_event(locked);
    change.notices = {NewNotice{alice, "press", "{}", kNoon}};
    return change;
  }));
  std::size_t seen = 0;
  value_of(notices.dispatch_notices(10, [&](const StoredNotice& notice, OutboxWriter& outbox) {
    seen = outbox.push_subscriptions(*notice.user).size();
  }));
  EXPECT_EQ(seen, 2u);
  // Bob on the laptop after Alice: the device is Bob's now.
  value_of(notices.add_push_subscription(bob, "https://push.example/b", "P4", "A4", kNoon));
  EXPECT_EQ(value_of(notices.push_subscriptions(alice)).size(), 1u);
  EXPECT_EQ(value_of(notices.push_subscription(laptop.id))->user, bob);
  // Only its owner removes a subscription; a push service's "gone" removes it at once.
  EXPECT_FALSE(value_of(notices.remove_push_subscription(alice, laptop.id)));
  EXPECT_TRUE(value_of(notices.remove_push_subscription(alice, phone.id)));
  EXPECT_EQ(value_of(notices.push_subscription(phone.id)), std::nullopt);
  check(notices.forget_push_subscription(laptop.id));
  EXPECT_TRUE(value_of(notices.push_subscriptions(bob)).empty());

  // The server's key: the first one kept, whatever another process made later.
  EXPECT_EQ(value_of(notices.server_key("vapid", "first")), "first");
  EXPECT_EQ(value_of(open()->notices().server_key("vapid", "second")), "first");
  EXPECT_EQ(value_of(notices.server_key("other", "x")), "x");
}

}  // namespace
}  // namespace stratagem::storage
