#pragma once
// One game between computer players: every phase, each seat's player is asked for its
// power's orders, the phase is adjudicated, and play goes on until a power reaches the
// victory count or the last year ends. The tournament runner, the tests and anything
// that fills a whole board with players use it.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

struct GameRecord {
  diplomacy::GameState final_state;
  diplomacy::Power winner = diplomacy::Power::None;  // None: no power reached the victory count
  int phases = 0;                                     // adjudicated phases
};

// Sees each power's orders before they are adjudicated (checks, logs).
using OrdersObserver =
    std::function<void(const diplomacy::GameState&, diplomacy::Power, const std::vector<diplomacy::Order>&)>;

// The seed a player gets for one power's orders in one phase of a game.
std::uint64_t turn_seed(std::uint64_t game_seed, diplomacy::Phase phase, diplomacy::Power power);

// Plays from `start` until a win or the end of `last_year` (its adjustments included).
// seats[i] plays power i; a null seat is a power in civil disorder (it holds and
// disbands, and the adjudicator removes units it owes).
GameRecord play_game(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                     const diplomacy::GameState& start, std::span<Player* const> seats, std::uint64_t game_seed,
                     int last_year, const OrdersObserver& observe = {});

}  // namespace stratagem::diplomacy_bots
