// `stratagem dragonchess ...`: the rules commands of shared/contracts/dragonchess-cli.md
// (perft, moves, apply), and the search commands from dragonchess_search_commands.h.
// Output is one JSON object on stdout; bad input is BadInput.
#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "dragonchess_options.h"
#include "dragonchess_search_commands.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/perft.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/status.h"

namespace stratagem::cli {

using namespace dragonchess;
using nlohmann::ordered_json;

namespace {

const char* side_name(Color c) { return c == Color::Gold ? "gold" : "scarlet"; }

constexpr int kMaxPerftDepth = 30;

struct PerftOptions {
  DragonchessGameOptions game;
  int depth = 0;
  bool divide = false;
};

void run_perft(const PerftOptions& options) {
  if (options.depth < 0) throw BadInput{fmt::format("perft: DEPTH {} is negative", options.depth)};
  // Each ply keeps a move list on the stack; depth 6 already takes hours.
  if (options.depth > kMaxPerftDepth)
    throw BadInput{fmt::format("perft: DEPTH {} is above the limit {}", options.depth, kMaxPerftDepth)};
  if (options.divide && options.depth < 1) throw BadInput{"perft: --divide needs DEPTH 1 or more"};
  Position pos = dragonchess_position_of(options.game);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  ordered_json divide = ordered_json::object();
  if (options.divide) {
    for (const auto& [move, count] : perft_divide(pos, options.depth)) {
      divide[move_text(pos, move)] = count;
      nodes += count;
    }
  } else {
    nodes = perft(pos, options.depth);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ordered_json out;
  out["depth"] = options.depth;
  out["nodes"] = nodes;
  out["seconds"] = seconds;
  out["nodes_per_second"] = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
  if (options.divide) out["divide"] = divide;
  print_json_line(out);
}

// Legal moves as canonical text, sorted; none once the game is over.
std::vector<std::string> legal_move_texts(const Position& pos, const Outcome& result) {
  std::vector<std::string> texts;
  if (result.status != GameStatus::Ongoing) return texts;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) texts.push_back(move_text(pos, m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

void run_moves(const DragonchessGameOptions& options) {
  const Position pos = dragonchess_position_of(options);
  const Outcome result = outcome(pos);
  ordered_json out;
  out["side"] = side_name(pos.side_to_move());
  out["moves"] = legal_move_texts(pos, result);
  out["check"] = result.in_check;
  out["status"] = status_name(result.status);
  print_json_line(out);
}

struct ApplyOptions {
  DragonchessGameOptions game;
  std::string move;
};

void run_apply(const ApplyOptions& options) {
  Position pos = dragonchess_position_of(options.game);
  if (const Outcome before = outcome(pos); before.status != GameStatus::Ongoing)
    throw BadInput{fmt::format("--move '{}': the game is already over ({})", options.move, status_name(before.status))};
  auto move = parse_move(pos, options.move);
  if (!move) throw BadInput{"--move: " + move.error().message};
  const std::string text = move_text(pos, *move);
  StateInfo state;
  pos.do_move(*move, state);
  ordered_json out;
  out["position"] = pos.text();
  out["move"] = text;
  out["status"] = status_name(outcome(pos).status);
  print_json_line(out);
}

}  // namespace

void add_dragonchess_commands(CLI::App& app) {
  CLI::App* dragonchess = app.add_subcommand("dragonchess", "Dragonchess: legal moves, perft, applying moves");
  dragonchess->require_subcommand(1);

  auto perft_options = std::make_shared<PerftOptions>();
  CLI::App* perft_command = dragonchess->add_subcommand("perft", "Count the leaves of the legal-move tree");
  perft_command->add_option("DEPTH", perft_options->depth, "Depth in plies")->required();
  perft_command->add_flag("--divide", perft_options->divide, "Also count below each legal first move");
  add_dragonchess_game_options(perft_command, perft_options->game);
  perft_command->callback([perft_options] { run_perft(*perft_options); });

  auto moves_options = std::make_shared<DragonchessGameOptions>();
  CLI::App* moves_command = dragonchess->add_subcommand("moves", "List the legal moves and the game status");
  add_dragonchess_game_options(moves_command, *moves_options);
  moves_command->callback([moves_options] { run_moves(*moves_options); });

  auto apply_options = std::make_shared<ApplyOptions>();
  CLI::App* apply_command = dragonchess->add_subcommand("apply", "Make one move and print the position after it");
  apply_command->add_option("--move", apply_options->move, "The move, e.g. W2e2-2e3 or 2e22e3")->required();
  add_dragonchess_game_options(apply_command, apply_options->game);
  apply_command->callback([apply_options] { run_apply(*apply_options); });

  add_dragonchess_search_commands(*dragonchess);
}

}  // namespace stratagem::cli
