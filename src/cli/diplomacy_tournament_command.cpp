// `stratagem diplomacy tournament`: games between computer players from the standard start
// (or a given position), to a year limit or a win, on several threads; the result per
// player (mean centres, share of centres, wins, survivals, each with a 95% interval, and
// the time its orders took) as JSON on stdout, progress on stderr.
#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/player.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"
#include "tournament_statistics.h"

namespace stratagem::cli {

using namespace diplomacy;
using diplomacy_bots::Player;
using diplomacy_bots::Turn;
using Clock = std::chrono::steady_clock;

namespace {

struct TournamentOptions {
  int games = 0;
  std::string seed = "1";
  int max_year = 1910;
  std::vector<std::string> seats;  // POWER=PLAYER
  std::string player;              // rotated over every power
  std::string others = "dumbbot";
  int threads = 1;
  std::string rules = "standard";
  std::string start;  // a position file, as `diplomacy new` prints it
  bool pretty = false;
};

constexpr int kPhaseTypes = 3;

// Wall time, and the CPU time of the thread that played (the figure that stays true when
// other programs share the cores).
struct PhaseTiming {
  std::int64_t phases = 0;
  double seconds = 0, max_seconds = 0;
  double cpu_seconds = 0, max_cpu_seconds = 0;
};

struct PlayerTiming {
  std::array<PhaseTiming, kPhaseTypes> by_phase{};
  std::int64_t positions_searched = 0;
  void merge(const PlayerTiming& o) {
    for (int k = 0; k < kPhaseTypes; ++k) {
      by_phase[k].phases += o.by_phase[k].phases;
      by_phase[k].seconds += o.by_phase[k].seconds;
      by_phase[k].max_seconds = std::max(by_phase[k].max_seconds, o.by_phase[k].max_seconds);
      by_phase[k].cpu_seconds += o.by_phase[k].cpu_seconds;
      by_phase[k].max_cpu_seconds = std::max(by_phase[k].max_cpu_seconds, o.by_phase[k].max_cpu_seconds);
    }
    positions_searched += o.positions_searched;
  }
};

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// Times a player's every answer (the players themselves never read a clock).
class TimedPlayer final : public Player {
 public:
  TimedPlayer(std::unique_ptr<Player> inner, PlayerTiming& timing) : inner_(std::move(inner)), timing_(timing) {}
  std::string name() const override { return inner_->name(); }
  std::vector<Order> orders(const Turn& turn) override {
    const std::int64_t searched_before = inner_->positions_searched();
    const auto start = Clock::now();
    const double cpu_start = thread_cpu_seconds();
    std::vector<Order> given = inner_->orders(turn);
    const double cpu_seconds = thread_cpu_seconds() - cpu_start;
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    PhaseTiming& t = timing_.by_phase[static_cast<int>(turn.state.phase.type)];
    ++t.phases;
    t.seconds += seconds;
    t.max_seconds = std::max(t.max_seconds, seconds);
    t.cpu_seconds += cpu_seconds;
    t.max_cpu_seconds = std::max(t.max_cpu_seconds, cpu_seconds);
    timing_.positions_searched += inner_->positions_searched() - searched_before;
    return given;
  }

 private:
  std::unique_ptr<Player> inner_;
  PlayerTiming& timing_;
};

struct GameOutcome {
  std::vector<std::string> seats;  // player spec by power
  std::vector<int> centres;
  std::vector<bool> survived;
  Power winner = Power::None;
};

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t seed = 0;
  const char* end = text.data() + text.size();
  if (auto [stop, error] = std::from_chars(text.data(), end, seed); error != std::errc{} || stop != end)
    throw BadInput{fmt::format("--seed: {} is not a whole number from 0 to 18446744073709551615",
                               formats::in_quotes(text))};
  return seed;
}

Power power_named(const Variant& variant, std::string_view name) {
  std::string upper(name);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string known;
  for (int i = 0; i < variant.power_count(); ++i) {
    if (variant.power_code(power_at(i)) == upper) return power_at(i);
    known += (i ? ", " : "") + variant.power_code(power_at(i));
  }
  throw BadInput{fmt::format("--seat: unknown power {} (the powers are {})", formats::in_quotes(name), known)};
}

void check_player(std::string_view option, const std::string& spec) {
  if (auto player = diplomacy_bots::make_player(spec); !player)
    throw BadInput{fmt::format("{}: {}", option, player.error())};
}

// The player spec of every power in each game: fixed seats, the rotated player at power
// (game mod powers), everyone else `others`.
class Seating {
 public:
  Seating(const Variant& variant, const TournamentOptions& options) : rotated_(options.player) {
    fixed_.assign(variant.power_count(), "");
    check_player("--others", options.others);
    for (const std::string& seat : options.seats) {
      const auto equals = seat.find('=');
      if (equals == std::string::npos)
        throw BadInput{fmt::format("--seat: {} is not POWER=PLAYER (e.g. ENGLAND=search:3)", formats::in_quotes(seat))};
      const Power power = power_named(variant, seat.substr(0, equals));
      fixed_[index(power)] = seat.substr(equals + 1);
      check_player("--seat", fixed_[index(power)]);
    }
    if (!rotated_.empty()) {
      check_player("--player", rotated_);
      if (!options.seats.empty()) throw BadInput{"--player (rotated over every power) cannot be used with --seat"};
    }
    for (auto& spec : fixed_)
      if (spec.empty()) spec = options.others;
  }
  std::vector<std::string> for_game(int game) const {
    std::vector<std::string> seats = fixed_;
    if (!rotated_.empty()) seats[game % seats.size()] = rotated_;
    return seats;
  }

