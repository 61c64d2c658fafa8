// The game server's core per request: a Diplomacy game record read, an action, the record
// written back (what the server does inside each storage transaction), the view of a game,
// and a phase processed. docs/server-rules.md explains the layer.

#include <benchmark/benchmark.h>

#include "stratagem/platform/game.h"

namespace {

using namespace stratagem::platform;
using nlohmann::json;

const Instant kStart = *parse_instant("2026-11-24T18:00:00Z");
const char* const kPowers[] = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"};

User user_of(const char* power) { return {std::string("id-") + power, power}; }

Game started_game() {
  auto game = *Game::create("1", {{"game", "diplomacy"}, {"name", "bench"}}, user_of("creator"), kStart, 1);
  for (const char* power : kPowers) game.act(user_of(power), Action::Join, {{"power", power}}, Language::En, kStart);
  return game;
}

const json kOrders = {{"phase", "S1901M"}, {"orders", {{"FRANCE", {"A Par-Bur", "F Bre-Mao", "A Mar S A Par-Bur"}}}}};

// Record text in, orders given, record text out.
[[gnu::noinline]] std::string order_submission(const std::string& record) {
  auto game = *Game::from_json(json::parse(record));
  auto effects = game.act(user_of("FRANCE"), Action::PutOrders, kOrders, Language::En, kStart);
  benchmark::DoNotOptimize(effects);
  return game.record();
}

void BM_OrderSubmission(benchmark::State& state) {
  std::string record = started_game().record();
  for (auto _ : state) record = order_submission(record);
}
BENCHMARK(BM_OrderSubmission);

[[gnu::noinline]] tl::expected<Game, std::string> read_record(const std::string& record) {
  return Game::from_json(json::parse(record));
}

void BM_RecordRead(benchmark::State& state) {
  const std::string record = started_game().record();
  for (auto _ : state) benchmark::DoNotOptimize(read_record(record));
}
BENCHMARK(BM_RecordRead);

[[gnu::noinline]] std::string write_record(const Game& game) { return game.record(); }

void BM_RecordWrite(benchmark::State& state) {
  const Game game = started_game();
  for (auto _ : state) benchmark::DoNotOptimize(write_record(game));
}
BENCHMARK(BM_RecordWrite);

[[gnu::noinline]] std::string view_as_france(const Game& game) { return game.view_for("id-FRANCE", kStart).dump(); }

void BM_ViewFor(benchmark::State& state) {
  const Game game = started_game();
  for (auto _ : state) benchmark::DoNotOptimize(view_as_france(game));
}
BENCHMARK(BM_ViewFor);

// The seventh power says ready: the phase is adjudicated and the next one starts.
[[gnu::noinline]] void process_on_readiness(const Game& ready) {
  Game game = ready;
  auto effects = game.act(user_of("TURKEY"), Action::Ready, {{"power", "TURKEY"}, {"ready", true}}, Language::En, kStart);
  benchmark::DoNotOptimize(effects);
}

void BM_PhaseProcessedOnReadiness(benchmark::State& state) {
  Game ready = started_game();
  for (int p = 0; p < 6; ++p)
    ready.act(user_of(kPowers[p]), Action::Ready, {{"power", kPowers[p]}, {"ready", true}}, Language::En, kStart);
  for (auto _ : state) process_on_readiness(ready);
}
BENCHMARK(BM_PhaseProcessedOnReadiness);

}  // namespace
