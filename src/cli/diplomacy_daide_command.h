#pragma once
// `diplomacy daide`, added to the `diplomacy` subcommand.

#include <CLI/CLI.hpp>

namespace stratagem::cli {

void add_diplomacy_daide_command(CLI::App& diplomacy);

}  // namespace stratagem::cli
