#include <charconv>

#include "dumbbot.h"
#include "hold_player.h"
#include "random_player.h"
#include "search_player.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

namespace {
constexpr int kDefaultSearchLevel = 3;
constexpr int kTopSearchLevel = 5;
}  // namespace

tl::expected<std::unique_ptr<Player>, std::string> make_player(std::string_view spec) {
  if (spec == "random") return std::make_unique<RandomPlayer>();
  if (spec == "holdbot") return std::make_unique<HoldPlayer>();
  if (spec == "dumbbot") return std::make_unique<DumbBot>();
  if (spec == "search") return std::make_unique<SearchPlayer>(kDefaultSearchLevel);
  if (spec.starts_with("search:")) {
    const std::string_view level_text = spec.substr(7);
    int level = 0;
    const auto [end, error] = std::from_chars(level_text.data(), level_text.data() + level_text.size(), level);
    if (error != std::errc{} || end != level_text.data() + level_text.size() || level < 1 || level > kTopSearchLevel)
      return tl::unexpected("unknown search level \"" + std::string(level_text) + "\" in \"" + std::string(spec) +
                            "\" (the levels are 1 to 5)");
    return std::make_unique<SearchPlayer>(level);
  }
  return tl::unexpected("unknown player \"" + std::string(spec) +
                        "\" (the players are random, holdbot, dumbbot, search, search:1 to search:5)");
}

std::string_view strongest_player() { return "search:5"; }

}  // namespace stratagem::diplomacy_bots
