// The DAIDE listener over real sockets (127.0.0.1, a port the system picks) and a SQLite
// store: a connection that never sends its Initial Message gets EM 0x01 when the time is
// up and is closed; one that stops reading what it is sent is dropped at the output limit;
// the server still serves a new client afterwards, and stops with clients connected.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <thread>

#include <boost/asio.hpp>

#include "daide_listener.h"
#include "event_hub.h"
#include "game_cache.h"
#include "game_runner.h"
#include "stratagem/daide/framing.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class DaideListener : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = std::filesystem::temp_directory_path() /
                 ("daide-listener-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(directory_);
    store_ = std::move(*storage::open_store("sqlite:" + (directory_ / "test.db").string()));
    runner_ = std::make_unique<GameRunner>(*store_, games_, GameRunnerOptions{});
  }
  void TearDown() override {
    server_.reset();
    runner_.reset();
    store_.reset();
    std::filesystem::remove_all(directory_);
  }
  std::uint16_t start(DaideServerOptions options) {
    server_ = std::make_unique<DaideServer>(*store_, games_, *runner_, hub_, options);
    auto bound = server_->listen({"127.0.0.1", 0});
    EXPECT_TRUE(bound) << bound.error();
    return bound ? bound->port : 0;
  }
  // Every octet until the server closes the connection (or `limit` passes).
  static std::vector<std::uint8_t> read_to_close(tcp::socket& socket, std::chrono::milliseconds limit) {
    std::vector<std::uint8_t> all;
    const auto until = std::chrono::steady_clock::now() + limit;
    socket.non_blocking(true);
    std::array<std::uint8_t, 4096> buffer{};
    while (std::chrono::steady_clock::now() < until) {
      boost::system::error_code ec;
      const std::size_t n = socket.read_some(asio::buffer(buffer), ec);
      if (ec == asio::error::would_block) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      if (ec) return all;  // closed
      all.insert(all.end(), buffer.begin(), buffer.begin() + n);
    }
    ADD_FAILURE() << "the server did not close the connection in time";
    return all;
  }

  std::filesystem::path directory_;
  std::unique_ptr<storage::Store> store_;
  GameCache games_{16};
  EventHub hub_;
  std::unique_ptr<GameRunner> runner_;
  std::unique_ptr<DaideServer> server_;
  asio::io_context io_;
};

TEST_F(DaideListener, ASilentConnectionGetsTheInitialTimerErrorAndIsClosed) {
  const auto port = start({.initial_timeout = std::chrono::milliseconds(300)});
  tcp::socket silent(io_);
  silent.connect({asio::ip::make_address("127.0.0.1"), port});
  const auto started = std::chrono::steady_clock::now();
  const auto octets = read_to_close(silent, std::chrono::seconds(5));
  EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(250));
  EXPECT_EQ(octets, daide::error_message(daide::ErrorCode::InitialTimer));
}

TEST_F(DaideListener, AClientThatDoesNotReadIsDroppedAndOthersAreServed) {
  const auto port = start({.max_pending_output = 64 * 1024});
  tcp::socket greedy(io_);
  greedy.connect({asio::ip::make_address("127.0.0.1"), port});
  // IM, then 60,000 MDF requests whose answers (about 1.5 KB each) it never reads.
  asio::write(greedy, asio::buffer(daide::initial_message()));
  const std::vector<std::uint8_t> mdf = {2, 0, 0, 2, 0x48, 0x0A};
  std::vector<std::uint8_t> flood;
  for (int k = 0; k < 60000; ++k) flood.insert(flood.end(), mdf.begin(), mdf.end());
  boost::system::error_code ec;
  asio::write(greedy, asio::buffer(flood), ec);  // may fail once the server has dropped it
  // A newcomer is answered at once.
  tcp::socket polite(io_);
  polite.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(polite, asio::buffer(daide::initial_message()));
  std::array<std::uint8_t, 4> header{};
  asio::read(polite, asio::buffer(header));
  EXPECT_EQ(header[0], static_cast<std::uint8_t>(daide::MessageType::Representation));
  // The greedy one was cut off: reading now ends at a close, long before 60,000 answers
  // (a server that kept it would keep it waiting: reads give up after 10 s).
  const timeval patience{10, 0};
  ::setsockopt(greedy.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
  std::size_t received = 0;
  std::array<std::uint8_t, 65536> buffer{};
  for (;;) {
    const std::size_t n = greedy.read_some(asio::buffer(buffer), ec);
    if (ec) break;
    received += n;
  }
  EXPECT_LT(received, 60000u * 1000u);
  server_->stop();  // with a client still connected
}

}  // namespace
}  // namespace stratagem::server
