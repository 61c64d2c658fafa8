#include "event_hub.h"


namespace stratagem::server {

std::unique_ptr<EventHub::Subscription> EventHub::subscribe(const std::string& topic, Wake wake) {
  std::lock_guard lock(mutex_);
  const auto id = next_id_++;
  topics_[topic].emplace(id, std::move(wake));
  return std::make_unique<Subscription>(this, topic, id);
}

void EventHub::unsubscribe(const std::string& topic, std::uint64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = topics_.find(topic);
  if (it == topics_.end()) return;
  it->second.erase(id);
  if (it->second.empty()) topics_.erase(it);
}

void EventHub::publish(const std::string& topic) {
  std::lock_guard lock(mutex_);
  const auto it = topics_.find(topic);
  if (it == topics_.end()) return;
  for (const auto& [id, wake] : it->second) wake();
}

void EventHub::publish_all() {
  std::lock_guard lock(mutex_);
  for (const auto& [topic, subscribers] : topics_) {
    for (const auto& [id, wake] : subscribers) wake();
  }
}

}  // namespace stratagem::server
