// Reading: every value is checked where it stands, and the first bad one is reported
// with its path (`units.FRANCE[2]`, `retreats.ENGLAND["F NTH"][0]`) and its text.
#include <array>
#include <initializer_list>
#include <set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/forward_error.h"

namespace stratagem::formats {

using namespace diplomacy;
using nlohmann::json;

namespace {

using Checked = tl::expected<void, std::string>;

// Far more than any phase needs (a power has at most one unit per province), and few
// enough that the order sheet can number every submission.
constexpr std::size_t kMaxOrdersPerPower = 1000;

template <class... Args>
tl::unexpected<std::string> failure(fmt::format_string<Args...> format, Args&&... args) {
  return tl::unexpected(fmt::format(format, std::forward<Args>(args)...));
}

std::string_view kind_of(const json& value) {
  switch (value.type()) {
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "a list";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::null:
      return "null";
    case json::value_t::discarded:
      return "nothing";
    default:
      return "a number";
  }
}

std::string field_path(const std::string& path, std::string_view field) {
  return path.empty() ? std::string(field) : fmt::format("{}.{}", path, field);
}

// Fields outside `allowed` are reported rather than ignored: a misspelt "centres" would
// otherwise silently mean "no centres owned".
Checked check_fields(const json& object, const std::string& path, std::initializer_list<std::string_view> allowed) {
  if (!object.is_object())
    return failure("{}: expected a JSON object, got {}", path.empty() ? "input" : path, kind_of(object));
  for (const auto& item : object.items()) {
    bool known = false;
    for (std::string_view field : allowed) known = known || item.key() == field;
    if (known) continue;
    std::string fields;
    for (std::string_view field : allowed) fields += fmt::format("{}{}", fields.empty() ? "" : ", ", field);
    return failure("{}: unknown field {} (the fields are {})", path.empty() ? "input" : path, in_quotes(item.key()),
                   fields);
  }
  return {};
}

// {"POWER": value, ...}: calls read(power, path of the power's value, value) for each key.
template <class Read>
Checked for_each_power(const Variant& variant, const json& object, const std::string& path, Read read) {
  if (!object.is_object())
    return failure("{}: expected an object with one key per power, got {}", path, kind_of(object));
  std::array<std::string, kMaxPowers> written_as;
  for (const auto& item : object.items()) {
    auto power = read_power(variant, item.key());
    if (!power) return failure("{}: {}", path, power.error());
    const std::string& code = variant.power_code(*power);
    std::string& earlier = written_as[index(*power)];
    if (!earlier.empty())
      return failure("{}: {} is given twice, as {} and as {}", path, code, in_quotes(earlier), in_quotes(item.key()));
    earlier = item.key();
    if (Checked read_ok = read(*power, field_path(path, code), item.value()); !read_ok) return read_ok;
  }
  return {};
}

// Where an item of a list stands ("units.FRANCE[2]"), written out only for a message:
// a stored position has dozens of items and, read back, no message to give.
struct ItemPath {
  const std::string& list;
  std::size_t index;
  std::string text() const { return fmt::format("{}[{}]", list, index); }
};

// [text, ...]: calls read(path of the item, text) for each item.
template <class Read>
Checked for_each_text(const json& list, const std::string& path, std::string_view items, Read read) {
  if (!list.is_array()) return failure("{}: expected a list of {}, got {}", path, items, kind_of(list));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ItemPath item_path{path, i};
    if (!list[i].is_string()) return failure("{}: expected a string, got {}", item_path.text(), kind_of(list[i]));
    if (Checked read_ok = read(item_path, list[i].get_ref<const std::string&>()); !read_ok) return read_ok;
  }
  return {};
}

const json* find_field(const json& object, std::string_view field) {
  const auto it = object.find(field);
  return it == object.end() ? nullptr : &*it;
}

tl::expected<Phase, std::string> read_phase(const json& object, const std::string& path) {
  const std::string where = field_path(path, "phase");
  const json* value = find_field(object, "phase");
  if (!value) return failure("{}: missing (e.g. \"S1901M\")", where);
  if (!value->is_string()) return failure("{}: expected a string such as \"S1901M\", got {}", where, kind_of(*value));
  const std::string& text = value->get_ref<const std::string&>();
  auto phase = parse_phase_code(text);
  if (!phase)
    return failure("{}: {} is not a phase (season S, F or W, year, type M, R or A: S1901M, F1901R, W1901A)", where,
                   in_quotes(text));
  return *phase;
}

// Builds a position field by field, remembering where each unit came from so that a
// clash can name both places in the input.
class PositionReader {
 public:
  PositionReader(const Variant& variant, std::string path) : variant_(variant), path_(std::move(path)) {}

