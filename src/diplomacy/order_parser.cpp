// Reads one order, as a person writes it, into a ParsedOrder.
//
// Accepted grammar (blanks between words are optional: CJK text is usually written
// without them; English words must be separated from each other):
//
//   order      := waive                                 "WAIVE", 放棄
//               | (build | remove | disband) unit        "Build A Par", "Remove pic", 建造 陸軍 倫敦
//               | type build [in] place                  "Fleet built in Smyrna"
//               | unit [subject] verb-clause             (a unit without a verb is refused)
//               | unit [subject] [via] verb-last         Japanese order, below
//   unit       := [nationality (in | of)] [article] [type] [in] place [[of] type]
//                                                        "A Par", "Fleet St Petersburg(nc)", "Par",
//                                                        "the army in Paris", "a fleet at Brest",
//                                                        パリの陸軍, 巴黎陸軍, 法國在巴黎的陸軍
//   verb-last  := place toward [move | retreat]          がブルゴーニュへ移動
//               | unit object support                    がパリの陸軍を支援
//               | unit of place toward [of] move [object] support
//                                                        がパリの陸軍のブルゴーニュへの移動を支援
//               | place toward of move [object] support  がイギリス海峡への移動を支援 (the unit: from the board)
//               | unit object place toward convoy        がロンドンの陸軍をベルギーへ輸送
//               | toward type [object] build             (パリ)に陸軍を増設
//   of, subject, toward, object := の 的 | が は 、 | へ に まで | を (and "," as a subject's pause)
//   verb-clause:= hold                                   "H", "holds", "stand", 維持, 待機
//               | via move ...                           經由運輸移動至比利時
//               | move ["to"] place [via]                "- Bur", "-> Bur", "M Bur", "moves to Bur",
//                                                        移動(至) 勃艮第
//               | "to" place [via]                       "A Lon to Bel"
//               | retreat [move] ["to"] place            "R Nwg", "retreats to Nwg", 撤退 挪威海
//               | support supported                      "S A Mar - Bur", "S (Gre M Bul)"
//               | support [article] to-place            "supports the move to the Channel",
//                                                        支援移動至英吉利海峽 (the unit: from the board)
//               | convoy convoyed                        "C A Lon - Bel", 運輸 陸軍 倫敦 移動 比利時
//               | disband | build | remove               "D", "B", "disband", 解散, 建造
//   supported  := [nationality] ["("] [nationality] unit [hold | to-place] [")"]
//                 [nationality-tag]                      (one nationality at most)
//   convoyed   := [nationality] ["("] [nationality] unit to-place [")"] [nationality-tag]
//   to-place   := move ["to"] place | "to" place          "- Bel", "moves to Bel", "to Bel"
//   article    := "an" | "the" | "a" followed by a type  ("a" alone is an army)
//   in         := "in" | "at"
//   nationality     := a power's name or adjective in any language ("RUSSIAN", "English", 德國)
//   nationality-tag := "<" nationality ">"                               "<ドイツ>", "＜ドイツ＞"
//   via        := ["("] ("via" ["convoy"] | "by" "convoy" | 經由/通過 [運輸]) [")"]
//   place      := [article] a name of the variant [coast]          "the North Sea"
//   coast      := "/" coast-word | "(" coast-word ")" | coast-abbreviation | direction "coast"
//                 | 北岸 南岸 東岸 西岸 (and 北海岸...) written after the place
//   coast-word := coast-abbreviation | direction ["coast"] | 北岸...
//   coast-abbreviation := nc | sc | ec | wc (and ncs scs ecs wcs)
//
// Any order may close with an ending (する, します, 。). The words of each rule are in
// order_vocabulary.cpp; English words ignore case. Full-width
// forms, dashes, arrows and CJK brackets read as their ASCII counterparts (order_text.h).
//
// Names. A place is the longest run of words that the variant knows after
// normalise_name(): English words joined by blanks, '.', '-', '/' or apostrophes, but
// never across a blank into a word of the vocabulary ("Mar S" is Marseilles then S), and
// CJK characters one by one. So a coast the variant names ("spa/wc", スペイン南岸) reads as
// the variant says. A hyphen with blanks around it is always a move; a bare hyphen is read
// as a move first ("A Swe-Den" is not Sweden) and as part of a name ("Mid-Atlantic Ocean")
// only if the order cannot be read otherwise. Failing an exact name, an English word of at
// least three letters that starts exactly one province's English name ("Mosc", "Sevast")
// names that province; if it starts several, the order is ambiguous and the error lists
// every meaning (seed 000 §2.4.3). A name that is both a power and a place (ENG) is the
// place where a place is expected, and the power where a nationality may stand if a unit
// follows it.
//
// Verbs by phase. Movement: hold, move (+ via), support, convoy. Retreat: move and retreat
// both give a retreat; disband. Adjustment: build; disband and remove both give a removal;
// waive. A verb of another phase is read all the same ("retreat" gives a retreat, "disband"
// a disband outside adjustments): the order is understood, and validation finds it void
// for the phase.
//
// Coasts. A coast on a province with split coasts selects that coast, even where only
// an army could go (DATC 6.B.12: validation decides); a coast the province does not have
// ("Spa/ec") is an error: "Spain has no east coast". A coast written on a province
// without split coasts ("Brest east coast") is ignored (DATC 4.B.6).
//
// Unit types are recorded as written and never judged here (DATC 4.C.2: a wrong type is
// ignored; validation looks at the unit on the board). A convoy order is a fleet's
// order whatever type was written, since an Order cannot express a convoying army.

