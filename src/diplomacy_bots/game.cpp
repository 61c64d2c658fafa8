#include "stratagem/diplomacy_bots/game.h"

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

// splitmix64's finaliser: neighbouring inputs give unrelated outputs.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t turn_seed(std::uint64_t game_seed, Phase phase, Power power) {
  const std::uint64_t phase_number =
      (static_cast<std::uint64_t>(phase.year) * 3 + static_cast<std::uint64_t>(phase.season)) * 3 +
      static_cast<std::uint64_t>(phase.type);
  return mix(mix(game_seed) ^ (phase_number << 8 | static_cast<std::uint64_t>(index(power))));
}

GameRecord play_game(const Variant& variant, const RuleOptions& rules, const GameState& start,
                     std::span<Player* const> seats, std::uint64_t game_seed, int last_year,
                     const OrdersObserver& observe) {
  GameRecord record;
  record.final_state = start;
  GameState& state = record.final_state;
  std::array<Order, kMaxProvinces> orders{};
  while (state.phase.year <= last_year) {
    if (Power w = winner(variant, state); w != Power::None) {
      record.winner = w;
      break;
    }
    ProvinceSet ordered;
    for (int i = 0; i < variant.power_count() && i < static_cast<int>(seats.size()); ++i) {
      if (!seats[i]) continue;
      const Power power = power_at(i);
      const Turn turn{variant, rules, state, power, turn_seed(game_seed, state.phase, power)};
      const std::vector<Order> given = seats[i]->orders(turn);
      if (observe) observe(state, power, given);
      for (const Order& o : given) {
        if (o.kind() == OrderKind::Waive) continue;
        const int p = index(variant.province_of(o.unit()));
        orders[p] = o;
        ordered.insert(p);
      }
    }
    state = adjudicate(variant, rules, state, orders, ordered).next;
    ++record.phases;
  }
  if (record.winner == Power::None) record.winner = winner(variant, state);
  return record;
}

}  // namespace stratagem::diplomacy_bots
