// The Store against real databases, every test on SQLite and on PostgreSQL: users,
// sessions, games, updates written whole or not at all, the lobby, due deadlines, what
// people have read.

#include "store_fixture.h"

namespace stratagem::storage {
namespace {

using namespace store_fixture;
using namespace std::chrono_literals;

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

// What start_update's `done` was called with, waited for.
class Started {
 public:
  Store::UpdateDone done() {
    return [this](std::optional<StoreResult<UpdateOutcome>> outcome) {
      std::lock_guard lock(mutex_);
      outcome_ = std::move(outcome);
      called_ = true;
      called_once_.notify_all();
    };
  }
  std::optional<StoreResult<UpdateOutcome>> wait() {
    std::unique_lock lock(mutex_);
    if (!called_once_.wait_for(lock, 10s, [&] { return called_; })) throw std::runtime_error("done never called");
    return outcome_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable called_once_;
  bool called_ = false;
  std::optional<StoreResult<UpdateOutcome>> outcome_;
};

TEST_P(StoreTest, AnUpdateStartedWithoutWaitingIsCommittedThenReported) {
  const GameId id = game("g").id;
  const auto first = value_of(store_->update_game(id, [](const StoredGame& game) {
    return std::optional<GameChange>(one_event(game));
  }));
  auto other = open();
  Heard heard;
  Subscription subscription = store_->subscribe(heard.listener());
  Started started;
  ASSERT_TRUE(store_->start_update(id, [](const StoredGame& game) {
    GameChange change = one_event(game);
    change.record = "after";
    change.messages = {NewMessage{"S1901M", "FRANCE", R"(["ENGLAND"])", "hello", kNoon}};
    return std::optional<GameChange>(change);
  }, started.done()));
  const auto outcome = started.wait();
  ASSERT_TRUE(outcome && *outcome) << (outcome ? outcome->error().message : "nullopt");
  const UpdateOutcome& written = **outcome;
  EXPECT_TRUE(written.written);
  EXPECT_EQ(written.version, first.version + 1);
  ASSERT_EQ(written.event_ids.size(), 1u);
  EXPECT_GT(written.event_ids[0], first.event_ids.at(0));
  ASSERT_EQ(written.message_ids.size(), 1u);
  EXPECT_TRUE(heard.wait_for(id, written.event_ids[0]));
  const StoredGame stored = value_of(other->load_game(id));
  EXPECT_EQ(stored.version, written.version);
  EXPECT_EQ(stored.record, "after");
  EXPECT_EQ(value_of(store_->messages(id)).at(0).text, "hello");
  // What was written is what the store now remembers: the next start goes over it.
  Started next;
  ASSERT_TRUE(store_->start_update(id, [&](const StoredGame& game) {
    EXPECT_EQ(game.version, written.version);
    EXPECT_EQ(game.record, "after");
    return std::optional<GameChange>(one_event(game));
  }, next.done()));
  next.wait();
}

// A store destroyed with started updates still in its committer's queue writes them and
// calls every `done` before it is gone, its remembered rows and subscribers still there.
TEST_P(StoreTest, DestroyingTheStoreWaitsForEveryStartedUpdate) {
  constexpr int kGames = 40;
  const auto writes = [](const StoredGame& game) { return std::optional<GameChange>(one_event(game)); };
  std::vector<GameId> ids;
  for (int g = 0; g < kGames; ++g) {
    ids.push_back(game(fmt::format("g{}", g)).id);
    value_of(store_->update_game(ids.back(), writes));
  }
  std::atomic<int> written{0};
  for (const GameId id : ids)
    ASSERT_TRUE(store_->start_update(id, writes, [&](std::optional<StoreResult<UpdateOutcome>> outcome) {
      if (outcome && *outcome && (*outcome)->written) ++written;
    }));
  store_.reset();
  EXPECT_EQ(written, kGames);
  auto reopened = open();
  for (const GameId id : ids) EXPECT_EQ(value_of(reopened->events_after(id, 0, 10)).size(), 2u) << id;
}

TEST_P(StoreTest, AnUpdateIsNotStartedWhenItWouldWaitOrWriteNothing) {
  const GameId id = game("g").id;
  int calls = 0;
  const auto writes = [&](const StoredGame& game) {
    ++calls;
    return std::optional<GameChange>(one_event(game));
  };
  auto never = [](std::optional<StoreResult<UpdateOutcome>>) { ADD_FAILURE() << "done called"; };
  // A game this store has not read or written: it would have to read it first.
  EXPECT_FALSE(store_->start_update(id, writes, never));
  EXPECT_EQ(calls, 0);
  value_of(store_->update_game(id, writes));
  // Nothing to write (a refusal, to be decided again over the database).
  EXPECT_FALSE(store_->start_update(id, [](const StoredGame&) { return std::optional<GameChange>(); }, never));
  EXPECT_EQ(value_of(store_->events_after(id, 0, 10)).size(), 1u);
}

// Players and processed phases are not among a batch's rows written together: a started
// update with them is written row by row, all of it.
TEST_P(StoreTest, AStartedUpdateWritesItsPlayersAndPhasesToo) {
  const UserId ann = user("ann").id;
  const GameId id = game("g").id;
  value_of(store_->update_game(id, [](const StoredGame& game) { return std::optional<GameChange>(one_event(game)); }));
  Started started;
  ASSERT_TRUE(store_->start_update(id, [&](const StoredGame& game) {
    GameChange change = one_event(game);
    change.players = std::vector<UserId>{ann};
    change.phases = {R"({"phase":"S1901M"})"};
    return std::optional<GameChange>(change);
  }, started.done()));
  const auto outcome = started.wait();
  ASSERT_TRUE(outcome && *outcome) << (outcome ? outcome->error().message : "nullopt");
  EXPECT_EQ(value_of(open()->load_game(id)).players, std::vector<UserId>{ann});
  const auto phases = value_of(store_->phases(id));
  ASSERT_EQ(phases.size(), 1u);
  EXPECT_EQ(phases[0].json, R"({"phase":"S1901M"})");
}

// Another process moved the game on: nothing is written, `done` hears nullopt (the caller
// then calls update_game, which reads the game), and the store no longer starts from
// what it remembered.
TEST_P(StoreTest, AnUpdateStartedOverAGameMovedOnElsewhereIsLeftToUpdateGame) {
  const GameId id = game("g").id;
  const auto writes = [](const StoredGame& game) { return std::optional<GameChange>(one_event(game)); };
  value_of(store_->update_game(id, writes));
  auto other = open();
  const auto elsewhere = value_of(other->update_game(id, writes));
  Started started;
  ASSERT_TRUE(store_->start_update(id, writes, started.done()));
  EXPECT_EQ(started.wait(), std::nullopt);
  EXPECT_EQ(value_of(store_->events_after(id, 0, 10)).size(), 2u);
  EXPECT_EQ(value_of(store_->load_game(id)).version, elsewhere.version);
  EXPECT_FALSE(store_->start_update(id, writes, started.done()));
  const auto read_again = value_of(store_->update_game(id, writes));
  EXPECT_EQ(read_again.version, elsewhere.version + 1);
}

// What a person has read of a game's press, per conversation, with the account: marks
// only move forward (a device that was behind brings nothing back), apart per user and
// per game; a mark for no such game or user is not_found and writes nothing.
TEST_P(StoreTest, PressReadMarksAreKeptPerUserAndGameAndOnlyMoveForward) {
  const User alice = user("alice");
  const User bob = user("bob");
  const GameId first = game("g1").id;
  const GameId second = game("g2").id;
  EXPECT_EQ(value_of(store_->press_read(alice.id, first)), PressRead{});
  EXPECT_EQ(value_of(store_->mark_press_read(alice.id, first, "GERMANY", 4)), (PressRead{{"GERMANY", 4}}));
  EXPECT_EQ(value_of(store_->mark_press_read(alice.id, first, "*", 7)), (PressRead{{"*", 7}, {"GERMANY", 4}}));
  EXPECT_EQ(value_of(store_->mark_press_read(alice.id, first, "GERMANY", 3)), (PressRead{{"*", 7}, {"GERMANY", 4}}));
  EXPECT_EQ(value_of(store_->mark_press_read(alice.id, first, "GERMANY", 9)), (PressRead{{"*", 7}, {"GERMANY", 9}}));
  value_of(store_->mark_press_read(bob.id, first, "all", 2));
  value_of(store_->mark_press_read(alice.id, second, "all", 1));
  EXPECT_EQ(value_of(store_->press_read(alice.id, first)), (PressRead{{"*", 7}, {"GERMANY", 9}}));
  EXPECT_EQ(value_of(store_->press_read(bob.id, first)), (PressRead{{"all", 2}}));
  EXPECT_EQ(value_of(store_->press_read(alice.id, second)), (PressRead{{"all", 1}}));
  // Read back through another store (another process on PostgreSQL): the same marks.
  EXPECT_EQ(value_of(open()->press_read(alice.id, first)), (PressRead{{"*", 7}, {"GERMANY", 9}}));
  const auto no_game = store_->mark_press_read(alice.id, second + 100, "all", 1);
  ASSERT_FALSE(no_game);
  EXPECT_EQ(no_game.error().code, StoreErrorCode::not_found);
  EXPECT_EQ(store_->mark_press_read(bob.id + 100, first, "all", 1).error().code, StoreErrorCode::not_found);
  EXPECT_EQ(count("press_read"), (std::vector<std::optional<std::string>>{"4"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values(Database::sqlite, Database::postgresql),
                         [](const auto& info) {
                           return info.param == Database::sqlite ? "SQLite" : "PostgreSQL";
                         });

}  // namespace
}  // namespace stratagem::storage
