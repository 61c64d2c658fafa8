#include "stratagem/formats/diplomacy_press.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_text.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/forward_error.h"

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
  std::string_view last_item;                // before the last of a list of names: "England, France and Germany"
  // An agreement in force, between {powers} (the deal's parties): a peace, an alliance
  // ({against}), a zone ({provinces}), anything else ({a}, the arrangement's words); then
  // since when ({agreement} {season} {year}).
  std::string_view agreed_peace, agreed_alliance, agreed_zone, agreed_other, agreed_since;
};

constexpr PressWords kEnglish{
    {"{sender} proposes {a}", "{sender} accepts {a}", "{sender} rejects {a}", "{sender} will not answer about {a}",
     "{sender} withdraws the proposal of {a}"},
    "peace with {others}", "peace among {powers}", "an alliance of {powers} against {against}", "a draw",
    "a draw shared by {powers}", "a solo victory for {power}", "that {powers} keep out of {provinces}",
    "the order “{order}”", "{list}", "either {list}", " and ", " or ", "not {a}", "no arrangement about {a}", " and ",
    "{powers} at peace", "{powers} allied against {against}", "{powers} keeping out of {provinces}",
    "{powers} agreed on {a}", "{agreement} since {season} {year}"};
constexpr PressWords kTraditional{
    {"{sender}提議{a}", "{sender}接受{a}", "{sender}拒絕{a}", "{sender}不回應關於{a}的提議", "{sender}撤回{a}的提議"},
    "與{others}和平", "{powers}之間和平", "{powers}結盟對抗{against}", "和局", "{powers}共享和局", "{power}單獨勝利",
    "{powers}不進入{provinces}", "下達指令「{order}」", "{list}", "{list}之一", "，並且", "，或", "不{a}",
    "不就{a}作任何約定", "與",
    "{powers}和平相處", "{powers}結盟對抗{against}", "{powers}不進入{provinces}", "{powers}約定{a}",
    "自{year}年{season}起，{agreement}"};
constexpr PressWords kSimplified{
    {"{sender}提议{a}", "{sender}接受{a}", "{sender}拒绝{a}", "{sender}不回应关于{a}的提议", "{sender}撤回{a}的提议"},
    "与{others}和平", "{powers}之间和平", "{powers}结盟对抗{against}", "和局", "{powers}共享和局", "{power}单独胜利",
    "{powers}不进入{provinces}", "下达指令“{order}”", "{list}", "{list}之一", "，并且", "，或", "不{a}",
    "不就{a}作任何约定", "与",
    "{powers}和平相处", "{powers}结盟对抗{against}", "{powers}不进入{provinces}", "{powers}约定{a}",
    "自{year}年{season}起，{agreement}"};
constexpr PressWords kJapanese{
    {"{sender}は{a}を提案", "{sender}は{a}を受諾", "{sender}は{a}を拒否", "{sender}は{a}について回答しない",
     "{sender}は{a}の提案を撤回"},
    "{others}との和平", "{powers}の間の和平", "{powers}による対{against}同盟", "引き分け", "{powers}での引き分け",
    "{power}の単独勝利", "{powers}が{provinces}に入らないこと", "命令「{order}」", "{list}", "{list}のいずれか",
    "、かつ", "、または", "{a}をしないこと", "{a}について取り決めないこと", "と",
    "{powers}は和平中", "{powers}は対{against}同盟中", "{powers}は{provinces}に入らない", "{powers}は{a}で合意",
    "{year}年{season}から、{agreement}"};

const PressWords& press_words(Language language) {
  switch (language) {
    case Language::ZhHant: return kTraditional;
    case Language::ZhHans: return kSimplified;
    case Language::Ja: return kJapanese;
    default: return kEnglish;
  }
}

