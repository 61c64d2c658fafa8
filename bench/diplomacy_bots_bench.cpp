// The computer players' speed: orders per second of each player at the start and in a
// middle-game position, and a search decision per level with the phases it adjudicated
// (positions/s, the search's speed).
#include <benchmark/benchmark.h>

#include <string>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/negotiation.h"
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
BENCHMARK_CAPTURE(BM_PlayerAtStart, equilibrium_1, "equilibrium:1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, equilibrium_1, "equilibrium:1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlayerInMiddleGame, equilibrium_3, "equilibrium:3")->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

// Negotiation (issue 19): an answer to a proposal by its terms and as the computers give it,
// and a search decision planned within a
// peace with every neighbour (each candidate and each partner's predicted order checked
// against the deals), against the same decision with no deals.
void BM_AnswerProposal(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power_at(0), power_at(4)}};
  for (auto _ : bench) benchmark::DoNotOptimize(accepts(variant, middle_game(), power_at(4), power_at(0), peace));
}
BENCHMARK(BM_AnswerProposal);

// The answer our computer players give (accepts_after_search): the terms, then two level-1
// searches of the middle-game position, with the peace and without.
void BM_AnswerProposalSearched(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power_at(0), power_at(4)}};
  std::uint64_t seed = 0;
  for (auto _ : bench)
    benchmark::DoNotOptimize(
        accepts_after_search(variant, rules, middle_game(), power_at(4), power_at(0), peace, 1.0, ++seed));
}
BENCHMARK(BM_AnswerProposalSearched)->Unit(benchmark::kMillisecond);

// with_deals: at peace with every other power; with_allies: each of them an ally too (the
// search values all seven positions), the most a press game can ask of it.
void BM_SearchWithDeals(benchmark::State& bench, bool with_deals, bool with_allies) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  auto player = *make_player("search:1");
  // The power with the most units, at peace with every other.
  Power us = power_at(0);
  for (int i = 1; i < variant.power_count(); ++i)
    if (middle_game().unit_count(power_at(i)) > middle_game().unit_count(us)) us = power_at(i);
  std::vector<Arrangement> deals;
  for (int i = 0; i < variant.power_count(); ++i)
    if (power_at(i) != us) deals.push_back({.kind = Arrangement::Kind::Peace, .powers = {us, power_at(i)}});
  const auto allowed = [&](Power power, const Order& order) {
    return within_deals(variant, middle_game(), power, order, power == us ? deals : std::vector<Arrangement>{});
  };
  std::uint64_t seed = 0;
  for (auto _ : bench) {
    Turn turn{variant, rules, middle_game(), us, ++seed};
    if (with_deals) turn.allowed = allowed;
    if (with_allies)
      for (int i = 0; i < variant.power_count(); ++i)
        if (power_at(i) != us) turn.allies.push_back(power_at(i));
    benchmark::DoNotOptimize(player->orders(turn));
  }
}
BENCHMARK_CAPTURE(BM_SearchWithDeals, none, false, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchWithDeals, peace_with_all, true, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchWithDeals, allied_with_all, true, true)->Unit(benchmark::kMillisecond);

}  // namespace
