#pragma once
// Reads an order as a person writes it, in any notation of the seeds and the CLI
// contract: English codes and full names, common alternative abbreviations, and the
// zh-Hant, zh-Hans and ja words and place names ("A Par-Bur", "F MAt M Spa sc",
// "A Ser S (Gre M Bul)", "A Sil S RUSSIAN A War-Pru", "陸軍 モスクワ 移動 ワルシャワ",
// "陆军莫斯科移动华沙") and English sentences ("Army Paris moves to Burgundy",
// "F NTH convoys A LON to BEL", "build a fleet at St Petersburg north coast"). Parsing
// resolves names to locations and leaves to validate() what only the position can decide
// (the unit's type when omitted, the coast when only one fits). It looks at the board
// only for a support that names just where the move goes ("fleet in London supports the
// move to the Channel", ロンドンの艦隊がイギリス海峡への移動を支援): read_order_at() takes
// the unit that can move there, if only one can.

#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

struct ParsedOrder {
  // Locations as written: a province without coast stands for its main location even
  // where a coast is needed; the unit type is Army when none was written.
  Order order;
  bool unit_type_given = false;
  // Support/convoy only: whether the supported or convoyed unit's type was written,
  // and which type.
  bool target_type_given = false;
  UnitType target_type = UnitType::Army;
  // Nationality written before the supported/convoyed unit ("S RUSSIAN A War-Pru"),
  // or Power::None. It does not change the order's meaning (DATC 4.C.5, 4.C.6).
  Power named_power = Power::None;
};

// What could not be read. With the fields of OrderParseError it names, enough to say
// the problem in any language.
enum class ParseProblem : std::uint8_t {
  EmptyOrder,
  MissingVerb,               // nothing after the unit (`written`); `phase` says what may follow
  UnknownVerb,               // `found` after the unit (`written`) is no order word of `phase`
  RetreatByConvoy,
  ConvoyWithoutDestination,  // after `written`
  MissingClosingBracket,     // ")" after `written`
  MissingNationality,        // after "<", `found` instead
  MissingClosingAngle,       // ">" after `written`
  ContradictoryNationality,  // the tag `written` names another power than the one before the unit
  TrailingText,              // `found` after the complete order `written`
  MissingPart,               // `part` after `written`
  AmbiguousName,             // `written` could be any of `candidates`
  PowerNotPlace,             // `written` names a power where a place belongs
  UnknownPlace,              // `found`
  NoSuchCoast,               // `place`'s province has no `coast` coast
  // A support naming only the destination `place` of the move it supports:
  SupportedUnitUnnamed,      // read without the position (parse_order), or outside a movement phase
  SupportedUnitAmbiguous,    // the units at `candidates`, of types `candidate_types`, can all move there
  NoUnitMovesThere,          // no unit but the supporter can move there
};

// The part of an order a MissingPart error misses.
enum class OrderPart : std::uint8_t { Unit, Place, Destination, SupportedUnit, ConvoyedArmy };

struct OrderParseError {
  std::string message{};  // in English, for a person: what is wrong, quoting the offending words
  int offset = 0;       // byte offset into the text where the problem starts
  ParseProblem problem = ParseProblem::EmptyOrder;
  // Words of the order as written (cut short with "..." when long), without quotation marks.
  std::string written{}, found{};
  OrderPart part = OrderPart::Unit;
  PhaseType phase = PhaseType::Movement;
  std::vector<Location> candidates{};  // in the order of their English names
  std::vector<UnitType> candidate_types{};  // SupportedUnitAmbiguous: the type of the unit at each candidate
  Location place = Location::None;
  Coast coast = Coast::None;
};

// `phase` decides how verbs read: "F Nth - Nwg" is a retreat in a retreat phase, and
// "A Par D" a removal in an adjustment phase. An order of another phase ("A Par B" in a
// movement phase) is read as written; validate() finds it void.
tl::expected<ParsedOrder, OrderParseError> parse_order(const Variant& variant, std::string_view text,
                                                       PhaseType phase);

// The same, in the phase of `position`, with a support that names only its destination
// resolved on the board: the one other unit with a legal move there (by land or sea, or
// by convoy where fleets stand on a route) is the supported unit; none or several are an
// error (NoUnitMovesThere, SupportedUnitAmbiguous with every reading).
tl::expected<ParsedOrder, OrderParseError> read_order_at(const Variant& variant, std::string_view text,
                                                         const GameState& position);

}  // namespace stratagem::diplomacy
