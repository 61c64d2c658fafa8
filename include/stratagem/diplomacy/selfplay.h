#pragma once
// Random self-play: whole games in which every unit gets an order drawn uniformly from
// its legal orders (retreats, builds and removals likewise). Deterministic for a seed;
// the throughput benchmark of the CLI contract (`stratagem diplomacy selfplay`).

#include <cstdint>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"

namespace stratagem::diplomacy {

class Variant;

struct SelfplayStats {
  int games = 0;
  std::int64_t phases = 0;  // adjudicated phases (movement, retreat and adjustment)
  int won = 0;              // games that ended with a power at the victory count
};

// Plays `games` games from the variant's start until a power wins or year `max_year`
// ends.
SelfplayStats play_random_games(const Variant& variant, const RuleOptions& rules, int games,
                                std::uint64_t seed, int max_year);

// One such game drawn from `seed` alone (so games can be spread over machines and each
// replayed by its seed): the phases adjudicated and the position it ended in.
struct RandomGame {
  std::int64_t phases = 0;
  GameState final_state;
  Power winner = Power::None;
};
RandomGame play_random_game(const Variant& variant, const RuleOptions& rules, std::uint64_t seed, int max_year);

}  // namespace stratagem::diplomacy
