// The DAIDE listener over real sockets (127.0.0.1, a port the system picks) and a SQLite
// store: a connection that never sends its Initial Message gets EM 0x01 when the time is
// up and is closed; a client that never accepts the map is told OFF when the time is up
// and its seat is free again, as is the seat of one whose connection closes before the
// start; one that stops reading what it is sent is dropped at the output limit; the
// server still serves a new client afterwards, and stops with clients connected.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <thread>

#include <boost/asio.hpp>

#include "daide_listener.h"
#include "event_hub.h"
#include "game_cache.h"
#include "api.h"
#include "game_change.h"
#include "game_runner.h"
#include "stratagem/daide/framing.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"
#include "support/conversation.h"

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

  // A forming Diplomacy game with one DAIDE seat beside six of our computer players.
  storage::GameId game_with_one_daide_seat() {
    const auto now = now_instant();
    const nlohmann::json body = {{"game", "diplomacy"}, {"name", "DAIDE seat"}, {"daide_players", 1}, {"computer_players", 6}};
    const auto row = store_->create_game([&](storage::GameId id) -> std::optional<storage::NewGame> {
      auto game = platform::Game::create(std::to_string(id), body, platform::User{"1", "alice"}, now, 7);
      EXPECT_TRUE(game);
      auto written = change_of(*game, platform::Effects{}, now, std::vector<storage::UserId>{});
      return storage::NewGame{.kind = "diplomacy", .name = "DAIDE seat", .status = written.status, .created_at = now,
                              .next_deadline = written.next_deadline, .record = written.record, .players = {}};
    });
    EXPECT_TRUE(row && *row);
    return (*row)->id;
  }
  int daide_seats_open(storage::GameId id) {
    const auto stored = store_->load_game(id);
    const auto game = platform::Game::from_json(nlohmann::json::parse(stored->record));
    return game->diplomacy()->view_for("")["seats"].value("daide_open", -1);
  }
  static void say(tcp::socket& socket, std::string_view text) {
    asio::write(socket, asio::buffer(daide::testing::diplomacy_message(text)));
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

TEST_F(DaideListener, AClientThatNeverAcceptsTheMapIsToldOffAndItsSeatIsFreed) {
  const auto port = start({.map_timeout = std::chrono::milliseconds(300)});
  const auto game = game_with_one_daide_seat();
  tcp::socket slow(io_);
  slow.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(slow, asio::buffer(daide::initial_message()));
  say(slow, "NME ('slow') ('1')");
  const auto octets = read_to_close(slow, std::chrono::seconds(10));
  EXPECT_EQ(daide::testing::messages_in(octets),
            (std::vector<std::string>{"RM", "YES (NME ('slow') ('1'))", "MAP ('STANDARD')", "OFF"}));
  EXPECT_EQ(daide_seats_open(game), 1);
  // A client that takes the seat and goes away before the start leaves it free too.
  tcp::socket leaving(io_);
  leaving.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(leaving, asio::buffer(daide::initial_message()));
  say(leaving, "NME ('leaving') ('1')");
  std::array<std::uint8_t, 4> header{};
  asio::read(leaving, asio::buffer(header));  // the RM: the NME follows it
  for (int k = 0; k < 100 && daide_seats_open(game) != 0; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(daide_seats_open(game), 0);
  leaving.close();
  for (int k = 0; k < 100 && daide_seats_open(game) != 1; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(daide_seats_open(game), 1);
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
