// The standard map (data/diplomacy/standard.variant): shape and counts, agreement with
// two other programs' standard maps, names in four languages. The parser's own checks
// are in variant_parse_test.cpp.

#include "stratagem/diplomacy/variant.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "stratagem/diplomacy/name_folding.h"
#include "support/map_facts.h"
#include "support/names.h"
#include "support/test_paths.h"

namespace stratagem::diplomacy {
namespace {

using testing::resolve;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

const Variant& standard() { return standard_variant(); }

Province province_by_code(const Variant& variant, std::string_view code) {
  for (int p = 0; p < variant.province_count(); ++p)
    if (variant.province_code(province_at(p)) == code) return province_at(p);
  ADD_FAILURE() << "no province " << code;
  return Province::None;
}

Location location_by_code(const Variant& variant, std::string_view code) {
  for (int l = 0; l < variant.location_count(); ++l)
    if (variant.location_code(location_at(l)) == code) return location_at(l);
  ADD_FAILURE() << "no location " << code;
  return Location::None;
}

// The location codes of the CLI contract (shared/contracts/diplomacy-cli.md).
// clang-format off
const std::vector<std::string> kContractLocations = {
    "ADR", "AEG", "ALB", "ANK", "APU", "ARM", "BAL", "BAR", "BEL", "BER", "BLA", "BOH", "BOT", "BRE", "BUD",
    "BUL", "BUL/EC", "BUL/SC", "BUR", "CLY", "CON", "DEN", "EAS", "EDI", "ENG", "FIN", "GAL", "GAS", "GRE",
    "HEL", "HOL", "ION", "IRI", "KIE", "LON", "LVN", "LVP", "LYO", "MAO", "MAR", "MOS", "MUN", "NAF", "NAO",
    "NAP", "NTH", "NWG", "NWY", "PAR", "PIC", "PIE", "POR", "PRU", "ROM", "RUH", "RUM", "SER", "SEV", "SIL",
    "SKA", "SMY", "SPA", "SPA/NC", "SPA/SC", "STP", "STP/NC", "STP/SC", "SWE", "SWI", "SYR", "TRI", "TUN",
    "TUS", "TYR", "TYS", "UKR", "VEN", "VIE", "WAL", "WAR", "WES", "YOR"};
// clang-format on

// ------------------------------------------------------------------ shape of the standard map

TEST(StandardVariant, HasTheStandardShape) {
  const Variant& v = standard();
  EXPECT_EQ(v.id(), "standard");
  EXPECT_EQ(v.province_count(), 76);  // 75 spaces + Switzerland
  EXPECT_EQ(v.location_count(), 82);
  int inland = 0, coastal = 0, sea = 0, impassable = 0;
  for (int p = 0; p < v.province_count(); ++p) {
    switch (v.terrain(province_at(p))) {
      case Terrain::Inland:
        ++inland;
        break;
      case Terrain::Coastal:
        ++coastal;
        break;
      case Terrain::Sea:
        ++sea;
        break;
      case Terrain::Impassable:
        ++impassable;
        break;
    }
  }
  EXPECT_EQ(inland, 14);
  EXPECT_EQ(coastal, 42);
  EXPECT_EQ(sea, 19);
  EXPECT_EQ(impassable, 1);
  EXPECT_EQ(v.terrain(province_by_code(v, "SWI")), Terrain::Impassable);
  EXPECT_EQ(v.sea_provinces().size(), 19);
  EXPECT_EQ(v.coastal_provinces().size(), 42);
  EXPECT_EQ(v.all_supply_centres().size(), 34);
  EXPECT_EQ(v.victory_centres(), 18);
  EXPECT_EQ(v.start_phase(), (Phase{Season::Spring, 1901, PhaseType::Movement}));
}

TEST(StandardVariant, PowersInFileOrderWithTheirHomeCentres) {
  const Variant& v = standard();
  ASSERT_EQ(v.power_count(), 7);
  const std::vector<std::string> codes = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY",
                                          "ITALY",   "RUSSIA",  "TURKEY"};
  int homes = 0;
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(v.power_code(power_at(i)), codes[i]);
    EXPECT_EQ(v.home_centres(power_at(i)).size(), codes[i] == "RUSSIA" ? 4 : 3) << codes[i];
    homes += v.home_centres(power_at(i)).size();
    v.home_centres(power_at(i)).for_each([&](int p) {
      EXPECT_EQ(v.home_power(province_at(p)), power_at(i));
      EXPECT_TRUE(v.is_supply_centre(province_at(p)));
    });
  }
  EXPECT_EQ(homes, 22);
  EXPECT_EQ(v.home_power(province_by_code(v, "BEL")), Power::None);
}

