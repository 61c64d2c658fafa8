// DAIDE seats of a Diplomacy game (docs/daide.md): kept for DAIDE clients beside people and
// our computer players, their power drawn like people's, their NME shown as a computer
// player, a passcode for IAM from the game's seed, waives waited for, kept in the record.

#include <gtest/gtest.h>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/platform/diplomacy_game.h"
#include "stratagem/platform/diplomacy_options.h"

namespace stratagem::platform {
namespace {

using nlohmann::json;

const Instant kStart = *parse_instant("2026-11-25T18:00:00Z");

DiplomacyOptions options_with(json extra) {
  json body = {{"game", "diplomacy"},
               {"name", "DAIDE table"},
               {"deadlines", {{"movement_seconds", 600}, {"retreat_seconds", 300}, {"adjustment_seconds", 300}}}};
  body.update(extra);
  return *read_diplomacy_options(body);
}

diplomacy::Power power_named(const std::string& code) {
  const auto& variant = diplomacy::standard_variant();
  for (int p = 0; p < variant.power_count(); ++p)
    if (variant.power_code(diplomacy::power_at(p)) == code) return diplomacy::power_at(p);
  return diplomacy::Power::None;
}

const User kAlice{"1", "alice"};
const User kBot{"daide:a", "DumbBot"};
const User kOtherBot{"daide:b", "Albert"};

TEST(PlatformDiplomacyDaideSeats, KeptForDaideClientsAndDrawnLikePeoples) {
  auto game = *DiplomacyGame::create("g", options_with({{"daide_players", 2}, {"computer_players", 4}}), kStart, 11);
  ASSERT_TRUE(game.join(kAlice, std::nullopt, kStart));
  // The person's seats are taken: another person cannot have a DAIDE seat.
  EXPECT_EQ(game.join({"2", "bob"}, std::nullopt, kStart).error().problem, Problem::GameNotForming);
  const json forming = game.view_for("");
  EXPECT_EQ(forming["seats"]["open"], 0);
  EXPECT_EQ(forming["seats"]["daide_open"], 2);
  ASSERT_TRUE(game.join_daide(kBot, "0.7", kStart));
  EXPECT_EQ(game.join_daide(kBot, "0.7", kStart).error().problem, Problem::AlreadySeated);
  ASSERT_TRUE(game.accept_daide_map(kBot, kStart));
  EXPECT_EQ(game.status(), GameStatus::Forming);
  ASSERT_TRUE(game.join_daide(kOtherBot, "1.0", kStart));
  // Every seat is taken, but the last client has not accepted the map: no start yet.
  EXPECT_EQ(game.status(), GameStatus::Forming);
  EXPECT_EQ(*DiplomacyGame::from_json(game.to_json()), game);  // who is still reading the map is in the record
  ASSERT_TRUE(game.accept_daide_map(kOtherBot, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  EXPECT_EQ(game.accept_daide_map(kOtherBot, kStart).error().problem, Problem::GameNotForming);
  EXPECT_EQ(game.join_daide({"daide:c", "Late"}, "1", kStart).error().problem, Problem::GameNotForming);

  const json view = game.view_for(kAlice.id);
  int daide = 0, computers = 0;
  for (const auto& [power, seat] : view["powers"].items()) {
    computers += seat["computer"] == true;
    if (!seat.contains("daide")) continue;
    ++daide;
    EXPECT_TRUE(seat["daide"] == "DumbBot 0.7" || seat["daide"] == "Albert 1.0") << seat;
    EXPECT_EQ(seat["player"], seat["daide"].get<std::string>().substr(0, seat["daide"].get<std::string>().find(' ')));
  }
  EXPECT_EQ(daide, 2);
  EXPECT_EQ(computers, 6);  // four of ours and the two DAIDE clients
  EXPECT_EQ(game.powers_of(kBot.id).size(), 1u);
  const auto power = power_named(game.powers_of(kBot.id).front());
  EXPECT_EQ(game.daide_player(power), "DumbBot 0.7");
  EXPECT_EQ(game.player_of(power), kBot);
  // The passcode: a four-digit DAIDE integer, the same for the same game, different per power.
  const long passcode = game.daide_passcode(power);
  EXPECT_GE(passcode, 100);
  EXPECT_LT(passcode, 8100);
  EXPECT_EQ(DiplomacyGame::from_json(game.to_json())->daide_passcode(power), passcode);
  EXPECT_EQ(*DiplomacyGame::from_json(game.to_json()), game);  // DAIDE seats kept in the record
}

TEST(PlatformDiplomacyDaideSeats, AClientThatLeavesBeforeTheStartFreesItsSeat) {
  auto game = *DiplomacyGame::create("g", options_with({{"daide_players", 2}, {"computer_players", 5}}), kStart, 11);
  ASSERT_TRUE(game.join_daide(kBot, "0.7", kStart));
  ASSERT_TRUE(game.accept_daide_map(kBot, kStart));
  ASSERT_TRUE(game.join_daide(kOtherBot, "1.0", kStart));
  // It refused the map (or never answered, or its connection closed): the seat is free.
  const auto left = game.leave_daide_seat(kOtherBot, kStart);
  ASSERT_TRUE(left);
  ASSERT_EQ(left->events.size(), 1u);
  EXPECT_EQ(left->events[0].kind, "player_left");
  EXPECT_EQ(game.view_for("")["seats"]["daide_open"], 1);
  EXPECT_EQ(game.leave_daide_seat(kOtherBot, kStart).error().problem, Problem::GameNotForming);
  EXPECT_EQ(game.leave_daide_seat(kAlice, kStart).error().problem, Problem::GameNotForming);
  EXPECT_EQ(game.accept_daide_map(kAlice, kStart).error().problem, Problem::GameNotForming);
  // Another client takes it, and the game starts when it accepts the map.
  ASSERT_TRUE(game.join_daide({"daide:c", "HoldBot"}, "1", kStart));
  EXPECT_EQ(game.status(), GameStatus::Forming);
  ASSERT_TRUE(game.accept_daide_map({"daide:c", "HoldBot"}, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  // Once started, a seat is not left this way (a lost client comes back with IAM).
  EXPECT_EQ(game.leave_daide_seat(kBot, kStart).error().problem, Problem::GameNotForming);
}

TEST(PlatformDiplomacyDaideSeats, ADaideClientOrdersThroughTheSameRules) {
  auto game = *DiplomacyGame::create("g", options_with({{"daide_players", 1}, {"computer_players", 6}}), kStart, 5);
  ASSERT_TRUE(game.join_daide(kBot, "0.7", kStart));
  ASSERT_TRUE(game.accept_daide_map(kBot, kStart));
  const std::string power = game.powers_of(kBot.id).front();
  const auto answer = game.submit_orders(kBot, "S1901M", {{power, {}}}, Language::En, kStart);
  ASSERT_TRUE(answer);
  EXPECT_EQ(game.submit_orders(kAlice, "S1901M", {{power, {}}}, Language::En, kStart).error().code, ErrorCode::Forbidden);
  EXPECT_TRUE(game.vote_draw(kBot, power, true, kStart));
}

TEST(PlatformDiplomacyDaideSeats, RefusedWhereSeatsPlaySeveralPowers) {
  const auto two = DiplomacyGame::create("g", options_with({{"players", 2}, {"daide_players", 1}}), kStart, 1);
  ASSERT_FALSE(two);
  EXPECT_EQ(message(two.error(), Language::En).find("daide_players"), 0u) << message(two.error(), Language::En);
  EXPECT_TRUE(DiplomacyGame::create("g", options_with({{"players", 6}, {"daide_players", 6}}), kStart, 1));
  EXPECT_FALSE(read_diplomacy_options({{"game", "diplomacy"}, {"name", "x"}, {"computer_players", 6}, {"daide_players", 2}}));
}

}  // namespace
}  // namespace stratagem::platform