#include "stratagem/diplomacy/order_parser.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "order_parse_message.h"
#include "order_text.h"
#include "order_vocabulary.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

// Bounds on how far a name may reach, so that any input is read in linear time.
constexpr std::size_t kMaxNameBytes = 96;
constexpr int kMaxNameSegments = 24;
constexpr std::size_t kMinPrefixLength = 3;
constexpr std::size_t kMaxQuotedBytes = 60;

using Failure = tl::unexpected<OrderParseError>;
template <class T>
using Result = tl::expected<T, OrderParseError>;

// Where a supported or convoyed order starts, and what was written before its unit.
struct TargetOpening {
  std::size_t start = 0;
  bool bracketed = false;  // "(Gre M Bul)"
  Power nationality = Power::None;  // "RUSSIAN (War M Pru)"
};

// A unit as the order writes it.
struct WrittenUnit {
  bool type_given = false;
  UnitType type = UnitType::Army;
  Location at = Location::None;
  Power nationality = Power::None;
};

// How a hyphen between two words reads: "A Swe-Den" moves to Denmark, "Mid-Atlantic" is
// one name, and "Swe-Den" could be Sweden. Orders are read with hyphens as moves first,
// and again with hyphens inside names if that fails.
enum class Hyphens : std::uint8_t { Move, InNames };

bool is_name_joiner(char c) { return c == ' ' || c == '.' || c == '-' || c == '\'' || c == '/'; }
bool is_name_char(char c) { return is_ascii_alnum(c) || is_non_ascii(c); }

class OrderReader {
 public:
  // `position`: the board a support naming only its destination is resolved on, or null.
  OrderReader(const Variant& variant, std::string_view original, PhaseType phase, const GameState* position,
              Hyphens hyphens)
      : variant_(variant), original_(original), folded_(fold_order_text(original)),
        text_(folded_.text), phase_(phase), position_(position), hyphens_(hyphens) {}

  Result<ParsedOrder> read() {
    skip_blanks();
    if (pos_ == text_.size()) return fail(pos_, {.problem = ParseProblem::EmptyOrder});
    if (auto built = read_built_unit()) return finish_unit_order(OrderWord::Build, *built);
    if (const auto verb = accept_any({OrderWord::Waive, OrderWord::Build, OrderWord::Remove, OrderWord::Disband})) {
      if (*verb == OrderWord::Waive) return finish(Order::waive(), WrittenUnit{});
      auto unit = read_unit(OrderPart::Unit);
      if (!unit) return Failure(unit.error());
      return finish_unit_order(*verb, *unit);
    }
    auto unit = read_acting_unit();
    if (!unit) return Failure(unit.error());
    return read_verb_clause(*unit);
  }

 private:
  // ---- the order's clauses

