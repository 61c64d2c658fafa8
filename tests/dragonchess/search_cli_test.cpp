// `stratagem dragonchess bestmove | match | play` run as a separate process: the contract's
// bestmove JSON and exit codes, the match summary, and a game driven through stdin.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

// The shared runner of tests/cli. This target does not link cli_test_support (the
// tests/dragonchess CMakeLists builds every test alike), so its source is compiled in here;
// it runs STRATAGEM_BIN, or else the STRATAGEM_BUILT_BIN the CMakeLists compiles in.
#include "../cli/binary_run.cpp"

#include "stratagem/dragonchess/position.h"
#include "support.h"

namespace {

using json = nlohmann::ordered_json;
using stratagem::cli::testing::BinaryRun;
using stratagem::cli::testing::run_stratagem;

BinaryRun run(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "dragonchess");
  return run_stratagem(args, input);
}

json run_json(const std::vector<std::string>& args) {
  const BinaryRun result = run(args);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  return json::parse(result.out, nullptr, false);
}

void expect_bad_input(const std::vector<std::string>& args, const std::string& message_part) {
  const BinaryRun result = run(args);
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find(message_part), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

std::vector<std::string> keys_of(const json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

// Scarlet's King walled in on 2a8: O2l1-2l8 mates.
const std::string kMateInOne = stratagem::dragonchess::testing::position_text(
    {{'k', "2a8"}, {'s', "1a8"}, {'d', "3a8"}, {'w', "2a7"}, {'w', "2b7"}, {'K', "2g1"}, {'O', "2l1"}});

TEST(BestmoveCommand, ContractShapeFromTheStart) {
  const json out = run_json({"bestmove", "--depth", "2"});
  ASSERT_TRUE(out.is_object());
  EXPECT_EQ(keys_of(out), (std::vector<std::string>{"move", "score", "depth", "nodes", "pv"}));
  EXPECT_EQ(out["depth"], 2);
  EXPECT_TRUE(out["score"].is_number_integer());
  EXPECT_GT(out["nodes"].get<long>(), 0);
  ASSERT_FALSE(out["pv"].empty());
  EXPECT_EQ(out["pv"][0], out["move"]);
  const json moves = run_json({"moves"});
  EXPECT_NE(std::find(moves["moves"].begin(), moves["moves"].end(), out["move"]), moves["moves"].end());
  // Each PV move is accepted by `apply` in turn.
  std::string position = stratagem::dragonchess::kStartPositionText.data();
  for (const auto& move : out["pv"]) {
    const json applied = run_json({"apply", "--position", position, "--move", move.get<std::string>()});
    position = applied["position"];
  }
}

TEST(BestmoveCommand, MateScore) {
  const json out = run_json({"bestmove", "--position", kMateInOne, "--depth", "3"});
  EXPECT_EQ(out["move"], "O2l1-2l8");
  EXPECT_EQ(out["score"], "mate 1");
  EXPECT_EQ(out["pv"], json::array({"O2l1-2l8"}));
}

TEST(BestmoveCommand, Movetime) {
  const json out = run_json({"bestmove", "--movetime", "200", "--rule", "dragon-breath=below"});
  EXPECT_GE(out["depth"].get<int>(), 1);
  EXPECT_EQ(out["pv"][0], out["move"]);
}

TEST(BestmoveCommand, BadInput) {
  expect_bad_input({"bestmove"}, "--depth");
  expect_bad_input({"bestmove", "--depth", "0"}, "--depth 0");
  expect_bad_input({"bestmove", "--depth", "65"}, "--depth 65");
  expect_bad_input({"bestmove", "--movetime", "-5"}, "--movetime");
  expect_bad_input({"bestmove", "--depth", "3", "--movetime", "100"}, "excludes");
  expect_bad_input({"bestmove", "--depth", "2", "--position", "12 g 0 1"}, "--position");
  expect_bad_input({"bestmove", "--depth", "2", "--rule", "dragon-breath=fire"}, "--rule");
  // A finished game has no best move: O2l1-2l8 has mated.
  const json mated = run_json({"apply", "--position", kMateInOne, "--move", "O2l1-2l8"});
  expect_bad_input({"bestmove", "--depth", "2", "--position", mated["position"]}, "already over (checkmate)");
}

TEST(MatchCommand, SummaryShape) {
  const json out =
      run_json({"match", "--a", "depth=1", "--b", "depth=1,no-tt", "--openings", "2", "--max-plies", "6"});
  EXPECT_EQ(keys_of(out), (std::vector<std::string>{"a", "b", "games", "a_wins", "draws", "a_losses", "score", "elo",
                                                    "elo_error_95", "capped_games", "average_plies"}));
  EXPECT_EQ(out["a"], "depth=1");
  EXPECT_EQ(out["b"], "depth=1,no-tt");
  // Two openings, each with both colours; six plies end no game, so all are capped draws.
  EXPECT_EQ(out["games"], 4);
  EXPECT_EQ(out["draws"], 4);
  EXPECT_EQ(out["capped_games"], 4);
  EXPECT_EQ(out["score"], 0.5);
  EXPECT_EQ(out["elo"], 0.0);
  EXPECT_EQ(out["average_plies"], 6.0);
}

TEST(MatchCommand, EveryFeatureSwitchIsAWord) {
  const std::string every_switch =
      "depth=1,no-tt,no-pvs,no-quiescence,no-check-extension,no-null-move,no-lmr,no-mvv-lva,no-killers,no-history,"
      "no-mobility,no-king-safety,no-frozen";
  const json out = run_json({"match", "--a", "depth=1", "--b", every_switch, "--openings", "1", "--max-plies", "2"});
  EXPECT_EQ(out["b"], every_switch);
  EXPECT_EQ(out["games"], 2);
}

TEST(MatchCommand, AdjudicatedByMaterialWithEloFormula) {
  const json out = run_json({"match", "--a", "depth=2", "--b", "level=1", "--openings", "3", "--max-plies", "30",
                             "--adjudicate", "300", "--seed", "5"});
  const int wins = out["a_wins"], draws = out["draws"], losses = out["a_losses"];
  ASSERT_EQ(wins + draws + losses, 6);
  const double p = (wins + 0.5 * draws) / 6.0;
  EXPECT_NEAR(out["score"].get<double>(), p, 0.0005);
  if (p > 0 && p < 1) {
    EXPECT_NEAR(out["elo"].get<double>(), 400 * std::log10(p / (1 - p)), 0.05);
  }
}

TEST(MatchCommand, BadInput) {
  expect_bad_input({"match", "--a", "depth=2", "--b", "speed=9"}, "unknown word 'speed=9'");
  expect_bad_input({"match", "--a", "no-tt", "--b", "depth=1"}, "--a");
  expect_bad_input({"match", "--a", "depth=0", "--b", "depth=1"}, "depth=0");
  expect_bad_input({"match", "--a", "level=11", "--b", "depth=1"}, "level=11");
  expect_bad_input({"match", "--a", "depth=1", "--b", "depth=1", "--openings", "0"}, "--openings");
}

std::string play(const std::vector<std::string>& args, const std::string& input) {
  std::vector<std::string> words = {"play"};
  words.insert(words.end(), args.begin(), args.end());
  const BinaryRun result = run(words, input);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  return result.out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(PlayCommand, BoardsSideBySide) {
  const std::string out = play({"--computer", "none"}, "quit\n");
  EXPECT_TRUE(contains(out, "   1 Sky                         2 Ground                      3 Underworld"));
  EXPECT_TRUE(contains(out, "   a b c d e f g h i j k l       a b c d e f g h i j k l       a b c d e f g h i j k l"));
  EXPECT_TRUE(contains(out, "8  . . g . . . r . . . g .    8  o u h t c m k p t h u o    8  . . b . . . e . . . b . \n"));
  EXPECT_TRUE(contains(out, "1  . . G . . . R . . . G .    1  O U H T C M K P T H U O    1  . . B . . . E . . . B . \n"));
  EXPECT_TRUE(contains(out, "Gold to move.\n"));
  EXPECT_TRUE(contains(out, "Bye.\n"));
}

TEST(PlayCommand, MovesUndoAndIllegalMoves) {
  const std::string out = play({"--computer", "none"}, "2e22e3\nW2e7-2e6\nW2e3-2e5\nundo\nundo\nundo\nundo\nhelp\n");
  EXPECT_TRUE(contains(out, "Last move: W2e2-2e3\n"));
  // The Warrior on 2e3 is marked as the last move's target, its old square too.
  EXPECT_TRUE(contains(out, "3  . . . . . . . . . . . .    3  . . . . W+. . . . . . .    3"));
  EXPECT_TRUE(contains(out, "2  S . S . S . S . S . S .    2  W W W W .+W W W W W W W    2"));
  EXPECT_TRUE(contains(out, "Last move: W2e7-2e6\n"));
  EXPECT_TRUE(contains(out, "Not played: move 'W2e3-2e5' is illegal: the W on 2e3 cannot reach 2e5\n"));
  EXPECT_EQ(std::count(out.begin(), out.end(), 'T') > 0, true);
  EXPECT_TRUE(contains(out, "Took back 1 move.\n"));
  EXPECT_TRUE(contains(out, "Nothing to undo.\n"));
  EXPECT_TRUE(contains(out, "  undo        take back your last move"));
}

TEST(PlayCommand, FrozenPiecesAreMarked) {
  // The Gold Mage on 2d4 stands over a Scarlet Basilisk.
  const std::string position =
      stratagem::dragonchess::testing::position_text({{'k', "2g8"}, {'K', "2g1"}, {'M', "2d4"}, {'b', "3d4"}});
  const std::string out = play({"--computer", "none", "--position", position}, "");
  EXPECT_TRUE(contains(out, "4  . . . . . . . . . . . .    4  . . . M*. . . . . . . .    4  . . . b . . . . . . . . \n"));
}

TEST(PlayCommand, AgainstTheComputer) {
  const std::string out = play({"--engine", "depth=1"}, "W2e2-2e3\nundo\n");
  EXPECT_TRUE(contains(out, "Computer (Scarlet) plays "));
  EXPECT_TRUE(contains(out, "Took back 2 moves.\n"));
  // The computer as Gold moves first, at once.
  const std::string gold = play({"--computer", "gold", "--level", "1"}, "");
  EXPECT_TRUE(contains(gold, "Computer (Gold) plays "));
  EXPECT_TRUE(contains(gold, "Scarlet to move.\n"));
}

TEST(PlayCommand, SaveAndLoadRoundTrip) {
  const std::string file = ::testing::TempDir() + "dragonchess_play_" + std::to_string(getpid()) + ".txt";
  const std::string saved = play({"--computer", "none"}, "W2e2-2e3\nW2e7-2e6\nsave " + file + "\n");
  EXPECT_TRUE(contains(saved, "Saved 2 moves to " + file + ".\n"));
  std::ifstream in(file);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_EQ(text, "position " + std::string(stratagem::dragonchess::kStartPositionText) +
                      "\nrules elemental-climb=capture elemental-leap=no hero-return=any dragon-breath=cross "
                      "dwarf-turn=no stalemate=draw\nW2e2-2e3\nW2e7-2e6\n");
  const std::string loaded = play({"--computer", "none"}, "load " + file + "\nundo\nW2e7-2e6\n");
  EXPECT_TRUE(contains(loaded, "Loaded 2 moves from " + file + ".\n"));
  EXPECT_TRUE(contains(loaded, "Took back 1 move.\n"));
  EXPECT_TRUE(contains(loaded, "Last move: W2e7-2e6\n"));
  std::remove(file.c_str());

  const std::string missing = play({"--computer", "none"}, "load " + file + "\nsave\n");
  EXPECT_TRUE(contains(missing, "Cannot read '" + file + "'.\n"));
  EXPECT_TRUE(contains(missing, "save needs a file name: save FILE\n"));
  std::ofstream(file) << "position " << stratagem::dragonchess::kStartPositionText << "\nrules\nW2e2-2e3\nW2e3-2e4\n";
  const std::string bad = play({"--computer", "none"}, "load " + file + "\n");
  EXPECT_TRUE(contains(bad, "Cannot load '" + file + "': line 4: move 'W2e3-2e4' is illegal"));
  std::remove(file.c_str());
}

TEST(PlayCommand, BadOptions) {
  expect_bad_input({"play", "--computer", "purple"}, "--computer 'purple'");
  expect_bad_input({"play", "--level", "0"}, "--level 0");
  expect_bad_input({"play", "--engine", "depth=x"}, "--engine");
}

}  // namespace
