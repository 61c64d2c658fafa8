// The Store against real databases: every test runs on SQLite and on PostgreSQL.

#include "stratagem/storage/store.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_database.h"

namespace stratagem::storage {
namespace {

using testing::Database;
using testing::TestDatabase;
using namespace std::chrono_literals;

const Instant kNoon = Instant(std::chrono::milliseconds(1'795'000'000'000));

template <typename T>
T value_of(StoreResult<T> result) {
  if (!result) throw std::runtime_error("unexpected StoreError: " + result.error().message);
  return std::move(*result);
}

void check(const StoreResult<void>& result) {
  if (!result) throw std::runtime_error("unexpected StoreError: " + result.error().message);
}

class StoreTest : public ::testing::TestWithParam<Database> {
 protected:
  void SetUp() override {
    database_ = std::make_unique<TestDatabase>(GetParam());
    if (database_->url().empty()) GTEST_FAIL() << database_->missing_reason();
    store_ = open();
  }

  std::unique_ptr<Store> open(std::size_t pool_size = 4) {
    auto store = open_store(database_->url(), StoreOptions{pool_size});
    if (!store) throw std::runtime_error("open_store: " + store.error().message);
    return std::move(*store);
  }

  User user(const std::string& name) {
    return value_of(store_->create_user(NewUser{name, "hash-of-" + name, "en", kNoon}));
  }

  StoredGame game(const std::string& name, std::optional<Instant> deadline = std::nullopt,
                  std::vector<UserId> players = {}, const std::string& status = "forming",
                  const std::string& record = "0") {
    const auto created = value_of(store_->create_game([&](GameId) {
      return std::optional<NewGame>(NewGame{"diplomacy", name, status, kNoon, deadline, record, players});
    }));
    if (!created) throw std::runtime_error("create_game wrote nothing");
    return *created;
  }

  std::vector<std::optional<std::string>> count(const std::string& table) {
    return database_->sql("SELECT COUNT(*) FROM " + table);
  }

  std::unique_ptr<TestDatabase> database_;
  std::unique_ptr<Store> store_;
};

TEST_P(StoreTest, UsersHaveUniqueNames) {
  const User alice = user("alice");
  EXPECT_EQ(alice.name, "alice");
  EXPECT_EQ(alice.password_hash, "hash-of-alice");
  EXPECT_EQ(alice.created_at, kNoon);
  EXPECT_EQ(value_of(store_->user_by_name("alice")).id, alice.id);
  EXPECT_EQ(value_of(store_->user_by_id(alice.id)).name, "alice");

  auto taken = store_->create_user(NewUser{"alice", "other", "ja", kNoon});
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, StoreErrorCode::conflict);
  EXPECT_EQ(taken.error().message, "create_user \"alice\": the name is taken");

  auto missing = store_->user_by_name("bob");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, StoreErrorCode::not_found);
  EXPECT_EQ(missing.error().message, "user_by_name \"bob\": no such user");

  EXPECT_EQ(value_of(store_->set_user_language(alice.id, "zh-Hant")).language, "zh-Hant");
  EXPECT_EQ(value_of(store_->user_by_id(alice.id)).language, "zh-Hant");
  EXPECT_EQ(store_->set_user_language(alice.id + 100, "ja").error().code, StoreErrorCode::not_found);
}

TEST_P(StoreTest, SessionsKeepOnlyTheTokensHashAndExpire) {
  const User alice = user("alice");
  check(store_->create_session("abc", alice.id, kNoon, kNoon + 1h));
  EXPECT_EQ(value_of(store_->user_by_session("abc", kNoon + 59min)).id, alice.id);
  // SHA-256("abc"): the token itself is nowhere in the database.
  EXPECT_EQ(database_->sql("SELECT token_hash FROM sessions"),
            (std::vector<std::optional<std::string>>{
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}));

  auto expired = store_->user_by_session("abc", kNoon + 1h);
  ASSERT_FALSE(expired);
  EXPECT_EQ(expired.error().code, StoreErrorCode::not_found);
  EXPECT_EQ(store_->user_by_session("abd", kNoon).error().code, StoreErrorCode::not_found);

  check(store_->create_session("def", alice.id, kNoon, kNoon + 1h));
  check(store_->delete_session("def"));
  EXPECT_EQ(store_->user_by_session("def", kNoon).error().code, StoreErrorCode::not_found);
  EXPECT_TRUE(store_->user_by_session("abc", kNoon).has_value());

  // A new session clears the user's expired ones.
  check(store_->create_session("ghi", alice.id, kNoon + 2h, kNoon + 3h));
  EXPECT_EQ(database_->sql("SELECT COUNT(*) FROM sessions"),
            (std::vector<std::optional<std::string>>{"1"}));
}