  tl::expected<GameState, std::string> read(const json& object) {
    STRATAGEM_TRY(read_variant(object));
    STRATAGEM_TRY_ASSIGN(auto phase, read_phase(object, path_));
    state_.phase = phase;
    STRATAGEM_TRY(read_units(object));
    STRATAGEM_TRY(read_retreats(object));
    STRATAGEM_TRY(read_centres(object));
    return state_;
  }

 private:
  Checked read_variant(const json& object) {
    const json* value = find_field(object, "variant");
    if (!value) return {};
    const std::string where = field_path(path_, "variant");
    if (!value->is_string()) return failure("{}: expected a string, got {}", where, kind_of(*value));
    if (value->get_ref<const std::string&>() != variant_.id())
      return failure("{}: unknown variant {} (the only variant is {})", where, in_quotes(value->get<std::string>()),
                     in_quotes(variant_.id()));
    return {};
  }

  Checked read_units(const json& object) {
    const std::string where = field_path(path_, "units");
    const json* units = find_field(object, "units");
    if (!units) return failure("{}: missing (an object with the list of units of each power)", where);
    return for_each_power(variant_, *units, where, [&](Power power, const std::string& power_path, const json& list) {
      return for_each_text(list, power_path, "units", [&](const ItemPath& item_path, const std::string& text) {
        auto unit = read_unit(variant_, text);
        if (!unit) return Checked(failure("{}: {}", item_path.text(), unit.error()));
        const Province province = variant_.province_of(unit->location);
        Source& earlier = unit_source_[index(province)];
        if (earlier.text)
          return Checked(failure("{}: {} stands in {}, where {} stands already", item_path.text(), in_quotes(text),
                                 english_name(province), describe(earlier)));
        earlier = {"units", power, item_path.index, &text};
        state_.place(variant_, Unit{unit->type, power, unit->location});
        return Checked{};
      });
    });
  }

  Checked read_retreats(const json& object) {
    const std::string where = field_path(path_, "retreats");
    const json* retreats = find_field(object, "retreats");
    // "retreats is used only in R phases": elsewhere it is ignored, as in the contract's
    // own example (an S1901M input with retreats).
    if (!retreats || state_.phase.type != PhaseType::Retreat) return {};
    return for_each_power(
        variant_, *retreats, where, [&](Power power, const std::string& power_path, const json& units) {
          if (!units.is_object())
            return Checked(
                failure("{}: expected an object from each dislodged unit to the places it may retreat to, got {}",
                        power_path, kind_of(units)));
          for (const auto& item : units.items())
            if (Checked ok = read_dislodged(power, fmt::format("{}[{}]", power_path, in_quotes(item.key())), item.key(),
                                            item.value());
                !ok)
              return ok;
          return Checked{};
        });
  }

  Checked read_dislodged(Power power, const std::string& where, const std::string& text, const json& places) {
    auto unit = read_unit(variant_, text);
    if (!unit) return failure("{}: {}", where, unit.error());
    const Province province = variant_.province_of(unit->location);
    if (const auto standing = state_.unit_in(province); standing && standing->power == power)
      return failure("{}: {} has a unit in {} that was not dislodged ({}), so none of its units was dislodged there",
                     where, variant_.power_code(power), english_name(province), describe(unit_source_[index(province)]));
    const std::string*& earlier = dislodged_text_[index(province)];
    if (earlier)
      return failure("{}: two units dislodged from {}: {} and {}", where, english_name(province), in_quotes(*earlier),
                     in_quotes(text));
    earlier = &text;
    const Unit dislodged{unit->type, power, unit->location};
    DislodgedUnit entry{dislodged, {}};
    if (Checked ok = for_each_text(places, where, "places",
                                   [&](const ItemPath& item_path, const std::string& place) {
                                     auto to = retreat_place(dislodged, place);
                                     if (!to) return Checked(failure("{}: {}", item_path.text(), to.error()));
                                     entry.retreats.insert(index(*to));
                                     return Checked{};
                                   });
        !ok)
      return ok;
    state_.add_dislodged(variant_, entry);
    return {};
  }

