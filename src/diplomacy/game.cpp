#include "stratagem/diplomacy/game.h"

#include <algorithm>

#include "phase_steps.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/forward_error.h"

namespace stratagem::diplomacy {

namespace {

// Whether `phase` is `from` or later (phases of one season compare equal).
bool reached(Phase phase, Phase from) {
  if (phase.year != from.year) return phase.year > from.year;
  return phase.season >= from.season;
}

bool neutral_in(const Setup& setup, Phase phase) { return setup.neutral && !reached(phase, setup.neutral->joins); }

// What the server passed in does not fit the game: a toss, a lot or a draw it should not have.
tl::unexpected<Error> inconsistent(std::string message) {
  return tl::unexpected(Error{ErrorKind::Inconsistent, std::move(message)});
}

// The power that gave the order filed under province p: the unit's, the dislodged
// unit's, or for a build the home power of the site.
Power order_power(const Variant& variant, const GameState& state, const Order& order, int p) {
  const Province province = province_at(p);
  switch (state.phase.type) {
    case PhaseType::Movement: return state.occupied(province) ? state.unit_at(province).power : Power::None;
    case PhaseType::Retreat: {
      const auto dislodged = state.dislodged_in(province);
      return dislodged ? dislodged->unit.power : Power::None;
    }
    case PhaseType::Adjustment:
      if (order.kind() == OrderKind::Build) return variant.home_power(province);
      return state.occupied(province) ? state.unit_at(province).power : Power::None;
  }
  return Power::None;
}

int centres_of(const GameState& state, const PowerSet& powers) {
  int total = 0;
  powers.for_each([&](int p) { total += state.centre_count(power_at(p)); });
  return total;
}

int units_of(const GameState& state, const PowerSet& powers) {
  int total = 0;
  powers.for_each([&](int p) { total += state.unit_count(power_at(p)); });
  return total;
}

// The contenders of a count (seats, or in a per-power game every power of a seat on its
// own) with the seat each belongs to.
struct Contender {
  PowerSet powers;
  int seat;
};

std::vector<Contender> contenders(const Setup& setup, const std::vector<Seat>& seats) {
  std::vector<Contender> all;
  for (int s = 0; s < static_cast<int>(seats.size()); ++s) {
    if (setup.victory_counting == VictoryCounting::PerSeat) {
      all.push_back({seats[s].powers, s});
      continue;
    }
    seats[s].powers.for_each([&](int p) {
      PowerSet one;
      one.insert(p);
      all.push_back({one, s});
    });
  }
  return all;
}

// The contenders with the highest `score`, if it reaches `at_least`.
template <class Score>
std::optional<GameEnd> best(EndKind kind, const std::vector<Contender>& all, Score&& score, int at_least) {
  int top = at_least;
  for (const Contender& c : all) top = std::max(top, score(c.powers));
  GameEnd end{kind, {}, {}};
  for (const Contender& c : all) {
    if (score(c.powers) < top) continue;
    end.winners |= c.powers;
    if (std::find(end.seats.begin(), end.seats.end(), c.seat) == end.seats.end()) end.seats.push_back(c.seat);
  }
  if (end.winners.empty()) return std::nullopt;
  std::sort(end.seats.begin(), end.seats.end());
  return end;
}

std::vector<int> seats_holding(const std::vector<Seat>& seats, const PowerSet& powers) {
  std::vector<int> found;
  for (int s = 0; s < static_cast<int>(seats.size()); ++s)
    if (!(seats[s].powers & powers).empty()) found.push_back(s);
  return found;
}

}  // namespace

tl::expected<std::vector<Seat>, Error> seats_at(const GameRules& game, Phase phase) {
  std::vector<Seat> seats = game.setup.seats;
  if (!game.setup.neutral || neutral_in(game.setup, phase)) return seats;
  const int toss = game.toss_winner.value_or(-1);
  if (!game.toss_winner)
    return inconsistent("phase " + phase_code(phase) +
                        " needs the coin toss: the seat the neutral power joins (drawn before the Fall " +
                        std::to_string(game.setup.neutral->joins.year - 1) + " adjustments)");
  if (toss < 0 || toss >= static_cast<int>(seats.size()))
    return inconsistent("coin toss: seat " + std::to_string(toss) + " does not exist (the seats are 0 to " +
                        std::to_string(seats.size() - 1) + ")");
  seats[toss] = game.setup.neutral->joined_seats[toss];
  return seats;
}

PowerSet powers_not_ordering(const GameRules& game, const PowerSet& civil_disorder, Phase phase) {
  PowerSet powers = game.setup.armistice | civil_disorder;
  if (neutral_in(game.setup, phase)) powers.insert(index(game.setup.neutral->power));
  return powers;
}

const Variant& map_at(const Variant& variant, const GameRules& game, Phase phase) {
  if (neutral_in(game.setup, phase)) return *game.setup.neutral->closed_map;
  return variant;
}

tl::expected<std::vector<int>, Error> surviving_seats(const GameRules& game, const GameState& state) {
  return seats_at(game, state.phase).map([&](const std::vector<Seat>& seats) {
    std::vector<int> alive;
    for (int s = 0; s < static_cast<int>(seats.size()); ++s)
      if (units_of(state, seats[s].powers) > 0) alive.push_back(s);
    return alive;
  });
}

tl::expected<std::optional<GameEnd>, Error> decide_end(const Variant& variant, const GameRules& game,
                                                       const EndDeclarations& declarations, const GameState& state) {
  STRATAGEM_TRY_ASSIGN(const auto seats, seats_at(game, state.phase));
  const std::vector<Contender> all = contenders(game.setup, seats);
  const auto centres = [&](const PowerSet& powers) { return centres_of(state, powers); };
  const auto units = [&](const PowerSet& powers) { return units_of(state, powers); };

  std::vector<int> alive;
  for (int s = 0; s < static_cast<int>(seats.size()); ++s)
    if (units(seats[s].powers) > 0) alive.push_back(s);
  const auto seats_end = [&](EndKind kind, const std::vector<int>& chosen) {
    GameEnd end{kind, {}, chosen};
    for (int s : chosen) end.winners |= seats[s].powers;
    return end;
  };
  if (declarations.agreed_end_lot) {
    const int lot = *declarations.agreed_end_lot;
    if (alive.empty()) return inconsistent("agreed end: no seat has a unit left to draw the lot");
    if (lot < 0 || lot >= static_cast<int>(alive.size()))
      return inconsistent("agreed end: lot " + std::to_string(lot) + " is not one of the " +
                          std::to_string(alive.size()) + " surviving seats (0 to " + std::to_string(alive.size() - 1) +
                          ")");
  }
  if (declarations.draw && alive.empty()) return inconsistent("draw: no seat has a unit left to share it");

  if (auto end = best(EndKind::Centres, all, centres, game.setup.victory_centres)) return end;
  // The agreed year ends the game even when nobody has a unit left to win it.
  if (game.endings.fixed_end_year && state.phase.year > *game.endings.fixed_end_year) {
    auto end = best(EndKind::FixedYear, all, units, 1);
    return end ? end : std::optional(GameEnd{EndKind::FixedYear, {}, {}});
  }
  if (declarations.agreed_end_lot)
    return std::optional(seats_end(EndKind::Lot, {alive[*declarations.agreed_end_lot]}));

  // Seed 002: every power of the group declares the same group, and the group owns the
  // threshold together. A power alone is no alliance (it would have won by centres).
  PowerSet allied;
  for (int p = 0; p < variant.power_count(); ++p) {
    const PowerSet& group = declarations.alliance[p];
    if (!group.contains(p) || group.size() < 2) continue;
    const bool agreed = !group.for_each_until([&](int q) { return declarations.alliance[q] != group; });
    if (agreed && centres(group) >= game.endings.alliance_centres) allied |= group;
  }
  if (!allied.empty()) return std::optional(GameEnd{EndKind::Alliance, allied, seats_holding(seats, allied)});

  if (declarations.draw) return std::optional(seats_end(EndKind::Draw, alive));
  return std::optional<GameEnd>{};
}

tl::expected<PhaseResult, Error> adjudicate(const Variant& variant, const RuleOptions& rules, const GameRules& game,
                                            const PhaseConditions& conditions, const GameState& state,
                                            const std::array<Order, kMaxProvinces>& orders,
                                            const ProvinceSet& ordered) {
  STRATAGEM_TRY(seats_at(game, state.phase));
  const Variant& map = map_at(variant, game, state.phase);
  const PowerSet silent = powers_not_ordering(game, conditions.civil_disorder, state.phase);
  ProvinceSet heeded;
  ordered.for_each([&](int p) {
    const Power power = order_power(map, state, orders[p], p);
    if (power == Power::None || !silent.contains(index(power))) heeded.insert(p);
  });
  PhaseResult result;
  switch (state.phase.type) {
    case PhaseType::Movement: result = adjudicate_movement(map, rules, state, orders, heeded, silent); break;
    case PhaseType::Retreat: result = adjudicate_retreats(map, state, orders, heeded, silent); break;
    case PhaseType::Adjustment: result = adjudicate_adjustments(map, rules, state, orders, heeded); break;
  }
  // A dropped order is no order: the unit held.
  ordered.without(heeded).for_each([&](int p) {
    if (result.resolutions[p].outcome == Outcome::Ok) result.resolutions[p].outcome = Outcome::Hold;
  });
  STRATAGEM_TRY_ASSIGN(auto end, decide_end(variant, game, conditions.declarations, result.next));
  result.end = end;
  return result;
}

}  // namespace stratagem::diplomacy
