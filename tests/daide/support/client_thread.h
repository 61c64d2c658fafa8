#pragma once
// Runs the DAIDE client with a named player against a scripted server, in a thread of
// its own. The destructor closes the server's side first, so a test that fails half-way
// never hangs.

#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "stratagem/daide/tcp_client.h"
#include "support/scripted_server.h"

namespace stratagem::daide::testing {

class ClientThread {
 public:
  ClientThread(ScriptedServer& server, std::string_view player, ClientOptions options = {});
  ~ClientThread();
  // Waits for the client to end; then its result and events may be read.
  const tl::expected<void, std::string>& result();
  std::string events() const;

 private:
  ScriptedServer& server_;
  std::unique_ptr<diplomacy_bots::Player> player_;
  Client client_;
  std::thread thread_;
  tl::expected<void, std::string> result_;
  std::vector<Event> events_;
};

}  // namespace stratagem::daide::testing
