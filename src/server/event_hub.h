#pragma once
// Wakes the event streams of a game when something new may be stored for it. The hub
// carries no events itself (the stream reads them from storage, so a client that
// reconnects with Last-Event-ID misses nothing); it says only "look again". Storage calls
// publish() for events committed by this process and, with PostgreSQL, by any other.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace stratagem::server {

class EventHub {
 public:
  using Wake = std::function<void()>;

  class Subscription {
   public:
    Subscription(EventHub* hub, std::string topic, std::uint64_t id) : hub_(hub), topic_(std::move(topic)), id_(id) {}
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    ~Subscription() { hub_->unsubscribe(topic_, id_); }

   private:
    EventHub* hub_;
    std::string topic_;
    std::uint64_t id_;
  };

  // `wake` is called from any thread, must not block, and may be called after the
  // subscription ends only if it was already running then.
  std::unique_ptr<Subscription> subscribe(const std::string& topic, Wake wake);
  void publish(const std::string& topic);
  // Every subscriber, e.g. at shutdown.
  void publish_all();

 private:
  void unsubscribe(const std::string& topic, std::uint64_t id);

  std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::map<std::string, std::map<std::uint64_t, Wake>> topics_;
};

}  // namespace stratagem::server
