// Committed game updates a second through the Store, as the server makes them: each an
// update_game() of one game (a record of a Diplomacy game's size and one event), from
// several threads at once, each thread on a game of its own. Every commit is durable
// (SQLite: WAL with synchronous=FULL), so on SQLite the figures are the disk's fsync rate
// times how many writes share a commit (group commit).
//
// SQLite uses a file in the temporary folder; PostgreSQL the database named by
// STRATAGEM_TEST_POSTGRESQL (export STRATAGEM_TEST_POSTGRESQL=$(scripts/postgres-for-tests)),
// in a schema of its own that is dropped at the end.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "stratagem/storage/store.h"

namespace {

using namespace stratagem::storage;

// A standard game's record as the platform writes it is a few kilobytes.
const std::string kRecord(6000, 'x');

struct Fixture {
  std::unique_ptr<Store> store;
  std::vector<GameId> games;
  std::filesystem::path folder;  // SQLite
  std::string base_url, schema;  // PostgreSQL

  ~Fixture() {
    store.reset();
    if (!folder.empty()) std::filesystem::remove_all(folder);
    if (!schema.empty()) {
      pqxx::connection connection(base_url);
      pqxx::work work(connection);
      work.exec("DROP SCHEMA " + work.quote_name(schema) + " CASCADE");
      work.commit();
    }
  }
};

std::unique_ptr<Fixture> fixture;

// Called by thread 0 before the timed loop; the other threads start the loop after it.
bool set_up(benchmark::State& state, bool postgresql, int threads) {
  fixture = std::make_unique<Fixture>();
  std::string url;
  const std::string name = "storage_bench_" + std::to_string(getpid());
  if (postgresql) {
    const char* base = std::getenv("STRATAGEM_TEST_POSTGRESQL");
    if (base == nullptr || *base == '\0') {
      state.SkipWithError("set STRATAGEM_TEST_POSTGRESQL (scripts/postgres-for-tests)");
      return false;
    }
    fixture->base_url = base;
    fixture->schema = name;
    pqxx::connection connection(fixture->base_url);
    pqxx::work work(connection);
    work.exec("CREATE SCHEMA " + work.quote_name(name));
    work.commit();
    url = fixture->base_url + (fixture->base_url.find('?') == std::string::npos ? "?" : "&") +
          "options=-csearch_path%3D" + name;
  } else {
    fixture->folder = std::filesystem::temp_directory_path() / name;
    std::filesystem::create_directories(fixture->folder);
    url = "sqlite:" + (fixture->folder / "bench.db").string();
  }
  // A pooled connection per thread: with fewer, the threads queue for the reads before
  // their writes (SQLite) or for their transactions (PostgreSQL) rather than for commits.
  auto store = open_store(url, StoreOptions{static_cast<std::size_t>(threads)});
  if (!store) {
    state.SkipWithError(store.error().message.c_str());
    return false;
  }
  fixture->store = std::move(*store);
  for (int i = 0; i < threads; ++i)
    fixture->games.push_back((*fixture->store->create_game([](GameId) {
                               return std::optional<NewGame>(
                                   NewGame{"diplomacy", "bench", "active", {}, {}, kRecord, {}});
                             }))->id);
  return true;
}

void update_game(benchmark::State& state, bool postgresql) {
  if (state.thread_index() == 0 && !set_up(state, postgresql, state.threads())) return;
  for (auto _ : state) {
    const GameId id = fixture->games[state.thread_index()];
    auto outcome = fixture->store->update_game(id, [](const StoredGame& game) {
      GameChange change;
      change.record = game.record;
      change.status = game.status;
      change.events = {NewEvent{R"("all")", "orders", R"({"power":"ENGLAND"})", {}}};
      return std::optional<GameChange>(change);
    });
    if (!outcome) state.SkipWithError(outcome.error().message.c_str());
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) fixture.reset();
}

void sqlite_update_game(benchmark::State& state) { update_game(state, false); }
void postgresql_update_game(benchmark::State& state) { update_game(state, true); }

// items_per_second is the total over all threads: committed updates a second.
BENCHMARK(sqlite_update_game)->Threads(1)->Threads(4)->Threads(16)->Threads(32)->Threads(64)->UseRealTime()->MinTime(2.0);
BENCHMARK(postgresql_update_game)->Threads(1)->Threads(4)->Threads(16)->Threads(32)->Threads(64)->UseRealTime()->MinTime(2.0);

}  // namespace