TEST(StandardVariant, LocationsAreNumberedProvincesFirstThenCoastsInFileOrder) {
  const Variant& v = standard();
  std::vector<std::string> codes;
  for (int l = 0; l < v.location_count(); ++l) codes.push_back(v.location_code(location_at(l)));
  std::vector<std::string> sorted_contract = kContractLocations;
  EXPECT_THAT(codes, ::testing::UnorderedElementsAreArray(sorted_contract));
  for (int p = 0; p < v.province_count(); ++p) {
    EXPECT_EQ(v.location_code(v.main_location(province_at(p))), v.province_code(province_at(p)));
    EXPECT_EQ(v.province_of(location_at(p)), province_at(p));
    EXPECT_EQ(v.coast_of(location_at(p)), Coast::None);
  }
  EXPECT_EQ(std::vector<std::string>(codes.begin() + 76, codes.end()),
            (std::vector<std::string>{"BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"}));
  const Province stp = province_by_code(v, "STP");
  ASSERT_EQ(v.coasts(stp).size(), 2u);
  EXPECT_EQ(v.location_code(v.coasts(stp)[0]), "STP/NC");
  EXPECT_EQ(v.coast_of(v.coasts(stp)[0]), Coast::North);
  EXPECT_EQ(v.coast_of(location_by_code(v, "BUL/EC")), Coast::East);
  EXPECT_EQ(v.province_of(location_by_code(v, "SPA/SC")), province_by_code(v, "SPA"));
  int split = 0;
  for (int p = 0; p < v.province_count(); ++p) split += v.has_split_coasts(province_at(p));
  EXPECT_EQ(split, 3);
}

TEST(StandardVariant, AdjacencyCounts) {
  const Variant& v = standard();
  int army = 0, fleet = 0;
  for (int p = 0; p < v.province_count(); ++p) army += v.army_neighbours(province_at(p)).size();
  for (int l = 0; l < v.location_count(); ++l) fleet += v.fleet_neighbours(location_at(l)).size();
  EXPECT_EQ(army, 2 * 111);
  EXPECT_EQ(fleet, 2 * 141);
  EXPECT_TRUE(v.army_neighbours(province_by_code(v, "SWI")).empty());
  EXPECT_TRUE(v.fleet_neighbours(location_by_code(v, "SWI")).empty());
}

TEST(StandardVariant, WhereFleetsCanStand) {
  const Variant& v = standard();
  EXPECT_TRUE(v.fleet_can_stand(location_by_code(v, "NTH")));
  EXPECT_TRUE(v.fleet_can_stand(location_by_code(v, "KIE")));
  EXPECT_TRUE(v.fleet_can_stand(location_by_code(v, "STP/SC")));
  EXPECT_FALSE(v.fleet_can_stand(location_by_code(v, "STP")));
  EXPECT_FALSE(v.fleet_can_stand(location_by_code(v, "PAR")));
  EXPECT_FALSE(v.fleet_can_stand(location_by_code(v, "SWI")));
}