  // A place the dislodged unit could move to and that nobody holds. A fleet may leave
  // out the coast when it can reach only one.
  tl::expected<Location, std::string> retreat_place(const Unit& unit, const std::string& text) const {
    STRATAGEM_TRY_ASSIGN(auto to, read_location(variant_, text));
    const Province province = variant_.province_of(to);
    const std::string mover = format_unit(variant_, unit);
    if (unit.type == UnitType::Army) {
      if (to != variant_.main_location(province))
        return failure("{} is a coast; an army retreats to a province ({})", in_quotes(text),
                       variant_.province_code(province));
      if (!variant_.army_neighbours(variant_.province_of(unit.location)).contains(index(province)))
        return failure("{} cannot move to {}", mover, english_name(province));
    } else {
      if (to == variant_.main_location(province) && variant_.has_split_coasts(province)) {
        int reachable = 0;
        for (Location coast : variant_.coasts(province))
          if (variant_.fleet_neighbours(unit.location).contains(index(coast))) {
            to = coast;
            ++reachable;
          }
        if (reachable > 1)
          return failure("{} can reach more than one coast of {}: say which", mover, english_name(province));
      }
      if (!variant_.fleet_neighbours(unit.location).contains(index(to)))
        return failure("{} cannot move to {}", mover, in_quotes(text));
    }
    if (state_.occupied(province))
      return failure("{} is occupied by {}", english_name(province), describe(unit_source_[index(province)]));
    return to;
  }

  Checked read_centres(const json& object) {
    const std::string where = field_path(path_, "centers");
    const json* centres = find_field(object, "centers");
    if (!centres) {
      if (state_.phase.type == PhaseType::Adjustment)
        return failure("{}: missing; an adjustment phase needs the owner of every supply centre", where);
      return {};
    }
    std::array<Source, kMaxProvinces> owner_source;
    return for_each_power(variant_, *centres, where, [&](Power power, const std::string& power_path, const json& list) {
      return for_each_text(
          list, power_path, "supply centres", [&](const ItemPath& item_path, const std::string& text) {
            auto at = read_location(variant_, text);
            if (!at) return Checked(failure("{}: {}", item_path.text(), at.error()));
            const Province province = variant_.province_of(*at);
            if (!variant_.is_supply_centre(province))
              return Checked(failure("{}: {} is not a supply centre", item_path.text(), english_name(province)));
            Source& earlier = owner_source[index(province)];
            if (earlier.text)
              return Checked(failure("{}: {} is owned twice: {} and {} {}", item_path.text(), english_name(province),
                                     describe(earlier), item_path.text(), in_quotes(text)));
            earlier = {"centers", power, item_path.index, &text};
            state_.set_centre_owner(province, power);
            return Checked{};
          });
    });
  }

  const std::string& english_name(Province province) const { return variant_.province_name(province, Language::En); }

  // The item of the input that put a unit or an owner in a province, for messages
  // about a clash with a later one.
  struct Source {
    std::string_view field;  // "units", "centers"
    Power power = Power::None;
    std::size_t index = 0;
    const std::string* text = nullptr;  // null: nothing there yet
  };
  // `units.FRANCE[2] "A PAR"`
  std::string describe(const Source& source) const {
    return fmt::format("{}[{}] {}", field_path(field_path(path_, source.field), variant_.power_code(source.power)),
                       source.index, in_quotes(*source.text));
  }

