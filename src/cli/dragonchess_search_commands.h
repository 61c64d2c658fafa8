#pragma once
// The search commands of `stratagem dragonchess`: bestmove (shared/contracts/
// dragonchess-cli.md), match (engine against engine) and play (a game at the terminal).

#include <CLI/CLI.hpp>

namespace stratagem::cli {

void add_dragonchess_search_commands(CLI::App& dragonchess);

}  // namespace stratagem::cli