TEST(StandardVariant, CanalsAndTheDenmarkSwedenCrossing) {
  const Variant& v = standard();
  auto fleet_moves = [&](const char* from, const char* to) {
    return v.fleet_neighbours(location_by_code(v, from)).contains(index(location_by_code(v, to)));
  };
  // Kiel and Constantinople are single-coast: a fleet crosses them in two moves.
  EXPECT_TRUE(fleet_moves("KIE", "BAL"));
  EXPECT_TRUE(fleet_moves("KIE", "HEL"));
  EXPECT_TRUE(fleet_moves("CON", "BLA"));
  EXPECT_TRUE(fleet_moves("CON", "AEG"));
  EXPECT_TRUE(v.army_neighbours(province_by_code(v, "DEN")).contains(index(province_by_code(v, "SWE"))));
  EXPECT_TRUE(fleet_moves("DEN", "SWE"));
  EXPECT_FALSE(fleet_moves("SKA", "BAL"));
  EXPECT_FALSE(v.army_neighbours(province_by_code(v, "DEN")).contains(index(province_by_code(v, "BER"))));
  // Split coasts: each coast has its own moves, and fleet_reach projects them.
  EXPECT_TRUE(fleet_moves("STP/NC", "BAR"));
  EXPECT_FALSE(fleet_moves("STP/SC", "BAR"));
  EXPECT_TRUE(fleet_moves("MAO", "SPA/NC"));
  EXPECT_TRUE(fleet_moves("MAO", "SPA/SC"));
  EXPECT_FALSE(fleet_moves("ROM", "VEN"));
  const ProvinceSet reach = v.fleet_reach(location_by_code(v, "BUL/SC"));
  EXPECT_EQ(reach.size(), 3);
  for (const char* p : {"AEG", "CON", "GRE"}) EXPECT_TRUE(reach.contains(index(province_by_code(v, p)))) << p;
}

TEST(StandardVariant, StartingUnitsOfSeed000) {
  const Variant& v = standard();
  std::vector<std::string> units;
  for (const Unit& u : v.start_units())
    units.push_back(v.power_code(u.power) + (u.type == UnitType::Army ? " A " : " F ") +
                    v.location_code(u.location));
  // clang-format off
  EXPECT_THAT(units, UnorderedElementsAre("ENGLAND A LVP", "ENGLAND F LON", "ENGLAND F EDI", "GERMANY A BER",
                                          "GERMANY A MUN", "GERMANY F KIE", "RUSSIA A MOS", "RUSSIA A WAR",
                                          "RUSSIA F SEV", "RUSSIA F STP/SC", "TURKEY A CON", "TURKEY A SMY",
                                          "TURKEY F ANK", "AUSTRIA A VIE", "AUSTRIA A BUD", "AUSTRIA F TRI",
                                          "ITALY A ROM", "ITALY A VEN", "ITALY F NAP", "FRANCE A PAR",
                                          "FRANCE A MAR", "FRANCE F BRE"));
  // clang-format on
}

TEST(StandardVariant, IsParsedOnce) { EXPECT_EQ(&standard_variant(), &standard_variant()); }

// ------------------------------------------------------------------ agreement with other programs

// The moves in `a` that are not in `b`, readable in a failure message.
std::vector<std::string> missing_from(const std::set<std::pair<std::string, std::string>>& a,
                                      const std::set<std::pair<std::string, std::string>>& b) {
  std::vector<std::string> out;
  for (const auto& [from, to] : a)
    if (!b.count({from, to})) out.push_back(from + "-" + to);
  return out;
}

void expect_same_moves(const testing::MapFacts& ours, const testing::MapFacts& reference) {
  EXPECT_THAT(missing_from(reference.army_moves, ours.army_moves), ::testing::IsEmpty())
      << "army moves we lack";
  EXPECT_THAT(missing_from(ours.army_moves, reference.army_moves), ::testing::IsEmpty())
      << "army moves we add";
  EXPECT_THAT(missing_from(reference.fleet_moves, ours.fleet_moves), ::testing::IsEmpty())
      << "fleet moves we lack";
  EXPECT_THAT(missing_from(ours.fleet_moves, reference.fleet_moves), ::testing::IsEmpty())
      << "fleet moves we add";
}

TEST(StandardVariantAgainstReferenceMaps, EqualsDiplomacyPythonStandardMap) {
  const auto reference =
      testing::read_dpjudge_map(testing::shared_path("maps/diplomacy-python/standard.map"));
  ASSERT_TRUE(reference) << reference.error();
  const testing::MapFacts ours = testing::facts_of(standard());
  EXPECT_EQ(reference->army_moves.size(), 2u * 111);
  EXPECT_EQ(reference->fleet_moves.size(), 2u * 141);
  expect_same_moves(ours, *reference);
  EXPECT_EQ(ours.supply_centres, reference->supply_centres);
  EXPECT_EQ(ours.home_centres, reference->home_centres);
  EXPECT_EQ(ours.start_units, reference->start_units);
}