// {voter}: for the draw, against it, for the end by lot, against it.
constexpr std::array<std::array<std::string_view, 4>, 4> kVotes{{
    {"{voter} votes for the draw", "{voter} votes against the draw", "{voter} votes to end the game by lot",
     "{voter} votes against ending the game by lot"},
    {"{voter}投票贊成和局", "{voter}投票反對和局", "{voter}投票贊成抽籤結束遊戲", "{voter}投票反對抽籤結束遊戲"},
    {"{voter}投票赞成和局", "{voter}投票反对和局", "{voter}投票赞成抽签结束游戏", "{voter}投票反对抽签结束游戏"},
    {"{voter}は引き分けに賛成", "{voter}は引き分けに反対", "{voter}はくじでの終局に賛成", "{voter}はくじでの終局に反対"},
}};

class PressWriter {
 public:
  PressWriter(const diplomacy::Variant& variant, Language language)
      : variant_(variant), language_(language), words_(press_words(language)), separator_(words_in(language).list_separator) {}

  std::string message(Power sender, const PressMessage& message) const {
    return fmt::format(fmt::runtime(words_.messages[static_cast<std::size_t>(message.kind)]),
                       fmt::arg("sender", power(sender)), fmt::arg("a", arrangement(message.arrangement, sender)));
  }

  std::string agreement(const std::vector<Power>& parties, const Arrangement& a, diplomacy::Phase since) const {
    using Kind = Arrangement::Kind;
    const std::string who = powers(parties);
    std::string in_force;
    if (a.kind == Kind::Peace) {
      in_force = fmt::format(fmt::runtime(words_.agreed_peace), fmt::arg("powers", who));
    } else if (a.kind == Kind::Alliance) {
      in_force = fmt::format(fmt::runtime(words_.agreed_alliance), fmt::arg("powers", who),
                             fmt::arg("against", powers(a.against)));
    } else if (a.kind == Kind::Demilitarised) {
      in_force = fmt::format(fmt::runtime(words_.agreed_zone), fmt::arg("powers", who),
                             fmt::arg("provinces", provinces(a.provinces)));
    } else {
      in_force = fmt::format(fmt::runtime(words_.agreed_other), fmt::arg("powers", who),
                             fmt::arg("a", arrangement(a, parties.empty() ? Power::None : parties.front())));
    }
    const Words& words = words_in(language_);
    return fmt::format(fmt::runtime(words_.agreed_since), fmt::arg("agreement", in_force),
                       fmt::arg("season", words.seasons[static_cast<std::size_t>(since.season)]),
                       fmt::arg("year", since.year));
  }