  Result<ParsedOrder> read_verb_clause(const WrittenUnit& unit) {
    const std::size_t unit_end = pos_;
    accept_any({OrderWord::Subject, OrderWord::Object});
    const std::size_t verb_at = skip_blanks();
    const bool via = read_via();
    const std::size_t after_via = skip_blanks();
    const auto verb = accept_any({OrderWord::Hold, OrderWord::Move, OrderWord::To, OrderWord::Support,
                                  OrderWord::Convoy, OrderWord::Retreat, OrderWord::Disband, OrderWord::Build,
                                  OrderWord::Remove});
    if (!verb || (via && verb != OrderWord::Move && verb != OrderWord::To)) {
      pos_ = after_via;
      if (auto verb_last = read_verb_last(unit, via)) return *verb_last;
      if (verb_at == text_.size())
        return fail(verb_at, {.problem = ParseProblem::MissingVerb, .written = excerpt(0, unit_end), .phase = phase_});
      return fail(verb_at, {.problem = ParseProblem::UnknownVerb,
                            .written = excerpt(0, unit_end),
                            .found = word_at(verb_at),
                            .phase = phase_});
    }
    switch (*verb) {
      case OrderWord::Hold: return finish(Order::hold(unit.type, unit.at), unit);
      case OrderWord::Move:
      case OrderWord::To:
      case OrderWord::Retreat: return read_move(*verb, unit, via);
      case OrderWord::Support: return read_support(unit);
      case OrderWord::Convoy: return read_convoy(unit);
      default: return finish_unit_order(*verb, unit);
    }
  }

  // `via_before`: "by convoy" came before the verb (經由運輸移動至比利時).
  Result<ParsedOrder> read_move(OrderWord verb, const WrittenUnit& unit, bool via_before) {
    if (verb == OrderWord::Retreat) accept(OrderWord::Move);
    if (verb != OrderWord::To) accept(OrderWord::To);
    auto dest = read_place(OrderPart::Destination);
    if (!dest) return Failure(dest.error());
    const std::size_t via_at = skip_blanks();
    return finish_move(verb, unit, *dest, via_before || read_via(), via_at);
  }

  Result<ParsedOrder> finish_move(OrderWord verb, const WrittenUnit& unit, Location dest, bool via,
                                  std::size_t via_at) {
    if (verb == OrderWord::Retreat || phase_ == PhaseType::Retreat) {
      if (via) return fail(via_at, {.problem = ParseProblem::RetreatByConvoy});
      return finish(Order::retreat(unit.type, unit.at, dest), unit);
    }
    return finish(Order::move(unit.type, unit.at, dest, via), unit);
  }

  // Japanese word order, the verb last: パリの陸軍が(輸送で)ブルゴーニュへ移動, マルセイユの陸軍が
  // パリの陸軍を支援, ...パリの陸軍のブルゴーニュへの移動を支援, 北海の海軍がロンドンの陸軍を
  // ベルギーへ輸送, パリに陸軍を増設. Nothing (and nothing read) when no particle follows the
  // first place or unit: the order has another shape, and its error is the verb's.
  std::optional<Result<ParsedOrder>> read_verb_last(const WrittenUnit& unit, bool via) {
    const std::size_t start = pos_;
    if (!unit.type_given && !via && accept(OrderWord::Toward)) {
      const auto type = accept_any({OrderWord::Army, OrderWord::Fleet});
      if (!type) return fail(skip_blanks(), {.problem = ParseProblem::MissingPart, .written = excerpt(0, pos_)});
      accept(OrderWord::Object);
      if (!accept(OrderWord::Build)) return verb_missing();
      const WrittenUnit built{.type_given = true, .type = unit_type(*type), .at = unit.at};
      return finish(Order::build(built.type, built.at), built);
    }
    if (auto dest = read_place(OrderPart::Destination); dest && accept(OrderWord::Toward)) {
      const std::size_t after_toward = pos_;
      if (!via && accept(OrderWord::Of) && accept(OrderWord::Move)) {
        accept(OrderWord::Object);
        if (!accept(OrderWord::Support)) return verb_missing();
        return support_into(unit, *dest, start);
      }
      pos_ = after_toward;
      const auto verb = accept_any({OrderWord::Move, OrderWord::Retreat});
      return finish_move(verb.value_or(OrderWord::Move), unit, *dest, via, start);
    }
    pos_ = start;
    if (via) return std::nullopt;
    auto other = read_target_unit(OrderPart::SupportedUnit, TargetOpening{});
    if (!other) {
      pos_ = start;
      return std::nullopt;
    }
    if (accept(OrderWord::Object)) {
      if (accept(OrderWord::Support)) return finish(Order::support_hold(unit.type, unit.at, other->at), unit, &*other);
      auto dest = read_place(OrderPart::Destination);
      if (!dest) return Failure(dest.error());
      if (!accept(OrderWord::Toward) || !accept(OrderWord::Convoy)) return verb_missing();
      return finish(Order::convoy(unit.at, other->at, *dest), unit, &*other);
    }
    if (accept(OrderWord::Of)) {
      auto dest = read_place(OrderPart::Destination);
      if (!dest) return Failure(dest.error());
      if (!accept(OrderWord::Toward)) return verb_missing();
      accept(OrderWord::Of);
      if (!accept(OrderWord::Move)) return verb_missing();
      accept(OrderWord::Object);
      if (!accept(OrderWord::Support)) return verb_missing();
      return finish(Order::support_move(unit.type, unit.at, other->at, *dest), unit, &*other);
    }
    pos_ = start;
    return std::nullopt;
  }

