#pragma once
// The Store, written once in SQL over a SqlBackend (SQLite or PostgreSQL).

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "event_hub.h"
#include "group_commit.h"
#include "session_pool.h"
#include "sql_backend.h"
#include "stratagem/storage/notices.h"
#include "stratagem/storage/store.h"

namespace stratagem::storage {

// A user's push subscriptions, read in an open session (sql_store_push.cpp; the fan-out
// reads them in its transaction).
std::vector<PushSubscription> push_subscriptions_of(SqlSession& session, UserId user);

class SqlStore final : public Store, public NoticeStore {
 public:
  // Migrates the schema, then starts listening for events.
  static StoreResult<std::unique_ptr<Store>> open(std::unique_ptr<SqlBackend> backend,
                                                  const StoreOptions& options);

  std::string_view backend() const override { return backend_->name(); }

  StoreResult<User> create_user(const NewUser& user) override;
  StoreResult<User> user_by_id(UserId id) override;
  StoreResult<User> user_by_name(std::string_view name) override;
  StoreResult<User> set_user_language(UserId id, std::string_view language) override;
  StoreResult<void> create_session(std::string_view token, UserId user, Instant now,
                                   Instant expires_at) override;
  StoreResult<User> user_by_session(std::string_view token, Instant now) override;
  StoreResult<void> delete_session(std::string_view token) override;

  StoreResult<std::optional<StoredGame>> create_game(const GameCreation& fn) override;
  StoreResult<StoredGame> load_game(GameId id) override;
  StoreResult<std::vector<StoredGame>> list_games(const GameQuery& query) override;
  StoreResult<UpdateOutcome> update_game(GameId id, const GameUpdate& fn) override;
  bool start_update(GameId id, const GameUpdate& fn, UpdateDone done) override;
  StoreResult<std::vector<GameId>> due_games(Instant now, std::size_t limit) override;
  StoreResult<UpdateOutcome> update_due_game(GameId id, Instant now, const GameUpdate& fn) override;

  StoreResult<std::vector<ProcessedPhase>> phases(GameId game) override;
  StoreResult<std::vector<StoredMessage>> messages(GameId game) override;
  StoreResult<std::vector<StoredEvent>> events_after(GameId game, EventId after,
                                                     std::size_t limit) override;
  StoreResult<EventId> last_event_id(GameId game) override;

  Subscription subscribe(EventListener listener) override;

  NoticeStore& notices() override { return *this; }

  // sql_store_notices.cpp
  StoreResult<std::optional<std::string>> notice_settings(UserId user, GameId game) override;
  StoreResult<std::vector<std::pair<GameId, std::string>>> game_notice_settings(UserId user) override;
  StoreResult<void> set_notice_settings(UserId user, GameId game, const std::optional<std::string>& settings) override;
  StoreResult<std::optional<EmailAddress>> email_address(UserId user) override;
  StoreResult<void> set_email_address(UserId user, const std::string& address, std::string_view confirm_token,
                                      Instant expires_at, const std::string& unsubscribe_token,
                                      const NewDelivery& confirmation) override;
  StoreResult<EmailAddress> confirm_email_address(std::string_view confirm_token, Instant now) override;
  StoreResult<void> delete_email_address(UserId user) override;
  StoreResult<EmailAddress> unsubscribe(std::string_view unsubscribe_token) override;
  StoreResult<std::optional<Webhook>> webhook(GameId game, UserId owner) override;
  StoreResult<std::optional<Webhook>> webhook_by_id(WebhookId id) override;
  StoreResult<Webhook> set_webhook(const Webhook& webhook) override;
  StoreResult<void> delete_webhook(GameId game, UserId owner) override;
  StoreResult<std::optional<std::string>> calendar_token(UserId user) override;
  StoreResult<void> set_calendar_token(UserId user, const std::optional<std::string>& token) override;
  StoreResult<User> user_by_calendar_token(std::string_view token) override;
  // sql_store_push.cpp
  StoreResult<PushSubscription> add_push_subscription(UserId user, const std::string& endpoint, const std::string& p256dh,
                                                      const std::string& auth, Instant now) override;
  StoreResult<std::vector<PushSubscription>> push_subscriptions(UserId user) override;
  StoreResult<std::optional<PushSubscription>> push_subscription(PushSubscriptionId id) override;
  StoreResult<bool> remove_push_subscription(UserId user, PushSubscriptionId id) override;
  StoreResult<void> forget_push_subscription(PushSubscriptionId id) override;
  StoreResult<std::string> server_key(std::string_view name, const std::string& made) override;
  StoreResult<std::size_t> dispatch_notices(std::size_t limit, const NoticeDispatch& fn) override;
  StoreResult<std::vector<Delivery>> claim_deliveries(std::string_view channel, std::string_view claimer, Instant now,
                                                      Instant until, std::size_t limit) override;
  StoreResult<bool> delivered(DeliveryId id, std::string_view claimer, Instant now) override;
  StoreResult<void> retry_delivery(DeliveryId id, std::string_view claimer, Instant due_at,
                                   std::string_view error) override;
  StoreResult<void> drop_delivery(DeliveryId id, std::string_view claimer) override;
  StoreResult<void> forget_deliveries_before(Instant before) override;

