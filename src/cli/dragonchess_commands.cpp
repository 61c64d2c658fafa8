// Placeholder until the Dragonchess engine lands (issue 3).
#include "commands.h"

namespace stratagem::cli {
void add_dragonchess_commands(CLI::App&) {}
}  // namespace stratagem::cli