TEST_P(StoreTest, GamesComeBackByteForByte) {
  const User alice = user("alice");
  const User bob = user("bob");
  const std::string record = R"({"name":"金曜日のゲーム","units":{"ENGLAND":["F LON"]},"quote":"\"x\""})";
  const StoredGame created = game("金曜日", kNoon + 24h, {bob.id, alice.id, bob.id}, "forming", record);
  EXPECT_EQ(created.version, 1);

  const StoredGame loaded = value_of(store_->load_game(created.id));
  EXPECT_EQ(loaded.id, created.id);
  EXPECT_EQ(loaded.kind, "diplomacy");
  EXPECT_EQ(loaded.name, "金曜日");
  EXPECT_EQ(loaded.status, "forming");
  EXPECT_EQ(loaded.created_at, kNoon);
  EXPECT_EQ(loaded.next_deadline, kNoon + 24h);
  EXPECT_EQ(loaded.version, 1);
  EXPECT_EQ(loaded.record, record);
  EXPECT_EQ(loaded.players, (std::vector<UserId>{alice.id, bob.id}));

  const StoredGame without_deadline = game("no deadline");
  EXPECT_EQ(value_of(store_->load_game(without_deadline.id)).next_deadline, std::nullopt);
  EXPECT_TRUE(value_of(store_->load_game(without_deadline.id)).players.empty());

  auto missing = store_->load_game(created.id + 1000);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, StoreErrorCode::not_found);
  EXPECT_EQ(missing.error().message, "load_game " + std::to_string(created.id + 1000) + ": no such game");
}

TEST_P(StoreTest, AnUpdateWritesRecordPhasesMessagesAndEventsTogether) {
  const User alice = user("alice");
  const StoredGame created = game("g", kNoon + 1h);
  auto outcome = value_of(store_->update_game(created.id, [&](const StoredGame& locked) {
    EXPECT_EQ(locked.record, "0");
    EXPECT_EQ(locked.version, 1);
    GameChange change;
    change.record = "1";
    change.status = "active";
    change.next_deadline = kNoon + 2h;
    change.players = std::vector<UserId>{alice.id};
    change.phases = {R"({"phase":"S1901M"})", R"({"phase":"F1901M"})"};
    change.messages = {NewMessage{"S1901M", "ENGLAND", R"(["FRANCE"])", "Hello", kNoon},
                       NewMessage{"S1901M", "FRANCE", R"("all")", "こんにちは", kNoon + 1s}};
    change.events = {NewEvent{R"("all")", "phase_processed", R"({"phase":"S1901M"})", kNoon},
                     NewEvent{R"(["FRANCE"])", "message", R"({"id":1})", kNoon}};
    return change;
  }));
  EXPECT_TRUE(outcome.written);
  EXPECT_EQ(outcome.version, 2);
  ASSERT_EQ(outcome.message_ids.size(), 2u);
  ASSERT_EQ(outcome.event_ids.size(), 2u);
  EXPECT_LT(outcome.message_ids[0], outcome.message_ids[1]);
  EXPECT_LT(outcome.event_ids[0], outcome.event_ids[1]);

  const StoredGame loaded = value_of(store_->load_game(created.id));
  EXPECT_EQ(loaded.record, "1");
  EXPECT_EQ(loaded.status, "active");
  EXPECT_EQ(loaded.next_deadline, kNoon + 2h);
  EXPECT_EQ(loaded.version, 2);
  EXPECT_EQ(loaded.players, (std::vector<UserId>{alice.id}));

  auto phases = value_of(store_->phases(created.id));
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(phases[0].sequence, 1);
  EXPECT_EQ(phases[0].json, R"({"phase":"S1901M"})");
  EXPECT_EQ(phases[1].sequence, 2);

  auto messages = value_of(store_->messages(created.id));
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0].id, outcome.message_ids[0]);
  EXPECT_EQ(messages[0].game, created.id);
  EXPECT_EQ(messages[0].sender, "ENGLAND");
  EXPECT_EQ(messages[0].recipients, R"(["FRANCE"])");
  EXPECT_EQ(messages[1].text, "こんにちは");
  EXPECT_EQ(messages[1].sent_at, kNoon + 1s);

  auto events = value_of(store_->events_after(created.id, 0, 100));
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].id, outcome.event_ids[0]);
  EXPECT_EQ(events[0].kind, "phase_processed");
  EXPECT_EQ(events[1].audience, R"(["FRANCE"])");
  EXPECT_EQ(value_of(store_->events_after(created.id, events[0].id, 100)).size(), 1u);
  EXPECT_EQ(value_of(store_->events_after(created.id, 0, 1)).size(), 1u);
  EXPECT_EQ(value_of(store_->events_after(created.id, 0, std::numeric_limits<std::size_t>::max())).size(), 2u);
  EXPECT_EQ(value_of(store_->last_event_id(created.id)), events[1].id);

  // Phases are appended after the ones already there; players stay unless replaced.
  value_of(store_->update_game(created.id, [](const StoredGame&) {
    GameChange change;
    change.record = "2";
    change.status = "active";
    change.phases = {R"({"phase":"W1901A"})"};
    return change;
  }));
  phases = value_of(store_->phases(created.id));
  ASSERT_EQ(phases.size(), 3u);
  EXPECT_EQ(phases[2].sequence, 3);
  EXPECT_EQ(value_of(store_->load_game(created.id)).players, (std::vector<UserId>{alice.id}));
  EXPECT_EQ(value_of(store_->load_game(created.id)).next_deadline, std::nullopt);
}

