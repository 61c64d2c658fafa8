// Search speed: nodes per second and time to a fixed depth from the start position and
// two middlegames (reached by self-play), and the nodes each search feature saves: the same
// depth-4 and depth-5 searches of each position with one feature switched off.
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/transposition_table.h"

namespace {

using namespace stratagem::dragonchess;

// 0: the start; 1: after 30 plies; 2: after 60 plies of self-play at 20000 nodes a move.
const std::vector<std::string> kPositions = {
    std::string(kStartPositionText),
    "6r2R2/s1s1s3s3/12/12/2g5s3/7S4/S1SCS3S3/12|ouhtck2t1uo/wwwwwwwwwwww/12/12/7p4/7H4/WWWWWWWWWWWW/OUHT1MK1T1UP|"
    "2b7b1/1d1d1ded1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 16",
    "9R2/s1s1s3s3/12/12/8s3/2C4S4/S1S5S3/5p6|ouhtck5o/wwww1wwwwwww/4w7/12/12/2U5W3/WWWWWWWWKWWW/O1HTgH2T1UP|"
    "2b7b1/1d1d1d1d1d1d/12/12/7e4/12/1D1D2E2D1D/2B7B1 g 0 31",
};

void run_search(benchmark::State& state, Position& pos, int depth, const SearchOptions& options) {
  TranspositionTable table(64);
  SearchLimits limits;
  limits.depth = depth;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();  // clearing 64 MB would dominate the shallow searches
    table.clear();
    state.ResumeTiming();
    nodes = search(pos, limits, options, &table).nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes) * state.iterations(), benchmark::Counter::kIsRate);
}

// Args: position index, depth.
void BM_DragonchessSearchToDepth(benchmark::State& state) {
  Position pos = std::move(*Position::from_text(kPositions[static_cast<std::size_t>(state.range(0))]));
  run_search(state, pos, static_cast<int>(state.range(1)), SearchOptions{});
}
BENCHMARK(BM_DragonchessSearchToDepth)
    ->ArgsProduct({{0, 1, 2}, {3, 4, 5}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

enum class Feature { None, Table, Pvs, Quiescence, CheckExtension, MvvLva, Killers, History, NullMove, LateMoveReductions };

SearchOptions without(Feature feature) {
  SearchOptions options;
  switch (feature) {
    case Feature::None: break;
    case Feature::Table: options.transposition_table = false; break;
    case Feature::Pvs: options.principal_variation_search = false; break;
    case Feature::Quiescence: options.quiescence = false; break;
    case Feature::CheckExtension: options.check_extension = false; break;
    case Feature::MvvLva: options.ordering.mvv_lva = false; break;
    case Feature::Killers: options.ordering.killers = false; break;
    case Feature::History: options.ordering.history = false; break;
    case Feature::NullMove: options.null_move = false; break;
    case Feature::LateMoveReductions: options.late_move_reductions = false; break;
  }
  return options;
}

// Args: the feature switched off (Feature), position index, depth.
void BM_DragonchessSearchWithout(benchmark::State& state) {
  Position pos = std::move(*Position::from_text(kPositions[static_cast<std::size_t>(state.range(1))]));
  run_search(state, pos, static_cast<int>(state.range(2)), without(static_cast<Feature>(state.range(0))));
}
BENCHMARK(BM_DragonchessSearchWithout)
    ->ArgsProduct({benchmark::CreateDenseRange(0, 9, 1), {0, 1, 2}, {4, 5}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

}  // namespace
