#pragma once
// One phase as the CLI sees it: every written order is parsed, validated and filed on
// an order sheet, the phase is adjudicated, and every order written and every unit
// left without an order gets a report entry that says what happened and why.

#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_report.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

PhaseReport adjudicate_phase(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                             const PhaseInput& input);

}  // namespace stratagem::formats
