#include "stratagem/formats/diplomacy_places.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/order_parser.h"

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
  auto parsed = parse_as_hold(variant, kPlace, text);
  if (!parsed) return tl::unexpected(parsed.error());
  return parsed->order.unit();
}

tl::expected<PlacedUnit, std::string> read_unit(const Variant& variant, std::string_view text) {
  auto parsed = parse_as_hold(variant, kUnit, text);
  if (!parsed) return tl::unexpected(parsed.error());
  const auto not_a_unit = [&](const std::string& why) {
    return tl::unexpected(fmt::format("{} is not a unit: {}", in_quotes(text), why));
  };
  if (!parsed->unit_type_given) return not_a_unit("write A or F before the place");
  const UnitType type = parsed->order.unit_type();
  const Location at = parsed->order.unit();
  const Province province = variant.province_of(at);
  const std::string name = province_name(variant, at);
  switch (variant.terrain(province)) {
    case Terrain::Impassable:
      return not_a_unit(fmt::format("no unit can stand in {}", name));
    case Terrain::Sea:
      if (type == UnitType::Army) return not_a_unit(fmt::format("an army cannot stand at sea ({})", name));
      break;
    case Terrain::Inland:
      if (type == UnitType::Fleet) return not_a_unit(fmt::format("a fleet cannot stand inland ({})", name));
      break;
    case Terrain::Coastal:
      break;
  }
  if (type == UnitType::Army && at != variant.main_location(province))
    return not_a_unit(fmt::format("an army stands in {}, not on one of its coasts", name));
  if (type == UnitType::Fleet && !variant.fleet_can_stand(at))
    return not_a_unit(
        fmt::format("a fleet in {} must say which coast it is on ({})", name, coast_choices(variant, province)));
  return PlacedUnit{type, at};
}

}  // namespace stratagem::formats
