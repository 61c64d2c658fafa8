// How a Diplomacy game ends (draws, centres, the alliance end, the lot, the last year) and
// the seed's setups for fewer players (seed 000 §1.2.3).

#include "diplomacy_game_fixture.h"

namespace stratagem::platform {
namespace {

using namespace game_fixture;
using nlohmann::json;
using std::chrono::seconds;

// --- endings

TEST(PlatformDiplomacyEndings, DrawWhenEverySurvivingPlayerVotes) {
  auto game = started_game();
  for (std::size_t i = 0; i + 1 < kPowers.size(); ++i) {
    const auto voted = game.vote_draw(user_of(kPowers[i]), kPowers[i], true, kStart);
    ASSERT_TRUE(voted);
    EXPECT_EQ(voted->events[0].audience, Audience::only({kPowers[i]}));  // secret
  }
  EXPECT_EQ(game.status(), GameStatus::Active);
  ASSERT_TRUE(game.vote_draw(user_of("TURKEY"), "TURKEY", false, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  const auto last = game.vote_draw(user_of("TURKEY"), "TURKEY", true, kStart);
  EXPECT_EQ(game.status(), GameStatus::Finished);
  EXPECT_EQ(event(*last, "game_finished").payload["reason"], "draw");
  const json view = game.view_for("");
  EXPECT_EQ(view["result"]["survivors"].size(), 7u);
  EXPECT_EQ(view["winner"], nullptr);
  EXPECT_EQ(game.next_deadline(), std::nullopt);
  EXPECT_EQ(game.set_ready(user_of("TURKEY"), "TURKEY", true, kStart).error().problem, Problem::GameNotActive);
}

// One person and six computers: the person's vote is a proposal the computers answer by
// their position (diplomacy_bots::vote_on_end, through the server); they never count as
// agreeing before they have voted, and vote again at every phase.
TEST(PlatformDiplomacyEndings, ComputersVoteOnADrawAndNeverCountAsAgreeingBeforeThey) {
  auto created = DiplomacyGame::create("g", options_with({{"computer_players", 6}, {"press", "full"}}), kStart, 3);
  ASSERT_TRUE(created);
  DiplomacyGame game = std::move(*created);
  ASSERT_TRUE(game.join(user_of("FRANCE"), "FRANCE", kStart));
  ASSERT_EQ(game.status(), GameStatus::Active);
  EXPECT_TRUE(game.computer_votes().empty());  // nothing proposed
  ASSERT_TRUE(game.vote_draw(user_of("FRANCE"), "FRANCE", true, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);  // one person alone ends nothing
  auto due = game.computer_votes();
  ASSERT_EQ(due.size(), 6u);
  EXPECT_EQ(due[0].on, "draw");
  EXPECT_EQ(due[0].phase, "S1901M");
  // Five accept, one refuses and says so in public press: the game goes on.
  for (std::size_t k = 0; k + 1 < due.size(); ++k) ASSERT_TRUE(game.vote_as_computer(due[k], true, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  const auto refused = game.vote_as_computer(due.back(), false, kStart);
  ASSERT_TRUE(refused);
  ASSERT_EQ(refused->messages.size(), 1u);
  EXPECT_TRUE(refused->messages[0].is_public());
  EXPECT_EQ(refused->messages[0].from, due.back().power_code);
  EXPECT_EQ(*refused->messages[0].press, (json{{"kind", "vote"}, {"on", "draw"}, {"accept", false}}));
  EXPECT_EQ(game.status(), GameStatus::Active);
  EXPECT_TRUE(game.computer_votes().empty());  // each has voted in this phase
  EXPECT_EQ(game.vote_as_computer(due.back(), true, kStart).error().code, ErrorCode::Conflict);  // once a phase
  EXPECT_EQ(*DiplomacyGame::from_json(game.to_json()), game);  // the votes and when they were cast, in the record
  // The next phase: the computers' votes are gone, and they vote again.
  for (const auto& turn : game.computer_turns()) ASSERT_TRUE(game.submit_computer_orders(turn, {}, kStart));
  ASSERT_TRUE(game.set_ready(user_of("FRANCE"), "FRANCE", true, kStart));
  ASSERT_EQ(game.phase_code(), "F1901M");
  due = game.computer_votes();
  ASSERT_EQ(due.size(), 6u);
  for (std::size_t k = 0; k + 1 < due.size(); ++k) ASSERT_TRUE(game.vote_as_computer(due[k], true, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  const auto last = game.vote_as_computer(due.back(), true, kStart);
  ASSERT_TRUE(last);
  EXPECT_EQ(game.status(), GameStatus::Finished);
  EXPECT_EQ(event(*last, "game_finished").payload["reason"], "draw");
}

TEST(PlatformDiplomacyEndings, ComputersVoteOnAnEndByLotWithdrawnOrNot) {
  auto game = *DiplomacyGame::create("g", options_with({{"computer_players", 5}, {"press", "none"}}), kStart, 3);
  ASSERT_TRUE(game.join(user_of("FRANCE"), "FRANCE", kStart));
  ASSERT_TRUE(game.join(user_of("GERMANY"), "GERMANY", kStart));
  ASSERT_TRUE(game.vote_end(user_of("FRANCE"), "FRANCE", true, kStart));
  const auto due = game.computer_votes();
  ASSERT_EQ(due.size(), 5u);
  EXPECT_EQ(due[0].on, "lot");
  // Without press, the vote is said to nobody but the computer's own power.
  const auto voted = game.vote_as_computer(due[0], true, kStart);
  ASSERT_TRUE(voted);
  EXPECT_TRUE(voted->messages.empty());
  EXPECT_EQ(voted->events[0].audience, Audience::only({due[0].power_code}));
  // The proposal withdrawn: nothing more is due, and a late vote is refused.
  ASSERT_TRUE(game.vote_end(user_of("FRANCE"), "FRANCE", false, kStart));
  EXPECT_TRUE(game.computer_votes().empty());
  EXPECT_FALSE(game.vote_as_computer(due[1], true, kStart));
  // Every computer and one of the two people agreeing is not enough.
  ASSERT_TRUE(game.vote_end(user_of("GERMANY"), "GERMANY", true, kStart));
  for (const auto& vote : game.computer_votes()) ASSERT_TRUE(game.vote_as_computer(vote, true, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  ASSERT_TRUE(game.vote_end(user_of("FRANCE"), "FRANCE", true, kStart));
  EXPECT_EQ(game.status(), GameStatus::Finished);
  EXPECT_EQ(game.view_for("")["result"]["reason"], "lot");
}

// Where the game's votes are public, every player sees who has voted (the view and the
// event); the view names the powers whose votes end the game, so a page can say what a
// vote does before it is cast.
TEST(PlatformDiplomacyEndings, PublicVotesAreSeenByEveryPlayer) {
  auto secret = started_game();
  ASSERT_TRUE(secret.vote_draw(user_of("FRANCE"), "FRANCE", true, kStart));
  EXPECT_EQ(secret.view_for(user_of("GERMANY").id)["draw_votes"].dump(), R"({"GERMANY":false})");
  EXPECT_EQ(secret.view_for(user_of("GERMANY").id)["voters"].size(), 7u);

  auto game = started_game(options_with({{"votes", "public"}}));
  const auto voted = game.vote_draw(user_of("FRANCE"), "FRANCE", true, kStart);
  ASSERT_TRUE(voted);
  EXPECT_EQ(event(*voted, "draw_vote").audience, Audience::all());
  ASSERT_TRUE(game.vote_end(user_of("ITALY"), "ITALY", true, kStart));
  const json view = game.view_for(user_of("GERMANY").id);
  EXPECT_EQ(view["draw_votes"]["FRANCE"], true);
  EXPECT_EQ(view["draw_votes"]["GERMANY"], false);
  EXPECT_EQ(view["draw_votes"].size(), 7u);
  EXPECT_EQ(view["end_votes"]["ITALY"], true);
  EXPECT_EQ(view["voters"].dump(), R"(["AUSTRIA","ENGLAND","FRANCE","GERMANY","ITALY","RUSSIA","TURKEY"])");
  EXPECT_EQ(view["options"]["votes"], "public");
  // The option is kept with the game.
  const auto again = DiplomacyGame::from_json(json::parse(game.record()));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->view_for(user_of("GERMANY").id)["draw_votes"]["FRANCE"], true);
  EXPECT_EQ(read_diplomacy_options({{"name", "x"}, {"votes", "open"}}).error().field, "votes");
}

// Computer-played powers are voters too (they vote by their position once someone
// proposes): with six computers the person's vote alone ends nothing. Where votes are
// public, every player sees a computer's vote as well.
TEST(PlatformDiplomacyEndings, VotersIncludeTheComputerPlayedPowers) {
  auto game = DiplomacyGame::create("g1", options_with({{"computer_players", 6}, {"votes", "public"}}), kStart, 1);
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->join(user_of("FRANCE"), "FRANCE", kStart));
  EXPECT_EQ(game->view_for(user_of("FRANCE").id)["voters"].dump(),
            R"(["AUSTRIA","ENGLAND","FRANCE","GERMANY","ITALY","RUSSIA","TURKEY"])");
  ASSERT_TRUE(game->vote_draw(user_of("FRANCE"), "FRANCE", true, kStart));
  const auto due = game->computer_votes();
  ASSERT_EQ(due.size(), 6u);
  const auto voted = game->vote_as_computer(due[0], false, kStart);
  ASSERT_TRUE(voted);
  EXPECT_EQ(event(*voted, "draw_vote").audience, Audience::all());
  EXPECT_EQ(game->view_for(user_of("FRANCE").id)["draw_votes"][due[0].power_code], false);
  EXPECT_EQ(game->status(), GameStatus::Active);
}

TEST(PlatformDiplomacyEndings, EighteenCentresWin) {
  auto game = started_game();
  json record = game.to_json();
  // France owns 18 centres: the first phase processed ends the game.
  json& centers = record["state"]["centers"];
  std::vector<std::string> all;
  for (auto& [power, list] : centers.items())
    for (const auto& c : list) all.push_back(c);
  for (const auto& power : kPowers) centers[power] = json::array();
  centers["FRANCE"] = std::vector<std::string>(all.begin(), all.begin() + 18);
  auto rigged = DiplomacyGame::from_json(record);
  ASSERT_TRUE(rigged) << rigged.error();
  const Effects effects = rigged->advance(kStart + seconds(3600));
  EXPECT_EQ(rigged->status(), GameStatus::Finished);
  EXPECT_EQ(event(effects, "game_finished").payload.dump(),
            R"({"phase":"S1901M","reason":"victory","survivors":[],"winner":"FRANCE","winners":["FRANCE"]})");
  EXPECT_EQ(rigged->view_for("")["winner"], "FRANCE");
}

TEST(PlatformDiplomacyEndings, AllianceEndOfSeed002) {
  auto game = started_game();
  json record = game.to_json();
  // England and France own 23 centres together, neither 18 alone.
  json& centers = record["state"]["centers"];
  std::vector<std::string> all;
  for (auto& [power, list] : centers.items())
    for (const auto& c : list) all.push_back(c);
  for (const auto& power : kPowers) centers[power] = json::array();
  centers["ENGLAND"] = std::vector<std::string>(all.begin(), all.begin() + 12);
  centers["FRANCE"] = std::vector<std::string>(all.begin() + 12, all.begin() + 22);  // the last 10 home centres
  centers["FRANCE"].push_back("BEL");
  auto rigged = *DiplomacyGame::from_json(record);
  const auto declared = rigged.declare_alliance_end(user_of("ENGLAND"), "ENGLAND", {"France"}, kStart);
  ASSERT_TRUE(declared);
  EXPECT_EQ(declared->response["with"], json::array({"ENGLAND", "FRANCE"}));
  EXPECT_EQ(declared->events[0].audience, Audience::only({"ENGLAND"}));  // secret, like orders
  EXPECT_EQ(rigged.declare_alliance_end(user_of("FRANCE"), "FRANCE", {"SPAIN"}, kStart).error().field, "with[0]");
  // One side alone ends nothing.
  auto one_sided = rigged;
  one_sided.advance(kStart + seconds(3600));
  EXPECT_EQ(one_sided.status(), GameStatus::Active);
  ASSERT_TRUE(rigged.declare_alliance_end(user_of("FRANCE"), "FRANCE", {"ENGLAND"}, kStart));
  rigged.advance(kStart + seconds(3600));
  EXPECT_EQ(rigged.status(), GameStatus::Finished);
  EXPECT_EQ(rigged.view_for("")["result"].dump(),
            R"({"phase":"S1901M","reason":"alliance","survivors":[],"winner":null,"winners":["ENGLAND","FRANCE"]})");
}

TEST(PlatformDiplomacyEndings, AgreedEndDrawsALotAmongTheSurvivors) {
  const auto winner_for = [](std::uint64_t seed) {
    auto game = *DiplomacyGame::create("g", options_with(), kStart, seed);
    for (const std::string& power : kPowers) game.join(user_of(power), power, kStart);
    for (const std::string& power : kPowers) EXPECT_TRUE(game.vote_end(user_of(power), power, true, kStart));
    EXPECT_EQ(game.status(), GameStatus::Finished);
    const json result = game.view_for("")["result"];
    EXPECT_EQ(result["reason"], "lot");
    EXPECT_EQ(result["winners"].size(), 1u);
    return result["winner"].get<std::string>();
  };
  EXPECT_EQ(winner_for(4), winner_for(4));
  std::set<std::string> winners;
  for (std::uint64_t seed = 0; seed < 12; ++seed) winners.insert(winner_for(seed));
  EXPECT_GT(winners.size(), 2u);
}

TEST(PlatformDiplomacyEndings, FixedEndYearMostUnitsWin) {
  auto game = started_game(options_with({{"end_year", 1901}}));
  everyone_ready_but(game, {}, kStart);
  EXPECT_EQ(game.status(), GameStatus::Active);
  const Instant fall = kStart;
  everyone_ready_but(game, {}, fall);  // F1901M: nobody moves, no adjustments: 1902 begins
  EXPECT_EQ(game.status(), GameStatus::Finished);
  EXPECT_EQ(game.view_for("")["result"].dump(),
            R"({"phase":"F1901M","reason":"fixed_year","survivors":[],"winner":"RUSSIA","winners":["RUSSIA"]})");
}

// --- the seed's setups for fewer players (seed 000 §1.2.3)

TEST(PlatformDiplomacySetups, SixPlayersItalyInArmistice) {
  auto game = *DiplomacyGame::create("g", options_with({{"players", 6}, {"computer_takes_civil_disorder", true}}), kStart, 2);
  EXPECT_FALSE(game.join(user_of("ITALY"), "ITALY", kStart));
  for (const std::string& power : kPowers)
    if (power != "ITALY") {
      ASSERT_TRUE(game.join(user_of(power), power, kStart));
    }
  ASSERT_EQ(game.status(), GameStatus::Active);
  const json italy = game.view_for("")["powers"]["ITALY"];
  EXPECT_EQ(italy["armistice"], true);
  EXPECT_EQ(italy["status"], "civil_disorder");
  EXPECT_EQ(italy["to_order"], false);
  EXPECT_EQ(italy["player"], nullptr);
  EXPECT_TRUE(game.computer_turns().empty());  // armistice is not civil disorder to take over
  EXPECT_EQ(game.take_seat({"z", "zoe"}, "ITALY", kStart).error().problem, Problem::SeatNotOpen);
  everyone_ready_but(game, {"ITALY"}, kStart);  // Italy is not waited for
  EXPECT_EQ(game.phase_code(), "F1901M");
  EXPECT_TRUE(game.missed_phases().empty());
}

TEST(PlatformDiplomacySetups, APhaseOnlyIdlePowersWouldOrderIsProcessedAtOnce) {
  auto game = *DiplomacyGame::create("g", options_with({{"players", 6}}), kStart, 2);
  for (const std::string& power : kPowers)
    if (power != "ITALY") {
      ASSERT_TRUE(game.join(user_of(power), power, kStart));
    }
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "S1901M", {{"AUSTRIA", {"A Vie-Tyr", "F Tri-Adr"}}}, Language::En, kStart));
  everyone_ready_but(game, {}, kStart);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "F1901M", {{"AUSTRIA", {"A Tyr-Ven", "F Adr S A Tyr-Ven"}}},
                                 Language::En, kStart));
  const Instant fall = kStart + seconds(1);
  for (const std::string& power : kPowers)
    if (power != "ITALY") {
      ASSERT_TRUE(game.set_ready(user_of(power), power, true, fall));
    }
  // Italy's army in Venice was dislodged; Italy orders nothing, so F1901R is processed
  // with F1901M and the army disbands.
  EXPECT_EQ(game.phase_code(), "W1901A");
  EXPECT_EQ(game.next_deadline(), fall + seconds(900));
  EXPECT_EQ(game.view_for("")["units"]["ITALY"], json::array({"F NAP", "A ROM"}));
}

TEST(PlatformDiplomacySetups, FourPlayersSeatsOfTwoPowers) {
  auto game = *DiplomacyGame::create("g", options_with({{"players", 4}}), kStart, 2);
  const auto joined = game.join(user_of("AUSTRIA"), "FRANCE", kStart);
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->response.dump(), R"({"power":"AUSTRIA","powers":["AUSTRIA","FRANCE"]})");
  EXPECT_EQ(game.join(user_of("GERMANY"), "AUSTRIA", kStart).error().problem, Problem::PowerTaken);
  ASSERT_TRUE(game.join(user_of("GERMANY"), "TURKEY", kStart));
  ASSERT_TRUE(game.join(user_of("ENGLAND"), std::nullopt, kStart));
  ASSERT_TRUE(game.join(user_of("RUSSIA"), std::nullopt, kStart));
  ASSERT_EQ(game.status(), GameStatus::Active);
  EXPECT_EQ(game.powers_of(user_of("AUSTRIA").id), (std::vector<std::string>{"AUSTRIA", "FRANCE"}));
  EXPECT_EQ(game.powers_of(user_of("GERMANY").id), (std::vector<std::string>{"GERMANY", "TURKEY"}));
  const auto england = game.powers_of(user_of("ENGLAND").id), russia = game.powers_of(user_of("RUSSIA").id);
  EXPECT_EQ(england.size() + russia.size(), 3u);  // England alone, Italy with Russia (§1.2.3(c))
  // One request orders both powers of the seat.
  const auto put = game.submit_orders(user_of("AUSTRIA"), "S1901M",
                                      {{"AUSTRIA", {"A Vie-Gal"}}, {"FRANCE", {"A Par-Bur"}}}, Language::En, kStart);
  ASSERT_TRUE(put);
  EXPECT_EQ(put->response["orders"]["FRANCE"][0]["order"], "A PAR - BUR");
}

TEST(PlatformDiplomacySetups, TwoPlayersNeutralItalyJoinsTheTossWinnerIn1915) {
  auto game = *DiplomacyGame::create("g", options_with({{"players", 2}}), kStart, 8);
  ASSERT_TRUE(game.join(user_of("ENGLAND"), "ENGLAND", kStart));
  ASSERT_TRUE(game.join(user_of("GERMANY"), std::nullopt, kStart));
  json no_toss = game.to_json();
  no_toss["toss_winner"] = 2;
  EXPECT_EQ(DiplomacyGame::from_json(no_toss).error(), "toss_winner: not a seat of the two-player game");
  ASSERT_EQ(game.phase_code(), "S1914M");
  EXPECT_EQ(game.powers_of(user_of("ENGLAND").id), (std::vector<std::string>{"ENGLAND", "FRANCE", "RUSSIA"}));
  json view = game.view_for("");
  EXPECT_EQ(view["powers"]["ITALY"]["neutral"], true);
  EXPECT_EQ(view["powers"]["ITALY"]["to_order"], false);
  // Italy's land is closed like Switzerland while it is neutral.
  const auto closed = game.submit_orders(user_of("ENGLAND"), "S1914M", {{"FRANCE", {"A Mar-Pie"}}}, Language::En, kStart);
  EXPECT_EQ(closed->response["orders"]["FRANCE"][0]["order"], nullptr);
  Instant now = kStart;
  for (int phases = 0; phases < 6 && game.phase_code() != "S1915M"; ++phases) {
    now += seconds(1);
    everyone_ready_but(game, {"ITALY"}, now);
  }
  ASSERT_EQ(game.phase_code(), "S1915M");
  view = game.view_for("");
  EXPECT_EQ(view["powers"]["ITALY"]["neutral"], false);
  EXPECT_EQ(view["powers"]["ITALY"]["status"], "playing");
  const std::string italy_player = view["powers"]["ITALY"]["player"];
  EXPECT_TRUE(italy_player == "england" || italy_player == "germany");
  const auto holder = game.powers_of(user_of(italy_player == "england" ? "ENGLAND" : "GERMANY").id);
  EXPECT_EQ(holder.size(), 4u);
}

}  // namespace
}  // namespace stratagem::platform
