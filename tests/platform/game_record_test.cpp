// What the records of both games begin with: the status by name, and the same refusals of a
// record whose version, options or status are wrong.
#include <gtest/gtest.h>

#include "diplomacy_game_fixture.h"
#include "stratagem/platform/dragonchess_game.h"
#include "stratagem/platform/game_status.h"

namespace stratagem::platform {
namespace {

using nlohmann::json;

TEST(PlatformGameStatus, EachNameReadsBackAsItsStatus) {
  for (const auto status : {GameStatus::Forming, GameStatus::Active, GameStatus::Finished})
    EXPECT_EQ(game_status_named(game_status_name(status)), status);
  EXPECT_EQ(game_status_named("active"), GameStatus::Active);
  EXPECT_EQ(game_status_named("Active"), std::nullopt);
  EXPECT_EQ(game_status_named(""), std::nullopt);
  EXPECT_EQ(game_status_named("sleeping"), std::nullopt);
}

json dragonchess_record() {
  const json options = {{"name", "d"}, {"opponent", "human"}};
  auto game = DragonchessGame::create("d1", *read_dragonchess_options(options), {"id-alice", "alice"},
                                      game_fixture::kStart, 1);
  return game->to_json();
}

// The same broken beginning gives the same words from either game.
template <class Game>
void expect_head_refused(const json& record) {
  json bad = record;
  bad["status"] = "sleeping";
  EXPECT_EQ(Game::from_json(bad).error(), "status: sleeping is not a game status");
  bad = record;
  bad["record_version"] = 2;
  EXPECT_EQ(Game::from_json(bad).error(), "record_version 2 is not known");
  bad = record;
  bad["options"]["name"] = "";
  EXPECT_EQ(Game::from_json(bad).error().rfind("options: ", 0), 0u) << Game::from_json(bad).error();
  bad = record;
  bad.erase("seed");
  EXPECT_EQ(Game::from_json(bad).error().rfind("game record: ", 0), 0u) << Game::from_json(bad).error();
  const auto back = Game::from_json(record);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->to_json(), record);
}

TEST(PlatformGameRecord, BothGamesReadTheirBeginningAlike) {
  expect_head_refused<DiplomacyGame>(game_fixture::started_game().to_json());
  expect_head_refused<DragonchessGame>(dragonchess_record());
}

}  // namespace
}  // namespace stratagem::platform
