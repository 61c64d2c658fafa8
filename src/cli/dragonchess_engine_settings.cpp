// Engine settings words (see the header) and a search under them.
#include "dragonchess_engine_settings.h"

#include <charconv>
#include <chrono>

#include <fmt/format.h>

namespace stratagem::cli {

using namespace dragonchess;

namespace {

tl::expected<std::uint64_t, std::string> parse_count(std::string_view name, std::string_view value, std::uint64_t low,
                                                    std::uint64_t high) {
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc{} || end != value.data() + value.size() || number < low || number > high)
    return tl::unexpected(fmt::format("'{}={}': the value must be a whole number {}-{}", name, value, low, high));
  return number;
}

// The feature a `no-...` word switches off, or null for an unknown word.
bool* feature_switch(std::string_view word, SearchOptions& options) {
  if (word == "no-tt") return &options.transposition_table;
  if (word == "no-pvs") return &options.principal_variation_search;
  if (word == "no-quiescence") return &options.quiescence;
  if (word == "no-check-extension") return &options.check_extension;
  if (word == "no-null-move") return &options.null_move;
  if (word == "no-lmr") return &options.late_move_reductions;
  if (word == "no-mvv-lva") return &options.ordering.mvv_lva;
  if (word == "no-killers") return &options.ordering.killers;
  if (word == "no-history") return &options.ordering.history;
  if (word == "no-mobility") return &options.eval.mobility;
  if (word == "no-king-safety") return &options.eval.king_safety;
  if (word == "no-frozen") return &options.eval.frozen_pieces;
  return nullptr;
}

}  // namespace

tl::expected<EngineSettings, std::string> parse_engine_settings(std::string_view text) {
  EngineSettings settings;
  settings.text = std::string(text);
  settings.limits.depth = 0;
  bool has_limit = false;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view word = text.substr(start, comma - start);
    start = comma + 1;
    if (word.empty()) return tl::unexpected(fmt::format("engine settings '{}': an empty word", text));
    if (bool* feature = feature_switch(word, settings.options)) {
      *feature = false;
      continue;
    }
    const std::size_t equals = word.find('=');
    const std::string_view name = word.substr(0, equals);
    const std::string_view value = equals == std::string_view::npos ? "" : word.substr(equals + 1);
    tl::expected<std::uint64_t, std::string> number = tl::unexpected(std::string());
    if (name == "depth") {
      number = parse_count(name, value, 1, kMaxSearchDepth);
      if (number) settings.limits.depth = static_cast<int>(*number);
    } else if (name == "nodes") {
      number = parse_count(name, value, 1, std::uint64_t{1} << 40);
      if (number) settings.limits.nodes = *number;
    } else if (name == "movetime") {
      number = parse_count(name, value, 1, 24 * 3600 * 1000);
      if (number) settings.movetime_ms = static_cast<int>(*number);
    } else if (name == "level") {
      number = parse_count(name, value, kMinStrength, kMaxStrength);
      if (number) settings.level = *strength_level(static_cast<int>(*number));
    } else {
      return tl::unexpected(fmt::format("engine settings '{}': unknown word '{}'", text, word));
    }
    if (!number) return tl::unexpected(fmt::format("engine settings '{}': {}", text, number.error()));
    has_limit = true;
  }
  if (!has_limit)
    return tl::unexpected(fmt::format("engine settings '{}': give depth=, nodes=, movetime= or level=", text));
  if (settings.limits.depth == 0) settings.limits.depth = kMaxSearchDepth;
  return settings;
}

SearchResult think(Position& pos, const EngineSettings& settings, std::uint64_t seed, TranspositionTable& table) {
  SearchLimits limits = settings.limits;
  SearchOptions options = settings.options;
  if (settings.level) apply_strength(*settings.level, seed, limits, options);
  if (settings.movetime_ms > 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(settings.movetime_ms);
    limits.should_stop = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  }
  return search(pos, limits, options, &table);
}

}  // namespace stratagem::cli
