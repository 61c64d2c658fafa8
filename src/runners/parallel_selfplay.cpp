#include "stratagem/runners/parallel_selfplay.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

namespace stratagem::runners {

using namespace diplomacy;

ParallelSelfplayResult play_random_games_in_parallel(const Variant& variant, const RuleOptions& rules, int games,
                                                     std::uint64_t seed, int max_year, int threads) {
  threads = std::min(threads, games);
  std::vector<SelfplayStats> shares(threads);
  const auto start = std::chrono::steady_clock::now();
  {
    std::vector<std::jthread> workers;
    for (int k = 0; k < threads; ++k) {
      // The first games % threads threads play one game more.
      const int share = games / threads + (k < games % threads);
      workers.emplace_back([&, k, share] { shares[k] = play_random_games(variant, rules, share, seed + k, max_year); });
    }
  }
  ParallelSelfplayResult result;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const SelfplayStats& share : shares) {
    result.stats.games += share.games;
    result.stats.phases += share.phases;
    result.stats.won += share.won;
  }
  return result;
}

}  // namespace stratagem::runners