  // The verb a sentence written verb last lacks where it stops.
  Failure verb_missing() {
    const std::size_t at = skip_blanks();
    if (at == text_.size())
      return fail(at, {.problem = ParseProblem::MissingVerb, .written = excerpt(0, at), .phase = phase_});
    return fail(at, {.problem = ParseProblem::UnknownVerb, .written = excerpt(0, at), .found = word_at(at), .phase = phase_});
  }

  Result<ParsedOrder> read_support(const WrittenUnit& unit) {
    const std::size_t target_at = skip_blanks();
    if (auto dest = read_supported_destination()) {
      if (!*dest) return Failure(dest->error());
      return support_into(unit, **dest, target_at);
    }
    const TargetOpening opening = open_target();
    auto supported = read_target_unit(OrderPart::SupportedUnit, opening);
    if (!supported) return Failure(supported.error());
    std::optional<Location> dest;
    if (accept_to()) {
      auto to = read_place(OrderPart::Destination);
      if (!to) return Failure(to.error());
      dest = *to;
    } else {
      accept(OrderWord::Hold);
    }
    if (auto closed = close_target(opening, *supported); !closed) return Failure(closed.error());
    const Order order = dest ? Order::support_move(unit.type, unit.at, supported->at, *dest)
                             : Order::support_hold(unit.type, unit.at, supported->at);
    return finish(order, unit, &*supported);
  }

  // "the move to the Channel", "a move to", "- Eng", 移動至英吉利海峽: a supported move named by
  // its destination alone. Nothing read when a unit comes first.
  std::optional<Result<Location>> read_supported_destination() {
    const std::size_t start = skip_blanks();
    // "a move": the article, where "A - Eng" would be an army (A before a bare hyphen fails below).
    if (!accept(OrderWord::Article) && text_.compare(start, 2, "a ") == 0) pos_ = start + 1;
    if (!accept_to()) {
      pos_ = start;
      return std::nullopt;
    }
    return read_place(OrderPart::Destination);
  }

  // A support of the move to `dest` by a unit the order does not name (read from `at`):
  // the one other unit that can move there, on the board the order is read against.
  Result<ParsedOrder> support_into(const WrittenUnit& unit, Location dest, std::size_t at) {
    auto parsed = finish(Order::support_move(unit.type, unit.at, Location::None, dest), unit);
    if (!parsed) return parsed;
    OrderParseError error{.problem = ParseProblem::SupportedUnitUnnamed, .place = dest};
    if (position_ && phase_ == PhaseType::Movement) {
      std::vector<Unit> movers =
          units_able_to_move_into(variant_, *position_, variant_.province_of(dest), variant_.province_of(unit.at));
      if (movers.size() == 1) {
        parsed->order = Order::support_move(unit.type, unit.at, movers.front().location, dest);
        parsed->target_type = movers.front().type;
        return parsed;
      }
      const auto english_name = [&](const Unit& u) -> const std::string& {
        return variant_.province_name(variant_.province_of(u.location), Language::En);
      };
      std::sort(movers.begin(), movers.end(), [&](const Unit& a, const Unit& b) { return english_name(a) < english_name(b); });
      error.problem = movers.empty() ? ParseProblem::NoUnitMovesThere : ParseProblem::SupportedUnitAmbiguous;
      for (const Unit& mover : movers) {
        error.candidates.push_back(mover.location);
        error.candidate_types.push_back(mover.type);
      }
    }
    return fail(at, std::move(error));
  }

