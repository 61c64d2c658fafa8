// Structured press in DAIDE's tokens: every arrangement of levels 10-30 read into the
// model and written back token for token, and malformed press refused with its reason.
#include <gtest/gtest.h>

#include "stratagem/daide/press.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_press.h"

namespace stratagem::daide {
namespace {

using diplomacy::Arrangement;
using diplomacy::PressMessage;

const MapNames& names() {
  static const MapNames n(diplomacy::standard_variant(), Representation::standard());
  return n;
}

TokenList tokens_of(std::string_view text) {
  auto tokens = from_text(text, Representation::standard());
  EXPECT_TRUE(tokens) << text << ": " << tokens.error();
  return tokens ? *tokens : TokenList{};
}

tl::expected<PressMessage, std::string> read(std::string_view text) { return read_press(tokens_of(text), names()); }

std::string round_trip(std::string_view text) {
  const auto message = read(text);
  if (!message) return "error: " + message.error();
  const auto tokens = press_tokens(*message, names());
  if (!tokens) return "error: " + tokens.error();
  return to_text(*tokens, Representation::standard());
}

TEST(DaidePress, EveryArrangementReadsAndWritesBackTokenForToken) {
  for (const std::string_view text : {
           "PRP (PCE (FRA GER))",
           "PRP (ALY (ENG FRA) VSS (GER))",
           "PRP (DRW)",
           "PRP (DRW (ENG FRA RUS))",
           "PRP (SLO (TUR))",
           "PRP (DMZ (FRA GER) (BUR RUH))",
           "PRP (XDO ((FRA AMY PAR) HLD))",
           "PRP (XDO ((FRA AMY PAR) MTO BUR))",
           "PRP (XDO ((RUS FLT (STP SCS)) MTO GOB))",
           "PRP (XDO ((FRA FLT MAO) MTO (SPA NCS)))",
           "PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR)))",
           "PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR))",
           "PRP (XDO ((ENG FLT NTH) CVY (ENG AMY YOR) CTO NWY))",
           "PRP (XDO ((ENG AMY YOR) CTO NWY VIA (NTH)))",
           "PRP (XDO ((AUS AMY VIE) RTO BOH))",
           "PRP (XDO ((AUS AMY VIE) DSB))",
           "PRP (XDO ((AUS AMY VIE) BLD))",
           "PRP (XDO ((AUS AMY VIE) REM))",
           "PRP (XDO (AUS WVE))",
           "PRP (AND (PCE (FRA GER)) (DMZ (FRA GER) (BUR)))",
           "PRP (ORR (PCE (FRA ITA)) (ALY (FRA ITA) VSS (AUS)))",
           "PRP (NOT (XDO ((FRA AMY PAR) MTO BUR)))",
           "PRP (NAR (DMZ (FRA GER) (BUR)))",
           "YES (PRP (PCE (FRA GER)))",
           "REJ (PRP (PCE (FRA GER)))",
           "BWX (PRP (PCE (FRA GER)))",
           "CCL (PRP (PCE (FRA GER)))",
       })
    EXPECT_EQ(round_trip(text), text);
}

TEST(DaidePress, TheJsonOfTheApiReadsBackToTheSameMessage) {
  for (const std::string_view text : {
           "PRP (PCE (FRA GER))", "YES (PRP (ALY (ENG FRA) VSS (GER)))", "REJ (PRP (DRW))", "PRP (DRW (ENG FRA RUS))",
           "BWX (PRP (SLO (TUR)))", "PRP (DMZ (FRA GER) (BUR RUH))", "PRP (XDO ((RUS FLT (STP SCS)) MTO GOB))",
           "PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR))", "PRP (XDO ((ENG FLT NTH) CVY (ENG AMY YOR) CTO NWY))",
           "PRP (XDO ((ENG AMY YOR) CTO NWY VIA (NTH)))", "PRP (XDO ((AUS AMY VIE) RTO BOH))", "PRP (XDO ((AUS AMY VIE) DSB))",
           "PRP (XDO ((AUS FLT TRI) BLD))", "PRP (XDO ((AUS AMY VIE) REM))", "PRP (XDO (AUS WVE))",
           "CCL (PRP (AND (PCE (FRA GER)) (ORR (NOT (DMZ (FRA) (BUR))) (NAR (DRW)))))",
       }) {
    const auto message = read(text);
    ASSERT_TRUE(message) << text;
    const auto json = formats::press_json(names().variant(), *message);
    const auto back = formats::press_from_json(names().variant(), json);
    ASSERT_TRUE(back) << text << ": " << back.error() << " in " << json.dump();
    EXPECT_EQ(*back, *message) << text << " -> " << json.dump();
  }
  EXPECT_EQ(formats::press_json(names().variant(), *read("PRP (PCE (FRA GER))")).dump(),
            R"({"arrangement":{"powers":["FRANCE","GERMANY"],"type":"peace"},"kind":"propose"})");
  // Powers in any of their names; errors name the path.
  const auto named = formats::press_from_json(
      names().variant(), nlohmann::json::parse(R"({"kind": "propose", "arrangement": {"type": "peace", "powers": ["法國", "Germany"]}})"));
  ASSERT_TRUE(named) << named.error();
  EXPECT_EQ(*named, *read("PRP (PCE (FRA GER))"));
  const auto bad = formats::press_from_json(names().variant(), nlohmann::json::parse(
      R"({"kind": "propose", "arrangement": {"type": "and", "parts": [{"type": "draw"}, {"type": "peace", "powers": ["FRANCE", "SPAIN"]}]}})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("arrangement.parts[1].powers[1]: ", 0), 0u) << bad.error();
}

TEST(DaidePress, TheModelHoldsWhatWasSaid) {
  const auto alliance = read("YES (PRP (ALY (ENG FRA) VSS (GER ITA)))");
  ASSERT_TRUE(alliance) << alliance.error();
  EXPECT_EQ(alliance->kind, PressMessage::Kind::Accept);
  EXPECT_EQ(alliance->arrangement.kind, Arrangement::Kind::Alliance);
  EXPECT_EQ(alliance->arrangement.powers.size(), 2u);
  EXPECT_EQ(alliance->arrangement.against.size(), 2u);
  const auto support = read("PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR))");
  ASSERT_TRUE(support) << support.error();
  EXPECT_EQ(support->arrangement.order.kind(), diplomacy::OrderKind::SupportMove);
  EXPECT_EQ(names().variant().power_code(support->arrangement.order_power), "GERMANY");
  EXPECT_EQ(names().variant().power_code(support->arrangement.other_power), "FRANCE");
}

TEST(DaidePress, MalformedPressIsRefusedWithItsReason) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"PRP", "PRP needs a bracketed arrangement after it"},
      {"PRP (PCE (FRA))", "PCE needs at least 2 powers"},
      {"PRP (PCE (FRA FRA))", "PCE: FRA is named twice"},
      {"PRP (PCE (FRA PAR))", "PCE: PAR is not a power"},
      {"PRP (ALY (ENG FRA))", "ALY (powers) must be followed by VSS (powers)"},
      {"PRP (DMZ (FRA) (ENG))", "DMZ: ENG is not a province"},
      {"PRP (AND (PCE (FRA GER)))", "AND joins two or more arrangements"},
      {"PRP (XDO ((FRA AMY PAR) HLO BUR))", "HLO is not an order's verb"},
      {"PRP (HLO)", "HLO is not an arrangement of levels 10-30"},
      {"YES (YES (PRP (DRW)))", "YES answers a proposal (PRP), not another answer"},
      {"HLO (ENG)", "HLO is not a press message of levels 10-30"},
  };
  for (const auto& [text, reason] : cases) {
    const auto message = read(text);
    ASSERT_FALSE(message) << text;
    EXPECT_NE(message.error().find(reason), std::string::npos) << text << ": " << message.error();
  }
}

std::string said(std::string_view sender, std::string_view text, diplomacy::Language language) {
  const auto message = read(text);
  if (!message) return "error: " + message.error();
  const auto power = names().power(*Representation::standard().token(sender));
  return formats::press_sentence(names().variant(), *power, *message, language);
}

TEST(DaidePress, EveryReaderSeesASentenceInTheirLanguage) {
  using diplomacy::Language;
  EXPECT_EQ(said("FRA", "PRP (PCE (FRA GER))", Language::ZhHant), "法國提議與德國和平");
  EXPECT_EQ(said("FRA", "PRP (PCE (FRA GER))", Language::En), "France proposes peace with Germany");
  EXPECT_EQ(said("FRA", "PRP (PCE (FRA GER))", Language::ZhHans), "法国提议与德国和平");
  EXPECT_EQ(said("FRA", "PRP (PCE (FRA GER))", Language::Ja), "フランスはドイツとの和平を提案");
  EXPECT_EQ(said("GER", "YES (PRP (PCE (FRA GER)))", Language::En), "Germany accepts peace with France");
  EXPECT_EQ(said("ENG", "PRP (ALY (ENG FRA) VSS (GER))", Language::En),
            "England proposes an alliance of England and France against Germany");
  EXPECT_EQ(said("ENG", "PRP (DMZ (FRA GER) (BUR))", Language::ZhHant), "英國提議法國與德國不進入勃艮第");
  EXPECT_EQ(said("ITA", "REJ (PRP (DRW))", Language::Ja), "イタリアは引き分けを拒否");
  EXPECT_EQ(said("GER", "PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR))", Language::En),
            "Germany proposes the order “A Munich supports A Paris - Burgundy”");
  EXPECT_EQ(said("GER", "PRP (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR))", Language::ZhHant),
            "德國提議下達指令「陸軍 慕尼黑 支援 陸軍 巴黎 移動至 勃艮第」");
  EXPECT_EQ(said("FRA", "PRP (AND (PCE (FRA GER)) (DMZ (FRA GER) (BUR)))", Language::En),
            "France proposes peace with Germany and that France and Germany keep out of Burgundy");
  EXPECT_EQ(said("FRA", "CCL (PRP (NOT (XDO ((FRA AMY PAR) MTO BUR))))", Language::En),
            "France withdraws the proposal of not the order “A Paris - Burgundy”");
}

}  // namespace
}  // namespace stratagem::daide
