// Dragonchess games on the server: sides, clocks with increment and flag fall, moves
// checked by the engine, resignation, draw offers, the engine's draw rules, the computer.

#include "stratagem/platform/dragonchess_game.h"

#include <gtest/gtest.h>

namespace stratagem::platform {
namespace {

using nlohmann::json;
using std::chrono::milliseconds;
using std::chrono::seconds;

const Instant kStart = *parse_instant("2026-11-24T18:00:00Z");
const User kAlice{"id-alice", "alice"};
const User kBob{"id-bob", "bob"};

DragonchessOptions options_with(json extra = json::object()) {
  json body = {{"name", "evening"}, {"opponent", "human"}, {"side", "gold"}};
  body.update(extra);
  const auto options = read_dragonchess_options(body);
  EXPECT_TRUE(options);
  return *options;
}

DragonchessGame human_game(json extra = json::object()) {
  auto game = DragonchessGame::create("d1", options_with(extra), kAlice, kStart, 1);
  EXPECT_TRUE(game);
  EXPECT_TRUE(game->join(kBob, kStart));
  return std::move(*game);
}

TEST(PlatformDragonchessOptions, ErrorsNameTheField) {
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}}).error().field, "opponent");
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}, {"opponent", "cat"}}).error().field, "opponent");
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}, {"opponent", "computer"}, {"level", 11}}).error().field, "level");
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}, {"opponent", "human"}, {"side", "red"}}).error().field, "side");
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}, {"opponent", "human"}, {"clock", {{"increment_seconds", 2}}}})
                .error()
                .field,
            "clock.initial_seconds");
}

TEST(PlatformDragonchessSeats, JoinStartsAHumanGame) {
  auto game = *DragonchessGame::create("d1", options_with(), kAlice, kStart, 1);
  EXPECT_EQ(game.status(), GameStatus::Forming);
  EXPECT_EQ(game.side_of(kAlice.id), dragonchess::Color::Gold);
  EXPECT_EQ(game.join(kAlice, kStart).error().problem, Problem::AlreadySeated);
  const auto joined = game.join(kBob, kStart);
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->response.dump(), R"({"side":"scarlet"})");
  EXPECT_EQ(game.status(), GameStatus::Active);
  EXPECT_EQ(game.join({"c", "carol"}, kStart).error().code, ErrorCode::Conflict);
  const json view = game.view_for(kBob.id, kStart);
  EXPECT_EQ(view["players"].dump(), R"({"gold":"alice","scarlet":"bob"})");
  EXPECT_EQ(view["my_side"], "scarlet");
  EXPECT_EQ(view["side_to_move"], "gold");
  EXPECT_EQ(view["clocks"], nullptr);
  EXPECT_EQ(view["legal_moves"][0], "B3c1-3c2");
}

TEST(PlatformDragonchessSeats, SideDrawnFromTheSeedWhenNotAsked) {
  json body = {{"name", "x"}, {"opponent", "human"}};
  int gold = 0;
  for (std::uint64_t seed = 0; seed < 16; ++seed) {
    auto game = *DragonchessGame::create("d", *read_dragonchess_options(body), kAlice, kStart, seed);
    const auto again = *DragonchessGame::create("d", *read_dragonchess_options(body), kAlice, kStart, seed);
    EXPECT_EQ(game.side_of(kAlice.id), again.side_of(kAlice.id));
    gold += game.side_of(kAlice.id) == dragonchess::Color::Gold;
  }
  EXPECT_GT(gold, 0);
  EXPECT_LT(gold, 16);
}

TEST(PlatformDragonchessMoves, ValidatedByTheEngineAndInTurn) {
  auto game = human_game();
  const auto illegal = game.move(kAlice, "W2e2-2e5", kStart);
  EXPECT_EQ(illegal.error().code, ErrorCode::BadRequest);
  EXPECT_EQ(illegal.error().problem, Problem::IllegalMove);
  EXPECT_EQ(illegal.error().field, "W2e2-2e5");
  EXPECT_FALSE(illegal.error().detail.empty());
  EXPECT_EQ(game.move(kBob, "W2e7-2e6", kStart).error().problem, Problem::NotYourTurn);
  EXPECT_EQ(game.move({"x", "x"}, "W2e2-2e3", kStart).error().code, ErrorCode::Forbidden);
  const auto moved = game.move(kAlice, "W2e2-2e3", kStart);
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->response["moves"], json::array({"W2e2-2e3"}));
  EXPECT_EQ(moved->response["side_to_move"], "scarlet");
  EXPECT_EQ(moved->events[0].kind, "move");
  EXPECT_EQ(game.move(kAlice, "W2e3-2e4", kStart).error().problem, Problem::NotYourTurn);
}

