#include <charconv>

#include "dumbbot.h"
#include "hold_player.h"
#include "random_player.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

tl::expected<std::unique_ptr<Player>, std::string> make_player(std::string_view spec) {
  if (spec == "random") return std::make_unique<RandomPlayer>();
  if (spec == "holdbot") return std::make_unique<HoldPlayer>();
  if (spec == "dumbbot") return std::make_unique<DumbBot>();
  return tl::unexpected("unknown player \"" + std::string(spec) + "\" (the players are random, holdbot, dumbbot)");
}

std::string_view strongest_player() { return "dumbbot"; }

}  // namespace stratagem::diplomacy_bots
