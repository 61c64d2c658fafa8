#pragma once
// Each game adds its subcommands to the `stratagem` command line.

#include <CLI/CLI.hpp>

namespace stratagem::cli {

// Thrown by a command for bad input: main prints the message as one line on stderr
// and exits with status 2, as both CLI contracts require.
struct BadInput {
  std::string message;
};

void add_diplomacy_commands(CLI::App& app);
// `diplomacy tournament`, added to the `diplomacy` subcommand.
void add_diplomacy_tournament_command(CLI::App& diplomacy);
void add_dragonchess_commands(CLI::App& app);
void add_serve_command(CLI::App& app);

}  // namespace stratagem::cli
