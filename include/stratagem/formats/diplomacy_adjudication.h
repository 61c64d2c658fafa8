#pragma once
// One phase as the CLI sees it: every written order is parsed, validated and filed on
// an order sheet, the phase is adjudicated, and every order written and every unit
// left without an order gets a report entry that says what happened and why.

#include <string>

#include <tl/expected.hpp>

#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_report.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// The seven-player game of the contract: the input's setup, conditions and declarations
// (PhaseInput::game) are not looked at.
PhaseReport adjudicate_phase(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                             const PhaseInput& input);

// Under the input's setup, civil disorder and endings when it names them (otherwise as
// adjudicate_phase): orders of powers that order nothing are reported "hold" with the
// reason, and the report carries the next phase's seats and the end. Fails as
// diplomacy::adjudicate() of game.h does (e.g. a lot outside the surviving seats).
tl::expected<PhaseReport, std::string> adjudicate_game_phase(const diplomacy::Variant& variant,
                                                             const diplomacy::RuleOptions& rules,
                                                             const PhaseInput& input);

}  // namespace stratagem::formats
