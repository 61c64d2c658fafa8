#pragma once
// What every `stratagem dragonchess` command reads (--position, --rule) and how it writes
// its one JSON object, shared by the rules commands and the search commands.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "stratagem/dragonchess/position.h"

namespace stratagem::cli {

struct DragonchessGameOptions {
  std::string position = "startpos";
  std::vector<std::string> rules;
};

void add_dragonchess_game_options(CLI::App* command, DragonchessGameOptions& options);

// The position the options name, with their rule switches; BadInput if either is malformed.
dragonchess::Position dragonchess_position_of(const DragonchessGameOptions& options);

// One JSON object and a newline on stdout.
void print_json_line(const nlohmann::ordered_json& json);

}  // namespace stratagem::cli
