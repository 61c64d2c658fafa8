// Does press pay? (issue 19) Games of two negotiating players beside five silent ones,
// against the very same games with all seven silent: the two seats' centres in 1910 (or
// at a solo), solos and survival. The pair of seats goes round all 21 pairs of powers; a
// game and its silent twin share the seed, so the only difference is the negotiation.
//   build/bench/press_pays [--games 147] [--player search] [--personality loyal|opportunist]
//                          [--threads 2] [--max-year 1910] [--seed 1]
// Prints one JSON object.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/negotiating_player.h"

using namespace stratagem;

namespace {

struct Side {
  double centres = 0;
  int solos = 0, survivals = 0, seat_games = 0;
};

struct Totals {
  Side silent, negotiating;
  int proposals = 0, deals = 0, broken = 0;
};

struct Options {
  int games = 147;
  std::string player = "search";
  diplomacy_bots::Personality personality = diplomacy_bots::Personality::Loyal;
  int threads = 2;
  int max_year = 1910;
  std::uint64_t seed = 1;
};

Options read_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string name = argv[i];
    const char* value = argv[i + 1];
    if (name == "--games") o.games = std::atoi(value);
    else if (name == "--player") o.player = value;
    else if (name == "--threads") o.threads = std::atoi(value);
    else if (name == "--personality" && std::string(value) == "opportunist")
      o.personality = diplomacy_bots::Personality::Opportunist;
    else if (name == "--personality" && std::string(value) == "loyal") o.personality = diplomacy_bots::Personality::Loyal;
    else if (name == "--max-year") o.max_year = std::atoi(value);
    else if (name == "--seed") o.seed = std::strtoull(value, nullptr, 10);
    else {
      std::fprintf(stderr, "press_pays: unknown option %s\n", name.c_str());
      std::exit(2);
    }
  }
  return o;
}

void count(Side& side, const diplomacy_bots::GameRecord& record, diplomacy::Power p) {
  side.centres += record.final_state.centre_count(p);
  side.solos += record.winner == p;
  side.survivals += record.final_state.centre_count(p) > 0 || record.final_state.unit_count(p) > 0;
  ++side.seat_games;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = read_options(argc, argv);
  const auto& variant = diplomacy::standard_variant();
  const auto rules = diplomacy::standard_rules();
  const auto start = diplomacy::GameState::initial(variant);
  if (!diplomacy_bots::make_player(options.player)) {
    std::fprintf(stderr, "press_pays: unknown player %s\n", options.player.c_str());
    return 2;
  }
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < 7; ++a)
    for (int b = a + 1; b < 7; ++b) pairs.emplace_back(a, b);

  Totals totals;
  std::mutex mutex;
  std::atomic<int> next{0};
  const auto began = std::chrono::steady_clock::now();
  auto work = [&] {
    for (int g = next++; g < options.games; g = next++) {
      const auto [a, b] = pairs[g % pairs.size()];
      const std::uint64_t seed = options.seed + static_cast<std::uint64_t>(g);
      std::vector<std::unique_ptr<diplomacy_bots::Player>> silent, talking;
      for (int s = 0; s < 7; ++s) silent.push_back(*diplomacy_bots::make_player(options.player));
      diplomacy_bots::NegotiationTable table({diplomacy::power_at(a), diplomacy::power_at(b)}, options.personality);
      for (int s = 0; s < 7; ++s) {
        auto inner = *diplomacy_bots::make_player(options.player);
        if (s == a || s == b) talking.push_back(std::make_unique<diplomacy_bots::NegotiatingPlayer>(std::move(inner), table));
        else talking.push_back(std::move(inner));
      }
      std::vector<diplomacy_bots::Player*> silent_seats, talking_seats;
      for (auto& p : silent) silent_seats.push_back(p.get());
      for (auto& p : talking) talking_seats.push_back(p.get());
      const auto quiet = diplomacy_bots::play_game(variant, rules, start, silent_seats, seed, options.max_year);
      const auto loud = diplomacy_bots::play_game(
          variant, rules, start, talking_seats, seed, options.max_year,
          [&](const diplomacy::GameState& state, diplomacy::Power p, const std::vector<diplomacy::Order>& orders) {
            table.judge(variant, state, p, orders);
          });
      std::lock_guard lock(mutex);
      for (int s : {a, b}) {
        count(totals.silent, quiet, diplomacy::power_at(s));
        count(totals.negotiating, loud, diplomacy::power_at(s));
      }
      totals.proposals += table.proposals_made();
      totals.deals += table.deals_agreed();
      totals.broken += table.deals_broken();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.threads); ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const auto mean = [](const Side& s) { return s.seat_games ? s.centres / s.seat_games : 0.0; };
  std::printf(
      "{\"games\": %d, \"player\": \"%s\", \"max_year\": %d, \"seed\": %llu, \"seconds\": %.1f, "
      "\"negotiators\": {\"seat_games\": %d, \"mean_centres\": %.3f, \"solos\": %d, \"survivals\": %d}, "
      "\"same_seats_silent\": {\"seat_games\": %d, \"mean_centres\": %.3f, \"solos\": %d, \"survivals\": %d}, "
      "\"centres_ratio\": %.3f, \"proposals\": %d, \"deals\": %d, \"deals_broken\": %d, \"personality\": \"%s\"}\n",
      options.games, options.player.c_str(), options.max_year, static_cast<unsigned long long>(options.seed), seconds,
      totals.negotiating.seat_games, mean(totals.negotiating), totals.negotiating.solos, totals.negotiating.survivals,
      totals.silent.seat_games, mean(totals.silent), totals.silent.solos, totals.silent.survivals,
      mean(totals.silent) > 0 ? mean(totals.negotiating) / mean(totals.silent) : 0.0, totals.proposals, totals.deals,
      totals.broken, options.personality == diplomacy_bots::Personality::Loyal ? "loyal" : "opportunist");
  return 0;
}
