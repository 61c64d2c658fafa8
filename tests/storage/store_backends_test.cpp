// What one backend alone promises: PostgreSQL across processes (events, skipped locks,
// lost connections), and open_store()'s URLs and errors.

#include "store_fixture.h"

namespace stratagem::storage {
namespace {

using namespace store_fixture;
using namespace std::chrono_literals;

class PostgresqlStoreTest : public StoreTest {};

TEST_P(PostgresqlStoreTest, EventsCommittedByOneStoreWakeSubscribersOfAnother) {
  auto other = open();
  Heard heard;
  Subscription subscription = other->subscribe(heard.listener());
  const GameId id = game("g").id;
  auto outcome = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  EXPECT_TRUE(heard.wait_for(id, outcome.event_ids.at(0)));
  auto events = value_of(other->events_after(id, 0, 10));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].id, outcome.event_ids[0]);
}

TEST_P(PostgresqlStoreTest, AnUpdateThatWritesNothingWakesNobody) {
  auto other = open();
  std::atomic<int> calls{0};
  Subscription subscription = other->subscribe([&](GameId, EventId) { ++calls; });
  const GameId id = game("g").id;
  value_of(store_->update_game(id, [](const StoredGame&) { return std::optional<GameChange>(); }));
  // A later event of the same store arrives; nothing may have come before it.
  Heard heard;
  Subscription second = other->subscribe(heard.listener());
  auto outcome = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  ASSERT_TRUE(heard.wait_for(id, outcome.event_ids.at(0)));
  EXPECT_EQ(calls, 1);
}

// PostgreSQL refuses text that is not UTF-8. A batch of game writes is one statement that
// also commits; when the database refuses it, the batch runs again one write at a time,
// and only the write it refused fails.
TEST_P(PostgresqlStoreTest, AGameWriteTheDatabaseRefusesFailsAloneInItsBatch) {
  constexpr int kGames = 6;
  constexpr int kEach = 20;
  std::vector<GameId> ids;
  for (int g = 0; g < kGames; ++g) ids.push_back(game(fmt::format("g{}", g)).id);
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (int g = 0; g < kGames; ++g)
    threads.emplace_back([&, g] {
      for (int i = 0; i < kEach; ++i) {
        const bool bad = g == 0 && i % 2 == 0;
        auto outcome = store_->update_game(ids[g], [bad](const StoredGame& game) {
          GameChange change = one_event(game);
          change.events[0].payload = bad ? std::string("\xC3") : change.record;
          return std::optional<GameChange>(change);
        });
        if (bad) {
          if (!outcome) ++refused;
        } else {
          check(outcome.map([](const UpdateOutcome&) {}));
        }
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(refused, kEach / 2);
  for (int g = 0; g < kGames; ++g) {
    const auto events = value_of(store_->events_after(ids[g], 0, 1000));
    EXPECT_EQ(events.size(), static_cast<std::size_t>(g == 0 ? kEach / 2 : kEach)) << g;
    for (const StoredEvent& event : events) EXPECT_NE(event.payload, "\xC3");
  }
}

// A scheduler never waits behind another process's transaction on a due game: it skips
// the game (FOR UPDATE SKIP LOCKED) and sees it again at its next tick if still due.
TEST_P(PostgresqlStoreTest, AGameLockedElsewhereIsSkippedNotWaitedFor) {
  const GameId id = game("due", kNoon).id;
  auto other = open();
  std::mutex mutex;
  std::condition_variable changed;
  bool locked = false;
  bool other_done = false;
  bool other_called = false;
  std::optional<StoreResult<UpdateOutcome>> other_outcome;
  // Another process processing the same due game holds its lock meanwhile.
  std::thread holder([&] {
    value_of(store_->update_due_game(id, kNoon + 1s, [&](const StoredGame& game) {
      std::unique_lock lock(mutex);
      locked = true;
      changed.notify_all();
      changed.wait_for(lock, 10s, [&] { return other_done; });
      return std::optional<GameChange>(one_event(game));
    }));
  });
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return locked; });
  }
  other_outcome = other->update_due_game(id, kNoon + 1s, [&](const StoredGame&) {
    other_called = true;
    return std::optional<GameChange>();
  });
  {
    std::lock_guard lock(mutex);
    other_done = true;
  }
  changed.notify_all();
  holder.join();
  ASSERT_TRUE(other_outcome->has_value()) << other_outcome->error().message;
  EXPECT_FALSE((*other_outcome)->written);
  EXPECT_FALSE(other_called);
  EXPECT_EQ(value_of(store_->load_game(id)).version, 2);
}

