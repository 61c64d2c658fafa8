// Press in a Diplomacy game (docs/server-rules.md): privacy, the game's press rules, signed
// treaties.

#include "diplomacy_game_fixture.h"

namespace stratagem::platform {
namespace {

using namespace game_fixture;
using nlohmann::json;
using std::chrono::seconds;

// --- press

TEST(PlatformDiplomacyPress, AThirdPowerNeverSeesPrivatePress) {
  auto game = started_game();
  const auto sent = game.send_message(user_of("ENGLAND"), "ENGLAND", std::vector<std::string>{"FRANCE"}, "DMZ Channel?",
                                      kStart + seconds(10));
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->response.dump(), R"({"id":"1","phase":"S1901M","sent_at":"2026-11-24T18:00:10Z"})");
  ASSERT_EQ(sent->messages.size(), 1u);
  const Event& e = event(*sent, "message");
  EXPECT_EQ(e.audience, Audience::only({"ENGLAND", "FRANCE"}));
  EXPECT_TRUE(game.can_see(e.audience, user_of("FRANCE").id));
  EXPECT_FALSE(game.can_see(e.audience, user_of("GERMANY").id));
  const auto group = game.send_message(user_of("GERMANY"), "GERMANY", std::vector<std::string>{"RUSSIA", "AUSTRIA"},
                                       "triple alliance", kStart + seconds(11));
  const auto shout = game.send_message(user_of("TURKEY"), "TURKEY", std::nullopt, "peace", kStart + seconds(12));
  std::vector<Message> all = {sent->messages[0], group->messages[0], shout->messages[0]};
  EXPECT_EQ(game.messages_for(user_of("ITALY").id, all).size(), 1u);  // the public one
  EXPECT_EQ(game.messages_for(user_of("FRANCE").id, all).size(), 2u);
  EXPECT_EQ(game.messages_for(user_of("AUSTRIA").id, all).size(), 2u);
  EXPECT_EQ(game.messages_for(user_of("ENGLAND").id, all)[0]["to"], json::array({"FRANCE"}));
  EXPECT_EQ(game.messages_for("", all)[0]["to"], "all");
  EXPECT_EQ(event(*shout, "message").audience, Audience::all());
}

TEST(PlatformDiplomacyPress, PressRules) {
  auto none = started_game(options_with({{"press", "none"}}));
  auto e = none.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "hi", kStart).error();
  EXPECT_EQ(e.code, ErrorCode::PressNotAllowed);
  EXPECT_EQ(e.problem, Problem::PressNone);
  auto public_only = started_game(options_with({{"press", "public"}}));
  e = public_only.send_message(user_of("ENGLAND"), "ENGLAND", std::vector<std::string>{"FRANCE"}, "hi", kStart).error();
  EXPECT_EQ(e.problem, Problem::PressPublicOnly);
  EXPECT_TRUE(public_only.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "hi", kStart));
  auto full = started_game();
  EXPECT_EQ(full.send_message(user_of("ENGLAND"), "FRANCE", std::nullopt, "hi", kStart).error().code, ErrorCode::Forbidden);
  EXPECT_EQ(full.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "", kStart).error().field, "text");
  EXPECT_EQ(full.send_message(user_of("ENGLAND"), "ENGLAND", std::vector<std::string>{"ENGLAND"}, "me", kStart).error().field,
            "to");
  EXPECT_EQ(full.send_message(user_of("ENGLAND"), "ENGLAND", std::vector<std::string>{"SPAIN"}, "x", kStart).error().problem,
            Problem::UnknownPower);
}

TEST(PlatformDiplomacyPress, SignedTreatiesArePrivateToSignersUntilPublished) {
  auto game = started_game();
  const auto proposed = game.propose_treaty(user_of("ENGLAND"), "ENGLAND", {"FRANCE", "GERMANY"},
                                            "Treaty of London: the North Sea stays empty", kStart);
  ASSERT_TRUE(proposed);
  const Event& e = event(*proposed, "treaty");
  EXPECT_EQ(e.audience, Audience::only({"ENGLAND", "FRANCE", "GERMANY"}));
  EXPECT_FALSE(game.can_see(e.audience, user_of("RUSSIA").id));
  EXPECT_EQ(proposed->response["signed_by"], json::array({"ENGLAND"}));
  EXPECT_EQ(game.view_for(user_of("RUSSIA").id)["treaties"].size(), 0u);
  EXPECT_EQ(game.view_for(user_of("FRANCE").id)["treaties"].size(), 1u);
  EXPECT_EQ(game.publish_treaty(user_of("ENGLAND"), "1", "ENGLAND", kStart).error().problem, Problem::TreatyUnsigned);
  EXPECT_EQ(game.sign_treaty(user_of("RUSSIA"), "1", "RUSSIA", kStart).error().code, ErrorCode::NotFound);
  ASSERT_TRUE(game.sign_treaty(user_of("FRANCE"), "1", "FRANCE", kStart));
  EXPECT_EQ(game.sign_treaty(user_of("FRANCE"), "1", "FRANCE", kStart).error().problem, Problem::AlreadySigned);
  ASSERT_TRUE(game.sign_treaty(user_of("GERMANY"), "1", "GERMANY", kStart));
  const auto published = game.publish_treaty(user_of("GERMANY"), "1", "GERMANY", kStart);
  ASSERT_TRUE(published);
  EXPECT_EQ(event(*published, "treaty").audience, Audience::all());
  EXPECT_EQ(game.view_for(user_of("RUSSIA").id)["treaties"][0]["published"], true);
}

}  // namespace
}  // namespace stratagem::platform