TEST(StandardVariantAgainstReferenceMaps, EqualsJdipAdjacency) {
  const auto reference = testing::read_jdip_adjacency(testing::shared_path("maps/jdip/std_adjacency.xml"));
  ASSERT_TRUE(reference) << reference.error();
  const testing::MapFacts ours = testing::facts_of(standard());
  EXPECT_EQ(reference->army_moves.size(), 2u * 111);
  EXPECT_EQ(reference->fleet_moves.size(), 2u * 141);
  expect_same_moves(ours, *reference);
}

// ------------------------------------------------------------------ names

TEST(NormaliseName, FoldsCaseSpacesAndPunctuation) {
  EXPECT_EQ(normalise_name("St. Petersburg"), "stpetersburg");
  EXPECT_EQ(normalise_name("stpetersburg"), "stpetersburg");
  EXPECT_EQ(normalise_name("Mid-Atlantic_Ocean"), "midatlanticocean");
  EXPECT_EQ(normalise_name("Gulf of Lyon's"), "gulfoflyons");
  EXPECT_EQ(normalise_name("ＰＡＲ－ｂｕｒ"), "parbur");                            // full-width ASCII
  EXPECT_EQ(normalise_name("北海\u3000艦隊"), "北海艦隊");                          // ideographic space
  EXPECT_EQ(normalise_name("オーストリア・ハンガリー"), "オーストリアハンガリー");  // katakana middle dot
  EXPECT_EQ(normalise_name("a\u00B7b\u2027c\uFF65d\u2019e"), "abcde");
  EXPECT_EQ(normalise_name("spa/nc"), "spa/nc");
  EXPECT_EQ(normalise_name(""), "");
}

