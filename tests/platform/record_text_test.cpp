// The stored record and the view of a Diplomacy game, byte for byte: records written by
// earlier builds must read back, and the record and view are built for speed field by
// field, so their text is held to files written before that (tests/data/platform).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "stratagem/platform/game.h"

namespace {

using namespace stratagem::platform;

std::string expected_text(const std::string& name) {
  const char* dir = std::getenv("TEST_DATA_DIR");
  const std::filesystem::path data =
      dir && *dir ? std::filesystem::path(dir) : std::filesystem::path(__FILE__).parent_path().parent_path() / "data";
  std::ifstream file(data / "platform" / name);
  std::stringstream text;
  text << file.rdbuf();
  std::string content = text.str();
  if (!content.empty() && content.back() == '\n') content.pop_back();
  return content;
}

User user_of(const char* power) { return {std::string("id-") + power, power}; }

Game game_with_orders_and_a_treaty(Instant now) {
  auto game = *Game::create("1", {{"game", "diplomacy"}, {"name", "golden"}}, user_of("creator"), now, 1);
  for (const char* power : {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"})
    EXPECT_TRUE(game.act(user_of(power), Action::Join, {{"power", power}}, Language::En, now));
  EXPECT_TRUE(game.act(user_of("FRANCE"), Action::PutOrders,
                       {{"phase", "S1901M"}, {"orders", {{"FRANCE", {"A Par-Bur", "A Xyz H"}}}}}, Language::En, now));
  EXPECT_TRUE(game.act(user_of("FRANCE"), Action::ProposeTreaty,
                       {{"from", "FRANCE"}, {"parties", {"ENGLAND"}}, {"text", "peace"}}, Language::En, now));
  return game;
}

TEST(PlatformRecordText, RecordAndViewAreWordForWordAsBefore) {
  const Instant now = *parse_instant("2026-11-24T18:00:00Z");
  const Game game = game_with_orders_and_a_treaty(now);
  const std::string record = expected_text("diplomacy_record.json");
  ASSERT_FALSE(record.empty());
  EXPECT_EQ(game.to_json().dump(), record);
  EXPECT_EQ(game.view_for("id-FRANCE", now).dump(), expected_text("diplomacy_view_france.json"));
  const auto read_back = Game::from_json(nlohmann::json::parse(record));
  ASSERT_TRUE(read_back.has_value()) << read_back.error();
  EXPECT_EQ(read_back->to_json().dump(), record);
  // A record written before games kept their creator and pause reads back as it was.
  const std::string before = expected_text("diplomacy_record_before_pausing.json");
  const auto old = Game::from_json(nlohmann::json::parse(before));
  ASSERT_TRUE(old.has_value()) << old.error();
  EXPECT_EQ(old->to_json().dump(), before);
}

}  // namespace
