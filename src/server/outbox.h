#pragma once
// The outbox's two stages in the server (docs/server.md, "Notices"):
//  - a dispatcher thread fans every new notice out into deliveries, one per channel and
//    recipient the reader chose (storage's dispatch_notices: each notice once, by one
//    process), deciding when each goes (a reminder hours before its deadline, press
//    gathered, everything else at once);
//  - one drainer thread per channel claims the channel's due deliveries for a lease,
//    checks that each still says something true of its game, hands it to the channel's
//    sender, and records what came of it: delivered, tried again later with a growing
//    wait, or given up.
// A channel is one ChannelSender (e-mail, a game's group chats, Web Push): adding a
// channel is adding a sender, nothing more.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "game_cache.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/notices.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

// What became of one send.
struct SendOutcome {
  enum class Kind {
    sent,   // the far end took it: recorded as delivered
    retry,  // may work later (server down, timeout, 429/5xx): tried again after a wait
    drop,   // never will (no such address any more, refused for good): given up
  };
  Kind kind = Kind::sent;
  std::string reason;  // for the log and the row's last_error
  // retry: how long the far end asked us to wait (Retry-After), when it said.
  std::optional<std::chrono::seconds> wait_asked;
  static SendOutcome sent() { return {}; }
  static SendOutcome retry(std::string reason, std::optional<std::chrono::seconds> wait_asked = std::nullopt) {
    return {Kind::retry, std::move(reason), wait_asked};
  }
  static SendOutcome drop(std::string reason) { return {Kind::drop, std::move(reason), std::nullopt}; }
};

class ChannelSender {
 public:
  virtual ~ChannelSender() = default;
  // The channel's name in the players' settings and in the outbox ("email", "push", ...).
  virtual std::string_view channel() const = 0;
  // Whether players choose it for their own notices (e-mail, push); false for a channel
  // of games rather than players (the group chats' webhooks).
  virtual bool for_players() const { return true; }
  // Inside the fan-out's transaction (never call the Store here): whom this channel tells
  // `user` through, one delivery each (an address, each of the user's devices); empty when
  // the user has not set the channel up.
  virtual std::vector<std::string> recipients(storage::OutboxWriter& outbox, storage::UserId user) = 0;
  // Sends one delivery, on the channel's drainer thread; blocking, but bounded by the
  // sender's own timeouts (well inside the outbox's lease). `game`: the delivery's game as
  // it is now, when it is about one.
  virtual SendOutcome send(const storage::Delivery& delivery, const platform::Game* game) = 0;
};

struct OutboxOptions {
  // How often the dispatcher and the drainers look for work when nobody woke them (new
  // notices of other processes, deliveries falling due).
  std::chrono::milliseconds poll{1000};
  // How long a drainer holds the deliveries it claimed: longer than any send can take.
  // A drainer that dies holding them (kill -9) leaves them to be claimed again after it.
  std::chrono::seconds lease{120};
  std::size_t batch = 64;
};

class Outbox {
 public:
  Outbox(storage::Store& store, GameCache& games, std::vector<std::unique_ptr<ChannelSender>> senders,
         OutboxOptions options = {});
  ~Outbox();
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  void start();
  // Stops taking work; sends in flight finish; joins.
  void stop();
  // New notices were committed here: dispatch them now rather than at the next poll.
  void wake();

  // The channels players may choose (the senders for players), sorted.
  std::vector<std::string> player_channels() const;

 private:
  void dispatch_loop();
  void dispatch(const storage::StoredNotice& notice, storage::OutboxWriter& outbox, storage::Instant now);
  void drain_loop(ChannelSender& sender);
  void drain(ChannelSender& sender, const storage::Delivery& delivery);
  // Sleeps until `wakes` moves past `seen` or `poll` has passed; false once stopping.
  bool wait(const std::uint64_t& wakes, std::uint64_t& seen);
  void bump(std::uint64_t& wakes);

  storage::Store& store_;
  GameCache& games_;
  std::vector<std::unique_ptr<ChannelSender>> senders_;
  std::map<std::string, ChannelSender*, std::less<>> by_channel_;
  OutboxOptions options_;
  std::string claimer_;  // this process, in the deliveries it claims
  std::mutex mutex_;
  std::condition_variable woken_;
  std::atomic<bool> stopping_{false};
  // Wake-ups (under mutex_): new notices for the dispatcher, new deliveries for drainers.
  std::uint64_t notice_wakes_ = 0;
  std::uint64_t delivery_wakes_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace stratagem::server