  Result<ParsedOrder> read_convoy(const WrittenUnit& unit) {
    const TargetOpening opening = open_target();
    auto army = read_target_unit(OrderPart::ConvoyedArmy, opening);
    if (!army) return Failure(army.error());
    if (!accept_to())
      return fail(skip_blanks(), {.problem = ParseProblem::ConvoyWithoutDestination, .written = excerpt(0, pos_)});
    auto dest = read_place(OrderPart::Destination);
    if (!dest) return Failure(dest.error());
    if (auto closed = close_target(opening, *army); !closed) return Failure(closed.error());
    return finish(Order::convoy(unit.at, army->at, *dest), unit, &*army);
  }

  // The "(" of "S (Gre M Bul)", perhaps after a nationality: "S RUSSIAN (War M Pru)".
  TargetOpening open_target() {
    TargetOpening opening{skip_blanks(), false, Power::None};
    if (const auto power = read_power(); power && accept_char('(')) {
      opening.bracketed = true;
      opening.nationality = *power;
      return opening;
    }
    pos_ = opening.start;
    opening.bracketed = accept_char('(');
    return opening;
  }

  // The ")" of "S (Gre M Bul)" and the nationality tag of "(Mun M Tyr)<ドイツ>".
  Result<bool> close_target(const TargetOpening& opening, WrittenUnit& target) {
    if (opening.bracketed && !accept_char(')'))
      return fail(skip_blanks(), {.problem = ParseProblem::MissingClosingBracket, .written = excerpt(opening.start, pos_)});
    const std::size_t tag_at = skip_blanks();
    if (!accept_char('<')) return true;
    const std::size_t power_at = skip_blanks();
    const auto power = read_power();
    if (!power) return fail(power_at, {.problem = ParseProblem::MissingNationality, .found = word_at(power_at)});
    if (!accept_char('>'))
      return fail(skip_blanks(), {.problem = ParseProblem::MissingClosingAngle, .written = excerpt(tag_at, pos_)});
    if (target.nationality != Power::None && target.nationality != *power)
      return fail(tag_at, {.problem = ParseProblem::ContradictoryNationality, .written = excerpt(tag_at, pos_)});
    target.nationality = *power;
    return true;
  }

  // Disband, build and remove: orders that name only the unit.
  Result<ParsedOrder> finish_unit_order(OrderWord verb, WrittenUnit unit) {
    switch (verb) {
      case OrderWord::Build:
        // 在巴黎建造陸軍: the type after the verb.
        if (!unit.type_given)
          if (const auto type = accept_any({OrderWord::Army, OrderWord::Fleet}))
            unit = {.type_given = true, .type = unit_type(*type), .at = unit.at};
        return finish(Order::build(unit.type, unit.at), unit);
      case OrderWord::Disband:
        if (phase_ == PhaseType::Adjustment) return finish(Order::remove(unit.type, unit.at), unit);
        return finish(Order::disband(unit.type, unit.at), unit);
      default: return finish(Order::remove(unit.type, unit.at), unit);
    }
  }

  // Everything has been read: only blanks may follow.
  Result<ParsedOrder> finish(const Order& order, const WrittenUnit& unit, const WrittenUnit* target = nullptr) {
    const std::size_t end = pos_;
    accept(OrderWord::Ending);
    skip_blanks();
    if (pos_ < text_.size())
      return fail(pos_, {.problem = ParseProblem::TrailingText, .written = excerpt(0, end), .found = word_at(pos_)});
    ParsedOrder parsed;
    parsed.order = order;
    parsed.unit_type_given = unit.type_given;
    if (target) {
      parsed.target_type_given = target->type_given;
      parsed.target_type = target->type;
      parsed.named_power = target->nationality;
    }
    return parsed;
  }

  // ---- units and places

  // "Fleet built in Smyrna": the unit's type, the verb, then where; nothing read otherwise.
  std::optional<WrittenUnit> read_built_unit() {
    const std::size_t start = pos_;
    const auto type = accept_any({OrderWord::Army, OrderWord::Fleet});
    if (type && accept(OrderWord::Build)) {
      accept(OrderWord::At);
      if (auto at = read_place(OrderPart::Place))
        return WrittenUnit{.type_given = true, .type = unit_type(*type), .at = *at};
    }
    pos_ = start;
    return std::nullopt;
  }