// Everything a failed update could have touched, as text, to compare before and after.
std::string snapshot(Store& store, GameId id) {
  const StoredGame game = value_of(store.load_game(id));
  std::string text = game.record + "|" + game.status + "|" + std::to_string(game.version) + "|" +
                     std::to_string(game.players.size()) + "|";
  text += std::to_string(value_of(store.phases(id)).size()) + "|";
  text += std::to_string(value_of(store.messages(id)).size()) + "|";
  text += std::to_string(value_of(store.events_after(id, 0, 100)).size());
  return text;
}

GameChange full_change(std::vector<UserId> players) {
  GameChange change;
  change.record = "changed";
  change.status = "active";
  change.phases = {"{}"};
  change.messages = {NewMessage{"S1901M", "ENGLAND", R"("all")", "hi", kNoon}};
  change.events = {NewEvent{R"("all")", "x", "{}", kNoon}};
  change.players = std::move(players);
  return change;
}

TEST_P(StoreTest, AnUpdateThatDecidesNothingWritesNothing) {
  const StoredGame created = game("g");
  const std::string before = snapshot(*store_, created.id);
  auto outcome = value_of(store_->update_game(created.id, [](const StoredGame&) {
    return std::optional<GameChange>();
  }));
  EXPECT_FALSE(outcome.written);
  EXPECT_EQ(outcome.version, 1);
  EXPECT_EQ(snapshot(*store_, created.id), before);
}

TEST_P(StoreTest, ACreatedGameHoldsTheIdItWasGiven) {
  std::vector<GameId> given;
  auto make = [&](GameId id) {
    given.push_back(id);
    return std::optional<NewGame>(
        NewGame{"dragonchess", "g", "active", kNoon, std::nullopt, fmt::format(R"({{"id":"{}"}})", id), {}});
  };
  const StoredGame first = *value_of(store_->create_game(make));
  const StoredGame second = *value_of(store_->create_game(make));
  ASSERT_EQ(given, (std::vector<GameId>{first.id, second.id}));
  EXPECT_NE(first.id, second.id);
  EXPECT_EQ(second.version, 1);
  EXPECT_EQ(value_of(store_->load_game(second.id)).record, fmt::format(R"({{"id":"{}"}})", second.id));
  EXPECT_EQ(value_of(store_->load_game(first.id)).kind, "dragonchess");
}

