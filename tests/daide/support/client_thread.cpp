#include "support/client_thread.h"

namespace stratagem::daide::testing {

namespace {
ClientOptions with_test_version(ClientOptions options) {
  options.version = "test";
  return options;
}
}  // namespace

ClientThread::ClientThread(ScriptedServer& server, std::string_view player, ClientOptions options)
    : server_(server), player_(*diplomacy_bots::make_player(player)), client_(*player_, with_test_version(std::move(options))) {
  thread_ = std::thread([this, port = server.port()] {
    result_ = run_over_tcp("127.0.0.1", port, client_, [this](const Event& e) { events_.push_back(e); });
  });
}

ClientThread::~ClientThread() {
  server_.close();
  if (thread_.joinable()) thread_.join();
}

const tl::expected<void, std::string>& ClientThread::result() {
  if (thread_.joinable()) thread_.join();
  return result_;
}

std::string ClientThread::events() const {
  std::string all;
  for (const Event& e : events_) all += e.text + "\n";
  return all;
}

}  // namespace stratagem::daide::testing
