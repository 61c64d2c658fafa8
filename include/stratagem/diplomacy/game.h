#pragma once
// A phase of a game played under a setup (setup.h) with ending rules (ending.h): who
// orders in this phase, on which map, and whether the game is over afterwards.
//
// Civil disorder (seed 000 §4.3.1) is a rule of the engine; marking and unmarking a
// power is the game server's, passed in with every phase (PhaseConditions). A power in
// civil disorder, in armistice, or neutral (the two-player game's Italy before Spring
// 1915) orders nothing: whatever is written for it is ignored, its units hold (and can
// be supported), a unit of it that is dislodged is disbanded at once instead of
// retreating, it builds nothing, and its removals follow §4.3.3 (the RuleOptions
// civil-disorder distance).
//
// The server passes in, and the engine never draws:
// - GameRules::toss_winner: the two-player game's coin toss, drawn before the Fall 1914
//   adjustments: the seat (index in Setup::seats) that Italy joins from Spring 1915;
// - PhaseConditions::civil_disorder: the powers the server has marked for this phase;
// - PhaseConditions::declarations: the players' end declarations, with the agreed end's
//   lot (an index into surviving_seats()).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/ending.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/setup.h"
#include "stratagem/diplomacy/state.h"

namespace stratagem::diplomacy {

class Variant;

// Fixed before the game starts (the toss, before the Fall 1914 adjustments) and kept by
// the server between phases.
struct GameRules {
  Setup setup;
  EndingRules endings;
  std::optional<int> toss_winner;  // two-player game only: seat index, 0 or 1
};

// Given by the server with every phase.
struct PhaseConditions {
  PowerSet civil_disorder;
  EndDeclarations declarations;
};

// The seats as they stand in `phase`: in the two-player game, Italy is in the toss
// winner's seat from Spring 1915 on. Fails when that phase needs the toss and it is
// missing or not a seat.
tl::expected<std::vector<Seat>, Error> seats_at(const GameRules& game, Phase phase);

// The powers that order nothing in `phase`: armistice, civil disorder, and the neutral
// power before it joins.
PowerSet powers_not_ordering(const GameRules& game, const PowerSet& civil_disorder, Phase phase);

// The map of `phase`: the variant with the neutral's land closed before it joins, the
// variant itself otherwise. Legal orders, validation and parsing of that phase use it.
const Variant& map_at(const Variant& variant, const GameRules& game, Phase phase);

// Seats that still have a unit (seed 000 §5.1(c): 仍有部隊者), by index, increasing.
tl::expected<std::vector<int>, Error> surviving_seats(const GameRules& game, const GameState& state);

// Whether the game is over at `state` (a position between phases), and how. Fails on a
// lot outside the surviving seats, a lot or draw when nobody survives, or a missing toss.
tl::expected<std::optional<GameEnd>, Error> decide_end(const Variant& variant, const GameRules& game,
                                                             const EndDeclarations& declarations,
                                                             const GameState& state);

// Adjudicates one phase of the game: the orders of powers that order nothing are
// dropped (their units hold, are disbanded when dislodged, build nothing, lose units to
// civil disorder), the phase is adjudicated on map_at(), and PhaseResult::end says
// whether the position after it ends the game. Fails as seats_at() and decide_end() do.
tl::expected<PhaseResult, Error> adjudicate(const Variant& variant, const RuleOptions& rules,
                                                  const GameRules& game, const PhaseConditions& conditions,
                                                  const GameState& state,
                                                  const std::array<Order, kMaxProvinces>& orders,
                                                  const ProvinceSet& ordered);

}  // namespace stratagem::diplomacy