  const Variant& variant_;
  std::string path_;
  GameState state_;
  std::array<Source, kMaxProvinces> unit_source_;
  std::array<const std::string*, kMaxProvinces> dislodged_text_{};
};

tl::expected<std::optional<std::string>, std::string> read_optional_text(const json& entry, std::string_view field,
                                                                         const std::string& path) {
  const json* value = find_field(entry, field);
  if (!value || value->is_null()) return std::nullopt;
  if (!value->is_string())
    return failure("{}: expected a string or null, got {}", field_path(path, field), kind_of(*value));
  return value->get<std::string>();
}

tl::expected<OrderReport, std::string> read_order_report(const json& entry, const std::string& path) {
  STRATAGEM_TRY(check_fields(
      entry, path,
      {"unit", "input", "order", "result", "error", "by", "strength", "opposing_strength", "paradox", "disbanded"}));
  OrderReport report;
  for (auto [field, target] : {std::pair{"unit", &report.unit}, std::pair{"input", &report.input},
                               std::pair{"order", &report.order}, std::pair{"by", &report.by}}) {
    STRATAGEM_TRY_ASSIGN(auto text, read_optional_text(entry, field, path));
    *target = text;
  }
  STRATAGEM_TRY_ASSIGN(auto error, read_optional_text(entry, "error", path));
  report.error = error.value_or("");
  const json* result = find_field(entry, "result");
  bool known_result = false;
  for (int o = 0; result && result->is_string() && o <= static_cast<int>(Outcome::Hold); ++o)
    if (outcome_code(static_cast<Outcome>(o)) == result->get_ref<const std::string&>()) {
      report.result = static_cast<Outcome>(o);
      known_result = true;
    }
  if (!known_result)
    return failure("{}: expected one of ok, bounce, cut, dislodged, no_convoy, void, invalid, hold",
                   field_path(path, "result"));
  for (auto [field, target] :
       {std::pair{"strength", &report.strength}, std::pair{"opposing_strength", &report.opposing_strength}}) {
    const json* value = find_field(entry, field);
    if (!value) continue;
    if (!value->is_number_integer() || *value < 0 || *value > 99)
      return failure("{}: expected a whole number from 0 to 99", field_path(path, field));
    *target = value->get<int>();
  }
  for (auto [field, target] : {std::pair{"paradox", &report.paradox}, std::pair{"disbanded", &report.disbanded}}) {
    const json* value = find_field(entry, field);
    if (!value) continue;
    if (!value->is_boolean())
      return failure("{}: expected true or false, got {}", field_path(path, field), kind_of(*value));
    *target = value->get<bool>();
  }
  return report;
}

// A whole number from `low` to `high`.
tl::expected<std::int64_t, std::string> read_whole(const json& value, const std::string& path, std::int64_t low,
                                                   std::int64_t high) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < low || value.get<std::int64_t>() > high)
    return failure("{}: expected a whole number from {} to {}", path, low, high);
  return value.get<std::int64_t>();
}

// A seed for a draw the input leaves to the engine: any whole number from 0 to 2^64-1.
tl::expected<std::uint64_t, std::string> read_seed(const json& value, const std::string& path) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return value.get<std::uint64_t>();
  return failure("{}: expected a whole number from 0 to 18446744073709551615", path);
}

tl::expected<PowerSet, std::string> read_power_list(const Variant& variant, const json& list, const std::string& path) {
  PowerSet powers;
  STRATAGEM_TRY(for_each_text(list, path, "powers",
                              [&](const ItemPath& item_path, const std::string& text) -> Checked {
                                auto power = read_power(variant, text);
                                if (!power) return failure("{}: {}", item_path.text(), power.error());
                                powers.insert(index(*power));
                                return {};
                              }));
  return powers;
}

bool names_a_game(const json& input) {
  for (std::string_view field : {"setup", "coin_toss", "ending", "civil_disorder", "declarations"})
    if (find_field(input, field)) return true;
  return false;
}