TEST(PlatformDragonchessClocks, IncrementAndTimeUsed) {
  auto game = human_game({{"clock", {{"initial_seconds", 60}, {"increment_seconds", 2}}}});
  EXPECT_EQ(game.next_deadline(), kStart + seconds(60));
  ASSERT_TRUE(game.move(kAlice, "W2e2-2e3", kStart + seconds(10)));
  // Gold: 60 - 10 + 2 = 52; Scarlet's clock runs from now.
  EXPECT_EQ(game.next_deadline(), kStart + seconds(10) + seconds(60));
  EXPECT_EQ(game.view_for("", kStart + seconds(15))["clocks"].dump(), R"({"gold":52.0,"scarlet":55.0})");
  ASSERT_TRUE(game.move(kBob, "W2e7-2e6", kStart + seconds(10) + milliseconds(7500)));
  EXPECT_EQ(game.view_for("", kStart + seconds(20))["clocks"].dump(), R"({"gold":49.5,"scarlet":54.5})");
}

TEST(PlatformDragonchessClocks, FlagFallLoses) {
  auto game = human_game({{"clock", {{"initial_seconds", 30}, {"increment_seconds", 0}}}});
  ASSERT_TRUE(game.move(kAlice, "W2e2-2e3", kStart + seconds(20)));  // gold keeps 10 s
  const Instant falls = kStart + seconds(20) + seconds(30);
  EXPECT_EQ(game.next_deadline(), falls);
  EXPECT_FALSE(game.advance(falls - milliseconds(1)).changed);
  // A move that comes after the flag fell is refused.
  EXPECT_EQ(game.move(kBob, "W2e7-2e6", falls).error().problem, Problem::GameNotActive);
  const Effects effects = game.advance(falls);
  EXPECT_TRUE(effects.changed);
  EXPECT_EQ(game.status(), GameStatus::Finished);
  const json view = game.view_for("", falls + seconds(5));
  EXPECT_EQ(view["result"].dump(), R"({"reason":"time","winner":"gold"})");
  EXPECT_EQ(view["clocks"].dump(), R"({"gold":10.0,"scarlet":0.0})");
  EXPECT_EQ(game.next_deadline(), std::nullopt);
}

TEST(PlatformDragonchessEndings, Resign) {
  auto game = human_game();
  const auto resigned = game.resign(kBob, kStart);
  ASSERT_TRUE(resigned);
  EXPECT_EQ(resigned->response["result"].dump(), R"({"reason":"resignation","winner":"gold"})");
  EXPECT_EQ(game.resign(kAlice, kStart).error().problem, Problem::GameNotActive);
}

// A game that ends between moves stops the clock of the side to move where it stood: a
// resignation or an agreed draw 9 s into Scarlet's turn leaves Scarlet 9 s less, however
// long after the view is read (it once showed the time of the last move again).
TEST(PlatformDragonchessClocks, StopWhereTheyStandWhenTheGameEndsBetweenMoves) {
  for (const bool resign : {true, false}) {
    auto game = human_game({{"clock", {{"initial_seconds", 300}, {"increment_seconds", 0}}}});
    ASSERT_TRUE(game.move(kAlice, "W2e2-2e3", kStart + seconds(36)));
    const Instant ends = kStart + seconds(36) + seconds(9);
    if (resign) {
      const auto resigned = game.resign(kBob, ends);
      ASSERT_TRUE(resigned);
      EXPECT_EQ(resigned->response["clocks"].dump(), R"({"gold":264.0,"scarlet":291.0})");
    } else {
      ASSERT_TRUE(game.draw(kBob, DrawAction::Offer, ends - seconds(5)));
      ASSERT_TRUE(game.draw(kAlice, DrawAction::Accept, ends));
    }
    EXPECT_EQ(game.view_for("", ends + seconds(60))["clocks"].dump(), R"({"gold":264.0,"scarlet":291.0})");
    const auto again = DragonchessGame::from_json(game.to_json());
    ASSERT_TRUE(again);
    EXPECT_EQ(again->view_for("", ends + seconds(600))["clocks"].dump(), R"({"gold":264.0,"scarlet":291.0})");
  }
}

