#pragma once
// Games as the platform reads them, kept by (id, version) so that a request does not
// parse the stored record again when this process wrote or read that very version last.
// Storage's version grows by one with every committed update, from any process, so an
// entry can never stand for another record: a newer version is simply a miss. Bounded:
// the least recently used game goes first.

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

class GameCache {
 public:
  explicit GameCache(std::size_t capacity) : capacity_(capacity) {}

  // A copy for the caller to act on, made outside the lock: every request of every game
  // goes through here.
  std::optional<platform::Game> get(storage::GameId id, std::int64_t version);
  void put(storage::GameId id, std::int64_t version, platform::Game game);

 private:
  struct Entry {
    std::int64_t version;
    std::shared_ptr<const platform::Game> game;
    std::list<storage::GameId>::iterator recency;
  };
  std::size_t capacity_;
  std::mutex mutex_;
  std::list<storage::GameId> recency_;  // most recent first
  std::unordered_map<storage::GameId, Entry> entries_;
};

}  // namespace stratagem::server
