// Strength levels: the table behind strength.h.
#include "stratagem/dragonchess/strength.h"

#include <array>

#include <fmt/format.h>

namespace stratagem::dragonchess {
namespace {

// Node budgets are roughly 1, 4, 10 and 30 seconds of search at about 400k nodes/s.
constexpr std::array<StrengthLevel, kMaxStrength> kLevels = {{
    {1, 0, 300, 200},
    {1, 0, 150, 100},
    {2, 0, 100, 60},
    {2, 0, 50, 30},
    {3, 0, 30, 15},
    {3, 0, 0, 0},
    {4, 400'000, 0, 0},
    {5, 1'500'000, 0, 0},
    {6, 4'000'000, 0, 0},
    {kMaxSearchDepth, 12'000'000, 0, 0},
}};

}  // namespace

tl::expected<StrengthLevel, Error> strength_level(int level) {
  if (level < kMinStrength || level > kMaxStrength)
    return tl::unexpected(
        Error{ErrorKind::Unknown, fmt::format("strength level {} is not {}-{}", level, kMinStrength, kMaxStrength)});
  return kLevels[static_cast<std::size_t>(level - kMinStrength)];
}

void apply_strength(const StrengthLevel& level, std::uint64_t seed, SearchLimits& limits, SearchOptions& options) {
  limits.depth = level.depth;
  limits.nodes = level.nodes;
  options.root_margin = level.root_margin;
  options.eval.noise = level.eval_noise;
  options.seed = seed;
  options.eval.noise_seed = seed;
}

}  // namespace stratagem::dragonchess
