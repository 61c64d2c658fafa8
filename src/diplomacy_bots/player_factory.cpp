#include <charconv>

#include "hold_player.h"
#include "random_player.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

tl::expected<std::unique_ptr<Player>, std::string> make_player(std::string_view spec) {
  if (spec == "random") return std::make_unique<RandomPlayer>();
  if (spec == "holdbot") return std::make_unique<HoldPlayer>();
  return tl::unexpected("unknown player \"" + std::string(spec) + "\" (the players are random, holdbot)");
}

std::string_view strongest_player() { return "holdbot"; }

}  // namespace stratagem::diplomacy_bots