TEST(PlatformDragonchessEndings, DrawOffers) {
  auto game = human_game();
  EXPECT_EQ(game.draw(kBob, DrawAction::Accept, kStart).error().problem, Problem::NoDrawOffer);
  ASSERT_TRUE(game.draw(kAlice, DrawAction::Offer, kStart));
  EXPECT_EQ(game.draw(kAlice, DrawAction::Offer, kStart).error().problem, Problem::DrawOfferPending);
  EXPECT_EQ(game.view_for("", kStart)["draw_offer"], "gold");
  ASSERT_TRUE(game.draw(kBob, DrawAction::Decline, kStart));
  EXPECT_EQ(game.view_for("", kStart)["draw_offer"], nullptr);
  // An offer lapses when the other side moves instead of answering.
  ASSERT_TRUE(game.move(kAlice, "W2e2-2e3", kStart));
  ASSERT_TRUE(game.draw(kAlice, DrawAction::Offer, kStart));
  ASSERT_TRUE(game.move(kBob, "W2e7-2e6", kStart));
  EXPECT_EQ(game.view_for("", kStart)["draw_offer"], nullptr);
  ASSERT_TRUE(game.draw(kBob, DrawAction::Offer, kStart));
  const auto accepted = game.draw(kAlice, DrawAction::Accept, kStart);
  ASSERT_TRUE(accepted);
  EXPECT_EQ(accepted->response["result"].dump(), R"({"reason":"agreement","winner":null})");
}

TEST(PlatformDragonchessEndings, ThreefoldRepetition) {
  auto game = human_game();
  const char* cycle[] = {"E3g1-3h1", "E3g8-3h8", "E3h1-3g1", "E3h8-3g8"};
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 4; ++i) {
      ASSERT_EQ(game.status(), GameStatus::Active) << round << " " << i;
      ASSERT_TRUE(game.move(i % 2 == 0 ? kAlice : kBob, cycle[i], kStart)) << cycle[i];
    }
  EXPECT_EQ(game.status(), GameStatus::Finished);
  EXPECT_EQ(game.view_for("", kStart)["result"].dump(), R"({"reason":"repetition","winner":null})");
}

// Gold's King on 2a1 is frozen by the Basilisk below it; Scarlet (to move) has an
// Oliphant on 2b8 and its King on 2l8.
constexpr const char* kCornered = "12/12/12/12/12/12/12/12|1o9k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 s 0 1";

TEST(PlatformDragonchessEndings, CheckmateWins) {
  auto game = human_game({{"position", kCornered}});
  EXPECT_EQ(game.view_for("", kStart)["side_to_move"], "scarlet");
  EXPECT_EQ(game.move(kAlice, "K2a1-2b1", kStart).error().problem, Problem::NotYourTurn);
  const auto mate = game.move(kBob, "O2b8-2a8", kStart);
  ASSERT_TRUE(mate);
  EXPECT_EQ(mate->response["result"].dump(), R"({"reason":"checkmate","winner":"scarlet"})");
  EXPECT_EQ(game.status(), GameStatus::Finished);
}

TEST(PlatformDragonchessView, InCheckWhenTheSideToMovesKingIsAttacked) {
  // As kCornered without the Basilisk: Gold's King can step out of the Oliphant's check.
  auto game = human_game({{"position", "12/12/12/12/12/12/12/12|1o9k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 s 0 1"}});
  EXPECT_EQ(game.view_for("", kStart)["in_check"], false);
  const auto check = game.move(kBob, "O2b8-2a8", kStart);
  ASSERT_TRUE(check);
  EXPECT_EQ(check->response["in_check"], true);
  EXPECT_EQ(check->response["result"], nullptr);
  ASSERT_TRUE(game.move(kAlice, "K2a1-2b1", kStart));
  EXPECT_EQ(game.view_for("", kStart)["in_check"], false);
}

