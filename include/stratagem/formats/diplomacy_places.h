#pragma once
// Reads the powers, places and units that a position description names, in any notation
// the order parser accepts ("A Par", "F StP/sc", "Fleet North Sea", "陸軍 巴黎", "France").
// Failures are sentences for a person that quote the text, e.g.
// `"A Xyz" is not a unit: unknown place "Xyz"`.

#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// The text as a JSON string literal, for quoting input in messages.
std::string in_quotes(std::string_view text);

// A power by its canonical code or any of its names ("FRANCE", "France", "法國").
tl::expected<diplomacy::Power, std::string> read_power(const diplomacy::Variant& variant, std::string_view text);

// A location as written: a province without a coast is its main location.
tl::expected<diplomacy::Location, std::string> read_location(const diplomacy::Variant& variant, std::string_view text);

// A unit with its type written, on a location where a unit of that type can stand
// (a fleet on a split coast must name the coast).
struct PlacedUnit {
  diplomacy::UnitType type = diplomacy::UnitType::Army;
  diplomacy::Location location = diplomacy::Location::None;
};
tl::expected<PlacedUnit, std::string> read_unit(const diplomacy::Variant& variant, std::string_view text);

// read_location and read_unit take canonical text ("PAR", "STP/SC", "A PAR", "F STP/SC")
// straight from the variant's codes, which is the whole of a stored position; other text
// goes to the order parser. These read through the parser alone: the same results and
// messages (the tests hold the shortcut to them), many times slower.
tl::expected<diplomacy::Location, std::string> parse_location(const diplomacy::Variant& variant,
                                                              std::string_view text);
tl::expected<PlacedUnit, std::string> parse_unit(const diplomacy::Variant& variant, std::string_view text);

}  // namespace stratagem::formats
