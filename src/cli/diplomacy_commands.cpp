// `stratagem diplomacy ...`: the commands of shared/contracts/diplomacy-cli.md (adjudicate,
// selfplay), the ones for people (new, render, demo) and for tools (legal).
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "diplomacy_daide_command.h"
#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_legal.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_text.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/selfplay.h"
#include "stratagem/runners/parallel_selfplay.h"
#include "stratagem/diplomacy/setup.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::cli {

using namespace diplomacy;
using namespace formats;

namespace {

// The sample turn of `demo`: Spring 1901 from the start, written the way players write,
// with a supported attack that wins, three bounces and an order that cannot be carried out.
constexpr std::string_view kDemoTurn = R"({
  "phase": "S1901M",
  "units": {
    "AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A LVP"],
    "FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A BER", "A MUN", "F KIE"],
    "ITALY": ["A ROM", "A VEN", "F NAP"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
    "TURKEY": ["A CON", "A SMY", "F ANK"]
  },
  "centers": {
    "AUSTRIA": ["VIE", "BUD", "TRI"], "ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "MAR", "BRE"],
    "GERMANY": ["BER", "MUN", "KIE"], "ITALY": ["ROM", "VEN", "NAP"], "RUSSIA": ["MOS", "WAR", "SEV", "STP"],
    "TURKEY": ["CON", "SMY", "ANK"]
  },
  "orders": {
    "AUSTRIA": ["A Vie-Gal", "A Bud - Ser", "F Tri - Alb"],
    "ENGLAND": ["F Lon - North Sea", "F Edi - Nrg", "A Lvp - Yor"],
    "FRANCE": ["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mid"],
    "GERMANY": ["A Mun - Bur", "A Ber - Kie", "F Kie - Den"],
    "ITALY": ["A Ven - Tun", "A Rom - Apu", "F Nap - Ion"],
    "RUSSIA": ["A War - Gal", "A Mos M Ukr", "F Sev - Bla", "F StP/sc - Bot"],
    "TURKEY": ["F Ank - Bla", "A Con - Bul", "A Smy - Arm"]
  }
})";

