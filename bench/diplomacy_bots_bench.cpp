// The computer players' speed: orders per second of each player at the start and in a
// middle-game position, and a search decision per level with the phases it adjudicated
// (positions/s, the search's speed).
#include <benchmark/benchmark.h>

#include <string>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/player.h"

namespace {

using namespace stratagem::diplomacy;
using namespace stratagem::diplomacy_bots;

// Spring 1905 of a game among DumbBot-class players: more units, fewer open centres.
const GameState& middle_game() {
  static const GameState state = [] {
    const Variant& variant = standard_variant();
    const RuleOptions rules = standard_rules();
    std::vector<std::unique_ptr<Player>> players;
    std::vector<Player*> seats;
    for (int i = 0; i < variant.power_count(); ++i) {
      players.push_back(*make_player("dumbbot"));
      seats.push_back(players.back().get());
    }
    return play_game(variant, rules, GameState::initial(variant), seats, 5, 1904).final_state;
  }();
  return state;
}

void orders_of_every_power(benchmark::State& bench, const std::string& spec, const GameState& state) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  auto player = *make_player(spec);
  std::uint64_t seed = 0;
  for (auto _ : bench) {
    for (int i = 0; i < variant.power_count(); ++i) {
      auto orders = player->orders(Turn{variant, rules, state, power_at(i), ++seed});
      benchmark::DoNotOptimize(orders.data());
    }
  }
  bench.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()) * variant.power_count(), benchmark::Counter::kIsRate);
  bench.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(player->positions_searched()), benchmark::Counter::kIsRate);
}

void BM_PlayerAtStart(benchmark::State& bench, const char* spec) {
  orders_of_every_power(bench, spec, GameState::initial(standard_variant()));
}
void BM_PlayerInMiddleGame(benchmark::State& bench, const char* spec) {
  orders_of_every_power(bench, spec, middle_game());
}

BENCHMARK_CAPTURE(BM_PlayerAtStart, random, "random");
BENCHMARK_CAPTURE(BM_PlayerAtStart, dumbbot, "dumbbot");
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, dumbbot, "dumbbot");
BENCHMARK_CAPTURE(BM_PlayerAtStart, search_1, "search:1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerAtStart, search_3, "search:3")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerAtStart, search_5, "search:5")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, search_1, "search:1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, search_3, "search:3")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, search_5, "search:5")->Unit(benchmark::kMillisecond);

}  // namespace
