// Every sentence we write for an order reads back as that order, in every language
// (issue 29 §6): the page's sentences (web/src/ui/i18n.tsx orderSentence, from the locale
// files' game.sentence templates and the page's names, web/src/generated/variant.json),
// the server's (order_in_words: notices, results, press), and the ways players write the
// same orders in prose.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_text.h"

namespace stratagem::diplomacy {
namespace {

const Variant& map() { return standard_variant(); }

// A file of the web client: under WEB_DIR (set by CTest), else beside tests/.
std::filesystem::path web_path(std::string_view relative) {
  const char* web = std::getenv("WEB_DIR");
  const auto dir = web && *web ? std::filesystem::path(web)
                               : std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "web";
  return dir / relative;
}

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return nlohmann::json::parse(in);
}

// Fills "{{name}}" as i18next does.
std::string fill(std::string text, const std::map<std::string, std::string>& values) {
  for (const auto& [name, value] : values) {
    const std::string slot = "{{" + name + "}}";
    for (auto at = text.find(slot); at != std::string::npos; at = text.find(slot, at + value.size()))
      text.replace(at, slot.size(), value);
  }
  return text;
}

// orderSentence (web/src/ui/i18n.tsx) over the canonical order, in one page language.
class PageWords {
 public:
  explicit PageWords(const std::string& language)
      : game_(read_json(web_path("src/i18n/locales/" + language + ".json"))["game"]),
        language_(language) {
    for (const auto& province : variant_json()["provinces"]) {
      places_[province["code"]] = name_in(province["names"]);
      for (const auto& [coast, names] : province["coasts"].items())
        places_[province["code"].get<std::string>() + "/" + coast] = name_in(names["names"]);
    }
  }

  std::string sentence(std::string_view canonical) const {
    std::vector<std::string> w;
    for (std::size_t at = 0; at <= canonical.size();) {
      const auto end = std::min(canonical.find(' ', at), canonical.size());
      w.emplace_back(canonical.substr(at, end - at));
      at = end + 1;
    }
    if (w[0] == "WAIVE") return game_["sentence"]["waive"];
    const std::string me = unit(w[0], w[1]);
    const auto say = [&](const char* key, std::map<std::string, std::string> values) {
      return fill(game_["sentence"][key], values);
    };
    if (w[2] == "H") return say("hold", {{"unit", me}});
    if (w[2] == "-")
      return say(w.size() > 4 && w[4] == "VIA" ? "moveVia" : "move", {{"unit", me}, {"to", places_.at(w[3])}});
    if (w[2] == "S" && w.size() > 5)
      return say("supportMove", {{"unit", me}, {"other", unit(w[3], w[4])}, {"to", places_.at(w[6])}});
    if (w[2] == "S") return say("supportHold", {{"unit", me}, {"other", unit(w[3], w[4])}});
    if (w[2] == "C") return say("convoy", {{"unit", me}, {"other", unit(w[3], w[4])}, {"to", places_.at(w[6])}});
    if (w[2] == "R") return say("retreat", {{"unit", me}, {"to", places_.at(w[3])}});
    if (w[2] == "D") return say("disband", {{"unit", me}});
    return say("build", {{"kind", kind(w[0])}, {"place", places_.at(w[1])}});
  }

 private:
  static const nlohmann::json& variant_json() {
    static const nlohmann::json variant = read_json(web_path("src/generated/variant.json"));
    return variant;
  }
  std::string name_in(const nlohmann::json& names) const {
    return names.contains(language_) ? names[language_] : names["en"];
  }
  std::string kind(const std::string& type) const { return game_[type == "A" ? "army" : "fleet"]; }
  std::string unit(const std::string& type, const std::string& at) const {
    return fill(game_["unitAt"], {{"kind", kind(type)}, {"place", places_.at(at)}});
  }

