#include "stratagem/formats/diplomacy_press.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "stratagem/formats/diplomacy_text.h"
#include "stratagem/formats/diplomacy_words.h"

namespace stratagem::formats {

using diplomacy::Arrangement;
using diplomacy::Language;
using diplomacy::Power;
using diplomacy::PressMessage;

namespace {

// The sentences of press, per language. {sender} is the power speaking, {a} the
// arrangement in words; the arrangements' own fields are named in each.
struct PressWords {
  std::array<std::string_view, 5> messages;  // by PressMessage::Kind: {sender} {a}
  std::string_view peace_with;               // {others}: the sender's peace with them
  std::string_view peace_among;              // {powers}
  std::string_view alliance;                 // {powers} {against}
  std::string_view draw, draw_among;         // -, {powers}
  std::string_view solo;                     // {power}
  std::string_view demilitarised;            // {powers} {provinces}
  std::string_view order;                    // {order}
  std::string_view both, either;             // {list}: the parts joined
  std::string_view and_separator, or_separator;
  std::string_view not_, no_arrangement;     // {a}
};

constexpr PressWords kEnglish{
    {"{sender} proposes {a}", "{sender} accepts {a}", "{sender} rejects {a}", "{sender} will not answer about {a}",
     "{sender} withdraws the proposal of {a}"},
    "peace with {others}", "peace among {powers}", "an alliance of {powers} against {against}", "a draw",
    "a draw shared by {powers}", "a solo victory for {power}", "that {powers} keep out of {provinces}",
    "the order “{order}”", "{list}", "either {list}", " and ", " or ", "not {a}", "no arrangement about {a}"};
constexpr PressWords kTraditional{
    {"{sender}提議{a}", "{sender}接受{a}", "{sender}拒絕{a}", "{sender}不回應關於{a}的提議", "{sender}撤回{a}的提議"},
    "與{others}和平", "{powers}之間和平", "{powers}結盟對抗{against}", "和局", "{powers}共享和局", "{power}單獨勝利",
    "{powers}不進入{provinces}", "下達指令「{order}」", "{list}", "{list}之一", "，並且", "，或", "不{a}",
    "不就{a}作任何約定"};
constexpr PressWords kSimplified{
    {"{sender}提议{a}", "{sender}接受{a}", "{sender}拒绝{a}", "{sender}不回应关于{a}的提议", "{sender}撤回{a}的提议"},
    "与{others}和平", "{powers}之间和平", "{powers}结盟对抗{against}", "和局", "{powers}共享和局", "{power}单独胜利",
    "{powers}不进入{provinces}", "下达指令“{order}”", "{list}", "{list}之一", "，并且", "，或", "不{a}",
    "不就{a}作任何约定"};
constexpr PressWords kJapanese{
    {"{sender}は{a}を提案", "{sender}は{a}を受諾", "{sender}は{a}を拒否", "{sender}は{a}について回答しない",
     "{sender}は{a}の提案を撤回"},
    "{others}との和平", "{powers}の間の和平", "{powers}による対{against}同盟", "引き分け", "{powers}での引き分け",
    "{power}の単独勝利", "{powers}が{provinces}に入らないこと", "命令「{order}」", "{list}", "{list}のいずれか",
    "、かつ", "、または", "{a}をしないこと", "{a}について取り決めないこと"};

const PressWords& press_words(Language language) {
  switch (language) {
    case Language::ZhHant: return kTraditional;
    case Language::ZhHans: return kSimplified;
    case Language::Ja: return kJapanese;
    default: return kEnglish;
  }
}

class PressWriter {
 public:
  PressWriter(const diplomacy::Variant& variant, Language language)
      : variant_(variant), language_(language), words_(press_words(language)), separator_(words_in(language).list_separator) {}

  std::string message(Power sender, const PressMessage& message) const {
    return fmt::format(fmt::runtime(words_.messages[static_cast<std::size_t>(message.kind)]),
                       fmt::arg("sender", power(sender)), fmt::arg("a", arrangement(message.arrangement, sender)));
  }

 private:
  std::string power(Power p) const { return variant_.power_name(p, language_); }
  std::string powers(const std::vector<Power>& list) const {
    std::vector<std::string> names;
    for (const Power p : list) names.push_back(power(p));
    return fmt::format("{}", fmt::join(names, separator_));
  }

  std::string arrangement(const Arrangement& a, Power sender) const {
    using Kind = Arrangement::Kind;
    const auto fill = [](std::string_view pattern, auto&&... args) {
      return fmt::format(fmt::runtime(pattern), std::forward<decltype(args)>(args)...);
    };
    switch (a.kind) {
      case Kind::Peace: {
        if (std::find(a.powers.begin(), a.powers.end(), sender) != a.powers.end()) {
          std::vector<Power> others;
          for (const Power p : a.powers)
            if (p != sender) others.push_back(p);
          return fill(words_.peace_with, fmt::arg("others", powers(others)));
        }
        return fill(words_.peace_among, fmt::arg("powers", powers(a.powers)));
      }
      case Kind::Alliance:
        return fill(words_.alliance, fmt::arg("powers", powers(a.powers)), fmt::arg("against", powers(a.against)));
      case Kind::Draw:
        return a.powers.empty() ? std::string(words_.draw) : fill(words_.draw_among, fmt::arg("powers", powers(a.powers)));
      case Kind::Solo:
        return fill(words_.solo, fmt::arg("power", a.powers.empty() ? std::string() : power(a.powers.front())));
      case Kind::Demilitarised: {
        std::vector<std::string> places;
        for (const diplomacy::Province p : a.provinces) places.push_back(variant_.province_name(p, language_));
        return fill(words_.demilitarised, fmt::arg("powers", powers(a.powers)),
                    fmt::arg("provinces", fmt::format("{}", fmt::join(places, separator_))));
      }
      case Kind::Orders: {
        diplomacy::ParsedOrder parsed;
        parsed.order = a.order;
        parsed.target_type = a.other_type;
        return fill(words_.order, fmt::arg("order", order_in_words(variant_, parsed, language_)));
      }
      case Kind::And:
      case Kind::Or: {
        std::vector<std::string> parts;
        for (const Arrangement& part : a.parts) parts.push_back(arrangement(part, sender));
        const bool both = a.kind == Kind::And;
        return fill(both ? words_.both : words_.either,
                    fmt::arg("list", fmt::format("{}", fmt::join(parts, both ? words_.and_separator : words_.or_separator))));
      }
      case Kind::Not:
      case Kind::NoArrangement:
        return fill(a.kind == Kind::Not ? words_.not_ : words_.no_arrangement,
                    fmt::arg("a", a.parts.empty() ? std::string() : arrangement(a.parts.front(), sender)));
    }
    return {};
  }

  const diplomacy::Variant& variant_;
  Language language_;
  const PressWords& words_;
  std::string_view separator_;
};

}  // namespace

std::string press_sentence(const diplomacy::Variant& variant, Power sender, const PressMessage& message,
                           Language language) {
  return PressWriter(variant, language).message(sender, message);
}

}  // namespace stratagem::formats