// One transaction: whatever stops a creation (the platform refusing, an exception, a
// write failing after the game's row was inserted) leaves no row anywhere.
TEST_P(StoreTest, ACreationThatFailsLeavesNoRow) {
  const User alice = user("alice");
  const auto games_before = count("games");
  const auto players_before = count("game_players");

  auto declined = store_->create_game([](GameId) { return std::optional<NewGame>(); });
  ASSERT_TRUE(declined) << declined.error().message;
  EXPECT_EQ(*declined, std::nullopt);

  GameId thrown_id = 0;
  auto thrown = store_->create_game([&](GameId id) -> std::optional<NewGame> {
    thrown_id = id;
    throw std::runtime_error("the options are broken");
  });
  ASSERT_FALSE(thrown);
  EXPECT_EQ(thrown.error().code, StoreErrorCode::failed);
  EXPECT_EQ(thrown.error().message,
            fmt::format("create_game {}: the creation threw: the options are broken", thrown_id));

  // The games row goes in before the seat of a user that does not exist breaks a foreign
  // key: the row must go with it.
  auto half_way = store_->create_game([&](GameId) {
    return std::optional<NewGame>(
        NewGame{"diplomacy", "half", "forming", kNoon, kNoon + 1h, "{}", {alice.id, 424242}});
  });
  ASSERT_FALSE(half_way);
  EXPECT_EQ(half_way.error().code, StoreErrorCode::failed);

  EXPECT_EQ(count("games"), games_before);
  EXPECT_EQ(count("game_players"), players_before);
  EXPECT_TRUE(value_of(store_->list_games(GameQuery{})).empty());
  EXPECT_TRUE(value_of(store_->due_games(kNoon + 2h, 10)).empty());

  const StoredGame after = game("after");
  EXPECT_EQ(value_of(store_->list_games(GameQuery{})).size(), 1u);
  EXPECT_EQ(value_of(store_->load_game(after.id)).name, "after");
}