std::string read_all_of(std::istream& in) {
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void print(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

template <class T>
T or_bad_input(tl::expected<T, std::string> value) {
  if (!value) throw BadInput{value.error()};
  return std::move(*value);
}

RuleOptions rules_named(const std::string& name) {
  auto rules = rules_by_name(name);
  if (!rules)
    throw BadInput{fmt::format("--rules: unknown rule profile {} (the profiles are standard, datc)", in_quotes(name))};
  return *rules;
}

Language language_named(const std::string& code) {
  auto language = language_by_code(code);
  if (!language)
    throw BadInput{
        fmt::format("--lang: unknown language {} (the languages are en, zh-Hant, zh-Hans, ja)", in_quotes(code))};
  return *language;
}

tl::expected<PhaseReport, std::string> adjudicate_text(const RuleOptions& rules, std::string_view text) {
  const Variant& variant = standard_variant();
  return parse_json(text)
      .and_then([&](const nlohmann::json& input) { return read_phase_input(variant, input); })
      .and_then([&](const PhaseInput& input) { return adjudicate_game_phase(variant, rules, input); });
}

struct AdjudicateOptions {
  std::string rules = "standard";
  bool jsonl = false;
  bool pretty = false;
};

void run_adjudicate(const AdjudicateOptions& options) {
  const RuleOptions rules = rules_named(options.rules);
  const Variant& variant = standard_variant();
  if (!options.jsonl) {
    const PhaseReport report = or_bad_input(adjudicate_text(rules, read_all_of(std::cin)));
    print(dump_json(write_phase_report(variant, report), options.pretty) + "\n");
    return;
  }
  // One output line per input line, so a bad line cannot stop or shift the others.
  std::string first_failure;
  int failures = 0, line_number = 0;
  for (std::string line; std::getline(std::cin, line);) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    auto report = adjudicate_text(rules, line);
    if (report) {
      print(dump_json(write_phase_report(variant, *report), false) + "\n");
      continue;
    }
    print(dump_json(nlohmann::ordered_json{{"error", report.error()}}, false) + "\n");
    if (failures++ == 0) first_failure = fmt::format("line {}: {}", line_number, report.error());
  }
  if (failures == 1) throw BadInput{first_failure};
  if (failures > 1)
    throw BadInput{fmt::format("{} (and {} more bad line{})", first_failure, failures - 1, failures > 2 ? "s" : "")};
}

struct RenderOptions {
  std::string language = "en";
};

void run_render(const RenderOptions& options) {
  const Language language = language_named(options.language);
  const Variant& variant = standard_variant();
  const nlohmann::json input = or_bad_input(parse_json(read_all_of(std::cin)));
  // An adjudicate output has results; anything else must be a position, with or
  // without orders (an adjudicate input).
  if (input.is_object() && input.contains("results"))
    print(render_phase_report(variant, or_bad_input(read_phase_report(variant, input)), language));
  else
    print(render_phase_input(variant, or_bad_input(read_phase_input(variant, input)), language));
}

void run_demo(const RenderOptions& options) {
  const Language language = language_named(options.language);
  const PhaseReport report = or_bad_input(adjudicate_text(standard_rules(), kDemoTurn));
  print(render_phase_report(standard_variant(), report, language));
}

// More threads than this would only wait for the cores.
constexpr int kMostSelfplayThreads = 256;

struct SelfplayOptions {
  int games = 0;
  std::string seed;
  int max_year = 1930;
  std::string rules = "standard";
  std::optional<int> threads;
};

void run_selfplay(const SelfplayOptions& options) {
  const Variant& variant = standard_variant();
  if (options.games < 1) throw BadInput{fmt::format("--games: must be at least 1, got {}", options.games)};
  const int first_year = variant.start_phase().year;
  if (options.max_year < first_year || options.max_year > 9999)
    throw BadInput{fmt::format("--max-year: must be from {} to 9999, got {}", first_year, options.max_year)};
  // Read by hand: the usual conversion would take "-1" for the largest seed.
  std::uint64_t seed = 0;
  const char* seed_end = options.seed.data() + options.seed.size();
  if (auto [end, error] = std::from_chars(options.seed.data(), seed_end, seed); error != std::errc{} || end != seed_end)
    throw BadInput{
        fmt::format("--seed: {} is not a whole number from 0 to 18446744073709551615", in_quotes(options.seed))};
  const int threads = options.threads.value_or(1);
  if (threads < 1 || threads > kMostSelfplayThreads)
    throw BadInput{fmt::format("--threads: must be from 1 to {}, got {}", kMostSelfplayThreads, threads)};
  const RuleOptions rules = rules_named(options.rules);
  const runners::ParallelSelfplayResult run =
      runners::play_random_games_in_parallel(variant, rules, options.games, seed, options.max_year, threads);
  const SelfplayStats& stats = run.stats;
  const std::chrono::duration<double> seconds(run.seconds);
  nlohmann::ordered_json out;
  out["games"] = stats.games;
  if (options.threads) out["threads"] = threads;
  out["phases"] = stats.phases;
  out["seconds"] = seconds.count();
  out["phases_per_second"] = seconds.count() > 0 ? static_cast<double>(stats.phases) / seconds.count() : 0.0;
  print(dump_json(out, false) + "\n");
}

}  // namespace