TEST(PlatformDragonchessEndings, StalemateIsADraw) {
  auto game = human_game({{"position", kCornered}});
  ASSERT_TRUE(game.move(kBob, "K2l8-2k8", kStart));
  EXPECT_EQ(game.view_for("", kStart)["result"].dump(), R"({"reason":"stalemate","winner":null})");
}

TEST(PlatformDragonchessEndings, HundredPliesWithoutCaptureOrWarriorMove) {
  // Two Kings; 99 quiet plies already played.
  auto game = human_game({{"position", "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 s 99 60"}});
  ASSERT_TRUE(game.move(kBob, "K2l8-2k8", kStart));
  EXPECT_EQ(game.view_for("", kStart)["result"].dump(), R"({"reason":"halfmove_clock","winner":null})");
}

TEST(PlatformDragonchessOptions, StartPositionIsChecked) {
  const auto bad = read_dragonchess_options({{"name", "x"}, {"opponent", "human"}, {"position", "12/12 g 0 1"}});
  EXPECT_EQ(bad.error().field, "position");
  EXPECT_FALSE(bad.error().detail.empty());
  const std::string mated = "12/12/12/12/12/12/12/12|o10k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 g 0 1";
  EXPECT_EQ(read_dragonchess_options({{"name", "x"}, {"opponent", "human"}, {"position", mated}}).error().detail,
            "a position where the game goes on");
  auto game = human_game({{"position", kCornered}});
  const auto back = DragonchessGame::from_json(json::parse(game.to_json().dump()));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->view_for("", kStart)["side_to_move"], "scarlet");
}

TEST(PlatformDragonchessComputer, TakesItsTurnThroughTheServer) {
  auto game = *DragonchessGame::create("d", options_with({{"opponent", "computer"}, {"level", 1}, {"side", "scarlet"}}),
                                       kAlice, kStart, 3);
  EXPECT_EQ(game.status(), GameStatus::Active);
  EXPECT_EQ(game.join(kBob, kStart).error().problem, Problem::NotHumanGame);
  const auto turn = game.computer_turn();
  ASSERT_TRUE(turn);
  EXPECT_EQ(turn->ply, 0);
  EXPECT_EQ(turn->level, 1);
  const auto move = find_computer_move(game, *turn, {});
  ASSERT_TRUE(move);
  EXPECT_EQ(move, find_computer_move(game, *turn, {}));  // deterministic
  ASSERT_TRUE(game.submit_computer_move(*turn, *move, kStart + seconds(1)));
  EXPECT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(game.computer_turn(), std::nullopt);
  EXPECT_EQ(game.submit_computer_move(*turn, *move, kStart).error().problem, Problem::NotYourTurn);
  ASSERT_TRUE(game.draw(kAlice, DrawAction::Offer, kStart));  // the computer declines
  EXPECT_EQ(game.view_for("", kStart)["draw_offer"], nullptr);
  EXPECT_EQ(game.view_for("", kStart)["players"]["gold"], "computer");
}

TEST(PlatformDragonchessRecord, RoundTrips) {
  auto game = human_game({{"clock", {{"initial_seconds", 300}, {"increment_seconds", 5}}}});
  ASSERT_TRUE(game.move(kAlice, "W2e2-2e3", kStart + seconds(3)));
  ASSERT_TRUE(game.draw(kAlice, DrawAction::Offer, kStart + seconds(4)));
  const json record = game.to_json();
  const auto back = DragonchessGame::from_json(json::parse(record.dump()));
  ASSERT_TRUE(back) << back.error();
  EXPECT_TRUE(*back == game);
  EXPECT_EQ(back->to_json(), record);
  json broken = record;
  broken["moves"] = json::array({"W2e2-2e9"});
  EXPECT_FALSE(DragonchessGame::from_json(broken));
}

}  // namespace
}  // namespace stratagem::platform