// "coin_toss": {"seat": 0 | "ENGLAND+FRANCE+RUSSIA"} or {"seed": n}.
tl::expected<int, std::string> read_coin_toss(const Setup& setup, const json& toss) {
  STRATAGEM_TRY(check_fields(toss, "coin_toss", {"seat", "seed"}));
  const json* seat = find_field(toss, "seat");
  const json* seed = find_field(toss, "seed");
  if ((seat == nullptr) == (seed == nullptr))
    return failure("coin_toss: give either \"seat\" (the seat Italy joins) or \"seed\" (to draw it)");
  const int seats = static_cast<int>(setup.seats.size());
  if (seed) {
    STRATAGEM_TRY_ASSIGN(auto value, read_seed(*seed, "coin_toss.seed"));
    return Random(value).below(seats);
  }
  if (seat->is_string()) {
    for (int s = 0; s < seats; ++s)
      if (setup.seats[s].code == seat->get_ref<const std::string&>()) return s;
    std::string codes;
    for (const Seat& known : setup.seats) codes += fmt::format("{}{}", codes.empty() ? "" : ", ", known.code);
    return failure("coin_toss.seat: {} is not a seat of setup {} (the seats are {})",
                   in_quotes(seat->get_ref<const std::string&>()), setup.code, codes);
  }
  STRATAGEM_TRY_ASSIGN(auto index, read_whole(*seat, "coin_toss.seat", 0, seats - 1));
  return static_cast<int>(index);
}

tl::expected<EndingRules, std::string> read_ending(const json& ending) {
  STRATAGEM_TRY(check_fields(ending, "ending", {"fixed_year", "alliance_centres"}));
  EndingRules rules;
  if (const json* year = find_field(ending, "fixed_year")) {
    STRATAGEM_TRY_ASSIGN(auto value, read_whole(*year, "ending.fixed_year", 1, kLastYear));
    rules.fixed_end_year = static_cast<int>(value);
  }
  if (const json* centres = find_field(ending, "alliance_centres")) {
    STRATAGEM_TRY_ASSIGN(auto value, read_whole(*centres, "ending.alliance_centres", 1, kMaxProvinces));
    rules.alliance_centres = static_cast<int>(value);
  }
  return rules;
}

// "declarations": {"agreed_end": {"lot": i} | {"seed": n}, "alliance": {POWER: [POWER...]}, "draw": true}.
Checked read_declarations(const Variant& variant, const json& declarations, PhaseInput& into) {
  if (Checked ok = check_fields(declarations, "declarations", {"agreed_end", "alliance", "draw"}); !ok) return ok;
  EndDeclarations& declared = into.conditions.declarations;
  if (const json* agreed = find_field(declarations, "agreed_end")) {
    const std::string path = "declarations.agreed_end";
    if (Checked ok = check_fields(*agreed, path, {"lot", "seed"}); !ok) return ok;
    const json* lot = find_field(*agreed, "lot");
    const json* seed = find_field(*agreed, "seed");
    if ((lot == nullptr) == (seed == nullptr))
      return failure("{}: give either \"lot\" (the index of the winner among the surviving seats) or \"seed\" "
                     "(to draw it)",
                     path);
    if (lot) {
      STRATAGEM_TRY_ASSIGN(auto value, read_whole(*lot, path + ".lot", 0, kMaxPowers - 1));
      declared.agreed_end_lot = static_cast<int>(value);
    } else {
      STRATAGEM_TRY_ASSIGN(auto value, read_seed(*seed, path + ".seed"));
      into.agreed_end_seed = value;
    }
  }
  if (const json* alliance = find_field(declarations, "alliance")) {
    if (Checked ok = for_each_power(variant, *alliance, "declarations.alliance",
                                    [&](Power power, const std::string& power_path, const json& list) -> Checked {
                                      STRATAGEM_TRY_ASSIGN(auto partners, read_power_list(variant, list, power_path));
                                      if (!partners.contains(index(power)))
                                        return failure("{}: the declaring power must name itself among the partners",
                                                       power_path);
                                      declared.alliance[index(power)] = partners;
                                      return {};
                                    });
        !ok)
      return ok;
  }
  if (const json* draw = find_field(declarations, "draw")) {
    if (!draw->is_boolean())
      return failure("declarations.draw: expected true or false, got {}", kind_of(*draw));
    declared.draw = draw->get<bool>();
  }
  return {};
}

