// `stratagem diplomacy tournament`: exact results where they are known (HoldBots only:
// nothing moves, every power keeps its home centres), the same results on one thread or
// two, the rotated seat, a given start position, and bad options named in the message
// with exit status 2.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "binary_run.h"

namespace stratagem::cli {
namespace {

using testing::run_stratagem;

nlohmann::json run_ok(const std::vector<std::string>& args) {
  const auto run = run_stratagem(args);
  EXPECT_EQ(run.status, 0) << run.err;
  return nlohmann::json::parse(run.out);
}

const nlohmann::json& player(const nlohmann::json& out, const std::string& spec) {
  for (const auto& p : out["players"])
    if (p["player"] == spec) return p;
  ADD_FAILURE() << "no player " << spec << " in " << out.dump();
  return out;
}

TEST(DiplomacyTournament, HoldBotsKeepTheirHomeCentres) {
  const auto out = run_ok({"diplomacy", "tournament", "--games", "3", "--others", "holdbot", "--max-year", "1902"});
  EXPECT_EQ(out["games"], 3);
  EXPECT_EQ(out["games_won"], 0);
  const auto& holdbot = player(out, "holdbot");
  EXPECT_EQ(holdbot["seat_games"], 21);
  EXPECT_DOUBLE_EQ(holdbot["mean_centres"].get<double>(), 22.0 / 7);  // 6 powers with 3, Russia 4
  EXPECT_DOUBLE_EQ(holdbot["share_of_centres"].get<double>(), 22.0 / 7 / 34);
  EXPECT_EQ(holdbot["wins"], 0);
  EXPECT_EQ(holdbot["survivals"], 21);
  EXPECT_EQ(out["by_power"]["RUSSIA"]["mean_centres"], 4.0);
  EXPECT_EQ(out["seats"]["ENGLAND"], "holdbot");
  // Movement, retreat-free years: two movement phases a year, two years, 21 seats.
  EXPECT_EQ(holdbot["time_per_phase"]["movement"]["phases"], 84);
}

TEST(DiplomacyTournament, RotatesThePlayerAndGivesTheSameResultsOnTwoThreads) {
  const std::vector<std::string> args = {"diplomacy", "tournament", "--games", "14", "--player", "dumbbot",
                                         "--others", "random", "--max-year", "1905", "--seed", "9"};
  auto one = run_ok(args);
  auto with_threads = args;
  with_threads.insert(with_threads.end(), {"--threads", "2"});
  auto two = run_ok(with_threads);
  EXPECT_EQ(player(one, "dumbbot")["seat_games"], 14);
  EXPECT_EQ(player(one, "random")["seat_games"], 84);
  EXPECT_EQ(one["rotated_player"], "dumbbot");
  for (const char* field : {"mean_centres", "wins", "survivals"}) {
    EXPECT_EQ(player(one, "dumbbot")[field], player(two, "dumbbot")[field]) << field;
    EXPECT_EQ(player(one, "random")[field], player(two, "random")[field]) << field;
  }
  EXPECT_EQ(one["by_power"], two["by_power"]);
  // Seat 0 is the rotated player's; the wins by seat add up to the games won.
  ASSERT_EQ(one["wins_by_seat"].size(), 7u);
  EXPECT_EQ(one["wins_by_seat"][0], player(one, "dumbbot")["wins"]);
  int wins = 0;
  for (const auto& w : one["wins_by_seat"]) wins += w.get<int>();
  EXPECT_EQ(wins, one["games_won"]);
  // The DumbBot-class player takes more than its share from random players.
  EXPECT_GT(player(one, "dumbbot")["mean_centres"].get<double>(), 2 * player(one, "random")["mean_centres"].get<double>());
}

TEST(DiplomacyTournament, StartsFromAGivenPosition) {
  auto position = run_stratagem({"diplomacy", "new"});
  ASSERT_EQ(position.status, 0);
  const auto phase = position.out.find("S1901M");
  ASSERT_NE(phase, std::string::npos);
  position.out.replace(phase, 6, "S1905M");
  const std::string path = ::testing::TempDir() + "tournament_start.json";
  std::ofstream(path) << position.out;
  const auto out = run_ok({"diplomacy", "tournament", "--games", "1", "--others", "holdbot", "--start", path,
                           "--max-year", "1905"});
  EXPECT_EQ(player(out, "holdbot")["time_per_phase"]["movement"]["phases"], 14);  // one year, seven seats
  const auto early = run_stratagem({"diplomacy", "tournament", "--games", "1", "--start", path, "--max-year", "1904"});
  EXPECT_EQ(early.status, 2);
  EXPECT_NE(early.err.find("--max-year: must be from 1905"), std::string::npos) << early.err;
}

TEST(DiplomacyTournament, NamesWhatIsWrongInItsOptions) {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {{"--games", "2", "--others", "deepblue"}, "--others: unknown player \"deepblue\""},
      {{"--games", "2", "--seat", "ATLANTIS=dumbbot"}, "--seat: unknown power \"ATLANTIS\""},
      {{"--games", "2", "--seat", "ENGLAND"}, "--seat: \"ENGLAND\" is not POWER=PLAYER"},
      {{"--games", "2", "--seat", "ENGLAND=search:9"}, "unknown search level \"9\""},
      {{"--games", "0"}, "--games: must be at least 1"},
      {{"--games", "2", "--threads", "0"}, "--threads: must be from 1 to 64"},
      {{"--games", "2", "--max-year", "1800"}, "--max-year: must be from 1901"},
      {{"--games", "2", "--start", "/nonexistent/position.json"}, "--start: cannot read"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"diplomacy", "tournament"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto run = run_stratagem(args);
    EXPECT_EQ(run.status, 2) << c.expected;
    EXPECT_NE(run.err.find(c.expected), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
  }
}

}  // namespace
}  // namespace stratagem::cli