  nlohmann::json game_;
  std::string language_;
  std::map<std::string, std::string> places_;
};

struct Case {
  PhaseType phase;
  std::string_view canonical;
};

// One order of every kind, with coasts, seas and multi-word names among the places.
constexpr Case kOrders[] = {
    {PhaseType::Movement, "A PAR H"},
    {PhaseType::Movement, "A PAR - BUR"},
    {PhaseType::Movement, "F MAO - SPA/SC"},
    {PhaseType::Movement, "F NTH - NWG"},
    {PhaseType::Movement, "A LON - BEL VIA"},
    {PhaseType::Movement, "A MAR S A PAR"},
    {PhaseType::Movement, "F BUL/SC S F CON"},
    {PhaseType::Movement, "A MAR S A PAR - BUR"},
    {PhaseType::Movement, "F MAO S F BRE - SPA/NC"},
    {PhaseType::Movement, "F NTH C A LON - BEL"},
    {PhaseType::Movement, "F ENG C A LON - BRE"},
    {PhaseType::Retreat, "F NTH R NWG"},
    {PhaseType::Retreat, "A MUN R TYR"},
    {PhaseType::Retreat, "F NTH D"},
    {PhaseType::Adjustment, "A PAR B"},
    {PhaseType::Adjustment, "F STP/NC B"},
    {PhaseType::Adjustment, "F SMY B"},
    {PhaseType::Adjustment, "A PAR D"},
    {PhaseType::Adjustment, "WAIVE"},
};

constexpr std::string_view kPageLanguages[] = {"en", "ja", "zh-Hant", "zh-Hans"};
constexpr Language kLanguages[] = {Language::En, Language::Ja, Language::ZhHant, Language::ZhHans};

std::string read_back(std::string_view text, PhaseType phase) {
  const auto parsed = parse_order(map(), text, phase);
  if (!parsed) return "error: " + parsed.error().message;
  return format_order(map(), parsed->order, parsed->target_type_given ? parsed->target_type : UnitType::Army);
}

TEST(OrderRoundTrip, ThePagesSentenceOfEveryOrderReadsBackAsThatOrder) {
  for (const std::string_view language : kPageLanguages) {
    const PageWords page{std::string(language)};
    for (const Case& order : kOrders) {
      const std::string sentence = page.sentence(order.canonical);
      EXPECT_EQ(read_back(sentence, order.phase), order.canonical) << language << ": " << sentence;
    }
  }
}

TEST(OrderRoundTrip, TheServersSentenceOfEveryOrderReadsBackAsThatOrder) {
  for (const Language language : kLanguages) {
    for (const Case& order : kOrders) {
      const auto parsed = parse_order(map(), order.canonical, order.phase);
      ASSERT_TRUE(parsed) << order.canonical;
      const std::string sentence = formats::order_in_words(map(), *parsed, language);
      EXPECT_EQ(read_back(sentence, order.phase), order.canonical) << language_code(language) << ": " << sentence;
    }
  }
}

struct Prose {
  std::string_view text;
  PhaseType phase;
  std::string_view canonical;
};

void PrintTo(const Prose& prose, std::ostream* os) { *os << '"' << prose.text << '"'; }

// As players write orders: with or without の/的, が/は, へ/に, the seeds' words (攻擊,
// 護航, 運輸, 輸送, 退却, 建設 ...), a nationality before the unit as the rulebooks write it
// (英國在倫敦的陸軍), and Japanese verbs with する.
constexpr Prose kProse[] = {
    // Japanese.
    {"パリの陸軍がブルゴーニュへ移動", PhaseType::Movement, "A PAR - BUR"},
    {"パリの陸軍はブルゴーニュに移動する", PhaseType::Movement, "A PAR - BUR"},
    {"パリ陸軍がブルゴーニュへ移動します", PhaseType::Movement, "A PAR - BUR"},
    {"陸軍 パリ 移動 ブルゴーニュ", PhaseType::Movement, "A PAR - BUR"},
    {"パリの陸軍、ブルゴーニュへ", PhaseType::Movement, "A PAR - BUR"},
    {"ロンドンの陸軍が輸送でベルギーへ移動", PhaseType::Movement, "A LON - BEL VIA"},
    {"マルセイユの陸軍がパリの陸軍のブルゴーニュへの移動を支援", PhaseType::Movement, "A MAR S A PAR - BUR"},
    {"マルセイユの陸軍がパリの陸軍のブルゴーニュへの移動をサポート", PhaseType::Movement, "A MAR S A PAR - BUR"},
    {"マルセイユの陸軍はパリの陸軍を支援する", PhaseType::Movement, "A MAR S A PAR"},
    {"北海の海軍がロンドンの陸軍をベルギーへ輸送", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"北海の海軍がロンドンの陸軍をベルギーに護送", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"パリの陸軍が維持", PhaseType::Movement, "A PAR H"},
    {"北海の海軍がノルウェー海へ撤退", PhaseType::Retreat, "F NTH R NWG"},
    {"北海の海軍が解散", PhaseType::Retreat, "F NTH D"},
    {"パリに陸軍を建設", PhaseType::Adjustment, "A PAR B"},
    {"パリに陸軍を増設する", PhaseType::Adjustment, "A PAR B"},
    {"パリの陸軍を解散", PhaseType::Adjustment, "A PAR D"},
    // Traditional Chinese.
    {"巴黎的陸軍移動至勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"巴黎陸軍移動到勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"巴黎的陸軍攻擊勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"在巴黎的陸軍進攻勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"法國在巴黎的陸軍移動至勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"倫敦的陸軍經由運輸移動至比利時", PhaseType::Movement, "A LON - BEL VIA"},
    {"馬賽的陸軍支援巴黎的陸軍移動至勃艮第", PhaseType::Movement, "A MAR S A PAR - BUR"},
    {"馬賽的陸軍支持巴黎的陸軍留守", PhaseType::Movement, "A MAR S A PAR"},
    {"北海的艦隊護航倫敦的陸軍至比利時", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"北海的艦隊運輸倫敦的陸軍到比利時", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"北海的艦隊撤退至挪威海", PhaseType::Retreat, "F NTH R NWG"},
    {"在巴黎建造陸軍", PhaseType::Adjustment, "A PAR B"},
    {"在巴黎建立陸軍", PhaseType::Adjustment, "A PAR B"},
    {"解散巴黎的陸軍", PhaseType::Adjustment, "A PAR D"},
    // Simplified Chinese.
    {"巴黎的陆军移动至勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"巴黎陆军进攻勃艮第", PhaseType::Movement, "A PAR - BUR"},
    {"伦敦的陆军经由运输移动至比利时", PhaseType::Movement, "A LON - BEL VIA"},
    {"马赛的陆军支持巴黎的陆军移动到勃艮第", PhaseType::Movement, "A MAR S A PAR - BUR"},
    {"北海的舰队运输伦敦的陆军至比利时", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"北海的舰队护送伦敦的陆军至比利时", PhaseType::Movement, "F NTH C A LON - BEL"},
    {"在巴黎建造舰队", PhaseType::Adjustment, "F PAR B"},
    {"放弃一次建造", PhaseType::Adjustment, "WAIVE"},
};

class ProseOrder : public ::testing::TestWithParam<Prose> {};

TEST_P(ProseOrder, ReadsAsTheCanonicalOrder) {
  const Prose& prose = GetParam();
  EXPECT_EQ(read_back(prose.text, prose.phase), prose.canonical) << prose.text;
}

INSTANTIATE_TEST_SUITE_P(JapaneseAndChinese, ProseOrder, ::testing::ValuesIn(kProse));

}  // namespace
}  // namespace stratagem::diplomacy