void add_diplomacy_commands(CLI::App& app) {
  CLI::App* diplomacy = app.add_subcommand("diplomacy", "Diplomacy: adjudicate phases, show positions, self-play");
  diplomacy->require_subcommand(1);

  auto adjudicate_options = std::make_shared<AdjudicateOptions>();
  CLI::App* adjudicate = diplomacy->add_subcommand(
      "adjudicate", "Adjudicate one phase: JSON position and orders on stdin, results and next position on stdout");
  adjudicate->add_option("--rules", adjudicate_options->rules, "Rule profile: standard (default) or datc");
  CLI::Option* jsonl =
      adjudicate->add_flag("--jsonl", adjudicate_options->jsonl, "One input object per line, one output line each");
  adjudicate->add_flag("--pretty", adjudicate_options->pretty, "Indent the output")->excludes(jsonl);
  adjudicate->callback([adjudicate_options] { run_adjudicate(*adjudicate_options); });

  CLI::App* start = diplomacy->add_subcommand("new", "Print the starting position as JSON");
  auto start_pretty = std::make_shared<bool>(false);
  auto start_setup = std::make_shared<std::string>();
  start->add_flag("--pretty", *start_pretty, "Indent the output");
  start->add_option("--setup", *start_setup,
                    "Players and their powers (seed 000 §1.2.3): 7, 6, 5, 4, 3a, 3b or 2 (the 1914 game)");
  start->callback([start_pretty, start_setup] {
    const Variant& variant = standard_variant();
    if (start_setup->empty()) {
      print(dump_json(write_state(variant, GameState::initial(variant)), *start_pretty) + "\n");
      return;
    }
    auto setup = standard_setup(variant, *start_setup);
    if (!setup) throw BadInput{"--setup: " + setup.error().message};
    print(dump_json(write_setup_start(variant, *setup), *start_pretty) + "\n");
  });

  CLI::App* legal = diplomacy->add_subcommand(
      "legal", "Every legal order of a position (JSON on stdin, as `new` prints it) as JSON");
  auto legal_pretty = std::make_shared<bool>(false);
  legal->add_flag("--pretty", *legal_pretty, "Indent the output");
  legal->callback([legal_pretty] {
    const Variant& variant = standard_variant();
    nlohmann::json input = or_bad_input(parse_json(read_all_of(std::cin)));
    // A position of a game under a setup (as `new --setup` prints it) is read on the
    // map of its phase: the two-player game's Italy is closed in 1914.
    nlohmann::json position = input;
    if (position.is_object())
      for (const char* field : {"setup", "coin_toss", "ending"}) position.erase(field);
    const GameState state = or_bad_input(read_state(variant, position, ""));
    const auto game = or_bad_input(read_game_rules(variant, input, state.phase));
    const Variant& map = game ? map_at(variant, *game, state.phase) : variant;
    print(dump_json(legal_orders_json(map, state), *legal_pretty) + "\n");
  });

  auto render_options = std::make_shared<RenderOptions>();
  CLI::App* render = diplomacy->add_subcommand(
      "render", "Show a position or an adjudicate output (JSON on stdin) as text for a person");
  render->add_option("--lang", render_options->language, "Language of names and words: en, zh-Hant, zh-Hans, ja");
  render->callback([render_options] { run_render(*render_options); });

  auto demo_options = std::make_shared<RenderOptions>();
  CLI::App* demo = diplomacy->add_subcommand("demo", "Adjudicate a sample Spring 1901 turn and show it");
  demo->add_option("--lang", demo_options->language, "Language of names and words: en, zh-Hant, zh-Hans, ja");
  demo->callback([demo_options] { run_demo(*demo_options); });

  auto selfplay_options = std::make_shared<SelfplayOptions>();
  CLI::App* selfplay =
      diplomacy->add_subcommand("selfplay", "Play random games from the start and print their throughput as JSON");
  selfplay->add_option("--games", selfplay_options->games, "Number of games (at least 1)")->required();
  selfplay->add_option("--seed", selfplay_options->seed, "Random seed")->required();
  selfplay->add_option("--max-year", selfplay_options->max_year, "Last year played (default 1930)");
  selfplay->add_option("--rules", selfplay_options->rules, "Rule profile: standard (default) or datc");
  selfplay->add_option("--threads", selfplay_options->threads,
                       "Threads (default 1); thread k plays its share of the games from seed + k");
  selfplay->callback([selfplay_options] { run_selfplay(*selfplay_options); });

  add_diplomacy_tournament_command(*diplomacy);
  add_diplomacy_daide_command(*diplomacy);
}

}  // namespace stratagem::cli
