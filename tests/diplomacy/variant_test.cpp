// The variant parser (docs/variant-format.md) and the standard map it reads: shape and
// counts, agreement with two other programs' standard maps, names in four languages,
// and every check the parser makes.

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
#include "support/test_paths.h"

namespace stratagem::diplomacy {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

const Variant& standard() { return standard_variant(); }

// What a name resolves to, as codes: power codes ("ENGLAND") and location codes ("ENG").
std::vector<std::string> resolve(const Variant& variant, std::string_view name) {
  std::vector<std::string> codes;
  for (const NameTarget& t : variant.lookup(normalise_name(name)))
    codes.push_back(t.kind == NameTarget::Kind::Power ? variant.power_code(power_at(t.id))
                                                      : variant.location_code(location_at(t.id)));
  return codes;
}

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

// ------------------------------------------------------------------ parsing and its checks

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
