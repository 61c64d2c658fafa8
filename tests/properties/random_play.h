#pragma once
// Random positions for the property tests. Hand-written random positions would mostly be
// illegal, so positions are reached by random play from the start: a generated value is
// the list of random choices made along the way (one number per Diplomacy phase, one per
// Dragonchess ply), which rapidcheck shrinks like any list when a property fails, and
// replaying it gives the position again.

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/rules.h"

namespace stratagem::properties {

// splitmix64: turns one generated number into as many as a phase needs.
class Splitmix {
 public:
  explicit Splitmix(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

 private:
  std::uint64_t state_;
};

// ---------------------------------------------------------------- Diplomacy

namespace dip = stratagem::diplomacy;

struct PhaseOrders {
  std::array<dip::Order, dip::kMaxProvinces> orders{};
  dip::ProvinceSet ordered;
  void give(dip::Province p, dip::Order o) {
    orders[dip::index(p)] = o;
    ordered.insert(dip::index(p));
  }
};

// Legal orders for one phase, all decided by `seed`. Movement and retreats: a legal order
// for each unit, but one unit in eight gets none (it holds, or disbands in a retreat).
// Adjustments: distinct legal builds, waives and removals, at most as many as due; one
// power in four stops short at random, so civil disorder and unused builds occur too.
inline PhaseOrders random_orders(const dip::Variant& variant, const dip::GameState& state, std::uint64_t seed) {
  Splitmix random(seed);
  PhaseOrders chosen;
  if (state.phase.type != dip::PhaseType::Adjustment) {
    const dip::LegalOrderGenerator generator(variant, state);
    const dip::ProvinceSet& units = state.phase.type == dip::PhaseType::Retreat ? state.dislodged_provinces()
                                                                                : state.occupied_provinces();
    units.for_each([&](int p) {
      const std::uint64_t r = random.next();
      if (r % 8 == 0) return;
      chosen.give(dip::province_at(p), generator.pick(dip::province_at(p), random.next()));
    });
    return chosen;
  }
  dip::OrderList legal, open;
  for (int i = 0; i < variant.power_count(); ++i) {
    const dip::Power power = dip::power_at(i);
    legal.clear();
    dip::legal_adjustments(variant, state, power, legal);
    int left = std::abs(dip::adjustment_delta(variant, state, power));
    if (random.below(4) == 0) left = random.below(left + 1);
    for (; left > 0; --left) {
      open.clear();
      for (const dip::Order& o : legal)
        if (o.kind() == dip::OrderKind::Waive || !chosen.ordered.contains(dip::index(variant.province_of(o.unit()))))
          open.push(o);
      if (open.empty()) break;
      const dip::Order pick = open[random.below(open.size())];
      if (pick.kind() != dip::OrderKind::Waive) chosen.give(variant.province_of(pick.unit()), pick);
    }
  }
  return chosen;
}

// A game so far: the seed of each phase's orders (random_orders), from the standard start.
struct DiplomacyHistory {
  std::vector<std::uint64_t> phase_seeds;
};

inline void showValue(const DiplomacyHistory& h, std::ostream& os) {
  os << h.phase_seeds.size() << " phases, seeds {";
  for (std::size_t i = 0; i < h.phase_seeds.size(); ++i) os << (i ? ", " : "") << h.phase_seeds[i];
  os << "}";
}

// Up to rapidcheck's size (100 by default) phases: about twenty game years.
inline rc::Gen<DiplomacyHistory> diplomacy_history() {
  return rc::gen::map(rc::gen::arbitrary<std::vector<std::uint64_t>>(),
                      [](std::vector<std::uint64_t> seeds) { return DiplomacyHistory{std::move(seeds)}; });
}

// Plays the history under the standard rules and returns the state reached. Calls
// step(state, orders, result) for each phase played. Stops early if a power wins.
template <class Step>
dip::GameState replay(const DiplomacyHistory& history, Step&& step) {
  const dip::Variant& variant = dip::standard_variant();
  const dip::RuleOptions rules = dip::standard_rules();
  dip::GameState state = dip::GameState::initial(variant);
  for (std::uint64_t seed : history.phase_seeds) {
    if (dip::winner(variant, state) != dip::Power::None) break;
    const PhaseOrders orders = random_orders(variant, state, seed);
    dip::PhaseResult result = dip::adjudicate(variant, rules, state, orders.orders, orders.ordered);
    step(std::as_const(state), orders, std::as_const(result));
    state = std::move(result.next);
  }
  return state;
}
inline dip::GameState replay(const DiplomacyHistory& history) {
  return replay(history, [](const dip::GameState&, const PhaseOrders&, const dip::PhaseResult&) {});
}

// Plays on from `state` with orders drawn from `seed` until a phase of type `wanted`
// comes, for at most 40 phases (or until a power wins): random play reaches retreat
// phases seldom, and a property may want to see every kind of phase as often.
inline dip::GameState play_until(dip::GameState state, dip::PhaseType wanted, std::uint64_t seed) {
  const dip::Variant& variant = dip::standard_variant();
  Splitmix random(seed);
  for (int i = 0; i < 40 && state.phase.type != wanted && dip::winner(variant, state) == dip::Power::None; ++i) {
    const PhaseOrders orders = random_orders(variant, state, random.next());
    state = dip::adjudicate(variant, dip::standard_rules(), state, orders.orders, orders.ordered).next;
  }
  return state;
}

// A history, then play until a phase of a type drawn at random (Movement, Retreat and
// Adjustment equally often, as far as 40 more phases get there).
inline dip::GameState random_diplomacy_position() {
  const auto history = *diplomacy_history();
  const auto wanted = *rc::gen::element(dip::PhaseType::Movement, dip::PhaseType::Retreat, dip::PhaseType::Adjustment);
  return play_until(replay(history), wanted, *rc::gen::arbitrary<std::uint64_t>());
}

// ---------------------------------------------------------------- Dragonchess

namespace dc = stratagem::dragonchess;

// A game so far: the rule switches and, for each ply, a number choosing a legal move.
// Its two low bits say among which: 0 the checking moves, 1 the captures (all legal moves
// if there are none), 2 and 3 all legal moves; the rest of it picks one (mod their count).
// Uniformly random moves on three boards almost never give check; this way about a
// quarter of the positions are in check. The game stops early at mate or stalemate.
struct DragonchessLine {
  dc::Rules rules;
  std::vector<std::uint32_t> choices;
};

inline void showValue(const DragonchessLine& line, std::ostream& os) {
  os << "rules {" << dc::format_rules(line.rules) << "}, " << line.choices.size() << " plies, choices {";
  for (std::size_t i = 0; i < line.choices.size(); ++i) os << (i ? ", " : "") << line.choices[i];
  os << "}";
}

// Every switch drawn at random.
inline rc::Gen<dc::Rules> dragonchess_rules() {
  return rc::gen::map(rc::gen::arbitrary<std::array<bool, 6>>(), [](std::array<bool, 6> b) {
    dc::Rules r;
    r.elemental_climb = b[0] ? dc::ElementalClimb::Move : dc::ElementalClimb::Capture;
    r.elemental_leap = b[1];
    r.dragon_breath = b[2] ? dc::DragonBreath::Below : dc::DragonBreath::Cross;
    r.stalemate = b[3] ? dc::StalemateResult::Loss : dc::StalemateResult::Draw;
    r.hero_return = b[4] ? dc::HeroReturn::Origin : dc::HeroReturn::Any;
    r.dwarf_turn = b[5];
    return r;
  });
}

// Up to twice rapidcheck's size (200 plies by default).
inline rc::Gen<DragonchessLine> dragonchess_line() {
  return rc::gen::map(rc::gen::pair(dragonchess_rules(),
                                    rc::gen::scale(2.0, rc::gen::arbitrary<std::vector<std::uint32_t>>())),
                      [](std::pair<dc::Rules, std::vector<std::uint32_t>> p) {
                        return DragonchessLine{p.first, std::move(p.second)};
                      });
}

// The line played on a Position that stays in place: the StateInfo records of the moves
// made live here, and a Position copy would share them, so the game is neither copied nor
// moved. `after_move(pos)` is called after each move made.
class DragonchessGame {
 public:
  template <class AfterMove>
  DragonchessGame(const DragonchessLine& line, AfterMove&& after_move) : pos(dc::Position::start(line.rules)) {
    dc::MoveList legal;
    for (std::uint32_t choice : line.choices) {
      legal.clear();
      dc::generate_legal(pos, legal);
      if (legal.empty()) break;
      dc::MoveList preferred;
      for (const dc::Move m : legal) {
        if ((choice & 3) == 1 && pos.is_capture(m)) preferred.push(m);
        if ((choice & 3) != 0) continue;
        dc::StateInfo st;
        pos.do_move(m, st);
        if (pos.in_check()) preferred.push(m);
        pos.undo_move(m);
      }
      const dc::MoveList& from = preferred.empty() ? legal : preferred;
      const dc::Move m = from[static_cast<int>((choice >> 2) % static_cast<std::uint32_t>(from.size()))];
      texts.push_back(pos.text());
      keys.push_back(pos.key());
      moves.push_back(m);
      pos.do_move(m, states_.emplace_back());
      after_move(std::as_const(pos));
    }
  }
  explicit DragonchessGame(const DragonchessLine& line) : DragonchessGame(line, [](const dc::Position&) {}) {}
  DragonchessGame(const DragonchessGame&) = delete;
  DragonchessGame& operator=(const DragonchessGame&) = delete;

  dc::Position pos;
  std::vector<dc::Move> moves;        // the moves made
  std::vector<std::string> texts;     // the position text before each of them
  std::vector<std::uint64_t> keys;    // and the hash key

 private:
  std::deque<dc::StateInfo> states_;  // a deque: records never move once made
};

}  // namespace stratagem::properties
