// The server's pieces that need no network: Accept-Language, request bodies read field by
// field, the login rate limiter, the web client's files, and the listen address.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "game_cache.h"
#include "http_listener.h"
#include "failure_throttle.h"
#include "json_fields.h"
#include "language.h"
#include "rate_limiter.h"
#include "session_cache.h"
#include "static_files.h"
#include "stratagem/platform/names.h"

namespace stratagem::server {
namespace {

TEST(ServerLanguage, AcceptLanguageChoosesTheBestOfTheFour) {
  EXPECT_EQ(language_from_accept_language("ja"), Language::Ja);
  EXPECT_EQ(language_from_accept_language("fr-FR,fr;q=0.9,ja;q=0.5,en;q=0.4"), Language::Ja);
  EXPECT_EQ(language_from_accept_language("en;q=0.2, zh-TW;q=0.8"), Language::ZhHant);
  EXPECT_EQ(language_from_accept_language("zh-HK"), Language::ZhHant);
  EXPECT_EQ(language_from_accept_language("zh-Hant-CN"), Language::ZhHant);
  EXPECT_EQ(language_from_accept_language("zh-CN, zh;q=0.9"), Language::ZhHans);
  EXPECT_EQ(language_from_accept_language("zh"), Language::ZhHans);
  EXPECT_EQ(language_from_accept_language("EN-gb"), Language::En);
  EXPECT_EQ(language_from_accept_language("fr, de;q=0.5"), std::nullopt);
  EXPECT_EQ(language_from_accept_language(""), std::nullopt);
  EXPECT_EQ(language_from_accept_language("ja;q=0"), std::nullopt);
  EXPECT_EQ(language_from_accept_language(";;,,q=,"), std::nullopt);
}

// Whose names of powers the server's sentences use in traditional Chinese (義大利 / 意大利).
TEST(ServerLanguage, HongKongsNamesForTheRequestOrAccountThatAsksForThem) {
  EXPECT_EQ(names_from_accept_language("zh-Hant-HK"), NameRegion::HongKong);
  EXPECT_EQ(names_from_accept_language("zh-HK"), NameRegion::HongKong);
  EXPECT_EQ(names_from_accept_language("zh-MO, en;q=0.5"), NameRegion::HongKong);
  EXPECT_EQ(names_from_accept_language("en;q=0.9, zh-Hant-HK;q=0.5"), NameRegion::Taiwan);
  EXPECT_EQ(names_from_accept_language("zh-Hant"), NameRegion::Taiwan);
  EXPECT_EQ(names_from_accept_language("zh-TW"), NameRegion::Taiwan);
  EXPECT_EQ(names_from_accept_language(""), NameRegion::Taiwan);
  EXPECT_EQ(account_names("zh-Hant-HK"), NameRegion::HongKong);
  EXPECT_EQ(account_names("zh-Hant"), NameRegion::Taiwan);
  EXPECT_EQ(account_language("zh-Hant-HK"), Language::ZhHant);
}

TEST(ServerFields, MessagesNameTheFieldInTheCallersLanguage) {
  const auto body = parse_body(R"({"name": 5, "deadlines": {"movement_seconds": "x"}, "n": 99})", Language::En);
  ASSERT_TRUE(body);
  const auto fields = Fields::of(*body, Language::En);
  ASSERT_TRUE(fields);
  EXPECT_EQ(fields->string("name").error().message, "field 'name' must be a string");
  EXPECT_EQ(fields->string("password").error().message, "field 'password' is missing");
  EXPECT_EQ(fields->optional_integer("n", 0, 10).error().message, "field 'n' must be from 0 to 10");
  const auto deadlines = fields->object("deadlines");
  ASSERT_TRUE(deadlines);
  EXPECT_EQ(deadlines->optional_integer("movement_seconds", 1, 10).error().message,
            "field 'deadlines.movement_seconds' must be an integer");
  const auto japanese = Fields::of(*body, Language::Ja);
  EXPECT_EQ(japanese->string("password").error().message, "フィールド「password」がありません");
  EXPECT_EQ(japanese->string("password").error().code, "bad_request");
}

TEST(ServerFields, MalformedBodiesAndLengthsInCodePoints) {
  const auto malformed = parse_body(R"({"name": )", Language::ZhHans);
  ASSERT_FALSE(malformed);
  EXPECT_EQ(malformed.error().status, 400);
  EXPECT_NE(malformed.error().message.find("JSON"), std::string::npos);
  EXPECT_FALSE(Fields::of(nlohmann::json::array(), Language::En));
  EXPECT_EQ(platform::code_points("山田太郎"), 4u);
  const auto body = nlohmann::json{{"name", "山田太郎"}};
  const auto fields = Fields::of(body, Language::En);
  EXPECT_TRUE(fields->check_length("name", "山田太郎", 1, 4));
  EXPECT_FALSE(fields->check_length("name", "山田太郎", 1, 3));
  EXPECT_TRUE(parse_body("  \n", Language::En)->is_object());
}

TEST(ServerRateLimiter, AttemptsEmptyTheBucketAndTimeRefillsIt) {
  RateLimiter limiter(3, std::chrono::seconds(10));
  const auto start = RateLimiter::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(limiter.wait_for("alice", start), RateLimiter::Clock::duration::zero());
    limiter.take("alice", start);
  }
  EXPECT_EQ(limiter.wait_for("alice", start), std::chrono::seconds(10));
  EXPECT_EQ(limiter.wait_for("bob", start), RateLimiter::Clock::duration::zero());
  EXPECT_EQ(limiter.wait_for("alice", start + std::chrono::seconds(4)), std::chrono::seconds(6));
  EXPECT_EQ(limiter.wait_for("alice", start + std::chrono::seconds(10)), RateLimiter::Clock::duration::zero());
}

TEST(ServerFailureThrottle, FreeFailuresThenDelaysThatDoubleUpToTheLongest) {
  FailureThrottle throttle(FailureThrottleOptions{.free_failures = 2,
                                                  .base = std::chrono::seconds(1),
                                                  .longest = std::chrono::seconds(5),
                                                  .forget_after = std::chrono::minutes(10)});
  using std::chrono::seconds;
  const auto zero = FailureThrottle::Clock::duration::zero();
  const auto t = FailureThrottle::Clock::time_point{} + std::chrono::hours(1);
  throttle.record_failure("a", t);
  EXPECT_EQ(throttle.wait_for("a", t), zero);
  throttle.record_failure("a", t);
  EXPECT_EQ(throttle.wait_for("a", t), seconds(1));  // 2 failures: 1 s
  throttle.record_failure("a", t + seconds(1));
  EXPECT_EQ(throttle.wait_for("a", t + seconds(1)), seconds(2));
  throttle.record_failure("a", t + seconds(3));
  EXPECT_EQ(throttle.wait_for("a", t + seconds(3)), seconds(4));
  throttle.record_failure("a", t + seconds(7));
  EXPECT_EQ(throttle.wait_for("a", t + seconds(7)), seconds(5));  // capped
  EXPECT_EQ(throttle.wait_for("a", t + seconds(9)), seconds(3));
  EXPECT_EQ(throttle.wait_for("b", t + seconds(7)), zero);  // others are not held back
  EXPECT_EQ(throttle.wait_for("a", t + seconds(7) + std::chrono::minutes(10)), zero);  // forgotten
  throttle.record_success("a");
  EXPECT_EQ(throttle.wait_for("a", t + seconds(8)), zero);
}

TEST(ServerFailureThrottle, KeepsAtMostItsKeys) {
  FailureThrottle throttle(FailureThrottleOptions{.free_failures = 0, .max_keys = 100});
  const auto t = FailureThrottle::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 1000; ++i) throttle.record_failure(std::to_string(i), t + std::chrono::milliseconds(i));
  // The most recent keys are still throttled; the oldest were forgotten.
  EXPECT_GT(throttle.wait_for("999", t + std::chrono::seconds(1)), FailureThrottle::Clock::duration::zero());
  EXPECT_EQ(throttle.wait_for("0", t + std::chrono::seconds(1)), FailureThrottle::Clock::duration::zero());
}

