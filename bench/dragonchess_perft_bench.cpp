// Perft speed: legal leaves per second from the start position (bulk counting), and the
// cost of the pieces it is built from.
#include <benchmark/benchmark.h>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/perft.h"

namespace {

using namespace stratagem::dragonchess;

void BM_DragonchessPerft(benchmark::State& state) {
  Position pos = Position::start();
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += perft(pos, depth);
  state.counters["leaves_per_second"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DragonchessPerft)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_DragonchessCountLegal(benchmark::State& state) {
  const Position pos = Position::start();
  for (auto _ : state) benchmark::DoNotOptimize(count_legal_moves(pos));
}
BENCHMARK(BM_DragonchessCountLegal);

void BM_DragonchessGenerateLegal(benchmark::State& state) {
  const Position pos = Position::start();
  MoveList moves;
  for (auto _ : state) {
    moves.clear();
    generate_legal(pos, moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_DragonchessGenerateLegal);

void BM_DragonchessMakeUnmake(benchmark::State& state) {
  Position pos = Position::start();
  MoveList moves;
  generate_legal(pos, moves);
  StateInfo st;
  for (auto _ : state)
    for (Move m : moves) {
      pos.do_move(m, st);
      pos.undo_move(m);
    }
  state.SetItemsProcessed(state.iterations() * moves.size());
}
BENCHMARK(BM_DragonchessMakeUnmake);

}  // namespace