 private:
  std::string power(Power p) const { return variant_.power_name(p, language_); }
  std::string powers(const std::vector<Power>& list) const {
    std::vector<std::string> names;
    for (const Power p : list) names.push_back(power(p));
    return listed(names);
  }
  std::string provinces(const std::vector<diplomacy::Province>& list) const {
    std::vector<std::string> places;
    for (const diplomacy::Province p : list) places.push_back(variant_.province_name(p, language_));
    return listed(places);
  }
  // "England, France and Germany", "英國、法國與德國", "イギリス、フランスとドイツ".
  std::string listed(const std::vector<std::string>& names) const {
    if (names.size() < 2) return names.empty() ? std::string() : names.front();
    const std::vector<std::string> head(names.begin(), names.end() - 1);
    return fmt::format("{}{}{}", fmt::join(head, separator_), words_.last_item, names.back());
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
      case Kind::Demilitarised:
        return fill(words_.demilitarised, fmt::arg("powers", powers(a.powers)), fmt::arg("provinces", provinces(a.provinces)));
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

std::string vote_sentence(const diplomacy::Variant& variant, Power voter, bool on_draw, bool accept, Language language) {
  const std::size_t row = language == Language::ZhHant ? 1 : language == Language::ZhHans ? 2 : language == Language::Ja ? 3 : 0;
  const std::size_t column = (on_draw ? 0 : 2) + (accept ? 0 : 1);
  return fmt::format(fmt::runtime(kVotes[row][column]), fmt::arg("voter", variant.power_name(voter, language)));
}

std::string press_sentence(const diplomacy::Variant& variant, Power sender, const PressMessage& message,
                           Language language) {
  return PressWriter(variant, language).message(sender, message);
}

std::string agreement_sentence(const diplomacy::Variant& variant, const std::vector<Power>& parties,
                               const Arrangement& arrangement, diplomacy::Phase since, Language language) {
  return PressWriter(variant, language).agreement(parties, arrangement, since);
}

namespace {

using nlohmann::json;
using Kind = Arrangement::Kind;

constexpr std::array<std::string_view, 5> kMessageKinds = {"propose", "accept", "reject", "refuse", "cancel"};
constexpr std::array<std::string_view, 10> kTypes = {"peace", "alliance", "draw",  "solo", "dmz",
                                                     "order", "and",      "or",    "not",  "no_arrangement"};

// The kind of phase an order belongs to: "A PAR D" is a disband in a retreat phase and a
// removal in an adjustment phase.
constexpr std::array<std::string_view, 3> kPhases = {"movement", "retreat", "adjustment"};
std::string_view phase_of(diplomacy::OrderKind kind) {
  using diplomacy::OrderKind;
  if (kind == OrderKind::Retreat || kind == OrderKind::Disband) return kPhases[1];
  if (kind == OrderKind::Build || kind == OrderKind::Remove || kind == OrderKind::Waive) return kPhases[2];
  return kPhases[0];
}

json power_codes(const diplomacy::Variant& variant, const std::vector<Power>& powers) {
  json out = json::array();
  for (const Power p : powers) out.push_back(variant.power_code(p));
  return out;
}

json arrangement_json(const diplomacy::Variant& variant, const Arrangement& a) {
  json out = {{"type", kTypes[static_cast<std::size_t>(a.kind)]}};
  switch (a.kind) {
    case Kind::Peace: out["powers"] = power_codes(variant, a.powers); break;
    case Kind::Alliance:
      out["powers"] = power_codes(variant, a.powers);
      out["against"] = power_codes(variant, a.against);
      break;
    case Kind::Draw:
      if (!a.powers.empty()) out["powers"] = power_codes(variant, a.powers);
      break;
    case Kind::Solo: out["power"] = a.powers.empty() ? json(nullptr) : json(variant.power_code(a.powers.front())); break;
    case Kind::Demilitarised: {
      out["powers"] = power_codes(variant, a.powers);
      json provinces = json::array();
      for (const diplomacy::Province p : a.provinces) provinces.push_back(variant.province_code(p));
      out["provinces"] = std::move(provinces);
      break;
    }
    case Kind::Orders: {
      out["order"] = diplomacy::format_order(variant, a.order, a.other_type);
      out["phase"] = phase_of(a.order.kind());
      out["power"] = variant.power_code(a.order_power);
      if (a.other_power != Power::None) out["other_power"] = variant.power_code(a.other_power);
      if (!a.route.empty()) {
        json route = json::array();
        for (const diplomacy::Province p : a.route) route.push_back(variant.province_code(p));
        out["route"] = std::move(route);
      }
      break;
    }
    case Kind::And:
    case Kind::Or: {
      json parts = json::array();
      for (const Arrangement& part : a.parts) parts.push_back(arrangement_json(variant, part));
      out["parts"] = std::move(parts);
      break;
    }
    case Kind::Not:
    case Kind::NoArrangement:
      out["part"] = a.parts.empty() ? json(nullptr) : arrangement_json(variant, a.parts.front());
      break;
  }
  return out;
}

class JsonReader {
 public:
  explicit JsonReader(const diplomacy::Variant& variant) : variant_(variant) {}

  tl::expected<Arrangement, std::string> arrangement(const json& value, const std::string& path) const {
    if (!value.is_object()) return fail(path, "must be an object with a \"type\"");
    const auto type = value.find("type");
    if (type == value.end() || !type->is_string()) return fail(path + ".type", "is missing");
    const auto found = std::find(kTypes.begin(), kTypes.end(), type->get<std::string>());
    if (found == kTypes.end())
      return fail(path + ".type", "must be one of peace, alliance, draw, solo, dmz, order, and, or, not, no_arrangement");
    Arrangement out;
    out.kind = static_cast<Kind>(found - kTypes.begin());
    const auto need_powers = [&](const char* field, std::vector<Power>& into, std::size_t least) -> tl::expected<void, std::string> {
      STRATAGEM_TRY_ASSIGN(auto list, powers(value, field, path));
      if (list.size() < least)
        return tl::unexpected(fmt::format("{}.{}: needs at least {} power{}", path, field, least, least == 1 ? "" : "s"));
      into = std::move(list);
      return {};
    };
    switch (out.kind) {
      case Kind::Peace:
        STRATAGEM_TRY(need_powers("powers", out.powers, 2));
        return out;
      case Kind::Alliance:
        STRATAGEM_TRY(need_powers("powers", out.powers, 2));
        STRATAGEM_TRY(need_powers("against", out.against, 1));
        return out;
      case Kind::Draw:
        if (value.contains("powers"))
          STRATAGEM_TRY(need_powers("powers", out.powers, 2));
        return out;
      case Kind::Solo: {
        const auto power = value.find("power");
        if (power == value.end() || !power->is_string()) return fail(path + ".power", "is missing");
        auto p = read_power(variant_, power->get<std::string>());
        if (!p) return fail(path + ".power", p.error());
        out.powers = {*p};
        return out;
      }
      case Kind::Demilitarised: {
        STRATAGEM_TRY(need_powers("powers", out.powers, 1));
        const auto provinces = value.find("provinces");
        if (provinces == value.end() || !provinces->is_array() || provinces->empty())
          return fail(path + ".provinces", "must be a non-empty list of provinces");
        for (std::size_t i = 0; i < provinces->size(); ++i) {
          const json& item = (*provinces)[i];
          auto place = item.is_string() ? read_location(variant_, item.get<std::string>())
                                        : tl::expected<diplomacy::Location, std::string>(tl::unexpected(std::string("must be a province")));
          if (!place) return fail(fmt::format("{}.provinces[{}]", path, i), place.error());
          out.provinces.push_back(variant_.province_of(*place));
        }
        return out;
      }
      case Kind::Orders: {
        const auto order = value.find("order");
        if (order == value.end() || !order->is_string()) return fail(path + ".order", "is missing");
        const auto power = value.find("power");
        if (power == value.end() || !power->is_string()) return fail(path + ".power", "is missing");
        auto p = read_power(variant_, power->get<std::string>());
        if (!p) return fail(path + ".power", p.error());
        auto phase = diplomacy::PhaseType::Movement;
        if (const auto written = value.find("phase"); written != value.end()) {
          const auto at = written->is_string() ? std::find(kPhases.begin(), kPhases.end(), written->get<std::string>())
                                               : kPhases.end();
          if (at == kPhases.end()) return fail(path + ".phase", "must be movement, retreat or adjustment");
          phase = static_cast<diplomacy::PhaseType>(at - kPhases.begin());
        }
        auto parsed = diplomacy::parse_order(variant_, order->get<std::string>(), phase);
        if (!parsed) return fail(path + ".order", parsed.error().message);
        out.order = parsed->order;
        out.order_power = *p;
        out.other_type = parsed->target_type;
        if (const auto other = value.find("other_power"); other != value.end()) {
          auto q = other->is_string() ? read_power(variant_, other->get<std::string>())
                                      : tl::expected<Power, std::string>(tl::unexpected(std::string("must be a power")));
          if (!q) return fail(path + ".other_power", q.error());
          out.other_power = *q;
        }
        if (const auto route = value.find("route"); route != value.end()) {
          if (!route->is_array()) return fail(path + ".route", "must be a list of seas");
          for (std::size_t i = 0; i < route->size(); ++i) {
            auto sea = (*route)[i].is_string() ? read_location(variant_, (*route)[i].get<std::string>())
                                               : tl::expected<diplomacy::Location, std::string>(tl::unexpected(std::string("must be a sea")));
            if (!sea) return fail(fmt::format("{}.route[{}]", path, i), sea.error());
            out.route.push_back(variant_.province_of(*sea));
          }
        }
        return out;
      }
      case Kind::And:
      case Kind::Or: {
        const auto parts = value.find("parts");
        if (parts == value.end() || !parts->is_array() || parts->size() < 2)
          return fail(path + ".parts", "must list two or more arrangements");
        for (std::size_t i = 0; i < parts->size(); ++i) {
          auto part = arrangement((*parts)[i], fmt::format("{}.parts[{}]", path, i));
          if (!part) return part;
          out.parts.push_back(std::move(*part));
        }
        return out;
      }
      case Kind::Not:
      case Kind::NoArrangement: {
        const auto part = value.find("part");
        if (part == value.end()) return fail(path + ".part", "is missing");
        auto inner = arrangement(*part, path + ".part");
        if (!inner) return inner;
        out.parts.push_back(std::move(*inner));
        return out;
      }
    }
    return fail(path, "is not an arrangement");
  }

 private:
  static tl::unexpected<std::string> fail(const std::string& path, std::string_view why) {
    return tl::unexpected(fmt::format("{}: {}", path, why));
  }

  tl::expected<std::vector<Power>, std::string> powers(const json& value, const char* field, const std::string& path) const {
    const auto list = value.find(field);
    const std::string where = fmt::format("{}.{}", path, field);
    if (list == value.end() || !list->is_array()) return tl::unexpected(where + ": must be a list of powers");
    std::vector<Power> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const json& item = (*list)[i];
      auto p = item.is_string() ? read_power(variant_, item.get<std::string>())
                                : tl::expected<Power, std::string>(tl::unexpected(std::string("must be a power")));
      if (!p) return tl::unexpected(fmt::format("{}[{}]: {}", where, i, p.error()));
      if (std::find(out.begin(), out.end(), *p) != out.end())
        return tl::unexpected(fmt::format("{}[{}]: {} is named twice", where, i, variant_.power_code(*p)));
      out.push_back(*p);
    }
    return out;
  }

  const diplomacy::Variant& variant_;
};

}  // namespace

nlohmann::json press_json(const diplomacy::Variant& variant, const PressMessage& message) {
  return {{"kind", kMessageKinds[static_cast<std::size_t>(message.kind)]},
          {"arrangement", arrangement_json(variant, message.arrangement)}};
}

tl::expected<PressMessage, std::string> press_from_json(const diplomacy::Variant& variant, const nlohmann::json& value) {
  if (!value.is_object()) return tl::unexpected(std::string("press: must be an object with \"kind\" and \"arrangement\""));
  const auto kind = value.find("kind");
  if (kind == value.end() || !kind->is_string()) return tl::unexpected(std::string("kind: is missing"));
  const auto found = std::find(kMessageKinds.begin(), kMessageKinds.end(), kind->get<std::string>());
  if (found == kMessageKinds.end())
    return tl::unexpected(std::string("kind: must be one of propose, accept, reject, refuse, cancel"));
  const auto arrangement = value.find("arrangement");
  if (arrangement == value.end()) return tl::unexpected(std::string("arrangement: is missing"));
  STRATAGEM_TRY_ASSIGN(auto read, JsonReader(variant).arrangement(*arrangement, "arrangement"));
  return PressMessage{static_cast<PressMessage::Kind>(found - kMessageKinds.begin()), std::move(read)};
}

}  // namespace stratagem::formats
