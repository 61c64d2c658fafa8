#pragma once
// What the Store tests share: a Store opened on a fresh test database of the parameter's
// kind (SQLite, PostgreSQL), users and games made in one call, and results unwrapped.

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

namespace stratagem::storage::store_fixture {

using testing::Database;
using testing::TestDatabase;
using namespace std::chrono_literals;

inline const Instant kNoon = Instant(std::chrono::milliseconds(1'795'000'000'000));

template <typename T>
T value_of(StoreResult<T> result) {
  if (!result) throw std::runtime_error("unexpected StoreError: " + result.error().message);
  return std::move(*result);
}

inline void check(const StoreResult<void>& result) {
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

inline GameChange one_event(const StoredGame& game) {
  GameChange change;
  change.record = game.record;
  change.status = game.status;
  change.events = {NewEvent{R"("all")", "ready", "{}", kNoon}};
  return change;
}


inline GameChange full_change(std::vector<UserId> players) {
  GameChange change;
  change.record = "changed";
  change.status = "active";
  change.phases = {"{}"};
  change.messages = {NewMessage{"S1901M", "ENGLAND", R"("all")", "hi", kNoon}};
  change.events = {NewEvent{R"("all")", "x", "{}", kNoon}};
  change.players = std::move(players);
  return change;
}
}  // namespace stratagem::storage::store_fixture
