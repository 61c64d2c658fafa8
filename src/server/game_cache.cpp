#include "game_cache.h"

namespace stratagem::server {

std::optional<platform::Game> GameCache::get(storage::GameId id, std::int64_t version) {
  std::shared_ptr<const platform::Game> game;
  {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(id);
    if (it == entries_.end() || it->second.version != version) return std::nullopt;
    recency_.splice(recency_.begin(), recency_, it->second.recency);
    game = it->second.game;
  }
  return *game;
}

void GameCache::put(storage::GameId id, std::int64_t version, platform::Game game) {
  if (capacity_ == 0) return;
  auto shared = std::make_shared<const platform::Game>(std::move(game));
  std::lock_guard lock(mutex_);
  if (const auto it = entries_.find(id); it != entries_.end()) {
    if (it->second.version > version) return;  // a slower writer's older version
    it->second.version = version;
    it->second.game = std::move(shared);
    recency_.splice(recency_.begin(), recency_, it->second.recency);
    return;
  }
  if (entries_.size() >= capacity_) {
    entries_.erase(recency_.back());
    recency_.pop_back();
  }
  recency_.push_front(id);
  entries_.emplace(id, Entry{version, std::move(shared), recency_.begin()});
}

}  // namespace stratagem::server
