#include "event_hub.h"

#include <utility>

namespace stratagem::storage {

EventHub::EventHub() : listeners_(std::make_shared<Listeners>()) {}

Subscription EventHub::subscribe(EventListener listener) {
  std::uint64_t key = 0;
  {
    std::lock_guard lock(listeners_->mutex);
    key = listeners_->next_key++;
    listeners_->by_key.emplace(key, std::move(listener));
  }
  return Subscription([weak = std::weak_ptr<Listeners>(listeners_), key] {
    if (auto listeners = weak.lock()) {
      std::lock_guard lock(listeners->mutex);
      listeners->by_key.erase(key);
    }
  });
}

void EventHub::publish(GameId game, EventId last) {
  std::lock_guard lock(listeners_->mutex);
  for (auto& [key, listener] : listeners_->by_key) listener(game, last);
}

}  // namespace stratagem::storage
