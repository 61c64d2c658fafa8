// read_unit and read_location take canonical text ("A PAR", "F STP/SC") from the
// variant's codes without the order parser; here every such text, every position's units
// and text that is not canonical are read both ways and must give the same unit or the
// same message.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"

namespace {

using namespace stratagem::diplomacy;
using namespace stratagem::formats;

const Variant& standard() { return standard_variant(); }

void expect_unit_as_parsed(const Variant& variant, const std::string& text) {
  const auto read = read_unit(variant, text);
  const auto parsed = parse_unit(variant, text);
  ASSERT_EQ(read.has_value(), parsed.has_value()) << text;
  if (parsed) {
    EXPECT_EQ(read->type, parsed->type) << text;
    EXPECT_EQ(read->location, parsed->location) << text;
  } else {
    EXPECT_EQ(read.error(), parsed.error()) << text;
  }
}

void expect_location_as_parsed(const Variant& variant, const std::string& text) {
  const auto read = read_location(variant, text);
  const auto parsed = parse_location(variant, text);
  ASSERT_EQ(read.has_value(), parsed.has_value()) << text;
  if (parsed) EXPECT_EQ(*read, *parsed) << text;
  else EXPECT_EQ(read.error(), parsed.error()) << text;
}

// Every location's code, with either unit type, and the same text spelt otherwise.
std::vector<std::string> texts_of_every_location(const Variant& variant) {
  std::vector<std::string> texts;
  for (int l = 0; l < variant.location_count(); ++l) {
    const std::string& code = variant.location_code(location_at(l));
    std::string lower = code;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const std::string& place : {code, lower, " " + code, code + " ", code + "X"})
      for (std::string_view prefix : {"", "A ", "F ", "A  ", "a ", "f ", "X ", "A", "F-", "Army ", "Fleet "})
        texts.push_back(std::string(prefix) + place);
  }
  return texts;
}

const std::vector<std::string> kNotCanonical = {
    "", " ", "A", "F", "A ", "F ", "A XYZ", "F XYZ", "XYZ", "A SWI", "F SWI", "SWI", "F PAR", "A NTH", "F STP",
    "A STP/NC", "A STP/SC", "F STP/XX", "STP/", "/NC", "A PAR H", "A PAR-BUR", "PAR H", "A Paris", "F St. Petersburg/sc",
    "Fleet North Sea", "陸軍 巴黎", "A PAR PAR", "A  PAR", "A PAR\n", "A\tPAR", "A PA", "A PARIS"};

TEST(FormatsDiplomacyPlaces, EveryCanonicalUnitAndLocationReadsAsTheParserReadsIt) {
  for (const std::string& text : texts_of_every_location(standard())) {
    expect_unit_as_parsed(standard(), text);
    expect_location_as_parsed(standard(), text);
  }
}

TEST(FormatsDiplomacyPlaces, TextThatIsNotCanonicalGetsTheParsersAnswer) {
  for (const std::string& text : kNotCanonical) {
    expect_unit_as_parsed(standard(), text);
    expect_location_as_parsed(standard(), text);
  }
}

TEST(FormatsDiplomacyPlaces, RefusalsNameWhatIsWrong) {
  EXPECT_EQ(read_unit(standard(), "F PAR").error(), "\"F PAR\" is not a unit: a fleet cannot stand inland (Paris)");
  EXPECT_EQ(read_unit(standard(), "A NTH").error(), "\"A NTH\" is not a unit: an army cannot stand at sea (North Sea)");
  EXPECT_EQ(read_unit(standard(), "A STP/SC").error(),
            "\"A STP/SC\" is not a unit: an army stands in St Petersburg, not on one of its coasts");
  EXPECT_EQ(read_unit(standard(), "F STP").error(),
            "\"F STP\" is not a unit: a fleet in St Petersburg must say which coast it is on (STP/NC or STP/SC)");
  EXPECT_EQ(read_unit(standard(), "A SWI").error(), "\"A SWI\" is not a unit: no unit can stand in Switzerland");
}

TEST(FormatsDiplomacyPlaces, ClosedProvincesRefuseCanonicalUnitsAsTheParserDoes) {
  ProvinceSet closed;
  for (const char* code : {"ROM", "NAP", "VEN", "TUS", "APU", "PIE"})
    closed.insert(index(standard().province_of(*read_location(standard(), code))));
  const Variant map = standard().with_provinces_closed(closed);
  for (const std::string& text : texts_of_every_location(map)) {
    expect_unit_as_parsed(map, text);
    expect_location_as_parsed(map, text);
  }
  EXPECT_FALSE(read_unit(map, "F NAP").has_value());
}

// Random positions: every unit the position writes reads back, both ways, as itself, and
// the whole position reads back equal.
TEST(FormatsDiplomacyPlaces, UnitsOfRandomPositionsReadBackAsWritten) {
  const Variant& variant = standard();
  Random random(20261123);
  for (int round = 0; round < 300; ++round) {
    GameState state;
    state.phase = variant.start_phase();
    for (int p = 0; p < variant.province_count(); ++p) {
      if (random.below(3) == 0) continue;
      std::vector<Unit> possible;
      const Power power = power_at(random.below(variant.power_count()));
      for (int l = 0; l < variant.location_count(); ++l)
        for (UnitType type : {UnitType::Army, UnitType::Fleet})
          if (variant.province_of(location_at(l)) == province_at(p) &&
              parse_unit(variant, format_unit(variant, type, location_at(l))))
            possible.push_back(Unit{type, power, location_at(l)});
      if (!possible.empty()) state.place(variant, possible[random.below(static_cast<int>(possible.size()))]);
    }
    variant.all_supply_centres().for_each([&](int c) {
      const int owner = random.below(variant.power_count() + 1);
      if (owner < variant.power_count()) state.set_centre_owner(province_at(c), power_at(owner));
    });
    const auto written = write_state(variant, state);
    for (const auto& [power, units] : written["units"].items())
      for (const auto& unit : units) expect_unit_as_parsed(variant, unit.get<std::string>());
    const auto read = read_state(variant, nlohmann::json::parse(written.dump()), "state");
    ASSERT_TRUE(read.has_value()) << read.error();
    EXPECT_EQ(*read, state) << written.dump();
  }
}

}  // namespace
