// Why an order is void, in every language of `stratagem diplomacy render`: the binary
// renders an adjudication in each language, and the table of words says every
// VoidReason in each of them. The JSON output keeps describe()'s English sentences.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "binary_run.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/diplomacy/validation.h"

namespace {

using stratagem::formats::kVoidReasonCount;
using stratagem::formats::void_reason_described_as;
using stratagem::formats::void_reason_text;
using stratagem::cli::testing::BinaryRun;
using stratagem::cli::testing::run_stratagem;
using stratagem::diplomacy::describe;
using stratagem::diplomacy::Language;
using stratagem::diplomacy::VoidReason;

// Four orders void for different reasons (one of them found while adjudicating) and one
// the parser cannot read.
constexpr const char* kMovement = R"({"phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "F MAO"], "ENGLAND": ["F LON", "F ENG"], "ITALY": ["A VEN"]},
    "orders": {"FRANCE": ["A Par - Mos", "F Lon - Eng", "F Mid - Iri"], "ENGLAND": ["F Eng S F Mid"],
               "ITALY": ["A Ven - Tun", "A Xyz H"]}})";

// A build outside the home centres, and a waiver with no build left.
constexpr const char* kAdjustment = R"({"phase": "W1901A", "units": {"FRANCE": ["A SPA"]},
    "centers": {"FRANCE": ["PAR", "SPA"]}, "orders": {"FRANCE": ["F Spa B", "A Par B", "WAIVE"]}})";

// The results of the adjudicated phase as `render --lang language` shows them, up to
// the heading of the position that follows.
std::string rendered_results(const char* phase, const std::string& language, const std::string& next_heading) {
  const BinaryRun adjudicated = run_stratagem({"diplomacy", "adjudicate"}, phase);
  EXPECT_EQ(adjudicated.status, 0) << adjudicated.err;
  const BinaryRun rendered = run_stratagem({"diplomacy", "render", "--lang", language}, adjudicated.out);
  EXPECT_EQ(rendered.status, 0) << rendered.err;
  EXPECT_EQ(rendered.err, "");
  return rendered.out.substr(0, rendered.out.find(next_heading));
}

TEST(DiplomacyRenderLanguage, VoidReasonsInTraditionalChinese) {
  EXPECT_EQ(rendered_results(kMovement, "zh-Hant", "本階段之後"),
            "1901年春季，行動期：指令\n"
            "\n"
            "英國\n"
            "  艦隊 英吉利海峽 支援 艦隊 中大西洋：無效：受支援部隊正在移動，不能支援其駐守\n"
            "  艦隊 倫敦：沒有指令，駐守\n"
            "\n"
            "法國\n"
            "  陸軍 巴黎 移動至 莫斯科：無效：該部隊無法移往該區域\n"
            "  艦隊 倫敦 移動至 英吉利海峽：無效：該部隊屬於他國\n"
            "  艦隊 中大西洋 移動至 愛爾蘭海：成功\n"
            "\n"
            "義大利\n"
            "  陸軍 威尼斯 移動至 突尼斯：無效：沒有相連的艦隊能把該陸軍護航至該處\n"
            "  \"A Xyz H\"：無法理解：不明的區域「Xyz」\n"
            "\n");
  EXPECT_EQ(rendered_results(kAdjustment, "zh-Hant", "本階段之後"),
            "1901年冬季，調整期：指令\n"
            "\n"
            "法國\n"
            "  建立 艦隊 西班牙：無效：只能在本國的本土軍需區建立部隊\n"
            "  建立 陸軍 巴黎：成功\n"
            "  放棄建立：無效：該國已沒有建立名額\n"
            "\n");
}

TEST(DiplomacyRenderLanguage, VoidReasonsInSimplifiedChinese) {
  EXPECT_EQ(rendered_results(kMovement, "zh-Hans", "本阶段之后"),
            "1901年春季，行动期：指令\n"
            "\n"
            "英国\n"
            "  舰队 英吉利海峡 支援 舰队 中大西洋：无效：被支援的单位在移动，不能支援其驻守\n"
            "  舰队 伦敦：没有指令，驻守\n"
            "\n"
            "法国\n"
            "  陆军 巴黎 移动至 莫斯科：无效：该单位无法到达该省份\n"
            "  舰队 伦敦 移动至 英吉利海峡：无效：该单位属于其他国家\n"
            "  舰队 中大西洋 移动至 爱尔兰海：成功\n"
            "\n"
            "意大利\n"
            "  陆军 威尼斯 移动至 突尼斯：无效：没有舰队链能把该陆军护航到那里\n"
            "  \"A Xyz H\"：无法理解：未知的省份“Xyz”\n"
            "\n");
  EXPECT_EQ(rendered_results(kAdjustment, "zh-Hans", "本阶段之后"),
            "1901年冬季，调整期：指令\n"
            "\n"
            "法国\n"
            "  建立 舰队 西班牙：无效：只能在自己的母国补给中心建立单位\n"
            "  建立 陆军 巴黎：成功\n"
            "  放弃建立：无效：该国已没有建立名额\n"
            "\n");
}