TEST(StandardVariantNames, CanonicalCodesResolveToTheirLocation) {
  for (const std::string& code : kContractLocations)
    EXPECT_THAT(resolve(standard(), code), ::testing::Contains(code)) << code;
  for (const char* power : {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"})
    EXPECT_THAT(resolve(standard(), power), ElementsAre(power));
}

TEST(StandardVariantNames, EnglishNamesResolveAndDisplay) {
  const Variant& v = standard();
  // clang-format off
  const std::vector<std::pair<std::string, std::string>> english = {
      {"Adriatic Sea", "ADR"}, {"Aegean Sea", "AEG"}, {"Albania", "ALB"}, {"Ankara", "ANK"}, {"Apulia", "APU"},
      {"Armenia", "ARM"}, {"Baltic Sea", "BAL"}, {"Barents Sea", "BAR"}, {"Belgium", "BEL"}, {"Berlin", "BER"},
      {"Black Sea", "BLA"}, {"Bohemia", "BOH"}, {"Gulf of Bothnia", "BOT"}, {"Brest", "BRE"},
      {"Budapest", "BUD"}, {"Bulgaria", "BUL"}, {"Burgundy", "BUR"}, {"Clyde", "CLY"},
      {"Constantinople", "CON"}, {"Denmark", "DEN"}, {"Eastern Mediterranean", "EAS"}, {"Edinburgh", "EDI"},
      {"English Channel", "ENG"}, {"Finland", "FIN"}, {"Galicia", "GAL"}, {"Gascony", "GAS"},
      {"Greece", "GRE"}, {"Helgoland Bight", "HEL"}, {"Holland", "HOL"}, {"Ionian Sea", "ION"},
      {"Irish Sea", "IRI"}, {"Kiel", "KIE"}, {"London", "LON"}, {"Livonia", "LVN"}, {"Liverpool", "LVP"},
      {"Gulf of Lyon", "LYO"}, {"Mid-Atlantic Ocean", "MAO"}, {"Marseilles", "MAR"}, {"Moscow", "MOS"},
      {"Munich", "MUN"}, {"North Africa", "NAF"}, {"North Atlantic Ocean", "NAO"}, {"Naples", "NAP"},
      {"North Sea", "NTH"}, {"Norwegian Sea", "NWG"}, {"Norway", "NWY"}, {"Paris", "PAR"}, {"Picardy", "PIC"},
      {"Piedmont", "PIE"}, {"Portugal", "POR"}, {"Prussia", "PRU"}, {"Rome", "ROM"}, {"Ruhr", "RUH"},
      {"Rumania", "RUM"}, {"Serbia", "SER"}, {"Sevastopol", "SEV"}, {"Silesia", "SIL"}, {"Skagerrak", "SKA"},
      {"Smyrna", "SMY"}, {"Spain", "SPA"}, {"St Petersburg", "STP"}, {"Sweden", "SWE"},
      {"Switzerland", "SWI"}, {"Syria", "SYR"}, {"Trieste", "TRI"}, {"Tunis", "TUN"}, {"Tuscany", "TUS"},
      {"Tyrolia", "TYR"}, {"Tyrrhenian Sea", "TYS"}, {"Ukraine", "UKR"}, {"Venice", "VEN"},
      {"Vienna", "VIE"}, {"Wales", "WAL"}, {"Warsaw", "WAR"}, {"Western Mediterranean", "WES"},
      {"Yorkshire", "YOR"}};
  // clang-format on
  ASSERT_EQ(english.size(), 76u);
  for (const auto& [name, code] : english) {
    EXPECT_THAT(resolve(v, name), ElementsAre(code)) << name;
    EXPECT_EQ(v.province_name(province_by_code(v, code), Language::En), name);
  }
  EXPECT_EQ(v.power_name(power_at(0), Language::En), "Austria");
  EXPECT_EQ(v.power_adjective(power_at(1), Language::En), "English");
}

TEST(StandardVariantNames, ContractAndSeedAbbreviations) {
  const Variant& v = standard();
  // clang-format off
  const std::vector<std::pair<std::string, std::string>> names = {
      // The CLI contract's examples.
      {"Mid", "MAO"}, {"Nrg", "NWG"}, {"NAt", "NAO"}, {"GoL", "LYO"}, {"St.P", "STP"}, {"MAt", "MAO"},
      // Seed 000.
      {"NorS", "NTH"}, {"EngCh", "ENG"}, {"WMed", "WES"}, {"Bulg", "BUL"},
      // Seed 003's codes.
      {"StP", "STP"}, {"NAf", "NAF"}, {"Gol", "LYO"}, {"Tyn", "TYS"}, {"St.Petersburg", "STP"},
      // Seed 002 (its "Ing" is the English Channel).
      {"Ing", "ENG"},
      // Other programs' and players' aliases.
      {"nor", "NWY"}, {"nwg", "NWG"}, {"gob", "BOT"}, {"ech", "ENG"}, {"lyons", "LYO"}, {"Tyl", "TYR"},
      {"NWS", "NWG"}, {"Heligoland Bight", "HEL"}, {"Romania", "RUM"}, {"spa/nc", "SPA/NC"},
      {"spa(sc)", "SPA/SC"}, {"bul/nc", "BUL/EC"}, {"Bulgaria (North Coast)", "BUL/EC"},
      {"St. Petersburg (South Coast)", "STP/SC"}, {"stp (north coast)", "STP/NC"}};
  // clang-format on
  for (const auto& [name, code] : names) EXPECT_THAT(resolve(v, name), ElementsAre(code)) << name;
}

TEST(StandardVariantNames, EngIsBothEnglandAndTheChannel) {
  EXPECT_THAT(resolve(standard(), "ENG"), UnorderedElementsAre("ENGLAND", "ENG"));
  EXPECT_THAT(resolve(standard(), "eng"), UnorderedElementsAre("ENGLAND", "ENG"));
  EXPECT_THAT(resolve(standard(), "Eng"), UnorderedElementsAre("ENGLAND", "ENG"));
}

TEST(StandardVariantNames, PowerNamesAndAdjectives) {
  const Variant& v = standard();
  // clang-format off
  const std::vector<std::pair<std::string, std::string>> names = {
      {"Austria", "AUSTRIA"}, {"Austrian", "AUSTRIA"}, {"Austria-Hungary", "AUSTRIA"}, {"AUS", "AUSTRIA"},
      {"England", "ENGLAND"}, {"English", "ENGLAND"}, {"France", "FRANCE"}, {"French", "FRANCE"},
      {"FRA", "FRANCE"}, {"Germany", "GERMANY"}, {"German", "GERMANY"}, {"GER", "GERMANY"},
      {"Italy", "ITALY"}, {"Italian", "ITALY"}, {"ITA", "ITALY"}, {"Russia", "RUSSIA"},
      {"RUSSIAN", "RUSSIA"}, {"RUS", "RUSSIA"}, {"Turkey", "TURKEY"}, {"Turkish", "TURKEY"},
      {"TUR", "TURKEY"},
      // zh-Hant (seeds 000 and 003).
      {"英國", "ENGLAND"}, {"德國", "GERMANY"}, {"俄羅斯", "RUSSIA"}, {"俄國", "RUSSIA"}, {"土耳其", "TURKEY"},
      {"奧匈帝國", "AUSTRIA"}, {"奧匈", "AUSTRIA"}, {"意大利", "ITALY"}, {"義大利", "ITALY"}, {"法國", "FRANCE"},
      {"俄國的", "RUSSIA"},
      // zh-Hans (seed 001).
      {"英国", "ENGLAND"}, {"法国", "FRANCE"}, {"德国", "GERMANY"}, {"奥匈", "AUSTRIA"}, {"俄罗斯", "RUSSIA"},
      // ja (seed 002).
      {"イギリス", "ENGLAND"}, {"ドイツ", "GERMANY"}, {"ロシア", "RUSSIA"}, {"トルコ", "TURKEY"},
      {"オーストリア=ハンガリー", "AUSTRIA"}, {"オーストリア・ハンガリー", "AUSTRIA"}, {"イタリア", "ITALY"},
      {"フランス", "FRANCE"}};
  // clang-format on
  for (const auto& [name, code] : names) EXPECT_THAT(resolve(v, name), ElementsAre(code)) << name;
  EXPECT_EQ(v.power_name(power_at(0), Language::ZhHant), "奧匈帝國");
  EXPECT_EQ(v.power_name(power_at(5), Language::ZhHans), "俄罗斯");
  EXPECT_EQ(v.power_name(power_at(1), Language::Ja), "イギリス");
  EXPECT_EQ(v.power_adjective(power_at(5), Language::En), "Russian");
}

TEST(StandardVariantNames, SeedProvinceNamesInZhHantZhHansAndJa) {
  const Variant& v = standard();
  // clang-format off
  const std::vector<std::pair<std::string, std::string>> names = {
      // zh-Hant: seed 003's table, in its order, then its text's spellings and seed 000's.
      {"波西米亞", "BOH"}, {"布達佩斯", "BUD"}, {"加里西亞", "GAL"}, {"特列斯特", "TRI"}, {"提洛爾", "TYR"},
      {"維也納", "VIE"}, {"克萊德", "CLY"}, {"愛丁堡", "EDI"}, {"利物浦", "LVP"}, {"倫敦", "LON"},
      {"威爾斯", "WAL"}, {"約克夏", "YOR"}, {"布雷斯特", "BRE"}, {"勃艮第", "BUR"}, {"加斯康尼", "GAS"},
      {"馬賽", "MAR"}, {"巴黎", "PAR"}, {"皮喀第", "PIC"}, {"柏林", "BER"}, {"基爾", "KIE"},
      {"慕尼黑", "MUN"}, {"普魯士", "PRU"}, {"魯爾", "RUH"}, {"西里西亞", "SIL"}, {"亞普利亞", "APU"},
      {"那普勒斯", "NAP"}, {"皮埃蒙特", "PIE"}, {"羅馬", "ROM"}, {"托斯卡尼", "TUS"}, {"威尼斯", "VEN"},
      {"芬蘭", "FIN"}, {"利沃尼亞", "LVN"}, {"莫斯科", "MOS"}, {"塞斯托波爾", "SEV"}, {"聖彼得堡", "STP"},
      {"烏克蘭", "UKR"}, {"華沙", "WAR"}, {"安卡拉", "ANK"}, {"亞美尼亞", "ARM"}, {"君士坦丁堡", "CON"},
      {"史密爾納", "SMY"}, {"敘利亞", "SYR"}, {"阿爾巴尼亞", "ALB"}, {"比利時", "BEL"}, {"保加利亞", "BUL"},
      {"丹麥", "DEN"}, {"希臘", "GRE"}, {"荷蘭", "HOL"}, {"挪威", "NWY"}, {"北非", "NAF"},
      {"葡萄牙", "POR"}, {"羅馬尼亞", "RUM"}, {"塞爾維亞", "SER"}, {"西班牙", "SPA"}, {"瑞典", "SWE"},
      {"突尼斯", "TUN"}, {"亞德里亞海", "ADR"}, {"愛琴海", "AEG"}, {"波羅的海", "BAL"}, {"巴倫茲海", "BAR"},
      {"黑海", "BLA"}, {"東地中海", "EAS"}, {"英吉利海峽", "ENG"}, {"波斯尼亞灣", "BOT"}, {"里昂灣", "LYO"},
      {"黑爾格蘭灣", "HEL"}, {"愛奧尼亞海", "ION"}, {"愛爾蘭海", "IRI"}, {"中太西洋", "MAO"},
      {"北太西洋", "NAO"}, {"北海", "NTH"}, {"挪威海", "NWG"}, {"斯卡格拉克海峽", "SKA"},
      {"第勒尼安海", "TYS"}, {"西地中海", "WES"}, {"中大西洋", "MAO"}, {"塞瓦斯波爾", "SEV"}, {"瑞士", "SWI"},
      // zh-Hans: seed 001, and the standard mainland names.
      {"圣彼得堡", "STP"}, {"保加利亚", "BUL"}, {"基尔", "KIE"}, {"丹麦", "DEN"}, {"英吉利海峡", "ENG"},
      {"罗马尼亚", "RUM"}, {"那不勒斯", "NAP"}, {"的里雅斯特", "TRI"}, {"塞瓦斯托波尔", "SEV"},
      {"斯卡格拉克海峡", "SKA"}, {"黑尔戈兰湾", "HEL"}, {"波的尼亚湾", "BOT"},
      // ja: seed 002 (with its own spellings) and the standard names.
      {"黒海", "BLA"}, {"モスクワ", "MOS"}, {"ワルシャワ", "WAR"}, {"ノルウェー", "NWY"},
      {"スウェーデン", "SWE"}, {"スペイン", "SPA"}, {"ブルガリア", "BUL"}, {"サンクトペテルブルク", "STP"},
      {"サンクトペテルブルグ", "STP"}, {"キール", "KIE"}, {"オランダ", "HOL"}, {"ベルリン", "BER"},
      {"コンスタンティノーブル", "CON"}, {"コンスタンティノープル", "CON"}, {"エーゲ海", "AEG"},
      {"ロンドン", "LON"}, {"ギリシャ", "GRE"}, {"セルビア", "SER"}, {"ベルギー", "BEL"}, {"ブタペスト", "BUD"},
      {"ブダペスト", "BUD"}, {"ルーマニア", "RUM"}, {"セバストポリ", "SEV"}, {"ミュンヘン", "MUN"},
      {"チロル", "TYR"}, {"ウィーン", "VIE"}, {"エディンバラ", "EDI"}, {"ノルウェー海", "NWG"},
      {"バレンツ海", "BAR"}, {"イギリス海峡", "ENG"}, {"スカゲラク海峡", "SKA"}, {"デンマーク", "DEN"},
      {"ティレニア海", "TYS"}, {"リヨン湾", "LYO"}, {"北大西洋", "NAO"},
      // Named coasts.
      {"スペイン南岸", "SPA/SC"}, {"スペイン北岸", "SPA/NC"}, {"西班牙南岸", "SPA/SC"}, {"聖彼得堡北岸", "STP/NC"},
      {"圣彼得堡南岸", "STP/SC"}, {"保加利亞東岸", "BUL/EC"}, {"ブルガリア南岸", "BUL/SC"}};
  // clang-format on
  for (const auto& [name, code] : names) EXPECT_THAT(resolve(v, name), ElementsAre(code)) << name;
}

TEST(StandardVariantNames, EveryProvinceHasADisplayNameInEveryLanguageThatResolves) {
  const Variant& v = standard();
  for (int p = 0; p < v.province_count(); ++p) {
    const std::string& english = v.province_name(province_at(p), Language::En);
    for (Language lang : {Language::En, Language::ZhHant, Language::ZhHans, Language::Ja}) {
      const std::string& name = v.province_name(province_at(p), lang);
      if (lang != Language::En) {
        EXPECT_NE(name, english) << v.province_code(province_at(p));
      }
      EXPECT_THAT(resolve(v, name), ElementsAre(v.province_code(province_at(p)))) << name;
    }
  }
  for (int i = 0; i < v.power_count(); ++i)
    for (Language lang : {Language::ZhHant, Language::ZhHans, Language::Ja}) {
      EXPECT_NE(v.power_name(power_at(i), lang), v.power_name(power_at(i), Language::En));
      EXPECT_NE(v.power_adjective(power_at(i), lang), v.power_adjective(power_at(i), Language::En));
    }
}

// Every alias in the last column of shared/notes/diplomacy-abbreviations.md.
TEST(StandardVariantNames, EveryAliasOfTheAbbreviationNotesResolves) {
  std::ifstream in(testing::shared_path("notes/diplomacy-abbreviations.md"));
  ASSERT_TRUE(in) << "cannot read the abbreviation notes";
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    // "| `CODE` | name | type | SC | home | aliases (tags) |"
    if (line.rfind("| `", 0) != 0) continue;
    const std::string code = line.substr(3, line.find('`', 3) - 3);
    // Upper-case codes head the province table; the ambiguity table's rows are lower case.
    if (code == "SWI" || std::any_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      continue;
    std::string aliases = line.substr(line.rfind('|', line.size() - 2) + 1);
    aliases = aliases.substr(0, aliases.rfind('|'));
    std::string cleaned;
    for (std::size_t i = 0; i < aliases.size(); ++i) {
      if (aliases[i] == '[')
        i = aliases.find(']', i);  // source tags
      else if (aliases[i] == ';')
        cleaned += ',';
      else if (aliases[i] != '"')
        cleaned += aliases[i];
    }
    std::istringstream items(cleaned);
    for (std::string alias; std::getline(items, alias, ',');) {
      // "Baltic (Sea)": the word in brackets is optional.
      if (const auto sea = alias.find("(Sea)"); sea != std::string::npos) alias.erase(sea);
      if (normalise_name(alias).empty()) continue;
      EXPECT_THAT(resolve(standard(), alias), ::testing::Contains(code)) << alias << " should be " << code;
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(StandardVariantNames, LongestNamePrefix) {
  const Variant& v = standard();
  EXPECT_EQ(v.longest_name_prefix(normalise_name("莫斯科移動華沙")),
            static_cast<int>(std::string("莫斯科").size()));
  EXPECT_EQ(v.longest_name_prefix(normalise_name("罗马尼亚陆军")),
            static_cast<int>(std::string("罗马尼亚").size()));
  EXPECT_EQ(v.longest_name_prefix(normalise_name("罗马陆军")), static_cast<int>(std::string("罗马").size()));
  EXPECT_EQ(v.longest_name_prefix(normalise_name("イギリス海峡の海軍")),
            static_cast<int>(std::string("イギリス海峡").size()));
  EXPECT_EQ(v.longest_name_prefix(normalise_name("イギリス陸軍")),
            static_cast<int>(std::string("イギリス").size()));
  EXPECT_EQ(v.longest_name_prefix("parbur"), 3);
  EXPECT_EQ(v.longest_name_prefix("stp/nc"), 6);
  EXPECT_EQ(v.longest_name_prefix("陸軍莫斯科"), 0);
  EXPECT_EQ(v.longest_name_prefix("qqq"), 0);
  EXPECT_EQ(v.longest_name_prefix(""), 0);
}

TEST(StandardVariantNames, UnknownNamesResolveToNothing) {
  EXPECT_TRUE(standard().lookup("atlantis").empty());
  EXPECT_TRUE(standard().lookup("").empty());
  EXPECT_TRUE(standard().lookup("PAR").empty());  // lookups take normalised names
}

}  // namespace
}  // namespace stratagem::diplomacy
