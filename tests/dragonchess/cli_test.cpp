// `stratagem dragonchess` run as a separate process, the way outside tools run it
// (shared/contracts/dragonchess-cli.md): exact JSON on stdout and exit status 0, or for
// bad input exit status 2, one line on stderr and nothing on stdout.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "stratagem/dragonchess/position.h"

extern char** environ;

namespace {

using nlohmann::json;

struct Run {
  int status = -1;
  std::string out, err;
};

std::string contents_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Run run(std::vector<std::string> args) {
  const char* binary = std::getenv("STRATAGEM_BIN");
  if (!binary) binary = STRATAGEM_BUILT_BIN;
  static int runs = 0;
  const std::string base = ::testing::TempDir() + "dragonchess_cli_" + std::to_string(getpid()) + "_" +
                           std::to_string(runs++);
  const std::string out = base + ".out", err = base + ".err";
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  args.insert(args.begin(), {binary, "dragonchess"});
  std::vector<char*> argv;
  for (std::string& word : args) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  Run result;
  const int spawned = posix_spawn(&pid, binary, &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) {
    ADD_FAILURE() << "cannot run " << binary;
    return result;
  }
  int wait_status = 0;
  waitpid(pid, &wait_status, 0);
  result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  result.out = contents_of(out);
  result.err = contents_of(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

json run_ok(const std::vector<std::string>& args) {
  const Run result = run(args);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  return json::parse(result.out);
}

void expect_bad_input(const std::vector<std::string>& args, const std::string& message_part) {
  const Run result = run(args);
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  ASSERT_FALSE(result.err.empty());
  EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "not one line: " << result.err;
  EXPECT_NE(result.err.find(message_part), std::string::npos) << result.err;
}

TEST(DragonchessCli, PerftCountsFromTheStart) {
  const json out = run_ok({"perft", "2"});
  EXPECT_EQ(out["depth"], 2);
  EXPECT_EQ(out["nodes"], 8094);
  EXPECT_TRUE(out["seconds"].is_number());
  EXPECT_TRUE(out["nodes_per_second"].is_number());
  EXPECT_FALSE(out.contains("divide"));
}

TEST(DragonchessCli, PerftDivideSumsToTheTotal) {
  const json out = run_ok({"perft", "2", "--divide", "--position", "startpos"});
  EXPECT_EQ(out["nodes"], 8094);
  ASSERT_EQ(out["divide"].size(), 90u);
  long sum = 0;
  for (const auto& [move, count] : out["divide"].items()) sum += count.get<long>();
  EXPECT_EQ(sum, 8094);
  EXPECT_EQ(out["divide"]["W2e2-2e3"], 90);
}

TEST(DragonchessCli, PerftTakesRuleSwitches) {
  // Under dragon-breath=below nothing changes at the start (no breath reaches a piece yet).
  EXPECT_EQ(run_ok({"perft", "1", "--rule", "dragon-breath=below", "--rule", "stalemate=loss"})["nodes"], 90);
}

TEST(DragonchessCli, MovesListsTheLegalMovesSorted) {
  const json out = run_ok({"moves"});
  EXPECT_EQ(out["side"], "gold");
  EXPECT_EQ(out["check"], false);
  EXPECT_EQ(out["status"], "ongoing");
  ASSERT_EQ(out["moves"].size(), 90u);
  EXPECT_EQ(out["moves"][0], "B3c1-3c2");
  EXPECT_TRUE(std::is_sorted(out["moves"].begin(), out["moves"].end()));
  EXPECT_NE(std::find(out["moves"].begin(), out["moves"].end(), "R1g1x1a7"), out["moves"].end());
}

TEST(DragonchessCli, MovesReportsCheckmate) {
  // Gold's King is frozen by the Basilisk below and attacked along the a-file.
  const std::string mated = "12/12/12/12/12/12/12/12|o10k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 g 0 1";
  const json out = run_ok({"moves", "--position", mated});
  EXPECT_EQ(out, json::parse(R"({"side":"gold","moves":[],"check":true,"status":"checkmate"})"));
}

TEST(DragonchessCli, MovesReportsADrawByTheClock) {
  const std::string drawn = "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 s 100 90";
  const json out = run_ok({"moves", "--position", drawn});
  EXPECT_EQ(out, json::parse(R"({"side":"scarlet","moves":[],"check":false,"status":"draw"})"));
}

TEST(DragonchessCli, ApplyMakesTheMoveAndGivesCanonicalText) {
  const json out = run_ok({"apply", "--move", "2e22e3"});
  EXPECT_EQ(out["move"], "W2e2-2e3");
  EXPECT_EQ(out["status"], "ongoing");
  EXPECT_EQ(out["position"],
            "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/4W7/"
            "WWWW1WWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 s 0 1");
}

TEST(DragonchessCli, ApplyReportsTheMateItGives) {
  const std::string before = "6r5/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 s 0 1";
  // Scarlet's Dragon flies from 1g8 to 1a2, above 2a2: from there its breath reaches 2a1,
  // where Gold's King stands frozen.
  const json out = run_ok({"apply", "--position", before, "--move", "R1g8-1a2"});
  EXPECT_EQ(out["status"], "checkmate");
  EXPECT_EQ(out["position"], "12/12/12/12/12/12/r11/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/b11 g 1 2");
}

TEST(DragonchessCli, BadInputExitsWithStatus2AndOneLine) {
  expect_bad_input({"perft", "2", "--position", "nonsense"}, "--position: position text 'nonsense'");
  expect_bad_input({"perft", "-1"}, "DEPTH -1 is negative");
  expect_bad_input({"perft", "3000"}, "DEPTH 3000 is above the limit 30");
  expect_bad_input({"perft", "0", "--divide"}, "--divide needs DEPTH 1 or more");
  expect_bad_input({"perft", "two"}, "DEPTH");
  expect_bad_input({"moves", "--rule", "dragon-breath=sideways"}, "value 'sideways' is not cross or below");
  expect_bad_input({"moves", "--rule", "fog=yes"}, "unknown rule 'fog'");
  expect_bad_input({"apply", "--move", "W2e2-2e4"}, "the W on 2e2 cannot reach 2e4");
  expect_bad_input({"apply", "--move", "W2e2x2e3"}, "written with 'x'");
  expect_bad_input({"apply", "--move", "Q2e2-2e3"}, "'Q' is not a piece letter");
  expect_bad_input({"apply"}, "--move");
  expect_bad_input({"apply", "--move", "2e22e3", "--position",
                    "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 100 90"},
                   "the game is already over (draw)");
}

}  // namespace