tl::expected<EndReport, std::string> read_end(const Variant& variant, const json& end) {
  STRATAGEM_TRY(check_fields(end, "end", {"kind", "winners", "seats"}));
  const json* kind = find_field(end, "kind");
  const auto known = kind && kind->is_string() ? end_kind_by_code(kind->get_ref<const std::string&>()) : std::nullopt;
  if (!known) return failure("end.kind: expected one of centres, fixed_year, lot, alliance, draw");
  EndReport report{*known, {}, {}};
  const json* winners = find_field(end, "winners");
  if (!winners) return failure("end.winners: missing");
  STRATAGEM_TRY_ASSIGN(auto powers, read_power_list(variant, *winners, "end.winners"));
  report.winners = powers;
  if (const json* seats = find_field(end, "seats"))
    STRATAGEM_TRY(for_each_text(*seats, "end.seats", "seats",
                                [&](const ItemPath&, const std::string& seat) {
                                  report.seats.push_back(seat);
                                  return Checked{};
                                }));
  return report;
}

}  // namespace

tl::expected<json, std::string> parse_json(std::string_view text) {
  // nlohmann keeps the last of two equal keys; a stack of the keys of the objects
  // being parsed finds the repetition instead.
  std::vector<std::set<std::string>> open_objects;
  std::string repeated_key;
  const auto watch_keys = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) open_objects.emplace_back();
    if (event == json::parse_event_t::object_end) open_objects.pop_back();
    if (event == json::parse_event_t::key && !open_objects.back().insert(parsed.get<std::string>()).second &&
        repeated_key.empty())
      repeated_key = parsed.get<std::string>();
    return true;
  };
  try {
    json value = json::parse(text, watch_keys);
    if (!repeated_key.empty()) return failure("input: the key {} appears twice in one object", in_quotes(repeated_key));
    return value;
  } catch (const json::exception& error) {
    // A syntax error or a number too large for a double ("1e9999"); what() reads
    // "[json.exception.parse_error.101] parse error at line 1, ...".
    std::string_view message = error.what();
    if (const auto end_of_tag = message.find("] "); end_of_tag != std::string_view::npos)
      message.remove_prefix(end_of_tag + 2);
    return failure("input is not valid JSON: {}", message);
  }
}

tl::expected<GameState, std::string> read_state(const Variant& variant, const json& input, const std::string& path) {
  STRATAGEM_TRY(check_fields(input, path, {"variant", "phase", "units", "centers", "retreats"}));
  return PositionReader(variant, path).read(input);
}

tl::expected<std::optional<GameRules>, std::string> read_game_rules(const Variant& variant, const json& input,
                                                                     Phase phase) {
  if (!input.is_object() || !names_a_game(input)) return std::nullopt;
  GameRules game;
  std::string code = "7";
  if (const json* setup = find_field(input, "setup")) {
    if (!setup->is_string()) return failure("setup: expected a string such as \"7\" or \"2\", got {}", kind_of(*setup));
    code = setup->get<std::string>();
  }
  auto setup = standard_setup(variant, code);
  if (!setup) return failure("setup: {}", setup.error().message);
  game.setup = std::move(*setup);
  const json* toss = find_field(input, "coin_toss");
  if (toss && !game.setup.neutral)
    return failure("coin_toss: setup {} has no coin toss (only the two-player setup 2 has one)", game.setup.code);
  if (toss) {
    STRATAGEM_TRY_ASSIGN(auto seat, read_coin_toss(game.setup, *toss));
    game.toss_winner = seat;
  } else if (game.setup.neutral) {
    // The toss is drawn before the adjustments of the year before the neutral joins; a
    // Fall phase of that year may end it.
    const int toss_year = game.setup.neutral->joins.year - 1;
    if (phase.year > toss_year || (phase.year == toss_year && phase.season != Season::Spring))
      return failure("coin_toss: missing; from Fall {} on, setup 2 needs the side Italy joins "
                     "({{\"seat\": \"{}\"}} or {{\"seed\": 7}})",
                     toss_year, game.setup.seats.front().code);
  }
  if (const json* ending = find_field(input, "ending")) {
    STRATAGEM_TRY_ASSIGN(auto rules, read_ending(*ending));
    game.endings = rules;
  }
  return std::optional<GameRules>(std::move(game));
}

