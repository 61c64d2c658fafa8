#pragma once
// Adjudicates one phase: movement (DATC-exact, a guess-and-check resolver over the
// order dependency graph with the Szykman rule for convoy paradoxes), retreats, and
// adjustments (builds, removals, civil disorder). The result says, for every unit's
// order, what happened and why, and gives the next state with empty retreat and
// adjustment phases skipped and supply centres taken over after Fall.

#include <array>
#include <optional>
#include <vector>

#include "stratagem/diplomacy/ending.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/validation.h"

namespace stratagem::diplomacy {

class Variant;

enum class Outcome : std::uint8_t {
  Ok,         // carried out (moved, supported, convoyed, held, retreated, built, ...)
  Bounce,     // move or retreat stopped
  Cut,        // support cut
  Dislodged,  // the unit was dislodged, whatever its order
  NoConvoy,   // convoyed move without a surviving convoy route
  Void,       // understood but not possible; the unit held
  Invalid,    // not understood
  Hold,       // no order: the unit held (or, in a retreat phase, disbanded)
};

// Why an order ended as it did.
struct Resolution {
  Outcome outcome = Outcome::Hold;
  // The unit that bounced, cut or dislodged this one (its location before moving).
  Location by = Location::None;
  // Move: this unit's attack strength and the strength that stopped it (or that it
  // beat). Hold and supports: the strength of the attack met.
  std::int8_t strength = 0;
  std::int8_t opposing_strength = 0;
  // The order took part in a convoy paradox settled by the Szykman rule.
  bool paradox = false;
  // Outcome::Void: why.
  VoidReason void_reason = VoidReason::None;
  friend bool operator==(const Resolution&, const Resolution&) = default;
};

inline constexpr std::array<Resolution, kMaxProvinces> kNoResolutions = [] {
  std::array<Resolution, kMaxProvinces> none;
  none.fill(Resolution{});
  return none;
}();

struct PhaseResult {
  // By province of the unit that received the order (for builds, the build site).
  // Copied from a constant: a Resolution's default is not all zero bytes, and setting
  // 192 of them field by field cost more than adjudicating the phase's moves.
  std::array<Resolution, kMaxProvinces> resolutions = kNoResolutions;
  // Units removed without an order: disbanded in retreats for want of an order, or
  // removed by civil disorder in adjustments.
  std::vector<Unit> removed_without_order;
  // Movement: provinces left empty by a bounce (no retreat there).
  ProvinceSet contested;
  GameState next;
  // Set only by the game adjudicate() of game.h: the game is over after this phase.
  std::optional<GameEnd> end;
};

// `orders` holds one order per province of a unit (or build site); `ordered` says
// which entries are real. Units without an order hold (movement), disband (retreat);
// powers that order too few removals lose units by civil disorder (adjustment).
PhaseResult adjudicate(const Variant& variant, const RuleOptions& rules, const GameState& state,
                       const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);

// The next state of adjudicate(), without the resolutions (why each order succeeded or
// failed), for loops that never read them (self-play, VectorEnv); `next` must not be `state`.
void advance(const Variant& variant, const RuleOptions& rules, const GameState& state,
             const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, GameState& next);

// The power that owns at least the variant's victory count of centres, if any.
Power winner(const Variant& variant, const GameState& state);

}  // namespace stratagem::diplomacy
