// Why an order could not be read, in every language of `stratagem diplomacy render`:
// one unreadable order for every ParseProblem, with what the parser reports and what a
// Japanese reader is told; the Chinese tables are checked to say every problem, with
// the written words kept as written.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace {

using stratagem::formats::kParseProblemCount;
using stratagem::formats::parse_error_text;
using stratagem::diplomacy::Language;
using stratagem::diplomacy::OrderParseError;
using stratagem::diplomacy::GameState;
using stratagem::diplomacy::parse_order;
using stratagem::diplomacy::read_order_at;
using stratagem::diplomacy::ParseProblem;
using stratagem::diplomacy::PhaseType;
using stratagem::diplomacy::standard_variant;

struct Unreadable {
  const char* text;
  PhaseType phase;
  ParseProblem problem;
  const char* japanese;
  bool on_the_opening_board = false;  // read with read_order_at() on the starting position
};

// In the order of ParseProblem, one for each.
const std::vector<Unreadable> kUnreadable = {
    {"  ", PhaseType::Movement, ParseProblem::EmptyOrder, "命令が空"},
    {"A Par", PhaseType::Movement, ParseProblem::MissingVerb,
     "「A Par」の後に命令がない：維持（H）、移動（-）、支援（S）、輸送（C）のいずれか"},
    {"A Par Q Bur", PhaseType::Movement, ParseProblem::UnknownVerb,
     "「A Par」の後には維持（H）、移動（-）、支援（S）、輸送（C）のいずれかが必要だが、「Q」がある"},
    {"A Bur - Par via convoy", PhaseType::Retreat, ParseProblem::RetreatByConvoy, "撤退は輸送では行えない"},
    {"F Nth C A Lon", PhaseType::Movement, ParseProblem::ConvoyWithoutDestination,
     "輸送命令に陸軍の行き先がない：「F Nth C A Lon」の後に「-」と行き先が必要"},
    {"A Ser S (Gre M Bul", PhaseType::Movement, ParseProblem::MissingClosingBracket,
     "「(Gre M Bul」の後に「)」がない"},
    {"A Vie S (Mun M Tyr)<Xyz>", PhaseType::Movement, ParseProblem::MissingNationality,
     "「<」の後には国名が必要だが、「Xyz」がある"},
    {"A Vie S (Mun M Tyr)<Germany", PhaseType::Movement, ParseProblem::MissingClosingAngle,
     "「<Germany」の後に「>」がない"},
    {"A Vie S Russian (Mun M Tyr)<ドイツ>", PhaseType::Movement, ParseProblem::ContradictoryNationality,
     "国籍「<ドイツ>」がユニットの前に書かれた国と食い違う"},
    {"A Par H Bur", PhaseType::Movement, ParseProblem::TrailingText, "「A Par H」の後に余分な「Bur」がある"},
    {"A Par -", PhaseType::Movement, ParseProblem::MissingPart, "「A Par -」の後に行き先がない"},
    {"A Nort - Bur", PhaseType::Movement, ParseProblem::AmbiguousName,
     "「Nort」は曖昧：北アフリカ（NAF）、北大西洋（NAO）、北海（NTH）"},
    {"A England - Bur", PhaseType::Movement, ParseProblem::PowerNotPlace, "「England」は国名で、地域名ではない"},
    {"A Xyz H", PhaseType::Movement, ParseProblem::UnknownPlace, "不明な地域「Xyz」"},
    {"F Mao - Spa/ec", PhaseType::Movement, ParseProblem::NoSuchCoast, "スペインには東岸がない"},
    {"A Par S - Bur", PhaseType::Movement, ParseProblem::SupportedUnitUnnamed,
     "支援に移動先のブルゴーニュしか書かれていない：移動する部隊も書く必要がある"},
    {"A Par S - Bur", PhaseType::Movement, ParseProblem::SupportedUnitAmbiguous,
     "ブルゴーニュへ移動できる部隊が複数あり、どれか書く必要がある：陸軍 マルセイユ（A MAR）、陸軍 ミュンヘン（A MUN）",
     true},
    {"F Tri S - Adr", PhaseType::Movement, ParseProblem::NoUnitMovesThere,
     "支援する部隊のほかにアドリア海へ移動できる部隊がない", true},
};

OrderParseError error_of(const Unreadable& order) {
  const auto parsed = order.on_the_opening_board
                          ? read_order_at(standard_variant(), order.text, GameState::initial(standard_variant()))
                          : parse_order(standard_variant(), order.text, order.phase);
  EXPECT_FALSE(parsed) << order.text;
  return parsed ? OrderParseError{} : parsed.error();
}

TEST(DiplomacyParseErrorWords, EveryProblemHasAnExample) {
  ASSERT_EQ(kUnreadable.size(), kParseProblemCount);
  for (std::size_t k = 0; k < kUnreadable.size(); ++k)
    EXPECT_EQ(kUnreadable[k].problem, static_cast<ParseProblem>(k)) << kUnreadable[k].text;
}

TEST(DiplomacyParseErrorWords, TheParserNamesTheProblem) {
  for (const Unreadable& order : kUnreadable) EXPECT_EQ(error_of(order).problem, order.problem) << order.text;
}

TEST(DiplomacyParseErrorWords, JapaneseSaysEachProblem) {
  for (const Unreadable& order : kUnreadable)
    EXPECT_EQ(parse_error_text(standard_variant(), error_of(order), Language::Ja), order.japanese) << order.text;
}

TEST(DiplomacyParseErrorWords, EnglishIsTheParsersMessage) {
  for (const Unreadable& order : kUnreadable) {
    const OrderParseError error = error_of(order);
    EXPECT_EQ(parse_error_text(standard_variant(), error, Language::En), error.message) << order.text;
  }
}

TEST(DiplomacyParseErrorWords, ChineseSaysEachProblemAndKeepsTheWrittenWords) {
  for (const Unreadable& order : kUnreadable) {
    const OrderParseError error = error_of(order);
    for (Language language : {Language::ZhHant, Language::ZhHans}) {
      const std::string text = parse_error_text(standard_variant(), error, language);
      EXPECT_NE(text, error.message) << order.text;
      EXPECT_EQ(text.find('{'), std::string::npos) << text;
      EXPECT_TRUE(text.find(error.written) != std::string::npos) << text;
      EXPECT_TRUE(text.find(error.found) != std::string::npos) << text;
    }
  }
}

TEST(DiplomacyParseErrorWords, ChineseNamesPlacesInItsOwnScript) {
  const Unreadable ambiguous = kUnreadable[static_cast<int>(ParseProblem::AmbiguousName)];
  EXPECT_EQ(parse_error_text(standard_variant(), error_of(ambiguous), Language::ZhHant),
            "「Nort」有多個可能：北非（NAF）、北大西洋（NAO）、北海（NTH）");
  const Unreadable coast = kUnreadable[static_cast<int>(ParseProblem::NoSuchCoast)];
  EXPECT_EQ(parse_error_text(standard_variant(), error_of(coast), Language::ZhHans), "西班牙没有东岸");
  const Unreadable two_readings = kUnreadable[static_cast<int>(ParseProblem::SupportedUnitAmbiguous)];
  EXPECT_EQ(parse_error_text(standard_variant(), error_of(two_readings), Language::ZhHant),
            "能移動至勃艮第的部隊不止一個，須寫明是哪一個：陸軍 馬賽（A MAR）、陸軍 慕尼黑（A MUN）");
}

}  // namespace