tl::expected<PhaseInput, std::string> read_phase_input(const Variant& variant, const json& input) {
  STRATAGEM_TRY(check_fields(input, "",
                             {"variant", "phase", "units", "centers", "retreats", "orders", "setup", "coin_toss",
                              "ending", "civil_disorder", "declarations"}));
  STRATAGEM_TRY_ASSIGN(auto state, PositionReader(variant, "").read(input));
  PhaseInput phase_input{state, {}};
  STRATAGEM_TRY_ASSIGN(auto game, read_game_rules(variant, input, state.phase));
  phase_input.game = std::move(game);
  if (const json* civil_disorder = find_field(input, "civil_disorder")) {
    STRATAGEM_TRY_ASSIGN(auto powers, read_power_list(variant, *civil_disorder, "civil_disorder"));
    phase_input.conditions.civil_disorder = powers;
  }
  if (const json* declarations = find_field(input, "declarations"))
    STRATAGEM_TRY(read_declarations(variant, *declarations, phase_input));
  const json* orders = find_field(input, "orders");
  if (!orders) return phase_input;
  std::vector<std::vector<std::string>> by_power(variant.power_count());
  STRATAGEM_TRY(for_each_power(variant, *orders, "orders",
                               [&](Power power, const std::string& power_path, const json& list) {
                                 if (list.is_array() && list.size() > kMaxOrdersPerPower)
                                   return Checked(failure("{}: {} orders; a power may give at most {}", power_path,
                                                          list.size(), kMaxOrdersPerPower));
                                 return for_each_text(list, power_path, "orders",
                                                      [&](const ItemPath&, const std::string& text) {
                                                        by_power[index(power)].push_back(text);
                                                        return Checked{};
                                                      });
                               }));
  for (int p = 0; p < variant.power_count(); ++p)
    if (!by_power[p].empty()) phase_input.orders.push_back({power_at(p), std::move(by_power[p])});
  return phase_input;
}

tl::expected<PhaseReport, std::string> read_phase_report(const Variant& variant, const json& input) {
  STRATAGEM_TRY(check_fields(input, "", {"phase", "results", "next", "seats", "end"}));
  STRATAGEM_TRY_ASSIGN(auto phase, read_phase(input, ""));
  const json* next = find_field(input, "next");
  if (!next) return failure("next: missing (the position after the phase)");
  STRATAGEM_TRY_ASSIGN(auto next_state, read_state(variant, *next, "next"));
  PhaseReport report{phase, std::vector<std::vector<OrderReport>>(variant.power_count()), next_state};
  const json* results = find_field(input, "results");
  if (!results) return failure("results: missing (the outcome of each order, by power)");
  STRATAGEM_TRY(for_each_power(variant, *results, "results",
                               [&](Power power, const std::string& power_path, const json& list) -> Checked {
                                 if (!list.is_array())
                                   return failure("{}: expected a list of results, got {}", power_path, kind_of(list));
                                 for (std::size_t i = 0; i < list.size(); ++i) {
                                   STRATAGEM_TRY_ASSIGN(auto entry,
                                                        read_order_report(list[i], fmt::format("{}[{}]", power_path, i)));
                                   report.results[index(power)].push_back(std::move(entry));
                                 }
                                 return Checked{};
                               }));
  if (const json* seats = find_field(input, "seats"))
    STRATAGEM_TRY(for_each_text(*seats, "seats", "seats",
                                [&](const ItemPath&, const std::string& seat) {
                                  report.seats.push_back(seat);
                                  return Checked{};
                                }));
  if (const json* end = find_field(input, "end")) {
    STRATAGEM_TRY_ASSIGN(auto read, read_end(variant, *end));
    report.end = std::move(read);
  }
  return report;
}

}  // namespace stratagem::formats