TEST(ServerFields, NumbersTooLargeForADoubleNameTheirField) {
  const auto top = parse_body(R"({"deadlines": {"movement_seconds": 1e400}})", Language::En);
  ASSERT_FALSE(top);
  EXPECT_EQ(top.error().status, 400);
  EXPECT_EQ(top.error().message, "field 'deadlines.movement_seconds' holds a number too large to read");
  const auto listed = parse_body(R"({"orders": {"FRANCE": ["A PAR H", -1e999]}})", Language::Ja);
  ASSERT_FALSE(listed);
  EXPECT_EQ(listed.error().message, "フィールド「orders.FRANCE[1]」の数値が大きすぎて読めません");
  const auto bare = parse_body("1e400", Language::En);
  ASSERT_FALSE(bare);
  EXPECT_EQ(bare.error().status, 400);
}

class ServerStaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("stratagem_static_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
             std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    std::filesystem::create_directories(root_ / "web" / "assets");
    std::ofstream(root_ / "web" / "index.html") << "<html>";
    std::ofstream(root_ / "web" / "assets" / "a.js") << "js";
    std::ofstream(root_ / "secret") << "secret";
    std::filesystem::create_symlink(root_ / "secret", root_ / "web" / "assets" / "link");
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  std::filesystem::path root_;
};

TEST_F(ServerStaticFiles, PagesFilesAndNothingOutside) {
  const StaticFiles files(root_ / "web");
  EXPECT_EQ(files.get("/")->body, "<html>");
  EXPECT_EQ(files.get("/games/17")->body, "<html>");
  EXPECT_EQ(files.get("/games/17")->content_type, "text/html; charset=utf-8");
  EXPECT_EQ(files.get("/assets/a.js")->content_type, "text/javascript; charset=utf-8");
  EXPECT_FALSE(files.get("/games/17/x"));
  EXPECT_FALSE(files.get("/assets/none.js"));
  EXPECT_FALSE(files.get("/../secret"));
  EXPECT_FALSE(files.get("/assets/../../secret"));
  EXPECT_FALSE(files.get("//" + (root_ / "secret").string()));
  EXPECT_FALSE(files.get("/assets/link"));
  EXPECT_FALSE(files.get("/assets"));
  EXPECT_EQ(StaticFiles::content_type("x.woff2"), "font/woff2");
  EXPECT_EQ(StaticFiles::content_type("x.unknown"), "application/octet-stream");
}

