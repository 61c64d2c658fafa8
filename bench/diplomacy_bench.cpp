// Diplomacy engine throughput: movement adjudication alone (orders known), legal order
// generation, and whole random games end to end. Positions and orders come from
// random self-play with a fixed seed, so every run measures the same work.

#include <benchmark/benchmark.h>

#include <vector>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/selfplay.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace {

using namespace stratagem::diplomacy;

struct Turn {
  GameState state;
  std::array<Order, kMaxProvinces> orders{};
  ProvinceSet ordered;
};

// Movement phases of random games, each with random legal orders for every unit.
const std::vector<Turn>& movement_turns() {
  static const std::vector<Turn> turns = [] {
    const Variant& variant = standard_variant();
    std::vector<Turn> out;
    std::uint64_t x = 12345;
    const auto next = [&] {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      return x;
    };
    for (int game = 0; game < 20; ++game) {
      GameState state = GameState::initial(variant);
      while (state.phase.year <= 1920) {
        Turn turn{state, {}, {}};
        if (state.phase.type != PhaseType::Adjustment) {
          const LegalOrderGenerator generator(variant, state);
          OrderList list;
          const ProvinceSet& units =
              state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
          units.for_each([&](int p) {
            list.clear();
            generator.unit_orders(province_at(p), list);
            turn.orders[p] = list[next() % list.size()];
            turn.ordered.insert(p);
          });
        }
        if (state.phase.type == PhaseType::Movement) out.push_back(turn);
        state = adjudicate(variant, standard_rules(), state, turn.orders, turn.ordered).next;
        if (winner(variant, state) != Power::None) break;
      }
    }
    return out;
  }();
  return turns;
}

void BM_MovementAdjudication(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const auto& turns = movement_turns();
  const RuleOptions rules = standard_rules();
  std::size_t i = 0;
  for (auto _ : bench) {
    const Turn& t = turns[i++ % turns.size()];
    benchmark::DoNotOptimize(adjudicate(variant, rules, t.state, t.orders, t.ordered));
  }
  bench.counters["phases/s"] = benchmark::Counter(double(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MovementAdjudication);

// Cost against the number of units: random boards with n units (armies on land, fleets
// on coasts and seas, powers at random) and a random legal order for every unit, from
// a sparse board to a full one.
std::vector<Turn> random_boards(int n, int count) {
  const Variant& variant = standard_variant();
  std::uint64_t x = 0x9E3779B97F4A7C15ull ^ std::uint64_t(n);
  const auto next = [&] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  std::vector<Turn> turns;
  while (static_cast<int>(turns.size()) < count) {
    Turn turn;
    turn.state.phase = variant.start_phase();
    int placed = 0;
    for (int tries = 0; placed < n && tries < 10000; ++tries) {
      const Province p = province_at(int(next() % variant.province_count()));
      if (turn.state.occupied(p) || variant.terrain(p) == Terrain::Impassable) continue;
      const bool fleet = variant.terrain(p) == Terrain::Sea || (variant.terrain(p) == Terrain::Coastal && next() % 2);
      Location at = variant.main_location(p);
      if (fleet && variant.has_split_coasts(p)) at = variant.coasts(p)[next() % variant.coasts(p).size()];
      const Power power = power_at(int(next() % variant.power_count()));
      turn.state.place(variant, Unit{fleet ? UnitType::Fleet : UnitType::Army, power, at});
      ++placed;
    }
    const LegalOrderGenerator generator(variant, turn.state);
    OrderList list;
    turn.state.occupied_provinces().for_each([&](int p) {
      list.clear();
      generator.unit_orders(province_at(p), list);
      turn.orders[p] = list[next() % list.size()];
      turn.ordered.insert(p);
    });
    turns.push_back(turn);
  }
  return turns;
}

void BM_AdjudicationByUnitCount(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const int n = static_cast<int>(bench.range(0));
  const std::vector<Turn> turns = random_boards(n, 1000);
  const RuleOptions rules = standard_rules();
  std::size_t i = 0;
  for (auto _ : bench) {
    const Turn& t = turns[i++ % turns.size()];
    benchmark::DoNotOptimize(adjudicate(variant, rules, t.state, t.orders, t.ordered));
  }
  bench.counters["ns/unit"] =
      benchmark::Counter(double(bench.iterations()) * n, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_AdjudicationByUnitCount)->Arg(8)->Arg(16)->Arg(32)->Arg(48)->Arg(64)->Arg(75);

void BM_LegalOrderGeneration(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const auto& turns = movement_turns();
  std::size_t i = 0;
  std::int64_t orders = 0;
  OrderList list;
  for (auto _ : bench) {
    const GameState& state = turns[i++ % turns.size()].state;
    const LegalOrderGenerator generator(variant, state);
    state.occupied_provinces().for_each([&](int p) {
      list.clear();
      generator.unit_orders(province_at(p), list);
      orders += list.size();
    });
  }
  bench.counters["positions/s"] = benchmark::Counter(double(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["orders/s"] = benchmark::Counter(double(orders), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LegalOrderGeneration);

void BM_RandomGames(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  std::int64_t phases = 0;
  std::uint64_t seed = 1;
  for (auto _ : bench) phases += play_random_games(variant, standard_rules(), 1, seed++, 1930).phases;
  bench.counters["phases/s"] = benchmark::Counter(double(phases), benchmark::Counter::kIsRate);
  bench.counters["games/s"] = benchmark::Counter(double(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGames)->Unit(benchmark::kMillisecond);

// Reading written orders, as the server does for every order submission: the seeds' own
// spellings in English, Chinese and Japanese.
void BM_OrderParsing(benchmark::State& bench) {
  const Variant& variant = standard_variant();
  const std::vector<std::string_view> texts = {
      "A Par-Bur", "F Lon - Nth", "A Mun S A Par - Bur", "F Nth C A Lon - Nwy", "A Vie H",
      "army paris to burgundy", "F StP/sc - Bot", "陸軍 巴黎 移動 勃艮第", "艦隊 倫敦 支援 陸軍 威爾斯 移動 英吉利海峽",
      "陆军 维也纳 待机", "陸軍 パリ 移動 ブルゴーニュ", "艦隊 ロンドン 輸送 陸軍 ヨークシャー 移動 ノルウェー"};
  std::int64_t parsed = 0;
  for (auto _ : bench) {
    for (const auto text : texts) {
      auto order = parse_order(variant, text, PhaseType::Movement);
      benchmark::DoNotOptimize(order);
      if (!order) bench.SkipWithError(std::string(text).c_str());
      ++parsed;
    }
  }
  bench.counters["orders/s"] = benchmark::Counter(double(parsed), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OrderParsing);

}  // namespace
