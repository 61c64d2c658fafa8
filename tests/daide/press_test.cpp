// Structured press in DAIDE's tokens: every arrangement of levels 10-30 read into the
// model and written back token for token, and malformed press refused with its reason.
#include <gtest/gtest.h>

#include "stratagem/daide/press.h"
#include "stratagem/diplomacy/variant.h"

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

}  // namespace
}  // namespace stratagem::daide