TEST(ServerListenAddress, HostAndPort) {
  EXPECT_EQ(parse_listen_address("127.0.0.1:0")->port, 0);
  EXPECT_EQ(parse_listen_address("[::1]:8080")->host, "::1");
  EXPECT_EQ(parse_listen_address("localhost:65535")->port, 65535);
  EXPECT_FALSE(parse_listen_address("127.0.0.1"));
  EXPECT_FALSE(parse_listen_address("127.0.0.1:65536"));
  EXPECT_FALSE(parse_listen_address("127.0.0.1:http"));
  EXPECT_FALSE(parse_listen_address(":80"));
}

platform::Game dragonchess_game(const std::string& id, const std::string& name) {
  const auto now = std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
  auto game = platform::Game::create(id, {{"game", "dragonchess"}, {"name", name}, {"opponent", "human"}}, platform::User{"1", "alice"},
                                     now, 7);
  if (!game) throw std::runtime_error(platform::message(game.error(), Language::En));
  return *game;
}

TEST(ServerGameCache, HitsOnlyTheSameVersionAndForgetsTheLeastRecent) {
  GameCache cache(2);
  cache.put(1, 2, dragonchess_game("1", "one"));
  cache.put(2, 5, dragonchess_game("2", "two"));
  ASSERT_TRUE(cache.get(1, 2));
  EXPECT_EQ(cache.get(1, 2)->name(), "one");
  EXPECT_FALSE(cache.get(1, 3));  // a newer version, written by anyone: a miss
  cache.put(1, 1, dragonchess_game("1", "older"));
  EXPECT_EQ(cache.get(1, 2)->name(), "one");  // an older version never replaces a newer one
  cache.put(1, 3, dragonchess_game("1", "three"));
  EXPECT_FALSE(cache.get(1, 2));
  EXPECT_EQ(cache.get(1, 3)->name(), "three");
  cache.put(3, 1, dragonchess_game("3", "new"));  // game 2 was used least recently
  EXPECT_FALSE(cache.get(2, 5));
  EXPECT_TRUE(cache.get(1, 3));
  EXPECT_TRUE(cache.get(3, 1));
}

storage::User account(storage::UserId id, const std::string& name) {
  return storage::User{id, name, "hash", "en", storage::Instant{}};
}

TEST(ServerSessionCache, RemembersForItsLifetimeAndForgetsOnLogoutAndLanguageChange) {
  using namespace std::chrono_literals;
  const storage::Instant t0(std::chrono::milliseconds(1'795'000'000'000));
  SessionCache cache(10, 10s);
  cache.put("token-a", account(1, "alice"), t0);
  cache.put("token-a2", account(1, "alice"), t0);
  cache.put("token-b", account(2, "bob"), t0);
  ASSERT_TRUE(cache.get("token-a", t0 + 9s));
  EXPECT_EQ(cache.get("token-a", t0 + 9s)->name, "alice");
  EXPECT_FALSE(cache.get("token-x", t0));
  EXPECT_FALSE(cache.get("token-b", t0 + 10s));  // asked of the database again

  cache.forget_token("token-a");  // logout
  EXPECT_FALSE(cache.get("token-a", t0 + 1s));
  EXPECT_TRUE(cache.get("token-a2", t0 + 1s));
  cache.put("token-b", account(2, "bob"), t0);
  cache.forget_user(1);  // alice's language changed: each of her sessions is read again
  EXPECT_FALSE(cache.get("token-a2", t0 + 1s));
  EXPECT_TRUE(cache.get("token-b", t0 + 1s));
}

TEST(ServerSessionCache, StaysWithinItsCapacity) {
  using namespace std::chrono_literals;
  const storage::Instant t0(std::chrono::milliseconds(1'795'000'000'000));
  SessionCache cache(2, 10s);
  cache.put("old", account(1, "alice"), t0);
  cache.put("b", account(2, "bob"), t0 + 5s);
  cache.put("c", account(3, "carol"), t0 + 11s);  // "old" has expired: it makes the room
  EXPECT_TRUE(cache.get("b", t0 + 11s));
  EXPECT_TRUE(cache.get("c", t0 + 11s));
  cache.put("d", account(4, "dave"), t0 + 12s);  // both live: one of them goes
  int kept = 0;
  for (const char* token : {"b", "c"}) kept += cache.get(token, t0 + 12s) ? 1 : 0;
  EXPECT_EQ(kept, 1);
  EXPECT_TRUE(cache.get("d", t0 + 12s));
}

}  // namespace
}  // namespace stratagem::server
