#pragma once
// The subscribers of one store, and the calls that tell them a game has new events.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "stratagem/storage/store.h"

namespace stratagem::storage {

class EventHub {
 public:
  EventHub();
  // The subscription may outlive the hub (and the store): cancelling it then does nothing.
  Subscription subscribe(EventListener listener);
  // Calls every listener, one after the other, on the calling thread. A listener being
  // cancelled meanwhile waits for this call to end, so it is never called afterwards.
  void publish(GameId game, EventId last);

 private:
  struct Listeners {
    std::mutex mutex;
    std::map<std::uint64_t, EventListener> by_key;
    std::uint64_t next_key = 0;
  };
  std::shared_ptr<Listeners> listeners_;
};

}  // namespace stratagem::storage