TEST_P(PostgresqlStoreTest, LostConnectionsAreReplaced) {
  const GameId id = game("g").id;
  // Every pooled connection open, so that each call below could meet a dead one.
  std::vector<std::thread> readers;
  for (int i = 0; i < 8; ++i) readers.emplace_back([&] {
    for (int j = 0; j < 10; ++j) value_of(store_->load_game(id));
  });
  for (auto& reader : readers) reader.join();
  Heard heard;
  Subscription subscription = store_->subscribe(heard.listener());
  database_->cut_connections();
  // The pooled connection is found dead, replaced, and the call goes through.
  EXPECT_EQ(value_of(store_->load_game(id)).name, "g");
  database_->cut_connections();
  auto outcome = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  EXPECT_TRUE(outcome.written);
  // The listener reconnects and reports what was committed while it was away.
  EXPECT_TRUE(heard.wait_for(id, outcome.event_ids.at(0)));
}

INSTANTIATE_TEST_SUITE_P(Backends, PostgresqlStoreTest, ::testing::Values(Database::postgresql),
                         [](const auto&) { return "PostgreSQL"; });

TEST(OpenStore, RefusesWhatIsNotADatabaseUrl) {
  for (std::string url : {"mysql://x", "sqlite:", "sqlite::memory:", ""}) {
    auto refused = open_store(url);
    ASSERT_FALSE(refused) << url;
    EXPECT_EQ(refused.error().code, StoreErrorCode::bad_url) << url;
    EXPECT_TRUE(refused.error().message.starts_with("open_store: \"" + url + "\" ")) << refused.error().message;
  }
}

TEST(OpenStore, SaysWhenPostgresqlCannotBeReached) {
  auto refused = open_store("postgresql://nobody@127.0.0.1:1/nothing");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, StoreErrorCode::unavailable);
  EXPECT_TRUE(refused.error().message.starts_with("open_store: cannot connect to PostgreSQL: "))
      << refused.error().message;
}

TEST(OpenStore, SaysWhenTheSqliteFileCannotBeUsed) {
  TestDatabase database(Database::sqlite);
  const std::string path = database.url().substr(std::string("sqlite:").size());
  std::ofstream(path) << "not a database, but long enough to be read as a header of one: "
                      << std::string(200, '#');
  auto garbage = open_store(database.url());
  ASSERT_FALSE(garbage);
  EXPECT_EQ(garbage.error().code, StoreErrorCode::unavailable);
  EXPECT_EQ(garbage.error().message,
            "open_store: cannot open the SQLite database \"" + path + "\": file is not a database");

  auto nowhere = open_store("sqlite:/nonexistent-folder/stratagem.db");
  ASSERT_FALSE(nowhere);
  EXPECT_EQ(nowhere.error().code, StoreErrorCode::unavailable);
  EXPECT_TRUE(nowhere.error().message.starts_with(
      "open_store: cannot open the SQLite database \"/nonexistent-folder/stratagem.db\": "))
      << nowhere.error().message;
}

TEST(OpenStore, SqliteRunsInWalMode) {
  TestDatabase database(Database::sqlite);
  auto store = open_store(database.url());
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_EQ(database.sql("PRAGMA journal_mode"), (std::vector<std::optional<std::string>>{"wal"}));
}

}  // namespace
}  // namespace stratagem::storage
