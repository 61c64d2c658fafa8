#include "stratagem/formats/diplomacy_places.h"

#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/forward_error.h"

namespace stratagem::formats {

using namespace diplomacy;

namespace {

std::string province_name(const Variant& variant, Location at) {
  return variant.province_name(variant.province_of(at), Language::En);
}

// Places and units are read by the order parser, as the place or the unit of a hold
// order, so that they accept every notation orders do.
struct Reading {
  std::string_view prefix;  // written before the text to make it a hold order
  std::string_view what;    // what the text should be
  std::string_view advice;  // when the text is more than that
};
constexpr Reading kUnit{"", "a unit", "write the unit type (A or F) and its place, nothing else"};
constexpr Reading kPlace{"F ", "a place", "write the name of one place, nothing else"};

tl::expected<ParsedOrder, std::string> parse_as_hold(const Variant& variant, const Reading& reading,
                                                     std::string_view text) {
  auto parsed = parse_order(variant, fmt::format("{}{} H", reading.prefix, text), PhaseType::Movement);
  const auto not_a = [&](std::string_view why) {
    return tl::unexpected(fmt::format("{} is not {}: {}", in_quotes(text), reading.what, why));
  };
  if (!parsed) {
    // An error in the words added around the text means the text itself was more
    // than a unit or a place.
    const auto offset = static_cast<std::size_t>(parsed.error().offset);
    const bool within_text = offset >= reading.prefix.size() && offset < reading.prefix.size() + text.size();
    return not_a(within_text ? std::string_view(parsed.error().message) : reading.advice);
  }
  if (parsed->order.kind() != OrderKind::Hold) return not_a(reading.advice);
  return *parsed;
}

std::string coast_choices(const Variant& variant, Province province) {
  std::string choices;
  for (Location coast : variant.coasts(province)) {
    if (!choices.empty()) choices += " or ";
    choices += variant.location_code(coast);
  }
  return choices;
}

// The location whose canonical code ("PAR", "STP/SC") is exactly the text.
std::optional<Location> location_by_code(const Variant& variant, std::string_view text) {
  for (int l = 0; l < variant.location_count(); ++l) {
    // Length and first letter first: most codes differ there, and a full compare costs
    // a library call.
    const std::string& code = variant.location_code(location_at(l));
    if (code.size() == text.size() && code.front() == text.front() && code == text) return location_at(l);
  }
  return std::nullopt;
}

// Why a unit of that type cannot stand there, or nothing if it can.
std::optional<std::string> why_it_cannot_stand(const Variant& variant, UnitType type, Location at) {
  const Province province = variant.province_of(at);
  switch (variant.terrain(province)) {
    case Terrain::Impassable:
      return fmt::format("no unit can stand in {}", province_name(variant, at));
    case Terrain::Sea:
      if (type == UnitType::Army) return fmt::format("an army cannot stand at sea ({})", province_name(variant, at));
      break;
    case Terrain::Inland:
      if (type == UnitType::Fleet)
        return fmt::format("a fleet cannot stand inland ({})", province_name(variant, at));
      break;
    case Terrain::Coastal:
      break;
  }
  if (type == UnitType::Army && at != variant.main_location(province))
    return fmt::format("an army stands in {}, not on one of its coasts", province_name(variant, at));
  if (type == UnitType::Fleet && !variant.fleet_can_stand(at))
    return fmt::format("a fleet in {} must say which coast it is on ({})", province_name(variant, at),
                       coast_choices(variant, province));
  return std::nullopt;
}

}  // namespace

std::string in_quotes(std::string_view text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

tl::expected<Power, std::string> read_power(const Variant& variant, std::string_view text) {
  for (int p = 0; p < variant.power_count(); ++p)
    if (variant.power_code(power_at(p)) == text) return power_at(p);
  Power found = Power::None;
  int matches = 0;
  for (const NameTarget& target : variant.lookup(normalise_name(text)))
    if (target.kind == NameTarget::Kind::Power) {
      found = power_at(target.id);
      ++matches;
    }
  if (matches == 1) return found;
  std::string known;
  for (int p = 0; p < variant.power_count(); ++p) known += (p ? ", " : "") + variant.power_code(power_at(p));
  return tl::unexpected(fmt::format("unknown power {} (the powers are {})", in_quotes(text), known));
}

tl::expected<Location, std::string> read_location(const Variant& variant, std::string_view text) {
  if (const auto canonical = location_by_code(variant, text)) return *canonical;
  return parse_location(variant, text);
}

tl::expected<Location, std::string> parse_location(const Variant& variant, std::string_view text) {
  STRATAGEM_TRY_ASSIGN(auto parsed, parse_as_hold(variant, kPlace, text));
  return parsed.order.unit();
}

tl::expected<PlacedUnit, std::string> read_unit(const Variant& variant, std::string_view text) {
  // Canonical text that names a unit where it can stand is the whole of a stored
  // position; anything else, good or bad, goes to the parser, which says what is wrong.
  if (text.size() > 2 && (text[0] == 'A' || text[0] == 'F') && text[1] == ' ')
    if (const auto at = location_by_code(variant, text.substr(2))) {
      const UnitType type = text[0] == 'A' ? UnitType::Army : UnitType::Fleet;
      if (!why_it_cannot_stand(variant, type, *at)) return PlacedUnit{type, *at};
    }
  return parse_unit(variant, text);
}

tl::expected<PlacedUnit, std::string> parse_unit(const Variant& variant, std::string_view text) {
  STRATAGEM_TRY_ASSIGN(auto parsed, parse_as_hold(variant, kUnit, text));
  const auto not_a_unit = [&](const std::string& why) {
    return tl::unexpected(fmt::format("{} is not a unit: {}", in_quotes(text), why));
  };
  if (!parsed.unit_type_given) return not_a_unit("write A or F before the place");
  const UnitType type = parsed.order.unit_type();
  const Location at = parsed.order.unit();
  if (auto why = why_it_cannot_stand(variant, type, at)) return not_a_unit(*why);
  return PlacedUnit{type, at};
}

}  // namespace stratagem::formats
