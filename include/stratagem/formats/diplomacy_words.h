#pragma once
// The fixed words of the readable rendering (`stratagem diplomacy render`) in each
// language: phases, unit types, coasts, order verbs, outcomes, why an order is void or
// could not be read.
// Names of powers and places come from the variant; everything else a person reads is
// in this one table. Patterns are fmt format strings with named fields ({unit}, {to},
// {by}, ...).

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// VoidReason has no count of its own: ConvoyParadox is its last value, and
// diplomacy_render_lang_test fails when a reason comes after it.
constexpr std::size_t kVoidReasonCount = static_cast<std::size_t>(diplomacy::VoidReason::ConvoyParadox) + 1;
// Likewise ParseProblem, whose last value is NoUnitMovesThere.
constexpr std::size_t kParseProblemCount = static_cast<std::size_t>(diplomacy::ParseProblem::NoUnitMovesThere) + 1;

struct Words {
  std::string_view phase;                       // {season} {year} {type}
  std::array<std::string_view, 3> seasons;      // by Season
  std::array<std::string_view, 3> phase_types;  // by PhaseType
  std::array<std::string_view, 2> unit_types;   // by UnitType
  std::string_view unit;                        // {type} {place}
  std::array<std::string_view, 5> coasts;       // by Coast (None unused)
  std::string_view place_on_coast;              // {place} {coast}

  // Orders: {unit} gives the order, {other} is the supported or convoyed unit.
  std::string_view hold, move, move_via_convoy, support_hold, support_move, convoy, retreat, disband, build, remove,
      waive;

  // Outcomes by Outcome; `outcomes_by` names the unit that did it ({by}): bounce, cut
  // and dislodged only.
  std::array<std::string_view, 8> outcomes;
  std::array<std::string_view, 8> outcomes_by;
  std::string_view strengths;  // {strength} {opposing}
  std::string_view no_order_disbanded;
  std::string_view civil_disorder;  // a unit removed for a power that ordered too few removals
  std::string_view with_reason;     // {outcome} {reason}
  std::string_view result_line;     // {order} {outcome}

  std::string_view orders_heading;  // {phase}
  std::string_view next_heading;    // {phase}
  std::string_view power_heading;   // {power} {count}
  std::string_view centre_list;     // {centres}, after the power heading when there are any
  std::string_view may_retreat;     // {unit} {places}
  std::string_view must_disband;    // {unit}
  std::string_view list_separator;

  // Why an order is void, by VoidReason. Empty in English, where the sentence is
  // describe()'s, the one `adjudicate` writes in its JSON.
  std::array<std::string_view, kVoidReasonCount> void_reasons;

  // Why an order could not be read, by ParseProblem; empty in English, where it is the
  // parser's own message. Fields: {written} and {found} (the order's words, in quotation
  // marks), {verbs} (by phase), {part} (by OrderPart), {candidates} (places, or units), {place}, {coast}.
  std::array<std::string_view, kParseProblemCount> parse_problems;
  std::string_view quote_open, quote_close;
  std::array<std::string_view, 3> verbs_by_phase;  // by PhaseType
  std::array<std::string_view, 5> order_parts;     // by OrderPart
  std::string_view candidate;  // {name} {code}

  // Games under a setup (issue 8): why a written order was not carried out (the power
  // is in civil disorder, armistice or neutral), and how the game ended, by EndKind
  // ({winners}: the powers, joined by list_separator).
  std::string_view not_ordering;
  std::array<std::string_view, 5> endings;

  // An order given to a unit that a later order in the same list orders again: the later
  // one stands (the server's PUT /orders, so that a new order replaces an old one).
  std::string_view replaced_order;
};

const Words& words_in(diplomacy::Language language);

// Why an order is void, said in `language`.
std::string void_reason_text(diplomacy::VoidReason reason, diplomacy::Language language);

// Why the order parser could not read an order, said in `language`.
std::string parse_error_text(const diplomacy::Variant& variant, const diplomacy::OrderParseError& error,
                             diplomacy::Language language);

// The reason whose English sentence (describe(), as `adjudicate` writes it) is `sentence`.
std::optional<diplomacy::VoidReason> void_reason_described_as(std::string_view sentence);


}  // namespace stratagem::formats