  // "the army in Paris", "A Par"; and with the type after the place: パリの陸軍, 在巴黎的陸軍,
  // 巴黎陸軍.
  Result<WrittenUnit> read_unit(OrderPart what) {
    WrittenUnit unit;
    const bool article = accept(OrderWord::Article);
    auto type = accept_any({OrderWord::Army, OrderWord::Fleet});
    // "a fleet": the "a" was an article.
    if (type && !article)
      if (const auto second = accept_any({OrderWord::Army, OrderWord::Fleet})) type = second;
    if (type) {
      unit.type_given = true;
      unit.type = unit_type(*type);
    }
    accept(OrderWord::At);
    auto at = read_place(what);
    if (!at) return Failure(at.error());
    unit.at = *at;
    if (!type) {
      const std::size_t place_end = pos_;
      accept(OrderWord::Of);
      if (const auto after = accept_any({OrderWord::Army, OrderWord::Fleet})) {
        unit.type_given = true;
        unit.type = unit_type(*after);
      } else {
        pos_ = place_end;
      }
    }
    return unit;
  }

  static UnitType unit_type(OrderWord word) { return word == OrderWord::Fleet ? UnitType::Fleet : UnitType::Army; }

  // The unit that acts, perhaps after its nationality as the rulebooks write it in prose
  // (法國在巴黎的陸軍, フランスのパリの陸軍): only before 在/の/的, so that "Russian A Ank - Arm"
  // stays refused for the word that is no place, as MILA's reader refuses it.
  Result<WrittenUnit> read_acting_unit() {
    const std::size_t start = skip_blanks();
    if (read_power()) {
      const std::size_t after_power = pos_;
      if (accept_any({OrderWord::At, OrderWord::Of})) {
        pos_ = after_power;
        accept(OrderWord::Of);
        if (auto unit = read_unit(OrderPart::Place)) return unit;
      }
      pos_ = start;
    }
    return read_unit(OrderPart::Place);
  }

  // A supported or convoyed unit, perhaps preceded by its nationality ("RUSSIAN A War").
  // A name that could be either (ENG) is a nationality only if a unit follows it.
  Result<WrittenUnit> read_target_unit(OrderPart what, const TargetOpening& opening) {
    const std::size_t start = skip_blanks();
    if (opening.nationality == Power::None) {
      if (const auto power = read_power()) {
        accept(OrderWord::Of);
        if (auto unit = read_unit(what)) {
          unit->nationality = *power;
          return unit;
        }
        pos_ = start;
      }
    }
    auto unit = read_unit(what);
    if (unit) unit->nationality = opening.nationality;
    return unit;
  }

  // A place, perhaps after an article ("moves to the North Sea"); a name that itself
  // begins with the article's word is read whole if the rest is no place.
  Result<Location> read_place(OrderPart what) {
    const std::size_t start = skip_blanks();
    if (accept(OrderWord::Article)) {
      if (auto after_article = read_place_as_named(what)) return after_article;
      pos_ = start;
    }
    return read_place_as_named(what);
  }

  Result<Location> read_place_as_named(OrderPart what) {
    const std::size_t start = skip_blanks();
    if (start == text_.size())
      return fail(start, {.problem = ParseProblem::MissingPart, .written = excerpt(0, start), .part = what});
    const auto ends = name_ends(start);
    std::optional<std::size_t> power_end;  // the longest name that is a power only
    for (auto end = ends.rbegin(); end != ends.rend(); ++end) {
      std::vector<Location> places;
      bool names_power = false;
      for (const auto& target : variant_.lookup(normalise_name(text_.substr(start, *end - start)))) {
        if (target.kind == NameTarget::Kind::Location) places.push_back(location_at(target.id));
        else names_power = true;
      }
      if (places.size() > 1) return fail(start, ambiguity(start, *end, places));
      if (places.size() == 1) {
        pos_ = *end;
        return read_coast(places.front());
      }
      if (names_power && !power_end) power_end = *end;
    }
    if (power_end) return fail(start, {.problem = ParseProblem::PowerNotPlace, .written = excerpt(start, *power_end)});
    if (!ends.empty()) {
      const auto by_prefix = provinces_starting_with(start, ends.front());
      if (by_prefix.size() > 1) return fail(start, ambiguity(start, ends.front(), by_prefix));
      if (by_prefix.size() == 1) {
        pos_ = ends.front();
        return read_coast(by_prefix.front());
      }
    }
    return fail(start, {.problem = ParseProblem::UnknownPlace, .found = word_at(start)});
  }

