#pragma once
// `stratagem serve --daide HOST:PORT`: DAIDE clients over TCP (protocol.html chapter 2).
// One I/O thread accepts and moves octets (Boost.Asio, no Beast); each connection's
// session (daide::ServerSession over a DaideTable) runs on a small worker pool, one
// strand per connection, since its table calls storage and blocks. A connection learns
// that its game changed from the EventHub, like an event stream, so a DAIDE player sees
// phases processed by any process on the database.

#include <chrono>
#include <cstddef>
#include <memory>

#include <tl/expected.hpp>

#include "event_hub.h"
#include "game_cache.h"
#include "game_runner.h"
#include "http_listener.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

struct DaideServerOptions {
  std::size_t worker_threads = 4;
  // Open connections at most, in all and from one client address; beyond, a new
  // connection is closed at once.
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_address = 256;
  // protocol.html 3.1: the Initial Message must come within 30 seconds (else EM 0x01).
  std::chrono::milliseconds initial_timeout{30'000};
  // After MAP, the client must accept it (YES (MAP), after MDF if it asks) within this, or
  // it is told OFF and its seat is free again (syntax.html gives no figure; a bot needs
  // milliseconds, a person at a DAIDE mapper a little longer).
  std::chrono::milliseconds map_timeout{60'000};
  // A write to a client must finish within this, and at most this much may wait to be
  // sent to one client: a client that does not read is disconnected (it can come back
  // with IAM).
  std::chrono::milliseconds write_timeout{10'000};
  std::size_t max_pending_output = 4 * 1024 * 1024;
};

class DaideServer {
 public:
  DaideServer(storage::Store& store, GameCache& games, GameRunner& runner, EventHub& hub,
              DaideServerOptions options = {});
  ~DaideServer();
  DaideServer(const DaideServer&) = delete;
  DaideServer& operator=(const DaideServer&) = delete;

  // Binds and listens (port 0: a free port); the address with the real port. Accepting
  // starts at once on the server's own threads.
  tl::expected<ListenAddress, std::string> listen(const ListenAddress& address);
  // Closes the listener and every connection, and joins the threads.
  void stop();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stratagem::server
