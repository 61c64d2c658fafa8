// The variant format's parser (src/diplomacy/variant_parser.cpp, docs/variant-format.md):
// a small map that uses every statement, the names it records, and every check it makes,
// each refusal naming its line.

#include "stratagem/diplomacy/variant.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/names.h"

namespace stratagem::diplomacy {
namespace {

using testing::resolve;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A small variant that uses every statement: two powers, an inland and a coastal
// centre, a split-coast province, two seas and an impassable space.
constexpr std::string_view kMini = R"(# A two-power test map.
variant mini
victory 2
start S1901M

power RED
  name en Red
  adjective en Reddish
  name ja 赤
  home CAP
  unit A CAP

power BLUE
  name en Blue
  alias Azure
  home POR
  unit F POR

province CAP inland centre
  name en Capital
  short ja 首
  army POR BAY

province POR coastal centre   # the only port
  name en Port
  army CAP BAY
  fleet SEA GUL

province BAY coastal
  name en Bay Lands
  army CAP POR
  coast NC SEA
  coast SC GUL
  coast-name SC en Bay South Coast

province SEA sea
  name en Open Sea
  fleet POR BAY/NC GUL

province GUL sea
  name en Gulf
  fleet POR BAY/SC SEA

province ALP impassable
  name en Alps
)";

// kMini with the first occurrence of `from` replaced by `to`.
std::string edited(std::string_view from, std::string_view to) {
  std::string text(kMini);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

int line_of(const std::string& text, std::string_view needle) {
  const std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// Parses `text`, expecting an error on the line holding `line_text` whose message
// contains `message`.
void expect_error(const std::string& text, std::string_view line_text, std::string_view message) {
  const auto parsed = Variant::parse(text);
  ASSERT_FALSE(parsed) << "parsed although it should fail with: " << message;
  EXPECT_EQ(parsed.error().line, line_of(text, line_text)) << parsed.error().message;
  EXPECT_THAT(parsed.error().message, HasSubstr(std::string(message)));
}

TEST(VariantParse, MiniVariant) {
  const auto parsed = Variant::parse(kMini);
  ASSERT_TRUE(parsed) << parsed.error().line << ": " << parsed.error().message;
  const Variant& v = *parsed;
  EXPECT_EQ(v.id(), "mini");
  EXPECT_EQ(v.power_count(), 2);
  EXPECT_EQ(v.province_count(), 6);
  ASSERT_EQ(v.location_count(), 8);
  EXPECT_EQ(v.location_code(location_at(6)), "BAY/NC");
  EXPECT_EQ(v.location_code(location_at(7)), "BAY/SC");
  EXPECT_THAT(v.coasts(province_at(2)), ElementsAre(location_at(6), location_at(7)));
  EXPECT_FALSE(v.fleet_can_stand(location_at(2)));
  EXPECT_TRUE(v.fleet_can_stand(location_at(6)));
  EXPECT_FALSE(v.fleet_can_stand(location_at(0)));
  EXPECT_FALSE(v.fleet_can_stand(location_at(5)));
  EXPECT_EQ(v.terrain(province_at(5)), Terrain::Impassable);
  EXPECT_TRUE(v.fleet_neighbours(location_at(3)).contains(6));
  EXPECT_FALSE(v.fleet_neighbours(location_at(3)).contains(7));
  EXPECT_EQ(v.fleet_reach(location_at(3)).size(), 3);  // POR, BAY, GUL
  EXPECT_TRUE(v.army_neighbours(province_at(0)).contains(2));
  EXPECT_EQ(v.home_power(province_at(1)), power_at(1));
  EXPECT_EQ(v.victory_centres(), 2);
  EXPECT_THAT(v.start_units(), ElementsAre(Unit{UnitType::Army, power_at(0), location_at(0)},
                                           Unit{UnitType::Fleet, power_at(1), location_at(1)}));
  // Names fall back to English where a language has none.
  EXPECT_EQ(v.power_name(power_at(0), Language::Ja), "赤");
  EXPECT_EQ(v.power_name(power_at(0), Language::ZhHans), "Red");
  EXPECT_EQ(v.power_adjective(power_at(0), Language::ZhHant), "Reddish");
  EXPECT_EQ(v.power_adjective(power_at(1), Language::Ja), "Blue");
  EXPECT_EQ(v.province_name(province_at(0), Language::Ja), "Capital");
  EXPECT_THAT(resolve(v, "Bay South Coast"), ElementsAre("BAY/SC"));
  EXPECT_THAT(resolve(v, "bay/nc"), ElementsAre("BAY/NC"));
  EXPECT_THAT(resolve(v, "azure"), ElementsAre("BLUE"));
  EXPECT_THAT(resolve(v, "Open Sea"), ElementsAre("SEA"));
  // A short name is an input name, and what a map writes where the name does not fit.
  EXPECT_THAT(resolve(v, "首"), ElementsAre("CAP"));
  EXPECT_EQ(v.province_short_name(province_at(0), Language::Ja), "首");
  EXPECT_EQ(v.province_short_name(province_at(0), Language::ZhHant), "Capital");
  EXPECT_EQ(v.province_short_name(province_at(1), Language::Ja), "Port");
}

TEST(VariantParse, WrittenNamesKeepTheirSpellingAndTarget) {
  const auto parsed = Variant::parse(kMini);
  ASSERT_TRUE(parsed) << parsed.error().line << ": " << parsed.error().message;
  std::vector<std::string> written;
  for (const WrittenName& name : parsed->written_names())
    written.push_back(name.text + " -> " +
                      (name.target.kind == NameTarget::Kind::Power ? parsed->power_code(power_at(name.target.id))
                                                                   : parsed->location_code(location_at(name.target.id))));
  EXPECT_THAT(written, ElementsAre("Red -> RED", "Reddish -> RED", "赤 -> RED", "Blue -> BLUE", "Azure -> BLUE",
                                   "Capital -> CAP", "首 -> CAP", "Port -> POR", "Bay Lands -> BAY",
                                   "Bay South Coast -> BAY/SC", "Open Sea -> SEA", "Gulf -> GUL", "Alps -> ALP"));
}

TEST(VariantParse, AcceptsWindowsLineEndings) {
  std::string crlf;
  for (char c : kMini) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const auto parsed = Variant::parse(crlf);
  ASSERT_TRUE(parsed) << parsed.error().line << ": " << parsed.error().message;
  EXPECT_EQ(parsed->province_name(province_at(2), Language::En), "Bay Lands");
}

TEST(VariantParse, RejectsUnknownKeywords) {
  expect_error(edited("  name en Gulf\n", "  name en Gulf\n  depth 200\n"), "depth 200",
               "unknown keyword 'depth'");
  expect_error(edited("victory 2\n", "victory 2\nmap mini\n"), "map mini", "unknown keyword 'map'");
}

TEST(VariantParse, RejectsStatementsOutsideTheirBlock) {
  expect_error(edited("start S1901M\n", "start S1901M\narmy CAP\n"), "army CAP\n",
               "outside a power or province block");
  expect_error(edited("  army POR BAY\n", "  army POR BAY\n  home CAP POR\n"), "home CAP POR",
               "belongs in a power block");
  expect_error(edited("  unit A CAP\n", "  unit A CAP\n  army POR\n"), "  army POR\n",
               "belongs in a province block");
  expect_error(edited("  name en Alps\n", "  name en Alps\nvictory 3\n"), "victory 3",
               "must come before the first power");
}

// Every keyword the format has, in every block it does not belong in, with the whole
// message: the parser's table of statements decides all of them.
TEST(VariantParse, SaysWhereEachMisplacedStatementBelongs) {
  const auto error_of = [](const std::string& text) {
    const auto parsed = Variant::parse(text);
    return parsed ? std::string("parsed") : std::to_string(parsed.error().line) + ": " + parsed.error().message;
  };
  const std::string top = "variant mini\nvictory 2\nstart S1901M\n";  // lines 1-3
  const std::string power = top + "power RED\n  name en Red\n";        // lines 4-5
  const std::string province = top + "province CAP inland\n  name en Capital\n";
  for (const char* keyword : {"name", "adjective", "alias", "home", "unit", "army", "fleet", "coast", "coast-name"})
    EXPECT_EQ(error_of(top + keyword + " X\n"),
              "4: '" + std::string(keyword) + "' outside a power or province block");
  for (const char* keyword : {"army", "fleet", "coast", "coast-name"})
    EXPECT_EQ(error_of(power + keyword + " X\n"),
              "6: '" + std::string(keyword) + "' belongs in a province block, not in power RED");
  for (const char* keyword : {"adjective", "home", "unit"})
    EXPECT_EQ(error_of(province + keyword + " X\n"),
              "6: '" + std::string(keyword) + "' belongs in a power block, not in province CAP");
  for (const auto& block : {power, province})
    for (const char* keyword : {"variant", "victory", "start"})
      EXPECT_EQ(error_of(block + keyword + " X\n"),
                "6: '" + std::string(keyword) + "' must come before the first power or province");
  for (const auto& block : {top, power, province})
    EXPECT_EQ(error_of(block + "depth 200\n"), std::to_string(block == top ? 4 : 6) + ": unknown keyword 'depth'");
}

TEST(VariantParse, RejectsUnknownCodes) {
  expect_error(edited("army POR BAY", "army POR BAY XYZ"), "army POR BAY XYZ", "unknown province code 'XYZ'");
  expect_error(edited("home CAP", "home CAP ZZZ"), "home CAP ZZZ", "unknown province code 'ZZZ'");
  expect_error(edited("fleet SEA GUL", "fleet SEA GUL NOPE"), "fleet SEA GUL NOPE",
               "unknown location code 'NOPE'");
  expect_error(edited("fleet POR BAY/NC GUL", "fleet POR BAY/EC GUL"), "BAY/EC", "unknown coast 'BAY/EC'");
  expect_error(edited("unit A CAP", "unit A CAPE"), "unit A CAPE", "unknown location code 'CAPE'");
  expect_error(edited("  name en Gulf\n", "  name en Gulf\n  name fr Golfe\n"), "name fr",
               "unknown language 'fr'");
  expect_error(edited("province ALP impassable", "province ALP mountains"), "province ALP",
               "unknown terrain 'mountains'");
  expect_error(edited("coast SC GUL", "coast SW GUL"), "coast SW", "unknown coast 'SW'");
  expect_error(edited("province ALP impassable", "province Alp impassable"), "province Alp",
               "upper-case code");
  expect_error(edited("unit A CAP", "unit X CAP"), "unit X CAP", "unit type must be A or F");
}

TEST(VariantParse, RejectsDuplicateCodes) {
  expect_error(std::string(kMini) + "province CAP inland\n  name en Capital again\n",
               "province CAP inland\n  name en Capital again", "duplicate code 'CAP'");
  expect_error(edited("power BLUE", "power RED"), "power RED\n  name en Blue", "duplicate code 'RED'");
  expect_error(edited("  coast SC GUL\n", "  coast SC GUL\n  coast SC SEA\n"), "coast SC SEA",
               "duplicate code 'BAY/SC'");
  expect_error(edited("variant mini\n", "variant mini\nvariant maxi\n"), "variant maxi",
               "duplicate 'variant'");
}

TEST(VariantParse, RejectsAsymmetricAdjacency) {
  // BAY no longer lists POR, which still lists BAY.
  expect_error(edited("  army CAP POR\n", "  army CAP\n"), "  army CAP BAY",
               "army adjacency is not symmetric: POR lists BAY but BAY does not list POR");
  // GUL no longer lists SEA, which still lists GUL.
  expect_error(edited("fleet POR BAY/SC SEA", "fleet POR BAY/SC"), "fleet POR BAY/NC GUL",
               "fleet adjacency is not symmetric: SEA lists GUL but GUL does not list SEA");
  // Coast-exact: SEA lists BAY/NC, but only BAY/SC lists SEA.
  expect_error(edited("  coast NC SEA\n  coast SC GUL\n", "  coast NC GUL\n  coast SC SEA GUL\n"),
               "coast NC GUL",
               "fleet adjacency is not symmetric: BAY/NC lists GUL but GUL does not list BAY/NC");
}

TEST(VariantParse, RejectsArmiesAdjacentToSeas) {
  expect_error(edited("army POR BAY", "army POR BAY SEA"), "army POR BAY SEA",
               "armies cannot be adjacent to seas");
  expect_error(edited("  fleet POR BAY/NC GUL\n", "  fleet POR BAY/NC GUL\n  army POR\n"), "  army POR\n",
               "armies cannot be adjacent to seas");
  expect_error(edited("army POR BAY", "army POR BAY ALP"), "army POR BAY ALP", "impassable");
  expect_error(edited("  name en Alps\n", "  name en Alps\n  army CAP\n"), "  army CAP\n", "impassable");
}

TEST(VariantParse, RejectsFleetAdjacencyInvolvingInlandProvinces) {
  expect_error(edited("  army POR BAY\n", "  army POR BAY\n  fleet SEA\n"), "  fleet SEA\n",
               "fleet move from inland province CAP");
  expect_error(edited("fleet POR BAY/NC GUL", "fleet POR BAY/NC GUL CAP"), "GUL CAP", "inland province CAP");
}

TEST(VariantParse, RejectsProvincesAdjacentToThemselves) {
  expect_error(edited("army POR BAY", "army POR BAY CAP"), "army POR BAY CAP",
               "CAP listed as adjacent to itself");
  expect_error(edited("coast NC SEA", "coast NC SEA BAY/SC"), "coast NC SEA BAY/SC",
               "BAY/SC listed as adjacent to its own province");
}

TEST(VariantParse, RejectsFleetMovesToASplitCoastProvinceWithoutItsCoast) {
  expect_error(edited("fleet POR BAY/SC SEA", "fleet POR BAY SEA"), "fleet POR BAY SEA", "name the coast");
}

TEST(VariantParse, RejectsFleetLinesBesideCoastLines) {
  expect_error(edited("  coast SC GUL\n", "  coast SC GUL\n  fleet SEA\n"), "  fleet SEA\n",
               "has coast lines");
  expect_error(
      edited("  army CAP BAY\n  fleet SEA GUL\n", "  army CAP BAY\n  fleet SEA GUL\n  coast NC SEA\n"),
      "  coast NC SEA\n\nprovince BAY", "has a fleet line");
  expect_error(edited("  army POR BAY\n", "  army POR BAY\n  coast NC SEA\n"),
               "  coast NC SEA\n\nprovince POR", "only a coastal province can have named coasts");
}

TEST(VariantParse, RejectsHomeCentresThatAreNotCentres) {
  expect_error(edited("home CAP", "home CAP BAY"), "home CAP BAY",
               "home centre BAY of RED is not a supply centre");
  expect_error(edited("home POR", "home POR CAP"), "home POR CAP", "already a home centre of RED");
  expect_error(edited("home CAP", "home CAP CAP"), "home CAP CAP", "already a home centre of RED");
}

TEST(VariantParse, RejectsSupplyCentresAtSea) {
  expect_error(edited("province SEA sea", "province SEA sea centre"), "province SEA",
               "cannot be a supply centre");
}

TEST(VariantParse, RejectsStartingUnitsOnImpossibleLocations) {
  expect_error(edited("unit A CAP", "unit A SEA"), "unit A SEA", "an army cannot stand in sea province SEA");
  expect_error(edited("unit A CAP", "unit F CAP"), "unit F CAP", "a fleet cannot stand in CAP");
  expect_error(edited("unit A CAP", "unit F BAY"), "unit F BAY", "without naming its coast");
  expect_error(edited("unit A CAP", "unit A BAY/NC"), "unit A BAY/NC", "not on a coast");
  expect_error(edited("unit A CAP", "unit A ALP"), "unit A ALP", "impassable");
}

TEST(VariantParse, RejectsTwoStartingUnitsInOneProvince) {
  expect_error(edited("  unit F POR\n", "  unit F POR\n  unit A CAP\n"), "  unit A CAP\n\nprovince",
               "two starting units in province CAP");
  expect_error(edited("unit A CAP", "unit F BAY/NC\n  unit F BAY/SC"), "unit F BAY/SC",
               "two starting units in province BAY");
}

TEST(VariantParse, RejectsProvincesAndPowersWithoutAnEnglishName) {
  expect_error(edited("  name en Alps\n", "  name ja アルプス\n"), "province ALP",
               "province ALP has no English name");
  expect_error(edited("  name en Capital\n", "  name zh-Hant 首都\n"), "province CAP",
               "province CAP has no English name");
  expect_error(edited("  name en Blue\n", ""), "power BLUE", "power BLUE has no English name");
}

TEST(VariantParse, RejectsMissingOrBadTopLevelStatements) {
  const std::string no_variant = edited("variant mini\n", "");
  expect_error(no_variant, "  name en Alps", "missing 'variant' statement");
  expect_error(edited("victory 2\n", ""), "  name en Alps", "missing 'victory' statement");
  expect_error(edited("start S1901M\n", ""), "  name en Alps", "missing 'start' statement");
  expect_error(edited("victory 2", "victory 3"), "victory 3",
               "must be between 1 and the number of supply centres (2)");
  expect_error(edited("victory 2", "victory two"), "victory two", "victory needs a number");
  expect_error(edited("start S1901M", "start W1901M"), "start W1901M", "start needs a phase");
  const auto empty = Variant::parse("");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().line, 1);
  EXPECT_THAT(empty.error().message, HasSubstr("missing 'variant'"));
}

TEST(VariantParse, RejectsMalformedNameStatements) {
  expect_error(edited("  alias Azure\n", "  alias\n"), "  alias\n", "'alias' needs a name");
  expect_error(edited("  name en Gulf\n", "  name en Gulf\n  name en ...\n"), "name en ...",
               "empty once blanks and punctuation");
  expect_error(edited("coast-name SC en", "coast-name WC en"), "coast-name WC",
               "coast-name for unknown coast 'BAY/WC'");
  // What a map shows must read back as that place alone.
  expect_error(edited("  short ja 首\n", "  short ja 首\n  short en Port\n"), "short en Port",
               "short name 'Port' of CAP also names POR");
  expect_error(edited("  short ja 首\n", "  short ja 首\n  short en azure\n"), "short en azure",
               "short name 'azure' of CAP also names power BLUE");
  expect_error(edited("  alias Azure\n", "  alias Azure\n  short en Blu\n"), "short en Blu",
               "'short' belongs in a province block");
  expect_error(edited("  short ja 首\n", "  short\n"), "  short\n", "unknown language");
}

}  // namespace
}  // namespace stratagem::diplomacy