TEST(DiplomacyRenderLanguage, VoidReasonsInJapanese) {
  EXPECT_EQ(rendered_results(kMovement, "ja", "このフェイズの後"),
            "1901年 春 移動フェイズ：命令\n"
            "\n"
            "イギリス\n"
            "  海軍 イギリス海峡 支援 海軍 中大西洋：無効：支援対象のユニットは移動するため、維持の支援はできない\n"
            "  海軍 ロンドン：命令なし（維持）\n"
            "\n"
            "フランス\n"
            "  陸軍 パリ 移動 モスクワ：無効：そのユニットはその地域に移動できない\n"
            "  海軍 ロンドン 移動 イギリス海峡：無効：そのユニットは他国のもの\n"
            "  海軍 中大西洋 移動 アイリッシュ海：成功\n"
            "\n"
            "イタリア\n"
            "  陸軍 ヴェネツィア 移動 チュニス：無効：その陸軍をそこまで輸送できる海軍の連なりがない\n"
            "  \"A Xyz H\"：解読不能：不明な地域「Xyz」\n"
            "\n");
  EXPECT_EQ(rendered_results(kAdjustment, "ja", "このフェイズの後"),
            "1901年 冬 調整フェイズ：命令\n"
            "\n"
            "フランス\n"
            "  海軍 スペイン 建設：無効：建設できるのは自国の本国補給都市だけ\n"
            "  陸軍 パリ 建設：成功\n"
            "  建設放棄：無効：その国にはもう建設できる数が残っていない\n"
            "\n");
}

TEST(DiplomacyRenderLanguage, EnglishKeepsTheSentencesOfTheJsonOutput) {
  EXPECT_EQ(rendered_results(kAdjustment, "en", "After this phase"),
            "Winter 1901, adjustments: orders\n"
            "\n"
            "France\n"
            "  build F Spain: void: builds go only on the power's own home supply centres\n"
            "  build A Paris: succeeded\n"
            "  waive a build: void: the power has no builds left\n"
            "\n");
}

// describe() of a value that is no VoidReason: what the values past the last reason say.
std::string not_a_reason() { return describe(static_cast<VoidReason>(std::numeric_limits<std::uint8_t>::max())); }

TEST(DiplomacyVoidReasonWords, NoReasonComesAfterTheLastOneTheTableKnows) {
  // A reason added to VoidReason gets a sentence in describe(); past kVoidReasonCount the
  // table would have no translation for it.
  for (int value = 0; value < std::numeric_limits<std::uint8_t>::max(); ++value) {
    const bool is_a_reason = describe(static_cast<VoidReason>(value)) != not_a_reason();
    EXPECT_EQ(is_a_reason, static_cast<std::size_t>(value) < kVoidReasonCount) << "VoidReason " << value;
  }
}

TEST(DiplomacyVoidReasonWords, EveryReasonHasASentenceInEveryLanguage) {
  for (std::size_t value = 0; value < kVoidReasonCount; ++value) {
    const auto reason = static_cast<VoidReason>(value);
    EXPECT_EQ(void_reason_text(reason, Language::En), describe(reason));
    for (Language language : {Language::ZhHant, Language::ZhHans, Language::Ja}) {
      const std::string sentence = void_reason_text(reason, language);
      EXPECT_FALSE(sentence.empty()) << "VoidReason " << value << ", language " << static_cast<int>(language);
      EXPECT_NE(sentence, describe(reason)) << "VoidReason " << value << " left in English";
    }
  }
}

TEST(DiplomacyVoidReasonWords, EveryReasonIsKnownByItsEnglishSentence) {
  for (std::size_t value = 0; value < kVoidReasonCount; ++value) {
    const auto reason = static_cast<VoidReason>(value);
    EXPECT_EQ(void_reason_described_as(describe(reason)), reason) << describe(reason);
  }
  EXPECT_EQ(void_reason_described_as("unknown place \"Xyz\""), std::nullopt);
}

}  // namespace