  StoreResult<PressRead> press_read(UserId user, GameId game) override;
  StoreResult<PressRead> mark_press_read(UserId user, GameId game, std::string_view thread,
                                         std::int64_t last_read) override;

 private:
  SqlStore(std::unique_ptr<SqlBackend> backend, const StoreOptions& options);

  // Runs body(session) on a pooled connection; a SqlFailure becomes a StoreError whose
  // message starts with `operation`.
  template <typename T, typename Body>
  StoreResult<T> run(const std::string& operation, Body&& body);
  // Runs work(session) in a write transaction (a group commit's) and returns once that has
  // committed. An error result undoes what work wrote. `game`: the game it writes, which
  // chooses the committer and orders the work in its batch (0: none). `together` (with T
  // void): the same write as data, which the batch may write instead of running work.
  template <typename T>
  StoreResult<T> write(const std::string& operation,
                       const std::function<StoreResult<T>(SqlSession&)>& work, GameId game = 0,
                       GameWrite* together = nullptr);
  // Writes a game's change (GameWrite::written false: the game had moved on).
  StoreResult<void> write_game(const std::string& operation, GameWrite& game_write);
  // The same in the open transaction, a statement a row.
  void write_game_rows(SqlSession& session, GameWrite& game_write);
  static StoredGame row_after(StoredGame game, GameChange&& change);
  // The write as data for its batch to write with the others, if it can be; else null.
  GameWrite* together(GameWrite& game_write) const;
  void tell_subscribers(GameId id, const std::vector<EventId>& event_ids, bool announced);
  // The committer of the game's writes (the one that orders them).
  GroupCommitter& committer_of(GameId game);
  StoreResult<UpdateOutcome> update(const std::string& operation, GameId id,
                                    std::optional<Instant> due_by, const GameUpdate& fn);
  // nullopt: another update of the game committed first.
  StoreResult<std::optional<UpdateOutcome>> update_optimistically(const std::string& operation,
                                                                  GameId id,
                                                                  std::optional<Instant> due_by,
                                                                  const GameUpdate& fn,
                                                                  bool& announced, bool from_memory);
  // The game's row as this store last read or wrote it, if it still holds it.
  std::optional<StoredGame> remembered(GameId id);
  void remember(StoredGame game);
  void forget(GameId id);
  StoreResult<UpdateOutcome> update_under_lock(const std::string& operation, GameId id,
                                               std::optional<Instant> due_by,
                                               const GameUpdate& fn, bool& announced);
  std::string select_for_update(std::optional<Instant> due_by, std::string_view lock,
                                std::vector<SqlValue>& params) const;
  static StoreResult<std::optional<GameChange>> decide(const std::string& operation,
                                                       const GameUpdate& fn,
                                                       const StoredGame& game);
  // Whether the query finds a row (a read on a pooled connection).
  StoreResult<bool> any_row(const std::string& operation, const std::string& sql, std::span<const SqlValue> params);
  StoreResult<User> one_user(const std::string& operation, const std::string& sql,
                             std::span<const SqlValue> params);

  EventHub hub_;
  // After hub_, so that the backend's listener stops before the hub goes.
  std::unique_ptr<SqlBackend> backend_;
  SessionPool pool_;
  std::string select_game_;  // SELECT <every StoredGame column> FROM games g
  std::mutex latest_mutex_;
  std::unordered_map<GameId, StoredGame> latest_;
  // Last, so destroyed first: a committer finishes its queued writes, whose started
  // updates' callbacks remember rows and tell the hub, while all of the above still stand.
  std::vector<std::unique_ptr<GroupCommitter>> committers_;
};

}  // namespace stratagem::storage
