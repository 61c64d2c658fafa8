#include "order_parse_message.h"

#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

const char* verbs_of_phase(PhaseType phase) {
  switch (phase) {
    case PhaseType::Movement: return "H (hold), - (move), S (support) or C (convoy)";
    case PhaseType::Retreat: return "R (retreat) or D (disband)";
    case PhaseType::Adjustment: return "B (build) or D (remove)";
  }
  return "";
}

const char* part_name(OrderPart part) {
  switch (part) {
    case OrderPart::Unit: return "unit";
    case OrderPart::Place: return "place";
    case OrderPart::Destination: return "destination";
    case OrderPart::SupportedUnit: return "supported unit";
    case OrderPart::ConvoyedArmy: return "convoyed army";
  }
  return "";
}

const char* coast_name(Coast coast) {
  switch (coast) {
    case Coast::North: return "north";
    case Coast::South: return "south";
    case Coast::East: return "east";
    case Coast::West: return "west";
    case Coast::None: break;
  }
  return "";
}

std::string quoted(const std::string& words) { return '"' + words + '"'; }

const std::string& place_name(const Variant& variant, Location l) {
  return variant.province_name(variant.province_of(l), Language::En);
}

}  // namespace

std::string english_message(const Variant& variant, const OrderParseError& e) {
  switch (e.problem) {
    case ParseProblem::EmptyOrder: return "the order is empty";
    case ParseProblem::MissingVerb:
      return "missing the order after " + quoted(e.written) + ": " + verbs_of_phase(e.phase);
    case ParseProblem::UnknownVerb:
      return std::string("expected ") + verbs_of_phase(e.phase) + " after " + quoted(e.written) + ", found " +
             quoted(e.found);
    case ParseProblem::RetreatByConvoy: return "a retreat cannot go by convoy";
    case ParseProblem::ConvoyWithoutDestination:
      return "the convoy does not say where the army goes: expected \"-\" and a destination after " + quoted(e.written);
    case ParseProblem::MissingClosingBracket: return "missing \")\" after " + quoted(e.written);
    case ParseProblem::MissingNationality: return "expected a nationality after \"<\", found " + quoted(e.found);
    case ParseProblem::MissingClosingAngle: return "missing \">\" after " + quoted(e.written);
    case ParseProblem::ContradictoryNationality:
      return "the nationality " + quoted(e.written) + " contradicts the one written before the unit";
    case ParseProblem::TrailingText: return "unexpected " + quoted(e.found) + " after " + quoted(e.written);
    case ParseProblem::MissingPart: return std::string("missing ") + part_name(e.part) + " after " + quoted(e.written);
    case ParseProblem::AmbiguousName: {
      std::string message = quoted(e.written) + " is ambiguous: ";
      for (std::size_t k = 0; k < e.candidates.size(); ++k) {
        if (k) message += ", ";
        const Location l = e.candidates[k];
        message.append(variant.province_name(variant.province_of(l), Language::En))
            .append(" (")
            .append(variant.location_code(l))
            .append(")");
      }
      return message;
    }
    case ParseProblem::PowerNotPlace: return quoted(e.written) + " is a power, not a place";
    case ParseProblem::UnknownPlace: return "unknown place " + quoted(e.found);
    case ParseProblem::NoSuchCoast:
      return variant.province_name(variant.province_of(e.place), Language::En) + " has no " + coast_name(e.coast) +
             " coast";
    case ParseProblem::SupportedUnitUnnamed:
      return "the support names only where the move goes, " + place_name(variant, e.place) + ": say which unit moves";
    case ParseProblem::SupportedUnitAmbiguous: {
      std::string units;
      for (std::size_t k = 0; k < e.candidates.size(); ++k)
        units.append(k == 0 ? "" : k + 1 == e.candidates.size() ? " or " : ", ")
            .append(format_unit(variant, e.candidate_types[k], e.candidates[k]));
      return "the supported move to " + place_name(variant, e.place) + " could be by " + units +
             ": say which unit moves";
    }
    case ParseProblem::NoUnitMovesThere:
      return "no unit but the supporter can move to " + place_name(variant, e.place);
  }
  return "";
}

}  // namespace stratagem::diplomacy
