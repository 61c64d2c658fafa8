#pragma once
// Readable text for a person (`stratagem diplomacy render`, `demo`): the phase in words,
// each power's supply centres and units with full place names, and for an adjudicated
// phase what became of every order and why ("A Paris - Burgundy: bounced by A Munich -
// Burgundy (1 against 1)"). Names come from the variant, fixed words from Words.

#include <string>

#include "diplomacy_report.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::cli {

std::string render_state(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                         diplomacy::Language language);
std::string render_phase_report(const diplomacy::Variant& variant, const PhaseReport& report,
                                diplomacy::Language language);

}  // namespace stratagem::cli
