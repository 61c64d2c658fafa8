// The stored record of a Diplomacy game: it reads back equal at every stage, and a broken
// record is refused.

#include "diplomacy_game_fixture.h"
#include "stratagem/formats/diplomacy_json.h"

namespace stratagem::platform {
namespace {

using namespace game_fixture;
using nlohmann::json;
using std::chrono::seconds;

// --- the stored record

TEST(PlatformDiplomacyRecord, RoundTripsAtEveryStage) {
  const auto round_trip = [](const DiplomacyGame& game) {
    const json record = game.to_json();
    const auto back = DiplomacyGame::from_json(json::parse(record.dump()));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(*back == game);
    EXPECT_EQ(back->to_json(), record);
  };
  auto forming = *DiplomacyGame::create("g", options_with({{"deadlines", "live"}, {"press", "public"}}), kStart, 99);
  ASSERT_TRUE(forming.join(user_of("ENGLAND"), "ENGLAND", kStart));
  round_trip(forming);
  auto game = started_game();
  ASSERT_TRUE(game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A Par-Bur", "F Bre-Mao"}}}, Language::En, kStart));
  ASSERT_TRUE(game.set_ready(user_of("FRANCE"), "FRANCE", true, kStart));
  ASSERT_TRUE(game.vote_draw(user_of("ITALY"), "ITALY", true, kStart));
  ASSERT_TRUE(game.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "hello", kStart));
  ASSERT_TRUE(game.propose_treaty(user_of("ENGLAND"), "ENGLAND", {"FRANCE"}, "pact", kStart));
  ASSERT_TRUE(game.give_up(user_of("TURKEY"), "TURKEY", kStart));
  round_trip(game);
  game.advance(kStart + seconds(3600));
  game.advance(kStart + seconds(7200));
  round_trip(game);
  EXPECT_FALSE(DiplomacyGame::from_json(json::object()));
  json bad = game.to_json();
  bad["status"] = "sleeping";
  EXPECT_EQ(DiplomacyGame::from_json(bad).error(), "status: sleeping is not a game status");
  bad = forming.to_json();
  bad["joiners"][0]["power"] = "SPAIN";
  EXPECT_EQ(DiplomacyGame::from_json(bad).error(), "joiners: SPAIN is not a power of a seat");
  bad = game.to_json();
  bad["seats"][0]["alliance"] = json::array({"X"});
  EXPECT_EQ(DiplomacyGame::from_json(bad).error(), "seats: alliance member X is not a power");
  bad = game.to_json();
  bad["seats"].erase(0);
  EXPECT_EQ(DiplomacyGame::from_json(bad).error(), "seats: 6 seats for 7 powers");
  bad = game.to_json();
  bad["state"]["units"]["FRANCE"] = json::array({"A XYZ"});
  EXPECT_FALSE(DiplomacyGame::from_json(bad));
  bad = game.to_json();
  bad.erase("deadline");
  EXPECT_FALSE(DiplomacyGame::from_json(bad));
}

// The record keeps the position's text from when the position last changed: it must be the
// position of now at every phase, a retreat's dislodged units included, and read back so.
TEST(PlatformDiplomacyRecord, HoldsThePositionOfEveryPhase) {
  const auto holds_position = [](const DiplomacyGame& game) {
    const json written = formats::write_state(game.variant(), game.state());
    EXPECT_EQ(json::parse(game.record())["state"], written) << game.phase_code();
    const auto back = DiplomacyGame::from_json(json::parse(game.record()));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->record(), game.record());
    EXPECT_EQ(json::parse(back->record())["state"], written);
  };
  auto game = started_game();
  holds_position(game);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "S1901M", {{"AUSTRIA", {"A Vie-Tyr", "F Tri-Adr"}}}, Language::En, kStart));
  ASSERT_TRUE(game.set_ready(user_of("ITALY"), "ITALY", true, kStart));
  game.advance(kStart + seconds(3600));
  ASSERT_EQ(game.phase_code(), "F1901M");
  holds_position(game);
  const Instant fall = kStart + seconds(3600);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "F1901M",
                                 {{"AUSTRIA", {"A Tyr-Ven", "F Adr S A Tyr-Ven", "A Bud-Ser"}}}, Language::En, fall));
  ASSERT_TRUE(game.set_ready(user_of("ITALY"), "ITALY", true, fall));
  game.advance(fall + seconds(3600));
  ASSERT_EQ(game.phase_code(), "F1901R");
  EXPECT_TRUE(json::parse(game.record())["state"]["retreats"]["ITALY"].contains("A VEN"));
  holds_position(game);
  game.advance(fall + seconds(4200));
  ASSERT_EQ(game.phase_code(), "W1901A");
  holds_position(game);
}

}  // namespace
}  // namespace stratagem::platform
