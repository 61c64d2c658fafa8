// stratagem: the command line over the Diplomacy and Dragonchess engines.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"Stratagem: Diplomacy and Dragonchess engines", "stratagem"};
  app.require_subcommand(1);
  stratagem::cli::add_diplomacy_commands(app);
  stratagem::cli::add_dragonchess_commands(app);
  stratagem::cli::add_serve_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  } catch (const stratagem::cli::BadInput& e) {
    std::fprintf(stderr, "error: %s\n", e.message.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
