#include <charconv>
#include <optional>

#include "dumbbot.h"
#include "equilibrium_player.h"
#include "hold_player.h"
#include "random_player.h"
#include "search_player.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

namespace {
constexpr int kDefaultSearchLevel = 3;
constexpr int kTopSearchLevel = 5;
constexpr int kDefaultEquilibriumLevel = 2;
constexpr int kTopEquilibriumLevel = 4;

// The level of "KIND:LEVEL", or an error naming it when it is not a number from 1 to top.
tl::expected<int, std::string> level_of(std::string_view spec, std::string_view kind, int top) {
  const std::string_view level_text = spec.substr(kind.size() + 1);
  int level = 0;
  const auto [end, error] = std::from_chars(level_text.data(), level_text.data() + level_text.size(), level);
  if (error != std::errc{} || end != level_text.data() + level_text.size() || level < 1 || level > top)
    return tl::unexpected("unknown " + std::string(kind) + " level \"" + std::string(level_text) + "\" in \"" +
                          std::string(spec) + "\" (the levels are 1 to " + std::to_string(top) + ")");
  return level;
}

bool has_kind(std::string_view spec, std::string_view kind) {
  return spec.size() > kind.size() && spec.starts_with(kind) && spec[kind.size()] == ':';
}

}  // namespace

tl::expected<std::unique_ptr<Player>, std::string> make_player(std::string_view spec) {
  if (spec == "random") return std::make_unique<RandomPlayer>();
  if (spec == "holdbot") return std::make_unique<HoldPlayer>();
  if (spec == "dumbbot") return std::make_unique<DumbBot>();
  if (spec == "search") return std::make_unique<SearchPlayer>(kDefaultSearchLevel);
  if (spec == "equilibrium") return std::make_unique<EquilibriumPlayer>(kDefaultEquilibriumLevel);
  if (spec == "strongest") return make_player(strongest_player());
  if (has_kind(spec, "search"))
    return level_of(spec, "search", kTopSearchLevel).map([](int level) -> std::unique_ptr<Player> {
      return std::make_unique<SearchPlayer>(level);
    });
  if (has_kind(spec, "equilibrium"))
    return level_of(spec, "equilibrium", kTopEquilibriumLevel).map([](int level) -> std::unique_ptr<Player> {
      return std::make_unique<EquilibriumPlayer>(level);
    });
  return tl::unexpected("unknown player \"" + std::string(spec) +
                        "\" (the players are random, holdbot, dumbbot, search, search:1 to search:5, equilibrium, "
                        "equilibrium:1 to equilibrium:4, strongest)");
}

std::string_view strongest_player() { return "search:5"; }

}  // namespace stratagem::diplomacy_bots
