// `stratagem diplomacy daide`: one of our computer players takes a seat at a DAIDE server
// (David Norman's AiServer, Parlance, the MILA server) as a no-press player and plays
// until the game ends. What happens goes to stderr, a line an event; docs/daide.md.
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "diplomacy_daide_command.h"
#include "stratagem/daide/client.h"
#include "stratagem/daide/tcp_client.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/player.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::cli {

namespace {

struct DaideOptions {
  std::string host;
  int port = 0;
  std::string player;
  std::string power;
  std::optional<long> passcode;
  std::uint64_t seed = 1;
  std::optional<double> move_time;
  std::string name = "stratagem";
  bool quiet = false;
};

// The player's time for one decision: --move-time, and at most half the server's
// deadline for the turn, so that the orders arrive in time.
std::function<std::function<bool()>(std::optional<long>)> decision_clock(std::optional<double> move_time) {
  return [move_time](std::optional<long> turn_seconds) -> std::function<bool()> {
    std::optional<double> budget = move_time;
    if (turn_seconds && *turn_seconds > 0)
      budget = std::min(budget.value_or(std::numeric_limits<double>::infinity()), *turn_seconds * 0.5);
    if (!budget) return {};
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                 std::chrono::duration<double>(*budget));
    return [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  };
}

void run_daide(const DaideOptions& options) {
  if (options.port <= 0 || options.port > 65535) throw BadInput{"--port must be from 1 to 65535"};
  auto player = diplomacy_bots::make_player(options.player);
  if (!player) throw BadInput{player.error()};
  daide::ClientOptions client_options;
  client_options.name = options.name;
  client_options.seed = options.seed;
  client_options.passcode = options.passcode;
  client_options.stop_for_turn = decision_clock(options.move_time);
  if (!options.power.empty()) {
    auto power = formats::read_power(diplomacy::standard_variant(), options.power);
    if (!power) throw BadInput{power.error()};
    client_options.power = *power;
  }
  if (options.passcode && !client_options.power) throw BadInput{"--passcode takes a power back: give --power too"};
  if (options.move_time && *options.move_time <= 0) throw BadInput{"--move-time must be more than 0 seconds"};

  daide::Client client(**player, client_options);
  auto result = daide::run_over_tcp(options.host, static_cast<std::uint16_t>(options.port), client, [&](const daide::Event& e) {
    // The failure that ends the session is printed once, below.
    if (e.kind == daide::Event::Kind::Error && client.failure() == e.text) return;
    if (e.kind == daide::Event::Kind::Info && options.quiet) return;
    const char* prefix = e.kind == daide::Event::Kind::Error ? "error: " : e.kind == daide::Event::Kind::Warning ? "warning: " : "";
    std::fprintf(stderr, "%s%s\n", prefix, e.text.c_str());
  });
  if (!result) throw BadInput{result.error()};
}

}  // namespace

void add_diplomacy_daide_command(CLI::App& diplomacy) {
  auto options = std::make_shared<DaideOptions>();
  CLI::App* daide = diplomacy.add_subcommand(
      "daide", "Seat a computer player at a DAIDE server (no press) and play until the game ends");
  daide->add_option("--host", options->host, "The server's host name or address")->required();
  daide->add_option("--port", options->port, "The server's TCP port")->required();
  daide->add_option("--player", options->player,
                    "The player: random, holdbot, dumbbot, search, search:LEVEL (1-5), equilibrium, "
                    "equilibrium:LEVEL (1-4) or strongest")
      ->required();
  daide->add_option("--power", options->power,
                    "With --passcode: take this power back (IAM); alone: the power we expect the server to give us");
  daide->add_option("--passcode", options->passcode, "The passcode the server gave with the power (HLO)");
  daide->add_option("--seed", options->seed, "Seed of the player's random choices (default 1)");
  daide->add_option("--move-time", options->move_time,
                    "Seconds the player may think per turn (also at most half the server's deadline)");
  daide->add_option("--name", options->name, "Name the server records for us (default stratagem)");
  daide->add_flag("--quiet", options->quiet, "Print only warnings and errors");
  daide->callback([options] { run_daide(*options); });
}

}  // namespace stratagem::cli