  // Provinces whose English name starts with the English word text_[start, end).
  std::vector<Location> provinces_starting_with(std::size_t start, std::size_t end) const {
    const std::string_view word = std::string_view(text_).substr(start, end - start);
    std::vector<Location> found;
    if (word.size() < kMinPrefixLength || !std::all_of(word.begin(), word.end(), is_ascii_alnum) ||
        match_order_word(word))
      return found;
    const std::string prefix = normalise_name(word);
    for (int p = 0; p < variant_.province_count(); ++p) {
      const std::string name = normalise_name(variant_.province_name(province_at(p), Language::En));
      if (name.starts_with(prefix)) found.push_back(variant_.main_location(province_at(p)));
    }
    return found;
  }

  OrderParseError ambiguity(std::size_t start, std::size_t end, std::vector<Location> places) const {
    const auto english_name = [&](Location l) -> const std::string& {
      return variant_.province_name(variant_.province_of(l), Language::En);
    };
    std::sort(places.begin(), places.end(),
              [&](Location a, Location b) { return english_name(a) < english_name(b); });
    return {.problem = ParseProblem::AmbiguousName, .written = excerpt(start, end), .candidates = std::move(places)};
  }

  // The coast written after a place, if any, applied to it.
  Result<Location> read_coast(Location place) {
    const std::size_t save = pos_;
    const std::size_t coast_at = skip_blanks();
    Coast coast = Coast::None;
    if (accept_char('/')) {
      coast = read_coast_word();
    } else if (accept_char('(')) {
      coast = read_coast_word();
      if (!accept_char(')')) coast = Coast::None;
    } else if (const auto word = accept_any({OrderWord::NorthCoast, OrderWord::SouthCoast, OrderWord::EastCoast,
                                             OrderWord::WestCoast})) {
      coast = coast_of_word(*word);
    } else if (const auto direction = accept_any({OrderWord::North, OrderWord::South, OrderWord::East,
                                                  OrderWord::West})) {
      if (accept(OrderWord::CoastNoun)) coast = coast_of_word(*direction);
    }
    if (coast == Coast::None) {
      pos_ = save;
      return place;
    }
    const Province province = variant_.province_of(place);
    if (!variant_.has_split_coasts(province)) return place;
    for (const Location l : variant_.coasts(province))
      if (variant_.coast_of(l) == coast) return l;
    return fail(coast_at, {.problem = ParseProblem::NoSuchCoast, .place = place, .coast = coast});
  }

  // "sc", "south", "south coast", 南岸: the coast inside "(...)" or after "/".
  Coast read_coast_word() {
    const auto word = accept_any({OrderWord::NorthCoast, OrderWord::SouthCoast, OrderWord::EastCoast,
                                  OrderWord::WestCoast, OrderWord::North, OrderWord::South, OrderWord::East,
                                  OrderWord::West});
    if (!word) return Coast::None;
    if (coast_of_word(*word) != Coast::None) accept(OrderWord::CoastNoun);
    return coast_of_word(*word);
  }

  std::optional<Power> read_power() {
    const std::size_t start = skip_blanks();
    const auto ends = name_ends(start);
    for (auto end = ends.rbegin(); end != ends.rend(); ++end) {
      const std::string_view name = std::string_view(text_).substr(start, *end - start);
      const auto word = match_order_word(name);
      if (word && word->length == name.size()) continue;  // "A" is a unit type, whatever the map says
      for (const auto& target : variant_.lookup(normalise_name(name))) {
        if (target.kind == NameTarget::Kind::Power) {
          pos_ = *end;
          return power_at(target.id);
        }
      }
    }
    return std::nullopt;
  }

  bool read_via() {
    const std::size_t save = pos_;
    const bool bracketed = accept_char('(');
    bool via = false;
    if (accept(OrderWord::Via)) {
      accept(OrderWord::Convoy);
      via = true;
    } else if (accept(OrderWord::By)) {
      via = accept(OrderWord::Convoy);
    }
    if (via && (!bracketed || accept_char(')'))) return true;
    pos_ = save;
    return false;
  }

