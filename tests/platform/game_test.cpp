// Game: the one face the HTTP layer calls, reading request bodies field by field.

#include "stratagem/platform/game.h"

#include <gtest/gtest.h>

namespace stratagem::platform {
namespace {

using nlohmann::json;

const Instant kStart = *parse_instant("2026-11-24T18:00:00Z");
const std::vector<std::string> kPowers = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"};

User user(const std::string& power) { return {"id-" + power, power}; }

Game diplomacy() {
  auto game = Game::create("g1",
                           {{"game", "diplomacy"}, {"name", "Friday"}, {"press", "full"},
                            {"deadlines", {{"movement_seconds", 86400}, {"retreat_seconds", 43200}, {"adjustment_seconds", 43200}}},
                            {"computer_players", 0}},
                           user("creator"), kStart, 5);
  EXPECT_TRUE(game);
  for (const auto& power : kPowers) EXPECT_TRUE(game->act(user(power), Action::Join, {{"power", power}}, Language::En, kStart));
  return std::move(*game);
}

TEST(PlatformGame, CreateReadsTheContractBody) {
  const Game game = diplomacy();
  EXPECT_EQ(game.kind(), "diplomacy");
  EXPECT_EQ(game.name(), "Friday");
  EXPECT_EQ(game.status(), GameStatus::Active);
  EXPECT_EQ(game.next_deadline(), kStart + std::chrono::hours(24));
  const auto bad = Game::create("g", {{"game", "chess"}, {"name", "x"}}, user("c"), kStart, 1);
  EXPECT_EQ(message(bad.error(), Language::En), "game is not allowed: diplomacy | dragonchess");
  EXPECT_EQ(Game::create("g", {{"name", "x"}}, user("c"), kStart, 1).error().field, "game");
  const auto chess = Game::create("d", {{"game", "dragonchess"}, {"name", "x"}, {"opponent", "computer"}}, user("c"), kStart, 1);
  ASSERT_TRUE(chess);
  EXPECT_EQ(chess->kind(), "dragonchess");
  EXPECT_EQ(chess->status(), GameStatus::Active);
}

TEST(PlatformGame, ActionsReadTheirBodies) {
  Game game = diplomacy();
  auto e = game.act(user("FRANCE"), Action::PutOrders, {{"phase", "S1901M"}}, Language::En, kStart).error();
  EXPECT_EQ(message(e, Language::En), "orders is missing");
  e = game.act(user("FRANCE"), Action::PutOrders, {{"phase", "S1901M"}, {"orders", {{"FRANCE", "A Par-Bur"}}}},
               Language::En, kStart)
          .error();
  EXPECT_EQ(message(e, Language::En), "orders.FRANCE must be an array of strings");
  e = game.act(user("FRANCE"), Action::PutOrders, {{"phase", "S1901M"}, {"orders", {{"FRANCE", {"A Par-Bur", 3}}}}},
               Language::En, kStart)
          .error();
  EXPECT_EQ(message(e, Language::En), "orders.FRANCE[1] must be a string");
  const auto put = game.act(user("FRANCE"), Action::PutOrders,
                            {{"phase", "S1901M"}, {"orders", {{"FRANCE", {"A Par-Bur", "A Par-Pic"}}}}}, Language::En, kStart);
  ASSERT_TRUE(put);
  EXPECT_EQ(put->response["orders"]["FRANCE"].size(), 2u);
  e = game.act(user("FRANCE"), Action::Ready, {{"power", "FRANCE"}}, Language::En, kStart).error();
  EXPECT_EQ(e.field, "ready");
  e = game.act(user("FRANCE"), Action::SendMessage, {{"from", "FRANCE"}, {"to", "everyone"}, {"text", "x"}}, Language::En,
               kStart)
          .error();
  EXPECT_EQ(e.field, "to");
  const auto sent = game.act(user("FRANCE"), Action::SendMessage, {{"from", "FRANCE"}, {"to", "all"}, {"text", "bonjour"}},
                             Language::En, kStart);
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->messages[0].to_json()["to"], "all");
  EXPECT_EQ(game.act(user("FRANCE"), Action::Move, {{"move", "W2e2-2e3"}}, Language::En, kStart).error().code,
            ErrorCode::NotFound);
  EXPECT_EQ(game.act(user("FRANCE"), Action::Ready, json::array(), Language::En, kStart).error().field, "body");
}

TEST(PlatformGame, DragonchessDrawBodies) {
  auto game = *Game::create("d", {{"game", "dragonchess"}, {"name", "x"}, {"opponent", "human"}, {"side", "gold"}},
                            user("a"), kStart, 1);
  ASSERT_TRUE(game.act(user("b"), Action::Join, json::object(), Language::En, kStart));
  ASSERT_TRUE(game.act(user("a"), Action::Draw, {{"offer", true}}, Language::En, kStart));
  EXPECT_EQ(game.view_for("", kStart)["draw_offer"], "gold");
  ASSERT_TRUE(game.act(user("b"), Action::Draw, {{"action", "decline"}}, Language::En, kStart));
  EXPECT_EQ(game.act(user("b"), Action::Draw, json::object(), Language::En, kStart).error().field, "action");
  EXPECT_EQ(game.messages_for("id-a", {}), json::array());
}

TEST(PlatformGame, RecordRoundTrip) {
  Game game = diplomacy();
  ASSERT_TRUE(game.act(user("ENGLAND"), Action::VoteDraw, {{"power", "ENGLAND"}, {"draw", true}}, Language::En, kStart));
  const auto back = Game::from_json(json::parse(game.to_json().dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->to_json(), game.to_json());
  EXPECT_EQ(Game::from_json({{"game", "go"}}).error(), "game record: \"game\" is \"go\"");
}

TEST(PlatformErrors, EveryLanguage) {
  const GameError last{ErrorCode::Conflict, Problem::NotHumanGame};
  EXPECT_EQ(message(last, Language::En), "this game is played against the computer");
  EXPECT_EQ(message(last, Language::ZhHant), "本局對手為電腦");
  EXPECT_EQ(message(last, Language::ZhHans), "本局对手为电脑");
  EXPECT_EQ(message(last, Language::Ja), "このゲームはコンピューターとの対局です");
  const GameError press{ErrorCode::PressNotAllowed, Problem::PressPublicOnly};
  EXPECT_EQ(error_code_name(press.code), "press_not_allowed");
  EXPECT_EQ(message({ErrorCode::BadRequest, Problem::MissingField, "to"}, Language::ZhHans), "缺少 to");
}

TEST(PlatformAudience, JsonRoundTrip) {
  const Audience some = Audience::only({"FRANCE", "ENGLAND", "FRANCE"});
  EXPECT_EQ(some.seats, (std::vector<std::string>{"ENGLAND", "FRANCE"}));
  EXPECT_EQ(Audience::from_json(some.to_json()), some);
  EXPECT_EQ(Audience::from_json(Audience::all().to_json()), Audience::all());
  EXPECT_EQ(Audience::from_json(json{{"everyone", false}}), std::nullopt);
}

TEST(PlatformTime, Rfc3339) {
  EXPECT_EQ(format_instant(kStart), "2026-11-24T18:00:00Z");
  EXPECT_EQ(format_instant(kStart + std::chrono::milliseconds(250)), "2026-11-24T18:00:00.250Z");
  EXPECT_EQ(parse_instant("2026-11-24T18:00:00.25Z"), kStart + std::chrono::milliseconds(250));
  EXPECT_EQ(parse_instant("2026-02-30T00:00:00Z"), std::nullopt);
  EXPECT_EQ(parse_instant("2026-11-24 18:00:00Z"), std::nullopt);
  EXPECT_EQ(parse_instant("2026-11-24T18:00:00+01:00"), std::nullopt);
}

}  // namespace
}  // namespace stratagem::platform
