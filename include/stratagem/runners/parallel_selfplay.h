#pragma once
// Random self-play (diplomacy/selfplay.h) on several threads: the games are shared out,
// each thread plays its share with its own random stream, and the counts are summed.
// Thread k uses seed + k, so one thread plays exactly the CLI's `selfplay --seed S`, and
// a run repeats for the same seed and thread count. The threads share nothing but the
// variant (read only) and write only their own share's counts. Used by the CLI's
// `selfplay --threads` and the Python module's `selfplay(threads=)`.

#include <cstdint>

#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/selfplay.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::runners {

struct ParallelSelfplayResult {
  diplomacy::SelfplayStats stats;
  double seconds = 0;  // wall time of the whole run
};

ParallelSelfplayResult play_random_games_in_parallel(const diplomacy::Variant& variant,
                                                     const diplomacy::RuleOptions& rules, int games, std::uint64_t seed,
                                                     int max_year, int threads);

}  // namespace stratagem::runners