 private:
  std::vector<std::string> fixed_;
  std::string rotated_;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadInput{fmt::format("--start: cannot read {}", formats::in_quotes(path))};
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

nlohmann::ordered_json interval_json(const Interval& i) { return nlohmann::ordered_json::array({i.low, i.high}); }

struct PlayerResult {
  MeanEstimate centres;
  std::int64_t wins = 0, survivals = 0;
  PlayerTiming timing;
};

void run_tournament(const TournamentOptions& options) {
  const Variant& variant = standard_variant();
  if (options.games < 1) throw BadInput{fmt::format("--games: must be at least 1, got {}", options.games)};
  if (options.threads < 1 || options.threads > 64)
    throw BadInput{fmt::format("--threads: must be from 1 to 64, got {}", options.threads)};
  const auto rules = rules_by_name(options.rules);
  if (!rules)
    throw BadInput{fmt::format("--rules: unknown rule profile {} (the profiles are standard, datc)",
                               formats::in_quotes(options.rules))};
  const std::uint64_t seed = parse_seed(options.seed);
  GameState start = GameState::initial(variant);
  if (!options.start.empty()) {
    auto read = formats::parse_json(read_file(options.start)).and_then([&](const nlohmann::json& json) {
      return formats::read_state(variant, json, "");
    });
    if (!read) throw BadInput{fmt::format("--start: {}", read.error())};
    start = *read;
  }
  if (options.max_year < start.phase.year || options.max_year > 9999)
    throw BadInput{fmt::format("--max-year: must be from {} to 9999, got {}", start.phase.year, options.max_year)};
  const Seating seating(variant, options);

  std::vector<GameOutcome> outcomes(options.games);
  std::map<std::string, PlayerTiming> timings;
  std::mutex mutex;
  std::atomic<int> next_game{0};
  int finished = 0;
  const auto started = Clock::now();
  auto last_report = started;

  auto work = [&] {
    std::map<std::string, PlayerTiming> own_timings;
    for (int game = next_game++; game < options.games; game = next_game++) {
      GameOutcome& outcome = outcomes[game];
      outcome.seats = seating.for_game(game);
      std::vector<std::unique_ptr<Player>> players;
      std::vector<Player*> seats;
      for (const std::string& spec : outcome.seats) {
        players.push_back(std::make_unique<TimedPlayer>(*diplomacy_bots::make_player(spec), own_timings[spec]));
        seats.push_back(players.back().get());
      }
      const auto record = diplomacy_bots::play_game(variant, *rules, start, seats, seed + game, options.max_year);
      for (int i = 0; i < variant.power_count(); ++i) {
        outcome.centres.push_back(record.final_state.centre_count(power_at(i)));
        outcome.survived.push_back(record.final_state.centre_count(power_at(i)) > 0 ||
                                   record.final_state.unit_count(power_at(i)) > 0);
      }
      outcome.winner = record.winner;
      const std::lock_guard lock(mutex);
      ++finished;
      const auto now = Clock::now();
      if (finished == options.games || now - last_report > std::chrono::seconds(5)) {
        last_report = now;
        std::fprintf(stderr, "tournament: %d/%d games in %.0f s\n", finished, options.games,
                     std::chrono::duration<double>(now - started).count());
      }
    }
    const std::lock_guard lock(mutex);
    for (const auto& [spec, timing] : own_timings) timings[spec].merge(timing);
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < options.threads; ++t) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();

  std::map<std::string, PlayerResult> results;
  std::vector<MeanEstimate> power_centres(variant.power_count());
  std::vector<int> power_wins(variant.power_count());
  int games_won = 0;
  // Rotated player: wins by seat counted from its own (0) round the board, so its wins
  // compare with those of every other single seat.
  std::vector<int> wins_by_seat(variant.power_count());
  for (int game = 0; game < options.games; ++game) {
    const GameOutcome& outcome = outcomes[game];
    games_won += outcome.winner != Power::None;
    if (outcome.winner != Power::None)
      ++wins_by_seat[(index(outcome.winner) - game % variant.power_count() + variant.power_count()) %
                     variant.power_count()];
    for (int i = 0; i < variant.power_count(); ++i) {
      PlayerResult& r = results[outcome.seats[i]];
      r.centres.add(outcome.centres[i]);
      r.wins += outcome.winner == power_at(i);
      r.survivals += outcome.survived[i];
      power_centres[i].add(outcome.centres[i]);
      power_wins[i] += outcome.winner == power_at(i);
    }
  }
  const double total_centres = variant.all_supply_centres().size();
  nlohmann::ordered_json out;
  out["games"] = options.games;
  out["max_year"] = options.max_year;
  out["seed"] = seed;
  out["threads"] = options.threads;
  out["seconds"] = seconds;
  if (options.player.empty()) {
    const std::vector<std::string> fixed = seating.for_game(0);
    for (int i = 0; i < variant.power_count(); ++i) out["seats"][variant.power_code(power_at(i))] = fixed[i];
  } else {
    out["rotated_player"] = options.player;
    out["others"] = options.others;
  }
  out["games_won"] = games_won;
  if (!options.player.empty()) out["wins_by_seat"] = wins_by_seat;
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
  for (auto& [spec, r] : results) {
    r.timing = timings[spec];
    const std::int64_t n = r.centres.count();
    const Interval centres = r.centres.interval_95();
    nlohmann::ordered_json p;
    p["player"] = spec;
    p["seat_games"] = n;
    p["mean_centres"] = r.centres.mean();
    p["mean_centres_95"] = interval_json(centres);
    p["share_of_centres"] = r.centres.mean() / total_centres;
    p["share_of_centres_95"] = interval_json({centres.low / total_centres, centres.high / total_centres});
    p["wins"] = r.wins;
    p["win_rate"] = static_cast<double>(r.wins) / n;
    p["win_rate_95"] = interval_json(wilson_interval_95(r.wins, n));
    p["survivals"] = r.survivals;
    p["survival_rate"] = static_cast<double>(r.survivals) / n;
    p["survival_rate_95"] = interval_json(wilson_interval_95(r.survivals, n));
    nlohmann::ordered_json time;
    double total_cpu_seconds = 0;
    for (int k = 0; k < kPhaseTypes; ++k) {
      const PhaseTiming& t = r.timing.by_phase[k];
      total_cpu_seconds += t.cpu_seconds;
      static constexpr std::array<const char*, kPhaseTypes> kNames = {"movement", "retreat", "adjustment"};
      time[kNames[k]] = {{"phases", t.phases},
                         {"mean_ms", t.phases ? 1000 * t.seconds / t.phases : 0.0},
                         {"max_ms", 1000 * t.max_seconds},
                         {"cpu_mean_ms", t.phases ? 1000 * t.cpu_seconds / t.phases : 0.0},
                         {"cpu_max_ms", 1000 * t.max_cpu_seconds}};
    }
    p["time_per_phase"] = time;
    p["positions_searched"] = r.timing.positions_searched;
    p["positions_per_cpu_second"] = total_cpu_seconds > 0 ? r.timing.positions_searched / total_cpu_seconds : 0.0;
    players.push_back(p);
  }
  out["players"] = players;
  nlohmann::ordered_json by_power;
  for (int i = 0; i < variant.power_count(); ++i)
    by_power[variant.power_code(power_at(i))] = {{"mean_centres", power_centres[i].mean()}, {"wins", power_wins[i]}};
  out["by_power"] = by_power;
  const std::string text = formats::dump_json(out, options.pretty) + "\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

void add_diplomacy_tournament_command(CLI::App& diplomacy) {
  auto options = std::make_shared<TournamentOptions>();
  CLI::App* tournament = diplomacy.add_subcommand(
      "tournament", "Play games between computer players and print each player's results as JSON");
  tournament->add_option("--games", options->games, "Number of games (at least 1)")->required();
  tournament->add_option("--seed", options->seed, "Random seed (game g uses seed + g; default 1)");
  tournament->add_option("--max-year", options->max_year, "Last year played, unless a power wins first (default 1910)");
  tournament->add_option("--seat", options->seats, "POWER=PLAYER, e.g. ENGLAND=search:3 (repeatable)");
  tournament->add_option("--player", options->player,
                         "A player rotated over every power (game g: power g mod 7), the others --others");
  tournament->add_option("--others", options->others, "Player of every other seat (default dumbbot)");
  tournament->add_option("--threads", options->threads, "Games played at once (default 1)");
  tournament->add_option("--rules", options->rules, "Rule profile: standard (default) or datc");
  tournament->add_option("--start", options->start, "Start from this position (JSON, as `diplomacy new` prints)");
  tournament->add_flag("--pretty", options->pretty, "Indent the output");
  tournament->callback([options] { run_tournament(*options); });
}

}  // namespace stratagem::cli