  // Where a name starting at `start` may end: after each English word or CJK character,
  // going on across joiners (blank . - ' /), but not across a blank into a word of the
  // vocabulary, nor across a hyphen with blanks around it or, in the first reading, any
  // hyphen.
  std::vector<std::size_t> name_ends(std::size_t start) const {
    std::vector<std::size_t> ends;
    std::size_t at = start;
    while (at < text_.size() && static_cast<int>(ends.size()) < kMaxNameSegments && at - start < kMaxNameBytes) {
      if (is_ascii_alnum(text_[at])) {
        while (at < text_.size() && is_ascii_alnum(text_[at])) ++at;
      } else if (is_non_ascii(text_[at])) {
        at += utf8_length(text_, at);
      } else {
        break;
      }
      ends.push_back(at);
      std::size_t next = at;
      bool blank = false, hyphen = false;
      for (; next < text_.size() && is_name_joiner(text_[next]); ++next) {
        blank |= text_[next] == ' ';
        hyphen |= text_[next] == '-';
      }
      if (next == text_.size() || !is_name_char(text_[next])) break;
      if (blank && (hyphen || match_order_word(std::string_view(text_).substr(next)))) break;
      if (hyphen && hyphens_ == Hyphens::Move) break;
      at = next;
    }
    return ends;
  }

  // ---- scanning

  std::size_t skip_blanks() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    return pos_;
  }

  bool accept(OrderWord wanted) { return accept_any({wanted}).has_value(); }

  // Where a supported or convoyed unit goes: "- Bel", "moves to Bel", "to Bel".
  bool accept_to() {
    const auto word = accept_any({OrderWord::Move, OrderWord::To});
    if (word == OrderWord::Move) accept(OrderWord::To);
    return word.has_value();
  }

  std::optional<OrderWord> accept_any(std::initializer_list<OrderWord> wanted) {
    skip_blanks();
    const auto match = match_order_word(std::string_view(text_).substr(pos_));
    if (!match || std::find(wanted.begin(), wanted.end(), match->word) == wanted.end()) return std::nullopt;
    pos_ += match->length;
    return match->word;
  }

  bool accept_char(char c) {
    skip_blanks();
    if (pos_ == text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  // ---- messages

  Failure fail(std::size_t at, OrderParseError error) const {
    error.offset = folded_.origin[at];
    error.message = english_message(variant_, error);
    return Failure(std::move(error));
  }

  // The original text of folded_.text[from, to), without trailing blanks, cut short (at a
  // character boundary, marked "...") if it is too long to read in a message.
  std::string excerpt(std::size_t from, std::size_t to) const {
    while (to > from && text_[to - 1] == ' ') --to;
    bool cut = false;
    for (std::size_t at = from; at < to; at += utf8_length(text_, at)) {
      if (at - from >= kMaxQuotedBytes) {
        to = at;
        cut = true;
        break;
      }
    }
    const auto begin = static_cast<std::size_t>(folded_.origin[from]);
    const auto end = static_cast<std::size_t>(folded_.origin[to]);
    return std::string(original_.substr(begin, end - begin)) + (cut ? "..." : "");
  }

  // The original text of the word at `at`: an English word, a run of CJK characters up to
  // the next word of the vocabulary, or one other character.
  std::string word_at(std::size_t at) const {
    if (at >= text_.size()) return "";
    std::size_t end = at;
    if (is_ascii_alnum(text_[at])) {
      while (end < text_.size() && is_ascii_alnum(text_[end])) ++end;
    } else if (is_non_ascii(text_[at])) {
      do end += utf8_length(text_, end);
      while (end < text_.size() && is_non_ascii(text_[end]) && !match_order_word(std::string_view(text_).substr(end)));
    } else {
      end = at + 1;
    }
    return excerpt(at, end);
  }

  const Variant& variant_;
  std::string_view original_;
  FoldedOrderText folded_;
  const std::string& text_;
  PhaseType phase_;
  const GameState* position_;
  Hyphens hyphens_;
  std::size_t pos_ = 0;
};

}  // namespace

namespace {

tl::expected<ParsedOrder, OrderParseError> read_order(const Variant& variant, std::string_view text, PhaseType phase,
                                                      const GameState* position) {
  auto as_moves = OrderReader(variant, text, phase, position, Hyphens::Move).read();
  if (as_moves) return as_moves;
  auto in_names = OrderReader(variant, text, phase, position, Hyphens::InNames).read();
  if (in_names) return in_names;
  // The reading that got further is the likelier one to explain.
  return in_names.error().offset > as_moves.error().offset ? in_names : as_moves;
}

}  // namespace

tl::expected<ParsedOrder, OrderParseError> parse_order(const Variant& variant, std::string_view text,
                                                       PhaseType phase) {
  return read_order(variant, text, phase, nullptr);
}

tl::expected<ParsedOrder, OrderParseError> read_order_at(const Variant& variant, std::string_view text,
                                                         const GameState& position) {
  return read_order(variant, text, position.phase.type, &position);
}

}  // namespace stratagem::diplomacy