TEST_P(StoreTest, AnUpdateThatThrowsWritesNothing) {
  const StoredGame created = game("g");
  const std::string before = snapshot(*store_, created.id);
  auto failed = store_->update_game(created.id, [](const StoredGame&) -> std::optional<GameChange> {
    throw std::runtime_error("the engine broke");
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, StoreErrorCode::failed);
  EXPECT_EQ(failed.error().message,
            "update_game " + std::to_string(created.id) + ": the update threw: the engine broke");
  EXPECT_EQ(snapshot(*store_, created.id), before);
}

TEST_P(StoreTest, AnUpdateThatFailsHalfWayWritesNothing) {
  // The record, phase, message and event are written before the seat of a user that does
  // not exist breaks a foreign key: the whole transaction must go.
  const StoredGame created = game("g");
  const std::string before = snapshot(*store_, created.id);
  auto failed = store_->update_game(created.id, [](const StoredGame&) {
    return std::optional<GameChange>(full_change({424242}));
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, StoreErrorCode::failed);
  EXPECT_TRUE(failed.error().message.starts_with("update_game " + std::to_string(created.id) + ": "))
      << failed.error().message;
  EXPECT_EQ(snapshot(*store_, created.id), before);

  // The connection is still good for the next update.
  const User alice = user("alice");
  EXPECT_TRUE(value_of(store_->update_game(created.id, [&](const StoredGame&) {
                return std::optional<GameChange>(full_change({alice.id}));
              })).written);
  EXPECT_EQ(snapshot(*store_, created.id), "changed|active|2|1|1|1|1");
}

TEST_P(StoreTest, UpdatingAnUnknownGameIsNotFound) {
  bool called = false;
  auto missing = store_->update_game(999, [&](const StoredGame&) {
    called = true;
    return std::optional<GameChange>();
  });
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, StoreErrorCode::not_found);
  EXPECT_EQ(missing.error().message, "update_game 999: no such game");
  EXPECT_FALSE(called);
}

TEST_P(StoreTest, TheLobbyListsMyGamesAndOpenGames) {
  const User alice = user("alice");
  const User bob = user("bob");
  const GameId open_1 = game("open 1").id;
  const GameId alices = game("alice's", std::nullopt, {alice.id}, "active").id;
  const GameId bobs = game("bob's", std::nullopt, {bob.id}, "active").id;
  const GameId open_2 = game("open 2", std::nullopt, {alice.id}).id;
  const GameId finished = game("finished", std::nullopt, {}, "finished").id;
  auto ids = [&](const GameQuery& query) {
    std::vector<GameId> ids;
    for (const StoredGame& game : value_of(store_->list_games(query))) ids.push_back(game.id);
    return ids;
  };
  auto query = [](std::optional<UserId> player, std::vector<std::string> statuses) {
    GameQuery query;
    query.player = player;
    query.statuses = std::move(statuses);
    return query;
  };
  EXPECT_EQ(ids(query(alice.id, {"forming"})), (std::vector<GameId>{open_2, alices, open_1}));
  EXPECT_EQ(ids(query(alice.id, {})), (std::vector<GameId>{open_2, alices}));
  EXPECT_EQ(ids(query(std::nullopt, {"forming", "finished"})),
            (std::vector<GameId>{finished, open_2, open_1}));
  GameQuery everything;
  EXPECT_EQ(ids(everything), (std::vector<GameId>{finished, open_2, bobs, alices, open_1}));
  GameQuery page = everything;
  page.limit = 2;
  EXPECT_EQ(ids(page), (std::vector<GameId>{finished, open_2}));
  page.before = open_2;
  EXPECT_EQ(ids(page), (std::vector<GameId>{bobs, alices}));
  GameQuery dragonchess;
  dragonchess.kind = "dragonchess";
  EXPECT_EQ(ids(dragonchess), (std::vector<GameId>{}));
  GameQuery bobs_diplomacy = query(bob.id, {});
  bobs_diplomacy.kind = "diplomacy";
  EXPECT_EQ(ids(bobs_diplomacy), (std::vector<GameId>{bobs}));
  // The players come with each game.
  EXPECT_EQ(value_of(store_->list_games(query(bob.id, {})))[0].players, (std::vector<UserId>{bob.id}));
}

TEST_P(StoreTest, DueGamesComeEarliestFirstAndOnlyWhileDue) {
  const GameId later = game("later", kNoon + 2min).id;
  const GameId sooner = game("sooner", kNoon + 1min).id;
  game("not yet", kNoon + 1h);
  game("no deadline");
  EXPECT_EQ(value_of(store_->due_games(kNoon, 10)), (std::vector<GameId>{}));
  EXPECT_EQ(value_of(store_->due_games(kNoon + 2min, 10)), (std::vector<GameId>{sooner, later}));
  EXPECT_EQ(value_of(store_->due_games(kNoon + 2min, 1)), (std::vector<GameId>{sooner}));

  int calls = 0;
  auto not_due = value_of(store_->update_due_game(later, kNoon + 1min, [&](const StoredGame&) {
    ++calls;
    return std::optional<GameChange>();
  }));
  EXPECT_FALSE(not_due.written);
  EXPECT_EQ(calls, 0);

  auto processed = value_of(store_->update_due_game(sooner, kNoon + 1min, [&](const StoredGame& game) {
    ++calls;
    GameChange change;
    change.record = game.record + "+";
    change.status = game.status;
    change.next_deadline = kNoon + 1h;
    return std::optional<GameChange>(change);
  }));
  EXPECT_TRUE(processed.written);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(value_of(store_->due_games(kNoon + 2min, 10)), (std::vector<GameId>{later}));
}

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

// Waits for a listener to hear of `game` reaching at least `event`.
class Heard {
 public:
  EventListener listener() {
    return [this](GameId game, EventId last) {
      std::lock_guard lock(mutex_);
      auto& newest = newest_[game];
      newest = std::max(newest, last);
      changed_.notify_all();
    };
  }
  bool wait_for(GameId game, EventId event) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 10s, [&] { return newest_[game] >= event; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<GameId, EventId> newest_;
};

GameChange one_event(const StoredGame& game) {
  GameChange change;
  change.record = game.record;
  change.status = game.status;
  change.events = {NewEvent{R"("all")", "ready", "{}", kNoon}};
  return change;
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

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values(Database::sqlite, Database::postgresql),
                         [](const auto& info) {
                           return info.param == Database::sqlite ? "SQLite" : "PostgreSQL";
                         });

// What only PostgreSQL does: several processes on one database.
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
