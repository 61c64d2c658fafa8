#pragma once
// Readable text for a person (`stratagem diplomacy render`, `demo`): the phase in words,
// each power's supply centres and units with full place names, the orders of a phase to
// adjudicate, and for an adjudicated
// phase what became of every order and why ("A Paris - Burgundy: bounced by A Munich -
// Burgundy (1 against 1)"). Names come from the variant, fixed words from Words.

#include <string>

#include "stratagem/formats/diplomacy_phase_input.h"
#include "stratagem/formats/diplomacy_report.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// The position, then the orders as written (read as orders where they can be).
std::string render_phase_input(const diplomacy::Variant& variant, const PhaseInput& input,
                               diplomacy::Language language);
// One order in words ("Army Paris moves to Burgundy", "陸軍 巴黎 移動至 勃艮第"); the
// supported or convoyed unit's type is the parsed order's target_type.
std::string order_in_words(const diplomacy::Variant& variant, const diplomacy::ParsedOrder& order,
                           diplomacy::Language language);

std::string render_phase_report(const diplomacy::Variant& variant, const PhaseReport& report,
                                diplomacy::Language language);

}  // namespace stratagem::formats
