#include "stratagem/diplomacy/rules.h"

namespace stratagem::diplomacy {

RuleOptions standard_rules() { return RuleOptions{}; }

RuleOptions datc_v24_rules() {
  RuleOptions rules;
  rules.adjacent_convoy = AdjacentConvoyRule::IntentWithLandFallback;
  rules.civil_disorder = CivilDisorderDistance::ToHomeCentres;
  return rules;
}

std::optional<RuleOptions> rules_by_name(std::string_view name) {
  if (name == "standard") return standard_rules();
  if (name == "datc") return datc_v24_rules();
  return std::nullopt;
}

}  // namespace stratagem::diplomacy
