// parse_order(): every notation of the CLI contract and of seeds 000-003, the phase
// rules, names, coasts and nationalities, the messages of rejected orders, and a
// robustness run over random and mutated input.

#include "stratagem/diplomacy/order_parser.h"

#include <gtest/gtest.h>

#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "stratagem/diplomacy/variant.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {

// Lets failing comparisons show orders readably.
void PrintTo(const Order& order, std::ostream* os) {
  const Variant& variant = standard_variant();
  const auto code = [&](Location l) { return l == Location::None ? std::string("-") : variant.location_code(l); };
  *os << "Order{kind " << int(order.kind()) << ", " << (order.unit_type() == UnitType::Fleet ? "F " : "A ")
      << code(order.unit()) << ", target " << code(order.target()) << ", dest " << code(order.dest())
      << (order.via_convoy() ? ", via" : "") << "}";
}

namespace {

constexpr auto kArmy = UnitType::Army;
constexpr auto kFleet = UnitType::Fleet;
constexpr auto kMovement = PhaseType::Movement;
constexpr auto kRetreat = PhaseType::Retreat;
constexpr auto kAdjustment = PhaseType::Adjustment;

using testing::loc;
using testing::map;
using testing::power;

ParsedOrder parse(std::string_view text, PhaseType phase = kMovement) {
  const auto parsed = parse_order(map(), text, phase);
  if (!parsed) {
    ADD_FAILURE() << "\"" << text << "\" was refused: " << parsed.error().message;
    return {};
  }
  return *parsed;
}

OrderParseError refusal(std::string_view text, PhaseType phase = kMovement) {
  const auto parsed = parse_order(map(), text, phase);
  if (parsed) {
    ADD_FAILURE() << "\"" << text << "\" was accepted";
    return {};
  }
  return parsed.error();
}

struct Expectation {
  std::string_view text;
  Order order;
};

void expect_orders(const std::vector<Expectation>& cases, PhaseType phase = kMovement) {
  for (const auto& [text, order] : cases) EXPECT_EQ(parse(text, phase).order, order) << text;
}

// ---------------------------------------------------------------- the CLI contract

TEST(OrderParser, CanonicalMovementOrders) {
  expect_orders({
      {"A PAR H", Order::hold(kArmy, loc("PAR"))},
      {"A PAR - BUR", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A LON - BEL VIA", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
      {"A PAR S A MAR - BUR", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"A PAR S F BRE", Order::support_hold(kArmy, loc("PAR"), loc("BRE"))},
      {"F NTH C A LON - BEL", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
  });
}

TEST(OrderParser, CanonicalRetreatOrders) {
  expect_orders({{"F NTH R NWG", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
                 {"F NTH D", Order::disband(kFleet, loc("NTH"))}},
                kRetreat);
}

TEST(OrderParser, CanonicalAdjustmentOrders) {
  expect_orders({{"A PAR B", Order::build(kArmy, loc("PAR"))},
                 {"F STP/NC B", Order::build(kFleet, loc("STP/NC"))},
                 {"A PAR D", Order::remove(kArmy, loc("PAR"))},
                 {"WAIVE", Order::waive()}},
                kAdjustment);
}

TEST(OrderParser, RecordsWhetherUnitTypesWereWritten) {
  const auto canonical = parse("A PAR S F BRE");
  EXPECT_TRUE(canonical.unit_type_given);
  EXPECT_TRUE(canonical.target_type_given);
  EXPECT_EQ(canonical.target_type, kFleet);
  EXPECT_EQ(canonical.named_power, Power::None);

  const auto untyped = parse("Par - Bur");
  EXPECT_EQ(untyped.order, Order::move(kArmy, loc("PAR"), loc("BUR")));
  EXPECT_FALSE(untyped.unit_type_given);

  const auto untyped_target = parse("A Ser S (Gre M Bul)");
  EXPECT_TRUE(untyped_target.unit_type_given);
  EXPECT_FALSE(untyped_target.target_type_given);
  EXPECT_EQ(untyped_target.target_type, kArmy);
}

// ---------------------------------------------------------------- liberal English

TEST(OrderParser, LiberalMoves) {
  const Order par_bur = Order::move(kArmy, loc("PAR"), loc("BUR"));
  expect_orders({
      {"A Par-Bur", par_bur},
      {"a par - bur", par_bur},
      {"A Par -> Bur", par_bur},
      {"A Par => Bur", par_bur},
      {"A Par M Bur", par_bur},
      {"A Par moves to Bur", par_bur},
      {"A Par move Burgundy", par_bur},
      {"Army Paris - Burgundy", par_bur},
      {"  A   Par  -  Bur  ", par_bur},
      {"A Mos M War", Order::move(kArmy, loc("MOS"), loc("WAR"))},
      {"F Kiel-Munich", Order::move(kFleet, loc("KIE"), loc("MUN"))},
      {"A lvp-iri", Order::move(kArmy, loc("LVP"), loc("IRI"))},
      {"A Tyr-Mun", Order::move(kArmy, loc("TYR"), loc("MUN"))},
      {"Fleet North Sea - English Channel", Order::move(kFleet, loc("NTH"), loc("ENG"))},
      {"F Mid-Atlantic Ocean - Brest", Order::move(kFleet, loc("MAO"), loc("BRE"))},
      {"F Mid Atlantic Ocean - Brest", Order::move(kFleet, loc("MAO"), loc("BRE"))},
      {"A St. Petersburg - Moscow", Order::move(kArmy, loc("STP"), loc("MOS"))},
      {"A St Petersburg - Moscow", Order::move(kArmy, loc("STP"), loc("MOS"))},
      {"F Gulf of Lyon - Tyrrhenian Sea", Order::move(kFleet, loc("LYO"), loc("TYS"))},
      {"A Mar S A Par - Bur", Order::support_move(kArmy, loc("MAR"), loc("PAR"), loc("BUR"))},
  });
}

TEST(OrderParser, HyphenBetweenTwoNamesIsAMoveBeforeItIsPartOfAName) {
  // "Swe-Den" and "Swe - Den" normalise to "sweden".
  expect_orders({
      {"A SWE - DEN", Order::move(kArmy, loc("SWE"), loc("DEN"))},
      {"A Swe-Den", Order::move(kArmy, loc("SWE"), loc("DEN"))},
      {"F Nwy S A Swe-Den", Order::support_move(kFleet, loc("NWY"), loc("SWE"), loc("DEN"))},
      {"F Nwy S A Swe - Den", Order::support_move(kFleet, loc("NWY"), loc("SWE"), loc("DEN"))},
      {"F Bal C A Swe-Den", Order::convoy(loc("BAL"), loc("SWE"), loc("DEN"))},
      {"F Mid-Atlantic Ocean-Bre", Order::move(kFleet, loc("MAO"), loc("BRE"))},
      {"F Bre-Mid-Atlantic", Order::move(kFleet, loc("BRE"), loc("MAO"))},
  });
  // When neither reading works, the error is the one of the reading that got further.
  EXPECT_EQ(refusal("F Mid-Atlantic Ocean - Xyz").message, "unknown place \"Xyz\"");
  EXPECT_EQ(refusal("A Par-Xyz").message, "unknown place \"Xyz\"");
}

TEST(OrderParser, EveryPairOfProvincesReadsAsAMove) {
  for (int from = 0; from < map().province_count(); ++from) {
    for (int to = 0; to < map().province_count(); ++to) {
      if (from == to) continue;
      const Province a = province_at(from), b = province_at(to);
      const Order move = Order::move(kArmy, map().main_location(a), map().main_location(b));
      for (const std::string& text :
           {"A " + map().province_code(a) + "-" + map().province_code(b),
            "A " + map().province_code(a) + " - " + map().province_code(b),
            "A " + map().province_name(a, Language::En) + "-" + map().province_name(b, Language::En),
            "A " + map().province_name(a, Language::ZhHant) + "移動" + map().province_name(b, Language::ZhHant),
            "A " + map().province_name(a, Language::Ja) + " 移動 " + map().province_name(b, Language::Ja),
            // The map's short names, as a reader copies them from it.
            "A " + map().province_short_name(a, Language::ZhHant) + "移動" + map().province_short_name(b, Language::ZhHant),
            "陆军" + map().province_short_name(a, Language::ZhHans) + "移动" + map().province_short_name(b, Language::ZhHans),
            "陸軍" + map().province_short_name(a, Language::Ja) + "移動" + map().province_short_name(b, Language::Ja)})
        EXPECT_EQ(parse(text).order, move) << text;
    }
  }
}

TEST(OrderParser, ViaConvoy) {
  const Order lon_bel = Order::move(kArmy, loc("LON"), loc("BEL"), true);
  expect_orders({
      {"A Lon-Bel via convoy", lon_bel},
      {"A Lon - Bel VIA", lon_bel},
      {"A Lon - Bel by convoy", lon_bel},
      {"A Lon - Bel (via convoy)", lon_bel},
      {"A Sweden - Norway via Convoy", Order::move(kArmy, loc("SWE"), loc("NWY"), true)},
  });
}

TEST(OrderParser, LiberalHolds) {
  expect_orders({
      {"A Ber Holds", Order::hold(kArmy, loc("BER"))},
      {"F Lon Hold", Order::hold(kFleet, loc("LON"))},
      {"A Par Stand", Order::hold(kArmy, loc("PAR"))},
      {"F London Hold", Order::hold(kFleet, loc("LON"))},
      {"F Bla H", Order::hold(kFleet, loc("BLA"))},
  });
}

TEST(OrderParser, LiberalSupportsAndConvoys) {
  expect_orders({
      {"A Ser S (Gre M Bul)", Order::support_move(kArmy, loc("SER"), loc("GRE"), loc("BUL"))},
      {"F Kie S (Bel M Hol)", Order::support_move(kFleet, loc("KIE"), loc("BEL"), loc("HOL"))},
      {"A Rum S Bul", Order::support_hold(kArmy, loc("RUM"), loc("BUL"))},
      {"A Bur S A Tyr holds", Order::support_hold(kArmy, loc("BUR"), loc("TYR"))},
      {"A Hol Supports A Bel - Pic", Order::support_move(kArmy, loc("HOL"), loc("BEL"), loc("PIC"))},
      {"A Par S A Mar-Bur", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"F Nth convoys A Lon - Bel", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"F Nth C (A Lon M Bel)", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"F Nth C (Lon M Bel)", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"F Bla C A Ank-Sev", Order::convoy(loc("BLA"), loc("ANK"), loc("SEV"))},
  });
}

TEST(OrderParser, ShortFormsOfNamesFromTheNotesAndSeeds) {
  expect_orders({
      {"F Nrg C (Edi M StP)", Order::convoy(loc("NWG"), loc("EDI"), loc("STP"))},
      {"F Mid - Bre", Order::move(kFleet, loc("MAO"), loc("BRE"))},
      {"F NAt - Cly", Order::move(kFleet, loc("NAO"), loc("CLY"))},
      {"F GoL - Tyn", Order::move(kFleet, loc("LYO"), loc("TYS"))},
      {"A NAf - Tun", Order::move(kArmy, loc("NAF"), loc("TUN"))},
      {"F Eng - Bre", Order::move(kFleet, loc("ENG"), loc("BRE"))},
  });
}

TEST(OrderParser, UniquePrefixesOfEnglishNames) {
  expect_orders({
      {"A Mosc - Sevast", Order::move(kArmy, loc("MOS"), loc("SEV"))},
      {"A Bulg - Serb", Order::move(kArmy, loc("BUL"), loc("SER"))},
      {"A Burgun - Mar", Order::move(kArmy, loc("BUR"), loc("MAR"))},
  });
}

TEST(OrderParser, FullWidthFormsReadAsAscii) {
  expect_orders({
      {"Ａ Ｐａｒ－Ｂｕｒ", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A Par → Bur", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A Par — Bur", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A Par －＞ Bur", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A Ser S （Gre M Bul）", Order::support_move(kArmy, loc("SER"), loc("GRE"), loc("BUL"))},
      {"A\u3000Par\u3000H", Order::hold(kArmy, loc("PAR"))},
  });
}

// ---------------------------------------------------------------- coasts

TEST(OrderParser, CoastNotations) {
  const Order mao_spa_sc = Order::move(kFleet, loc("MAO"), loc("SPA/SC"));
  expect_orders({
      {"F MAO - SPA/SC", mao_spa_sc},
      {"F Mid - Spa(sc)", mao_spa_sc},
      {"F mid-spa/sc", mao_spa_sc},
      {"F Mid - Spa sc", mao_spa_sc},
      {"F Mid - Spa SC", mao_spa_sc},
      {"F Mid - Spain south coast", mao_spa_sc},
      {"F Mid - Spa (south coast)", mao_spa_sc},
      {"F Mid - Spa (south)", mao_spa_sc},
      {"F Mid - Spa/south", mao_spa_sc},
      {"F Mid - Spain(sc)", mao_spa_sc},
      {"F Mid - Spa (scs)", mao_spa_sc},
      {"F Mid - Spa/nc", Order::move(kFleet, loc("MAO"), loc("SPA/NC"))},
      {"F Bla - Bul/ec", Order::move(kFleet, loc("BLA"), loc("BUL/EC"))},
      {"F Bla - Bulgaria east coast", Order::move(kFleet, loc("BLA"), loc("BUL/EC"))},
      {"F Bar - St Petersburg(nc)", Order::move(kFleet, loc("BAR"), loc("STP/NC"))},
      {"F St.P (south coast) - Bot", Order::move(kFleet, loc("STP/SC"), loc("BOT"))},
      {"F St.Petersburg(SC) H", Order::hold(kFleet, loc("STP/SC"))},
      {"F Gas S F Mar - Spa(nc)", Order::support_move(kFleet, loc("GAS"), loc("MAR"), loc("SPA/NC"))},
  });
}

TEST(OrderParser, CoastOfAnArmyIsKeptForValidation) {
  // DATC 6.B.12: the coast is irrelevant for an army, which validation decides.
  EXPECT_EQ(parse("A Gascony - Spain(nc)").order, Order::move(kArmy, loc("GAS"), loc("SPA/NC")));
}

TEST(OrderParser, CoastOfAProvinceWithoutSplitCoastsIsIgnored) {
  // DATC 4.B.6: "Brest east coast" is garbage that is ignored.
  EXPECT_EQ(parse("F Mid - Brest east coast").order, Order::move(kFleet, loc("MAO"), loc("BRE")));
  EXPECT_EQ(parse("F Mid - Bre/nc").order, Order::move(kFleet, loc("MAO"), loc("BRE")));
}

TEST(OrderParser, CoastTheVariantNamesIsReadAsTheVariantSays) {
  // The standard variant lists "spa/wc" as a name of Spain's south coast.
  EXPECT_EQ(parse("F Mid - spa/wc").order, Order::move(kFleet, loc("MAO"), loc("SPA/SC")));
}

TEST(OrderParser, CoastThatTheProvinceDoesNotHaveIsRefused) {
  const auto error = refusal("F Mid - Spa/ec");
  EXPECT_EQ(error.message, "Spain has no east coast");
  EXPECT_EQ(error.offset, 11);
  EXPECT_EQ(refusal("F Bla - Bul (north coast)").message, "Bulgaria has no north coast");
}

// ---------------------------------------------------------------- phases

TEST(OrderParser, RetreatPhaseReadsMovesAsRetreats) {
  expect_orders({
      {"F NTH - NWG", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
      {"F NTH R NWG", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
      {"F Nth retreat to Nwg", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
      {"F Nth retreats - Nwg", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
      {"F NTH D", Order::disband(kFleet, loc("NTH"))},
      {"F Nth Disband", Order::disband(kFleet, loc("NTH"))},
      {"disband F Nth", Order::disband(kFleet, loc("NTH"))},
  },
                kRetreat);
}

TEST(OrderParser, AdjustmentPhaseReadsDisbandsAsRemovals) {
  expect_orders({
      {"Build A par", Order::build(kArmy, loc("PAR"))},
      {"Build F stp/nc", Order::build(kFleet, loc("STP/NC"))},
      {"build fleet St Petersburg north coast", Order::build(kFleet, loc("STP/NC"))},
      {"A Par Build", Order::build(kArmy, loc("PAR"))},
      {"F NTH D", Order::remove(kFleet, loc("NTH"))},
      {"F Nth Disband", Order::remove(kFleet, loc("NTH"))},
      {"Disband F Nth", Order::remove(kFleet, loc("NTH"))},
      {"Remove pic", Order::remove(kArmy, loc("PIC"))},
      {"Remove A par", Order::remove(kArmy, loc("PAR"))},
      {"F Nth Remove", Order::remove(kFleet, loc("NTH"))},
      {"waive", Order::waive()},
      {"Waive", Order::waive()},
  },
                kAdjustment);
  EXPECT_FALSE(parse("Remove pic", kAdjustment).unit_type_given);
  EXPECT_TRUE(parse("Remove A par", kAdjustment).unit_type_given);
}

// An order of another phase is understood as written; validation finds it void.
TEST(OrderParser, VerbsOutsideTheirPhaseAreReadAsWritten) {
  expect_orders({
      {"A Par B", Order::build(kArmy, loc("PAR"))},
      {"Build A Par", Order::build(kArmy, loc("PAR"))},
      {"A Par D", Order::disband(kArmy, loc("PAR"))},
      {"Remove A Par", Order::remove(kArmy, loc("PAR"))},
      {"WAIVE", Order::waive()},
      {"F Nth R Nwg", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
  });
  expect_orders({
      {"F Nth H", Order::hold(kFleet, loc("NTH"))},
      {"A Par S A Mar - Bur", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"F Nth C A Lon - Bel", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"Remove A Par", Order::remove(kArmy, loc("PAR"))},
      {"A Par B", Order::build(kArmy, loc("PAR"))},
  },
                kRetreat);
  expect_orders({
      {"A Par - Bur", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"F Nth R Nwg", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
      {"A Par H", Order::hold(kArmy, loc("PAR"))},
  },
                kAdjustment);
  EXPECT_EQ(refusal("A Xyz B").message, "unknown place \"Xyz\"");
  EXPECT_EQ(refusal("F Nth R Nwg via convoy").message, "a retreat cannot go by convoy");
}

TEST(OrderParser, RetreatByConvoyIsRefused) {
  const auto error = refusal("A Bel - Lon via convoy", kRetreat);
  EXPECT_EQ(error.message, "a retreat cannot go by convoy");
  EXPECT_EQ(error.offset, 12);
}

// ---------------------------------------------------------------- nationality

TEST(OrderParser, NationalityOfTheSupportedOrConvoyedUnit) {
  struct Case {
    std::string_view text;
    Order order;
    std::string_view power;
  };
  const Case cases[] = {
      {"A Sil S RUSSIAN A War-Pru", Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU")), "RUSSIA"},
      {"A Sil S Russia A War - Pru", Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU")), "RUSSIA"},
      {"F Nth C English A Lon-Bel", Order::convoy(loc("NTH"), loc("LON"), loc("BEL")), "ENGLAND"},
      {"A Boh S 德國 A Mun - Tyr", Order::support_move(kArmy, loc("BOH"), loc("MUN"), loc("TYR")), "GERMANY"},
      {"A Boh S 德國A Mun - Tyr", Order::support_move(kArmy, loc("BOH"), loc("MUN"), loc("TYR")), "GERMANY"},
      {"A Vie S (Mun M Tyr)<ドイツ>", Order::support_move(kArmy, loc("VIE"), loc("MUN"), loc("TYR")), "GERMANY"},
      {"A Vie S (Mun M Tyr) ＜ドイツ＞", Order::support_move(kArmy, loc("VIE"), loc("MUN"), loc("TYR")), "GERMANY"},
      {"A Vie S (Mun M Tyr) <German>", Order::support_move(kArmy, loc("VIE"), loc("MUN"), loc("TYR")), "GERMANY"},
      {"F Bre C french A Par - Lon", Order::convoy(loc("BRE"), loc("PAR"), loc("LON")), "FRANCE"},
  };
  for (const auto& c : cases) {
    const auto parsed = parse(c.text);
    EXPECT_EQ(parsed.order, c.order) << c.text;
    EXPECT_EQ(parsed.named_power, power(c.power)) << c.text;
  }
}

TEST(OrderParser, NameOfPowerAndPlaceIsThePlaceWhereNoUnitFollows) {
  // ENG is England and the English Channel.
  const auto support = parse("F Lon S Eng");
  EXPECT_EQ(support.order, Order::support_hold(kFleet, loc("LON"), loc("ENG")));
  EXPECT_EQ(support.named_power, Power::None);
  const auto convoy = parse("F Nth C Eng A Lon - Bel");
  EXPECT_EQ(convoy.order, Order::convoy(loc("NTH"), loc("LON"), loc("BEL")));
  EXPECT_EQ(convoy.named_power, power("ENGLAND"));
}

TEST(OrderParser, NationalityBeforeABracketedOrder) {
  const auto english = parse("A Sil S RUSSIAN (War M Pru)");
  EXPECT_EQ(english.order, Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU")));
  EXPECT_EQ(english.named_power, power("RUSSIA"));
  const auto chinese = parse("陸軍 西里西亞 支援 俄羅斯 (陸軍 華沙 移動 普魯士)");
  EXPECT_EQ(chinese.order, Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU")));
  EXPECT_EQ(chinese.named_power, power("RUSSIA"));
  const auto error = refusal("A Vie S Russian Mun (M Tyr)");
  EXPECT_EQ(error.message, "unexpected \"(\" after \"A Vie S Russian Mun\"");
  EXPECT_EQ(error.offset, 20);
}

TEST(OrderParser, ContradictoryNationalitiesAreRefused) {
  EXPECT_EQ(refusal("A Vie S (Russian A Mun M Tyr)<ドイツ>").message,
            "the nationality \"<ドイツ>\" contradicts the one written before the unit");
  EXPECT_EQ(refusal("A Vie S Russian (Mun M Tyr)<ドイツ>").message,
            "the nationality \"<ドイツ>\" contradicts the one written before the unit");
}

// ---------------------------------------------------------------- Japanese (seed 002)

TEST(OrderParser, JapaneseOrdersOfSeed002) {
  const Order ser_gre_bul = Order::support_move(kArmy, loc("SER"), loc("GRE"), loc("BUL"));
  const Order nth_lon_bel = Order::convoy(loc("NTH"), loc("LON"), loc("BEL"));
  expect_orders({
      {"海軍 黒海 維持", Order::hold(kFleet, loc("BLA"))},
      {"陸軍 モスクワ 移動 ワルシャワ", Order::move(kArmy, loc("MOS"), loc("WAR"))},
      {"陸軍 ノルウェー 移動 スウェーデン", Order::move(kArmy, loc("NWY"), loc("SWE"))},
      {"陸軍 スウェーデン 移動 ノルウェー", Order::move(kArmy, loc("SWE"), loc("NWY"))},
      {"海軍 中大西洋 移動 スペイン南岸", Order::move(kFleet, loc("MAO"), loc("SPA/SC"))},
      {"海軍 ロンドン 移動 北海", Order::move(kFleet, loc("LON"), loc("NTH"))},
      {"海軍 ノルウェー 移動 北海", Order::move(kFleet, loc("NWY"), loc("NTH"))},
      {"陸軍 サンクトペテルブルグ 移動 ノルウェー", Order::move(kArmy, loc("STP"), loc("NWY"))},
      {"陸軍 ギリシャ 移動 ブルガリア", Order::move(kArmy, loc("GRE"), loc("BUL"))},
      {"陸軍 セルビア 支援 (ギリシャ 移動 ブルガリア)", ser_gre_bul},
      {"陸軍 ベルギー 移動 オランダ", Order::move(kArmy, loc("BEL"), loc("HOL"))},
      {"海軍 キール 支援(ベルギー 移動 オランダ)", Order::support_move(kFleet, loc("KIE"), loc("BEL"), loc("HOL"))},
      {"陸軍 ブルガリア 移動 セルビア", Order::move(kArmy, loc("BUL"), loc("SER"))},
      {"海軍 セバストポリ 移動 ルーマニア", Order::move(kFleet, loc("SEV"), loc("RUM"))},
      {"陸軍 ミュンヘン 移動 チロル", Order::move(kArmy, loc("MUN"), loc("TYR"))},
      {"陸軍 ルーマニア 支援 ブルガリア", Order::support_hold(kArmy, loc("RUM"), loc("BUL"))},
      {"陸軍 ブルガリア 支援 ルーマニア", Order::support_hold(kArmy, loc("BUL"), loc("RUM"))},
      {"陸軍 ロンドン 移動 ベルギー", Order::move(kArmy, loc("LON"), loc("BEL"))},
      {"海軍 北海 輸送 (ロンドン 移動 ベルギー)", nth_lon_bel},
      {"陸軍 エディンバラ 移動 サンクトペテルブルグ", Order::move(kArmy, loc("EDI"), loc("STP"))},
      {"海軍 ノルウェー海 輸送 (エディンバラ 移動 サンクトペテルブルグ)", Order::convoy(loc("NWG"), loc("EDI"), loc("STP"))},
      {"海軍 バレンツ海 輸送 (エディンバラ 移動 サンクトペテルブルグ)", Order::convoy(loc("BAR"), loc("EDI"), loc("STP"))},
      {"陸軍 ベルギー 移動 ロンドン", Order::move(kArmy, loc("BEL"), loc("LON"))},
      {"海軍 イギリス海峡 輸送 (ベルギー 移動 ロンドン)", Order::convoy(loc("ENG"), loc("BEL"), loc("LON"))},
      {"海軍 スカゲラク海峡 移動 北海", Order::move(kFleet, loc("SKA"), loc("NTH"))},
      {"海軍 デンマーク 支援 (スカゲラク海峡 移動 北海)", Order::support_move(kFleet, loc("DEN"), loc("SKA"), loc("NTH"))},
      {"海軍 イギリス海峡 輸送 (ロンドン 移動 ベルギー)", Order::convoy(loc("ENG"), loc("LON"), loc("BEL"))},
      {"陸軍 ロンドン 移動 デンマーク", Order::move(kArmy, loc("LON"), loc("DEN"))},
      {"海軍 北海 輸送 (ロンドン 移動 デンマーク)", Order::convoy(loc("NTH"), loc("LON"), loc("DEN"))},
  });
}

TEST(OrderParser, EnglishOrdersOfSeed002) {
  expect_orders({
      {"F Bla H", Order::hold(kFleet, loc("BLA"))},
      {"A Nwy M Swe", Order::move(kArmy, loc("NWY"), loc("SWE"))},
      {"F Lon M Nth", Order::move(kFleet, loc("LON"), loc("NTH"))},
      {"A StP M Nwy", Order::move(kArmy, loc("STP"), loc("NWY"))},
      {"A Gre M Bul", Order::move(kArmy, loc("GRE"), loc("BUL"))},
      {"A Ser S (Bud M Rum)", Order::support_move(kArmy, loc("SER"), loc("BUD"), loc("RUM"))},
      {"F Sev M Rum", Order::move(kFleet, loc("SEV"), loc("RUM"))},
      {"A Bul S Rum", Order::support_hold(kArmy, loc("BUL"), loc("RUM"))},
      {"F Nrg C (Edi M StP)", Order::convoy(loc("NWG"), loc("EDI"), loc("STP"))},
      {"F Bar C (Edi M StP)", Order::convoy(loc("BAR"), loc("EDI"), loc("STP"))},
      {"F Eng C (Bel M Lon)", Order::convoy(loc("ENG"), loc("BEL"), loc("LON"))},
      {"F Ska M Nth", Order::move(kFleet, loc("SKA"), loc("NTH"))},
      {"F Den S (Ska M Nth)", Order::support_move(kFleet, loc("DEN"), loc("SKA"), loc("NTH"))},
      {"F Nth C (Lon M Den)", Order::convoy(loc("NTH"), loc("LON"), loc("DEN"))},
  });
}

TEST(OrderParser, JapaneseNationalityTagAndMixedLanguages) {
  for (const std::string_view text : {"陸軍 ウィーン 支援 (ミュンヘン 移動 チロル)<ドイツ>", "A Vie S (Mun M Tyr)<ドイツ>",
                                      "陸軍 ウィーン 支援 (Mun M Tyr)＜ドイツ＞", "A ウィーン S (ミュンヘン - チロル)"}) {
    const auto parsed = parse(text);
    EXPECT_EQ(parsed.order, Order::support_move(kArmy, loc("VIE"), loc("MUN"), loc("TYR"))) << text;
  }
  EXPECT_EQ(parse("陸軍 ウィーン 支援 (ミュンヘン 移動 チロル)<ドイツ>").named_power, power("GERMANY"));
}

TEST(OrderParser, JapaneseRetreatsDisbandsAndBuilds) {
  expect_orders({{"海軍 北海 退却 ノルウェー海", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
                 {"海軍 北海 移動 ノルウェー海", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
                 {"海軍 北海 解体", Order::disband(kFleet, loc("NTH"))},
                 {"海軍 北海 解散", Order::disband(kFleet, loc("NTH"))}},
                kRetreat);
  expect_orders({{"陸軍 パリ 建設", Order::build(kArmy, loc("PAR"))},
                 {"陸軍 パリ 増設", Order::build(kArmy, loc("PAR"))},
                 {"海軍 ブレスト 生産", Order::build(kFleet, loc("BRE"))},
                 {"海軍 サンクトペテルブルク 北岸 建設", Order::build(kFleet, loc("STP/NC"))},
                 {"陸軍 パリ 解散", Order::remove(kArmy, loc("PAR"))}},
                kAdjustment);
}

// ---------------------------------------------------------------- Chinese (seeds 000, 001, 003)

TEST(OrderParser, TraditionalChineseWithSpaces) {
  expect_orders({
      {"陸軍 巴黎 移動 勃艮第", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"艦隊 倫敦 待機", Order::hold(kFleet, loc("LON"))},
      {"艦隊 倫敦 維持", Order::hold(kFleet, loc("LON"))},
      {"陸軍 柏林 防守", Order::hold(kArmy, loc("BER"))},
      {"陸軍 柏林 留守", Order::hold(kArmy, loc("BER"))},
      {"艦隊 北海 運輸 陸軍 倫敦 移動 比利時", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"艦隊 北海 護航 陸軍 倫敦 移動 比利時", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"艦隊 黑海 運輸 陸軍 安卡拉 移動 塞斯托波爾", Order::convoy(loc("BLA"), loc("ANK"), loc("SEV"))},
      {"陸軍 巴黎 支援 陸軍 馬賽 移動 勃艮第", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"陸軍 加斯康尼 支持 陸軍 馬賽 移動 勃艮第", Order::support_move(kArmy, loc("GAS"), loc("MAR"), loc("BUR"))},
      {"陸軍 提洛爾 支援 陸軍 慕尼黑", Order::support_hold(kArmy, loc("TYR"), loc("MUN"))},
      {"海軍 中太西洋 移動 西班牙 南岸", Order::move(kFleet, loc("MAO"), loc("SPA/SC"))},
      {"艦隊 中太西洋 移動 西班牙南岸", Order::move(kFleet, loc("MAO"), loc("SPA/SC"))},
      {"艦隊 黑海 移動 保加利亞東岸", Order::move(kFleet, loc("BLA"), loc("BUL/EC"))},
      {"艦隊 巴倫茲海 移動 聖彼得堡北海岸", Order::move(kFleet, loc("BAR"), loc("STP/NC"))},
      {"陸軍 倫敦 移動 比利時 經由運輸", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
      {"陸軍 倫敦 移動 比利時 (通過運輸)", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
      {"陸軍 倫敦 移動 比利時 via convoy", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
  });
}

TEST(OrderParser, ChineseWithoutSpaces) {
  expect_orders({
      {"陸軍巴黎移動勃艮第", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"陆军莫斯科移动华沙", Order::move(kArmy, loc("MOS"), loc("WAR"))},
      {"艦隊北海運輸陸軍倫敦移動比利時", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"陸軍西里西亞支援俄羅斯陸軍華沙移動普魯士", Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU"))},
      {"陸軍倫敦移動比利時經由運輸", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
      {"艦隊中太西洋移動西班牙南岸", Order::move(kFleet, loc("MAO"), loc("SPA/SC"))},
      {"舰队北海待机", Order::hold(kFleet, loc("NTH"))},
      {"陸軍巴黎移動至勃艮第", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"陆军巴黎移动到勃艮第", Order::move(kArmy, loc("PAR"), loc("BUR"))},
  });
}

TEST(OrderParser, SimplifiedChinese) {
  expect_orders({
      {"陆军 巴黎 移动 勃艮第", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"舰队 北海 运输 陆军 伦敦 移动 比利时", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"舰队 北海 护航 陆军 伦敦 移动 比利时", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"陆军 巴黎 支持 陆军 马赛 移动 勃艮第", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"陆军 巴黎 防守", Order::hold(kArmy, loc("PAR"))},
      {"陆军 巴黎 维持", Order::hold(kArmy, loc("PAR"))},
      {"陆军 伦敦 移动 比利时 经由运输", Order::move(kArmy, loc("LON"), loc("BEL"), true)},
      {"海军 黑海 移动 保加利亚 东岸", Order::move(kFleet, loc("BLA"), loc("BUL/EC"))},
  });
}

TEST(OrderParser, ChineseNationality) {
  const auto parsed = parse("陸軍 西里西亞 支援 俄羅斯 陸軍 華沙 移動 普魯士");
  EXPECT_EQ(parsed.order, Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU")));
  EXPECT_EQ(parsed.named_power, power("RUSSIA"));
  EXPECT_EQ(parse("陆军 西里西亚 支援 俄罗斯 陆军 华沙 移动 普鲁士").named_power, power("RUSSIA"));
  EXPECT_EQ(parse("艦隊 北海 運輸 英國的 陸軍 倫敦 移動 比利時").named_power, power("ENGLAND"));
}

TEST(OrderParser, ChineseRetreatsDisbandsBuildsAndWaives) {
  expect_orders({{"艦隊 北海 撤退 挪威海", Order::retreat(kFleet, loc("NTH"), loc("NWG"))},
                 {"艦隊 北海 解散", Order::disband(kFleet, loc("NTH"))},
                 {"艦隊 北海 復員", Order::disband(kFleet, loc("NTH"))},
                 {"舰队 北海 复员", Order::disband(kFleet, loc("NTH"))}},
                kRetreat);
  expect_orders({{"陸軍 巴黎 建造", Order::build(kArmy, loc("PAR"))},
                 {"建造 陸軍 巴黎", Order::build(kArmy, loc("PAR"))},
                 {"動員 艦隊 布雷斯特", Order::build(kFleet, loc("BRE"))},
                 {"艦隊 聖彼得堡 北岸 動員", Order::build(kFleet, loc("STP/NC"))},
                 {"陆军 巴黎 动员", Order::build(kArmy, loc("PAR"))},
                 {"陸軍 巴黎 解散", Order::remove(kArmy, loc("PAR"))},
                 {"陸軍 巴黎 復員", Order::remove(kArmy, loc("PAR"))},
                 {"放棄", Order::waive()},
                 {"放弃", Order::waive()}},
                kAdjustment);
}

TEST(OrderParser, WrittenUnitTypesAreLeftToValidation) {
  // DATC 4.C.2: a wrong unit type is ignored, so the parser records it and judges nothing.
  const auto fleet_convoyed = parse("F Nth Convoys F lon-bel");
  EXPECT_EQ(fleet_convoyed.order, Order::convoy(loc("NTH"), loc("LON"), loc("BEL")));
  EXPECT_TRUE(fleet_convoyed.target_type_given);
  EXPECT_EQ(fleet_convoyed.target_type, kFleet);
  const auto army_convoying = parse("A Nth C A Lon - Bel");
  EXPECT_EQ(army_convoying.order, Order::convoy(loc("NTH"), loc("LON"), loc("BEL")));
  EXPECT_TRUE(army_convoying.unit_type_given);
  EXPECT_EQ(parse("F Par - Bur").order, Order::move(kFleet, loc("PAR"), loc("BUR")));
}

// ---------------------------------------------------------------- the seeds' English examples

TEST(OrderParser, EnglishOrdersOfSeeds000And003) {
  expect_orders({
      {"A Tyr-Mun", Order::move(kArmy, loc("TYR"), loc("MUN"))},
      {"A Bur S A Tyr holds", Order::support_hold(kArmy, loc("BUR"), loc("TYR"))},
      {"A Sil S RUSSIAN A War-Pru", Order::support_move(kArmy, loc("SIL"), loc("WAR"), loc("PRU"))},
      {"A Lon-Bel", Order::move(kArmy, loc("LON"), loc("BEL"))},
      {"A Lon-Tun", Order::move(kArmy, loc("LON"), loc("TUN"))},
      {"A Ber Holds", Order::hold(kArmy, loc("BER"))},
      {"F Lon Hold", Order::hold(kFleet, loc("LON"))},
      {"A Par-Bur", Order::move(kArmy, loc("PAR"), loc("BUR"))},
      {"A Par S A Mar-Bur", Order::support_move(kArmy, loc("PAR"), loc("MAR"), loc("BUR"))},
      {"F Bla C A Ank-Sev", Order::convoy(loc("BLA"), loc("ANK"), loc("SEV"))},
      {"A Vienna H", Order::hold(kArmy, loc("VIE"))},
      {"F St.Petersburg(SC) H", Order::hold(kFleet, loc("STP/SC"))},
  });
}

// Names the seeds use that the standard variant should know. Kept apart so that a gap
// in the data shows as this test failing.
TEST(OrderParser, SeedAliases) {
  expect_orders({
      {"F NorS C A Lon-Bel", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"F NorS C English A Lon-Bel", Order::convoy(loc("NTH"), loc("LON"), loc("BEL"))},
      {"F WMed C A Lon-Bel", Order::convoy(loc("WES"), loc("LON"), loc("BEL"))},
      {"F EngCh C A Lon-Tun", Order::convoy(loc("ENG"), loc("LON"), loc("TUN"))},
      {"F MAt C A Lon-Tun", Order::convoy(loc("MAO"), loc("LON"), loc("TUN"))},
      {"F WMed C A Lon-Tun", Order::convoy(loc("WES"), loc("LON"), loc("TUN"))},
      {"A Bulg H", Order::hold(kArmy, loc("BUL"))},
      {"F St.P (south coast) H", Order::hold(kFleet, loc("STP/SC"))},
      {"F Ing C (Lon M Bel)", Order::convoy(loc("ENG"), loc("LON"), loc("BEL"))},
      {"F MAt M Spa sc", Order::move(kFleet, loc("MAO"), loc("SPA/SC"))},
      {"陸軍 ブタペスト 移動 ルーマニア", Order::move(kArmy, loc("BUD"), loc("RUM"))},
      {"陸軍 セルビア 支援 (ブタペスト 移動 ルーマニア)", Order::support_move(kArmy, loc("SER"), loc("BUD"), loc("RUM"))},
      {"陸軍 サンクトペテルブルグ 移動 ノルウェー", Order::move(kArmy, loc("STP"), loc("NWY"))},
      {"艦隊 中太西洋 移動 布雷斯特", Order::move(kFleet, loc("MAO"), loc("BRE"))},
      {"陸軍 塞瓦斯波爾 移動 羅馬尼亞", Order::move(kArmy, loc("SEV"), loc("RUM"))},
      {"F NAf - Wes", Order::move(kFleet, loc("NAF"), loc("WES"))},
      {"F Tyn - Ion", Order::move(kFleet, loc("TYS"), loc("ION"))},
  });
}

// ---------------------------------------------------------------- rejected orders

TEST(OrderParser, RefusedOrdersSayWhatIsWrongAndWhere) {
  struct Case {
    std::string_view text;
    std::string_view message;
    int offset;
  };
  const Case cases[] = {
      {"", "the order is empty", 0},
      {"   ", "the order is empty", 3},
      {"A Xyz - Bur", "unknown place \"Xyz\"", 2},
      {"A Par - Xyz", "unknown place \"Xyz\"", 8},
      {"A Par - ", "missing destination after \"A Par -\"", 8},
      {"A", "missing place after \"A\"", 1},
      {"A Par", "missing the order after \"A Par\": H (hold), - (move), S (support) or C (convoy)", 5},
      {"A Par Bur", "expected H (hold), - (move), S (support) or C (convoy) after \"A Par\", found \"Bur\"", 6},
      {"A Par S", "missing supported unit after \"A Par S\"", 7},
      {"F Nth C A Lon", "the convoy does not say where the army goes: expected \"-\" and a destination after \"F Nth C A Lon\"", 13},
      {"F Nth C A Lon H", "the convoy does not say where the army goes: expected \"-\" and a destination after \"F Nth C A Lon\"", 14},
      {"A Par - Bur please", "unexpected \"please\" after \"A Par - Bur\"", 12},
      {"A Par H H", "unexpected \"H\" after \"A Par H\"", 8},
      {"A Ser S (Gre M Bul", "missing \")\" after \"(Gre M Bul\"", 18},
      {"A Vie S (Mun M Tyr)<ドイツ", "missing \">\" after \"<ドイツ\"", 29},
      {"A Vie S (Mun M Tyr)<Xyz>", "expected a nationality after \"<\", found \"Xyz\"", 20},
      {"A Nort - Bur", "\"Nort\" is ambiguous: North Africa (NAF), North Atlantic Ocean (NAO), North Sea (NTH)", 2},
      {"A England - Bur", "\"England\" is a power, not a place", 2},
      {"陸軍 巴黎 移動 火星", "unknown place \"火星\"", 21},
      {"陸軍火星移動巴黎", "unknown place \"火星\"", 6},
      {"A Par - Bur ,", "unexpected \",\" after \"A Par - Bur\"", 12},
  };
  for (const auto& c : cases) {
    const auto error = refusal(c.text);
    EXPECT_EQ(error.message, c.message) << c.text;
    EXPECT_EQ(error.offset, c.offset) << c.text;
  }
}

TEST(OrderParser, OffsetsCountBytesOfTheOriginalText) {
  // Full-width characters are three bytes each in UTF-8.
  const auto error = refusal("Ａ Ｐａｒ－Ｘｙｚ");
  EXPECT_EQ(error.message, "unknown place \"Ｘｙｚ\"");
  EXPECT_EQ(error.offset, 16);
}

// ---------------------------------------------------------------- robustness

// Random bytes, random mixes of order fragments and mutations of valid orders
// (including invalid UTF-8): the parser answers every one, and every refusal explains
// itself with an offset inside the text.
TEST(OrderParser, ArbitraryInputNeverCrashes) {
  const std::vector<std::string> fragments = {
      "A ", "F ", "Par", "-", " S ", " C ", "(", ")", "<", ">", "/sc", " via convoy", "陸軍", "移動", "支援",
      "スペイン南岸", "莫斯科", "\xff", "\xe3\x81", "ＡＢ", "St.", "Nort", "holds", " ", "Eng", "ドイツ", "B", "D",
      "WAIVE", "\xc0\x80", "north coast", "經由運輸", "(通過運輸)", "\t", "->", "St Petersburg(nc)"};
  const std::vector<std::string> valid = {"A PAR S A MAR - BUR", "F NTH C A LON - BEL", "陸軍 セルビア 支援 (ギリシャ 移動 ブルガリア)",
                                          "陆军莫斯科移动华沙", "F Mid - Spa (south coast)", "A Vie S (Mun M Tyr)<ドイツ>"};
  std::mt19937 random(20261122);
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  const PhaseType phases[] = {kMovement, kRetreat, kAdjustment};
  int refused = 0;
  for (int round = 0; round < 30000; ++round) {
    std::string text;
    switch (round % 3) {
      case 0:
        for (std::size_t n = pick(40); n > 0; --n) text += static_cast<char>(pick(256));
        break;
      case 1:
        for (std::size_t n = pick(12); n > 0; --n) text += fragments[pick(fragments.size())];
        break;
      default:
        text = valid[pick(valid.size())];
        for (std::size_t n = 1 + pick(4); n > 0; --n) {
          const std::size_t at = pick(text.size() + 1);
          switch (pick(3)) {
            case 0: text.insert(at, 1, static_cast<char>(pick(256))); break;
            case 1: if (at < text.size()) text.erase(at, 1); break;
            default: if (at < text.size()) text[at] = static_cast<char>(pick(256)); break;
          }
        }
    }
    const auto parsed = parse_order(map(), text, phases[pick(3)]);
    if (parsed) continue;
    ++refused;
    EXPECT_FALSE(parsed.error().message.empty()) << text;
    EXPECT_GE(parsed.error().offset, 0) << text;
    EXPECT_LE(parsed.error().offset, static_cast<int>(text.size())) << text;
  }
  EXPECT_GT(refused, 0);
}

TEST(OrderParser, VeryLongInputIsRefused) {
  const std::string long_name(100000, 'x');
  const auto error = refusal("A " + long_name);
  EXPECT_EQ(error.message, "unknown place \"" + std::string(60, 'x') + "...\"");
  EXPECT_EQ(error.offset, 2);
  std::string long_cjk;
  for (int k = 0; k < 30; ++k) long_cjk += "火星";
  EXPECT_EQ(refusal("陸軍 " + long_cjk).message, "unknown place \"" + long_cjk.substr(0, 60) + "...\"");
  std::string many_words;
  for (int k = 0; k < 5000; ++k) many_words += "North ";
  EXPECT_FALSE(parse_order(map(), "F " + many_words, kMovement).has_value());
}

}  // namespace
}  // namespace stratagem::diplomacy
