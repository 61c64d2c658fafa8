#pragma once
// Structured press: what powers propose to each other and how they answer, as the DAIDE
// press levels 10-30 (syntax.html) define it, held as plain values. One model, three
// faces: DAIDE tokens (stratagem/daide/press.h), JSON for the API and sentences in four
// languages (stratagem/formats/diplomacy_press.h).

#include <span>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

// An arrangement (syntax.html (v) and level 20).
struct Arrangement {
  enum class Kind : std::uint8_t {
    Peace,          // PCE (powers): peace among `powers` (lasting)
    Alliance,       // ALY (powers) VSS (against): `powers` allied against `against` (lasting)
    Draw,           // DRW, or DRW (powers) where the game allows a partial draw
    Solo,           // SLO (power): `powers` holds the one power
    Demilitarised,  // DMZ (powers) (provinces): `powers` keep out of `provinces`
    Orders,         // XDO (order): `order` (of `order_power`) will be given
    And,            // AND (arrangement) (arrangement) ...: all of `parts`
    Or,             // ORR (arrangement) (arrangement) ...: one of `parts`
    Not,            // NOT (arrangement): the opposite of parts[0]
    NoArrangement,  // NAR (arrangement): no arrangement about parts[0] (undoes one)
  };
  Kind kind = Kind::Peace;
  std::vector<Power> powers;     // in the order written
  std::vector<Power> against;    // Alliance
  std::vector<Province> provinces;  // Demilitarised
  // Orders: the order, the power whose unit it is, the unit it supports or convoys (its
  // power and type), and a move by convoy's route of seas, as DAIDE writes them.
  Order order{};
  Power order_power = Power::None;
  Power other_power = Power::None;
  UnitType other_type = UnitType::Army;
  std::vector<Province> route;
  std::vector<Arrangement> parts;  // And, Or (two or more), Not and NoArrangement (one)

  friend bool operator==(const Arrangement&, const Arrangement&) = default;
};

// A press message about an arrangement: a proposal (PRP), its acceptance (YES (PRP ...)),
// rejection (REJ), refusal to answer (BWX) or cancellation (CCL (PRP ...)).
struct PressMessage {
  enum class Kind : std::uint8_t { Propose, Accept, Reject, Refuse, Cancel };
  Kind kind = Kind::Propose;
  Arrangement arrangement;
  friend bool operator==(const PressMessage&, const PressMessage&) = default;
};

class GameState;
class Variant;

// What the orders of one phase (every power's, by power index, as validated against
// `before`) did to an arrangement: the powers whose orders broke it, and whether it is
// kept for good. A peace or an alliance is broken by a party's move, retreat or supported
// move into a partner's unit or centre; a demilitarised zone by a party's move, retreat or
// build into it; an order promised (XDO) is kept or broken in the first phase of its kind
// (movement, retreat, adjustment); AND is broken when a part is, ORR when every part is.
// Draws, solos and negations: nothing orders can break.
struct ArrangementVerdict {
  std::vector<Power> breakers;
  bool kept = false;
};
ArrangementVerdict judge_arrangement(const Variant& variant, const GameState& before,
                                     std::span<const std::vector<Order>> orders_by_power, const Arrangement& arrangement);

}  // namespace stratagem::diplomacy
