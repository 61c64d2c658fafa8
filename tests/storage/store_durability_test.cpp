// The Store under concurrency, kill -9 and several stores at once, its subscriptions and
// its schema migrations, on SQLite and on PostgreSQL.

#include "store_fixture.h"

namespace stratagem::storage {
namespace {

using namespace store_fixture;
using namespace std::chrono_literals;

TEST_P(StoreTest, UpdatesOfOneGameFromManyThreadsAllCount) {
  const GameId id = game("counter").id;
  constexpr int kThreads = 6;
  constexpr int kEach = 15;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) {
        auto outcome = store_->update_game(id, [](const StoredGame& game) {
          GameChange change;
          change.record = std::to_string(std::stoi(game.record) + 1);
          change.status = game.status;
          return std::optional<GameChange>(change);
        });
        if (!outcome || !outcome->written) ++failures;
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures, 0);
  const StoredGame game = value_of(store_->load_game(id));
  EXPECT_EQ(game.record, std::to_string(kThreads * kEach));
  EXPECT_EQ(game.version, 1 + kThreads * kEach);
}

// Updates that fail half way among others that succeed, all at once: on SQLite they share
// transactions (group commit), and each must still be undone alone.
TEST_P(StoreTest, FailuresAmongConcurrentUpdatesUndoOnlyThemselves) {
  const User alice = user("alice");
  std::vector<GameId> games;
  for (int i = 0; i < 4; ++i) games.push_back(game("g" + std::to_string(i)).id);
  constexpr int kThreads = 8;
  constexpr int kEach = 10;
  std::atomic<int> succeeded{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        const bool breaks = (t + i) % 2 == 1;
        auto outcome = store_->update_game(games[(t + i) % games.size()], [&](const StoredGame& game) {
          GameChange change = full_change({breaks ? UserId{424242} : alice.id});
          change.record = std::to_string(std::stoi(game.record) + 1);
          return std::optional<GameChange>(change);
        });
        if (outcome && outcome->written)
          ++succeeded;
        else if (!outcome && breaks)
          ++failed;
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(succeeded, kThreads * kEach / 2);
  EXPECT_EQ(failed, kThreads * kEach / 2);
  int records = 0;
  std::size_t phases = 0;
  std::size_t messages = 0;
  std::size_t events = 0;
  for (GameId id : games) {
    const StoredGame game = value_of(store_->load_game(id));
    records += std::stoi(game.record);
    EXPECT_EQ(game.version, 1 + std::stoi(game.record));
    phases += value_of(store_->phases(id)).size();
    messages += value_of(store_->messages(id)).size();
    events += value_of(store_->events_after(id, 0, 1000)).size();
  }
  EXPECT_EQ(records, succeeded);
  EXPECT_EQ(phases, static_cast<std::size_t>(succeeded));
  EXPECT_EQ(messages, static_cast<std::size_t>(succeeded));
  EXPECT_EQ(events, static_cast<std::size_t>(succeeded));
}

// Texts that a database's array or quoting syntax could take for its own.
const std::vector<std::string> kAwkwardTexts = {
    "", "NULL", R"("quoted")", R"(back\slash)", "{brace,comma}", "line\nbreak", "法國提議與德國和平",
    R"({"press":{"kind":"PCE","powers":["FRANCE","GERMANY"]}})", R"(\")", "trailing\\"};

std::string awkward(int n) { return kAwkwardTexts[static_cast<std::size_t>(n) % kAwkwardTexts.size()]; }

// Many games updated at once with messages and events: on PostgreSQL a batch writes them
// all in one statement, and each update must still get its own ids, its rows in the
// order given and its texts byte for byte; updates of one game in one batch all count.
TEST_P(StoreTest, UpdatesOfManyGamesAtOnceKeepEachOnesMessagesAndEventsInOrder) {
  std::vector<GameId> games;
  for (int i = 0; i < 5; ++i) games.push_back(game("g" + std::to_string(i)).id);
  constexpr int kThreads = 8;
  constexpr int kEach = 12;
  struct Written {
    GameId game;
    std::vector<std::string> texts;
    UpdateOutcome outcome;
  };
  std::mutex mutex;
  std::vector<Written> all;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        const GameId id = games[static_cast<std::size_t>(t * kEach + i) % games.size()];
        std::vector<std::string> texts;
        for (int k = 0; k < 3; ++k) texts.push_back(fmt::format("{}:{}:{}:{}", t, i, k, awkward(t + i + k)));
        auto outcome = value_of(store_->update_game(id, [&](const StoredGame& game) {
          GameChange change;
          change.record = std::to_string(std::stoi(game.record) + 1);
          change.status = awkward(t * 3 + i);
          change.next_deadline = i % 2 == 0 ? std::optional<Instant>(kNoon + std::chrono::seconds(i)) : std::nullopt;
          change.messages = {NewMessage{"S1901M", "FRANCE", R"(["GERMANY"])", texts[0], kNoon, texts[1]},
                             NewMessage{"S1901M", awkward(i), R"("all")", texts[1], kNoon, std::nullopt}};
          for (const std::string& text : texts) change.events.push_back(NewEvent{R"("all")", awkward(i), text, kNoon});
          return std::optional<GameChange>(change);
        }));
        std::lock_guard lock(mutex);
        all.push_back({id, texts, std::move(outcome)});
      }
    });
  for (auto& thread : threads) thread.join();

  std::map<GameId, std::map<EventId, StoredEvent>> events;
  std::map<GameId, std::map<MessageId, StoredMessage>> messages;
  for (GameId id : games) {
    for (auto& event : value_of(store_->events_after(id, 0, 10'000))) events[id][event.id] = event;
    for (auto& message : value_of(store_->messages(id))) messages[id][message.id] = message;
  }
  ASSERT_EQ(all.size(), static_cast<std::size_t>(kThreads * kEach));
  for (const Written& written : all) {
    ASSERT_TRUE(written.outcome.written);
    ASSERT_EQ(written.outcome.event_ids.size(), 3u);
    ASSERT_EQ(written.outcome.message_ids.size(), 2u);
    for (std::size_t k = 0; k < 3; ++k) {
      const StoredEvent& event = events[written.game].at(written.outcome.event_ids[k]);
      EXPECT_EQ(event.payload, written.texts[k]);
      if (k > 0) {
        EXPECT_LT(written.outcome.event_ids[k - 1], written.outcome.event_ids[k]);
      }
    }
    const StoredMessage& first = messages[written.game].at(written.outcome.message_ids[0]);
    EXPECT_EQ(first.text, written.texts[0]);
    EXPECT_EQ(first.press, written.texts[1]);
    const StoredMessage& second = messages[written.game].at(written.outcome.message_ids[1]);
    EXPECT_EQ(second.text, written.texts[1]);
    EXPECT_EQ(second.press, std::nullopt);
    EXPECT_LT(written.outcome.message_ids[0], written.outcome.message_ids[1]);
  }
  int updates = 0;
  for (GameId id : games) {
    const StoredGame game = value_of(store_->load_game(id));
    updates += std::stoi(game.record);
    EXPECT_EQ(game.version, 1 + std::stoi(game.record));
    EXPECT_EQ(events[id].size(), 3u * static_cast<std::size_t>(std::stoi(game.record)));
  }
  EXPECT_EQ(updates, kThreads * kEach);
}

// A write that fails in a batch of game updates (a taken name) undoes itself alone: the
// batch is run again one write at a time.
TEST_P(StoreTest, AFailingWriteInABatchOfGameUpdatesUndoesOnlyItself) {
  const GameId id = game("counter").id;
  user("taken");
  constexpr int kThreads = 6;
  constexpr int kEach = 15;
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        if (t % 2 == 0) {
          const auto created = store_->create_user(NewUser{"taken", "h", "en", kNoon});
          if (!created && created.error().code == StoreErrorCode::conflict) ++refused;
          continue;
        }
        check(store_->update_game(id, [](const StoredGame& game) {
          GameChange change;
          change.record = std::to_string(std::stoi(game.record) + 1);
          change.status = game.status;
          change.events = {NewEvent{R"("all")", "counted", change.record, kNoon}};
          return std::optional<GameChange>(change);
        }).map([](const UpdateOutcome&) {}));
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(refused, (kThreads / 2) * kEach);
  const StoredGame game = value_of(store_->load_game(id));
  EXPECT_EQ(game.record, std::to_string((kThreads / 2) * kEach));
  const auto events = value_of(store_->events_after(id, 0, 1000));
  ASSERT_EQ(events.size(), static_cast<std::size_t>((kThreads / 2) * kEach));
  for (std::size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i].payload, std::to_string(i + 1));
}

// A process killed (SIGKILL) right after update_game returned loses nothing it was told.
TEST_P(StoreTest, WhatWasAcknowledgedSurvivesKill9) {
  const GameId id = game("counter").id;
  store_.reset();
  int acknowledgements[2];
  ASSERT_EQ(pipe(acknowledgements), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(acknowledgements[0]);
    auto store = open_store(database_->url());
    if (!store) _exit(2);
    for (int i = 1;; ++i) {
      auto outcome = (*store)->update_game(id, [&](const StoredGame& game) {
        GameChange change;
        change.record = std::to_string(i);
        change.status = game.status;
        change.phases = {std::to_string(i)};
        return std::optional<GameChange>(change);
      });
      if (!outcome) _exit(3);
      if (write(acknowledgements[1], &i, sizeof i) != sizeof i) _exit(4);
    }
  }
  close(acknowledgements[1]);
  int last = 0;
  for (int received = 0; received < 30; ++received)
    ASSERT_EQ(read(acknowledgements[0], &last, sizeof last), static_cast<ssize_t>(sizeof last));
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  // Acknowledgements the child wrote before it died are acknowledged too.
  for (int next = 0; read(acknowledgements[0], &next, sizeof next) == sizeof next;) last = next;
  close(acknowledgements[0]);
  ASSERT_TRUE(WIFSIGNALED(status));

  store_ = open();
  const StoredGame game = value_of(store_->load_game(id));
  EXPECT_GE(std::stoi(game.record), last);
  // Whole updates or nothing: the record and its phases agree.
  const auto phases = value_of(store_->phases(id));
  EXPECT_EQ(phases.size(), static_cast<std::size_t>(std::stoi(game.record)));
  EXPECT_EQ(game.version, 1 + std::stoi(game.record));
}

// Two stores, each with its own connections (two server processes as far as the database
// can tell), each running schedulers on two threads, race over the same due games.
TEST_P(StoreTest, EachDueDeadlineIsProcessedExactlyOnceAcrossStores) {
  std::vector<GameId> games;
  for (int i = 0; i < 12; ++i) games.push_back(game("due " + std::to_string(i), kNoon).id);
  auto other = open();
  std::atomic<int> processed{0};
  std::atomic<int> errors{0};
  auto scheduler = [&](Store& store) {
    for (int round = 0; round < 3; ++round) {
      auto due = store.due_games(kNoon + 1s, 100);
      if (!due) {
        ++errors;
        continue;
      }
      for (GameId id : *due) {
        auto outcome = store.update_due_game(id, kNoon + 1s, [&](const StoredGame& game) {
          GameChange change;
          change.record = std::to_string(std::stoi(game.record) + 1);
          change.status = game.status;
          change.next_deadline = kNoon + 1h;  // the next phase's deadline
          change.phases = {"{}"};
          return std::optional<GameChange>(change);
        });
        if (!outcome)
          ++errors;
        else if (outcome->written)
          ++processed;
      }
    }
  };
  std::vector<std::thread> threads;
  for (Store* store : {store_.get(), other.get()})
    for (int t = 0; t < 2; ++t) threads.emplace_back(scheduler, std::ref(*store));
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(errors, 0);
  EXPECT_EQ(processed, static_cast<int>(games.size()));
  for (GameId id : games) {
    EXPECT_EQ(value_of(store_->load_game(id)).record, "1") << "game " << id;
    EXPECT_EQ(value_of(store_->phases(id)).size(), 1u) << "game " << id;
  }
}


TEST_P(StoreTest, AnUpdateDecidesOverWhatTheDatabaseHoldsThoughItRemembersAnOlderVersion) {
  const GameId id = game("g").id;
  // This store writes version 2 (and remembers it); another store writes version 3.
  value_of(store_->update_game(id, [](const StoredGame& g) { return std::optional<GameChange>(one_event(g)); }));
  auto other = open();
  value_of(other->update_game(id, [](const StoredGame& g) { return std::optional<GameChange>(one_event(g)); }));
  // An update that refuses anything but the newest version is not refused over the
  // remembered one; one that writes over it loses the race and is decided again.
  std::vector<std::int64_t> seen;
  const auto refusing = value_of(store_->update_game(id, [&](const StoredGame& g) {
    seen.push_back(g.version);
    return g.version == 3 ? std::optional<GameChange>(one_event(g)) : std::nullopt;
  }));
  EXPECT_TRUE(refusing.written);
  EXPECT_EQ(refusing.version, 4);
  EXPECT_EQ(seen, (std::vector<std::int64_t>{2, 3}));
  value_of(other->update_game(id, [](const StoredGame& g) { return std::optional<GameChange>(one_event(g)); }));
  seen.clear();
  const auto writing = value_of(store_->update_game(id, [&](const StoredGame& g) {
    seen.push_back(g.version);
    return std::optional<GameChange>(one_event(g));
  }));
  EXPECT_EQ(writing.version, 6);
  EXPECT_EQ(seen, (std::vector<std::int64_t>{4, 5}));
  EXPECT_EQ(value_of(store_->load_game(id)).version, 6);
}

TEST_P(StoreTest, CommittedEventsWakeSubscribers) {
  const GameId id = game("g").id;
  Heard heard;
  Subscription subscription = store_->subscribe(heard.listener());
  auto outcome = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  EXPECT_TRUE(heard.wait_for(id, outcome.event_ids.at(0)));
}

TEST_P(StoreTest, ASubscriptionEndsWhenDestroyed) {
  const GameId id = game("g").id;
  std::atomic<int> calls{0};
  {
    Subscription subscription = store_->subscribe([&](GameId, EventId) { ++calls; });
  }
  Heard heard;
  Subscription still = store_->subscribe(heard.listener());
  auto outcome = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  ASSERT_TRUE(heard.wait_for(id, outcome.event_ids.at(0)));
  EXPECT_EQ(calls, 0);
}

TEST_P(StoreTest, ASubscriptionMayOutliveItsStore) {
  Subscription subscription = store_->subscribe([](GameId, EventId) {});
  store_.reset();
  subscription.reset();  // nothing left to unregister from: a no-op, not a crash
  SUCCEED();
}

TEST_P(StoreTest, MigrationsAreRecordedAndNotAppliedTwice) {
  EXPECT_EQ(database_->sql("SELECT MAX(version) FROM schema_version"),
            (std::vector<std::optional<std::string>>{std::to_string(schema_version_known())}));
  const GameId id = game("kept").id;
  store_.reset();
  store_ = open();
  EXPECT_EQ(value_of(store_->load_game(id)).name, "kept");
  EXPECT_EQ(database_->sql("SELECT COUNT(*) FROM schema_version"),
            (std::vector<std::optional<std::string>>{std::to_string(schema_version_known())}));
}

// Several server processes started at once on a new database: one creates the schema,
// the others wait for it and find it there.
TEST_P(StoreTest, StoresOpenedTogetherOnANewDatabaseMigrateItOnce) {
  TestDatabase fresh(GetParam());
  std::vector<std::unique_ptr<Store>> stores(4);
  std::vector<std::string> errors(stores.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < stores.size(); ++i)
    threads.emplace_back([&, i] {
      auto store = open_store(fresh.url());
      if (store)
        stores[i] = std::move(*store);
      else
        errors[i] = store.error().message;
    });
  for (auto& thread : threads) thread.join();
  for (const std::string& error : errors) EXPECT_EQ(error, "");
  EXPECT_EQ(fresh.sql("SELECT COUNT(*) FROM schema_version"),
            (std::vector<std::optional<std::string>>{std::to_string(schema_version_known())}));
}

TEST_P(StoreTest, ADatabaseWithANewerSchemaIsRefused) {
  store_.reset();
  const int newer = schema_version_known() + 1;
  database_->sql("INSERT INTO schema_version (version, name, applied_at) VALUES (" +
                 std::to_string(newer) + ", 'from the future', 0)");
  auto refused = open_store(database_->url());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, StoreErrorCode::schema_too_new);
  EXPECT_EQ(refused.error().message,
            "open_store: the database's schema is version " + std::to_string(newer) +
                ", newer than this program knows (version " + std::to_string(schema_version_known()) +
                "): run a newer stratagem on it, or use another database");
  // Nothing was touched.
  EXPECT_EQ(database_->sql("SELECT MAX(version) FROM schema_version"),
            (std::vector<std::optional<std::string>>{std::to_string(newer)}));
}

}  // namespace
}  // namespace stratagem::storage
