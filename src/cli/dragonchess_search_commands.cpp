// `stratagem dragonchess bestmove | match | play`. bestmove and match print one JSON
// object on stdout; play talks text on stdin and stdout. Bad input is BadInput.
#include "dragonchess_search_commands.h"

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "dragonchess_engine_settings.h"
#include "dragonchess_match.h"
#include "dragonchess_options.h"
#include "dragonchess_play.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/status.h"
#include "stratagem/dragonchess/transposition_table.h"

namespace stratagem::cli {

using namespace dragonchess;
using nlohmann::ordered_json;

namespace {

constexpr std::size_t kTableMegabytes = 64;

EngineSettings engine_settings_of(const std::string& option, const std::string& text) {
  auto settings = parse_engine_settings(text);
  if (!settings) throw BadInput{option + ": " + settings.error()};
  return *settings;
}

// The contract's score: centipawns, or "mate N" (N < 0: the side to move is mated).
ordered_json score_json(int score) {
  if (const auto mate = mate_in_moves(score)) return fmt::format("mate {}", *mate);
  return score;
}

struct BestmoveOptions {
  DragonchessGameOptions game;
  std::optional<int> depth;
  std::optional<int> movetime_ms;
  std::uint64_t nodes = 0;
};

void run_bestmove(const BestmoveOptions& options) {
  if (!options.depth && !options.movetime_ms) throw BadInput{"bestmove: give --depth D or --movetime MS"};
  if (options.depth && (*options.depth < 1 || *options.depth > kMaxSearchDepth))
    throw BadInput{fmt::format("--depth {}: must be 1-{}", *options.depth, kMaxSearchDepth)};
  if (options.movetime_ms && *options.movetime_ms < 1)
    throw BadInput{fmt::format("--movetime {}: must be 1 or more", *options.movetime_ms)};
  Position pos = dragonchess_position_of(options.game);
  if (const Outcome before = outcome(pos); before.status != GameStatus::Ongoing)
    throw BadInput{fmt::format("--position: the game is already over ({})", status_name(before.status))};

  SearchLimits limits;
  limits.depth = options.depth.value_or(kMaxSearchDepth);
  limits.nodes = options.nodes;
  if (options.movetime_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(*options.movetime_ms);
    limits.should_stop = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  }
  TranspositionTable table(kTableMegabytes);
  const SearchResult result = search(pos, limits, SearchOptions{}, &table);

  ordered_json out;
  out["move"] = move_text(pos, result.best);
  std::vector<std::string> pv;
  std::vector<StateInfo> states(result.pv.size());
  for (std::size_t i = 0; i < result.pv.size(); ++i) {
    pv.push_back(move_text(pos, result.pv[i]));
    pos.do_move(result.pv[i], states[i]);
  }
  out["score"] = score_json(result.score);
  out["depth"] = result.depth;
  out["nodes"] = result.nodes;
  out["pv"] = pv;
  print_json_line(out);
}

struct MatchOptions {
  DragonchessGameOptions game;
  std::string a, b;
  int openings = 10;
  std::uint64_t seed = 1;
  int max_plies = 200;
  int adjudicate = 0;
};

std::optional<double> rounded(std::optional<double> value) {
  if (!value) return std::nullopt;
  return std::round(*value * 10.0) / 10.0;
}

void run_match(const MatchOptions& options) {
  if (options.openings < 1) throw BadInput{fmt::format("--openings {}: must be 1 or more", options.openings)};
  if (options.max_plies < 1) throw BadInput{fmt::format("--max-plies {}: must be 1 or more", options.max_plies)};
  if (options.adjudicate < 0) throw BadInput{fmt::format("--adjudicate {}: must be 0 or more", options.adjudicate)};
  MatchSetup setup{dragonchess_position_of(options.game), engine_settings_of("--a", options.a),
                   engine_settings_of("--b", options.b), options.openings, options.seed, options.max_plies,
                   options.adjudicate};
  if (outcome(setup.start).status != GameStatus::Ongoing) throw BadInput{"--position: the game is already over"};
  const MatchResult result = play_match(setup);
  const EloEstimate elo = elo_estimate(result.a);
  ordered_json out;
  out["a"] = options.a;
  out["b"] = options.b;
  out["games"] = result.a.games();
  out["a_wins"] = result.a.wins;
  out["draws"] = result.a.draws;
  out["a_losses"] = result.a.losses;
  out["score"] = std::round(result.a.score() * 1000.0) / 1000.0;
  out["elo"] = rounded(elo.elo) ? ordered_json(*rounded(elo.elo)) : ordered_json(nullptr);
  out["elo_error_95"] = rounded(elo.error_95) ? ordered_json(*rounded(elo.error_95)) : ordered_json(nullptr);
  out["capped_games"] = result.capped_games;
  out["average_plies"] = std::round(result.average_plies * 10.0) / 10.0;
  print_json_line(out);
}

struct PlayOptions {
  DragonchessGameOptions game;
  std::string computer = "scarlet";
  int level = 5;
  std::string engine;
  std::uint64_t seed = 0;
};

void run_play(const PlayOptions& options) {
  PlaySetup setup{dragonchess_position_of(options.game), std::nullopt, {}, options.seed};
  if (options.computer == "gold")
    setup.computer = Color::Gold;
  else if (options.computer == "scarlet")
    setup.computer = Color::Scarlet;
  else if (options.computer != "none")
    throw BadInput{fmt::format("--computer '{}': must be gold, scarlet or none", options.computer)};
  if (options.level < kMinStrength || options.level > kMaxStrength)
    throw BadInput{fmt::format("--level {}: must be {}-{}", options.level, kMinStrength, kMaxStrength)};
  setup.engine = engine_settings_of(options.engine.empty() ? "--level" : "--engine",
                                    options.engine.empty() ? fmt::format("level={}", options.level) : options.engine);
  run_play_session(setup, std::cin, std::cout);
}

}  // namespace

void add_dragonchess_search_commands(CLI::App& dragonchess) {
  auto bestmove_options = std::make_shared<BestmoveOptions>();
  CLI::App* bestmove = dragonchess.add_subcommand("bestmove", "Search for the best move");
  add_dragonchess_game_options(bestmove, bestmove_options->game);
  auto* depth = bestmove->add_option("--depth", bestmove_options->depth, "Search depth in plies (1-64)");
  auto* movetime = bestmove->add_option("--movetime", bestmove_options->movetime_ms, "Search time in milliseconds");
  depth->excludes(movetime);
  bestmove->add_option("--nodes", bestmove_options->nodes, "Also stop after about this many nodes");
  bestmove->callback([bestmove_options] { run_bestmove(*bestmove_options); });

  auto match_options = std::make_shared<MatchOptions>();
  CLI::App* match = dragonchess.add_subcommand("match", "Play two engine settings against each other");
  add_dragonchess_game_options(match, match_options->game);
  match->add_option("--a", match_options->a, "Engine A, e.g. depth=4 or nodes=20000,no-tt")->required();
  match->add_option("--b", match_options->b, "Engine B")->required();
  match->add_option("--openings", match_options->openings, "Random two-ply openings, each played with both colours");
  match->add_option("--seed", match_options->seed, "Seed of the openings and of strength levels' choices");
  match->add_option("--max-plies", match_options->max_plies, "Plies after which a game is adjudicated a draw");
  match->add_option("--adjudicate", match_options->adjudicate,
                    "At the ply cap, a win for a material lead of this many centipawns (0: a draw)");
  match->callback([match_options] { run_match(*match_options); });

  auto play_options = std::make_shared<PlayOptions>();
  CLI::App* play = dragonchess.add_subcommand("play", "Play a game at the terminal (moves on stdin)");
  add_dragonchess_game_options(play, play_options->game);
  play->add_option("--computer", play_options->computer, "The computer's side: gold, scarlet (default) or none");
  play->add_option("--level", play_options->level, "The computer's strength, 1-10 (default 5)");
  play->add_option("--engine", play_options->engine, "Engine settings instead of a level, e.g. depth=4");
  play->add_option("--seed", play_options->seed, "Seed of the computer's random choices");
  play->callback([play_options] { run_play(*play_options); });
}

}  // namespace stratagem::cli
