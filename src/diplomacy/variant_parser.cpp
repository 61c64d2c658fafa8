// The variant format's parser (docs/variant-format.md): text to a Variant, every error with
// its line.
#include "variant_parser.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/forward_error.h"

namespace stratagem::diplomacy {

namespace {

// ------------------------------------------------------------------ lexical helpers

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The fields of one statement, taken one blank-separated word at a time; `rest()` is
// the remainder of the line for the free-text last field of name statements.
class Fields {
 public:
  explicit Fields(std::string_view text) : rest_(trim(text)) {}

  bool empty() const { return rest_.empty(); }
  std::string_view rest() const { return rest_; }
  std::string_view next() {
    std::size_t end = 0;
    while (end < rest_.size() && !is_blank(rest_[end])) ++end;
    const std::string_view word = rest_.substr(0, end);
    rest_ = trim(rest_.substr(end));
    return word;
  }

 private:
  std::string_view rest_;
};

bool is_code(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

std::optional<Coast> parse_coast(std::string_view s) {
  if (s == "NC") return Coast::North;
  if (s == "SC") return Coast::South;
  if (s == "EC") return Coast::East;
  if (s == "WC") return Coast::West;
  return std::nullopt;
}

std::optional<Terrain> parse_terrain(std::string_view s) {
  if (s == "inland") return Terrain::Inland;
  if (s == "coastal") return Terrain::Coastal;
  if (s == "sea") return Terrain::Sea;
  if (s == "impassable") return Terrain::Impassable;
  return std::nullopt;
}

const char* terrain_word(Terrain t) {
  switch (t) {
    case Terrain::Inland:
      return "inland";
    case Terrain::Coastal:
      return "coastal";
    case Terrain::Sea:
      return "sea";
    case Terrain::Impassable:
      return "impassable";
  }
  return "?";
}

tl::unexpected<VariantError> error_at(int line, std::string message) {
  return tl::unexpected(VariantError{line, std::move(message)});
}

tl::unexpected<VariantError> unknown_language(int line, std::string_view text) {
  return error_at(line, "unknown language " + quoted(text) + " (expected en, zh-Hant, zh-Hans or ja)");
}

tl::unexpected<VariantError> unknown_coast(int line, std::string_view text) {
  return error_at(line, "unknown coast " + quoted(text) + " (expected NC, SC, EC or WC)");
}

}  // namespace

// Reads a variant in two passes. The first pass checks each statement on its own and
// records it with its line; the second resolves codes (which may refer forward, e.g.
// a power's home centres to provinces declared later) and checks the map as a whole.
class VariantBuilder {
 public:
  tl::expected<Variant, VariantError> build(std::string_view text);

 private:
  // A code or a name as written, with the line it was written on.
  struct Ref {
    std::string_view text;
    int line = 0;
  };
  struct RawCoast {
    Coast coast = Coast::None;
    std::string_view suffix;  // "NC"
    int line = 0;
    std::vector<Ref> fleet;
    std::vector<Ref> names;
  };
  struct RawProvince {
    std::string_view code;
    int line = 0;
    Terrain terrain = Terrain::Inland;
    bool centre = false;
    std::array<std::vector<Ref>, kLanguageCount> names, short_names;
    std::vector<Ref> aliases;
    std::vector<Ref> army;
    std::vector<Ref> fleet;
    int first_fleet_line = 0;
    std::vector<RawCoast> coasts;
  };
  struct RawUnit {
    UnitType type = UnitType::Army;
    Ref location;
  };
  struct RawPower {
    std::string_view code;
    int line = 0;
    std::array<std::vector<Ref>, kLanguageCount> names, adjectives;
    std::vector<Ref> aliases;
    std::vector<Ref> homes;
    std::vector<RawUnit> units;
  };
  // One adjacency as written: `to` is listed on line `line` as reachable from `from`.
  struct Edge {
    int from = 0;
    int to = 0;
    int line = 0;
  };

  using Result = tl::expected<void, VariantError>;

  // The block a statement belongs in; Any: `power` and `province`, which begin one.
  enum class Block { TopLevel, Power, Province, Any };
  using Reader = Result (VariantBuilder::*)(int line, std::string_view keyword, Fields& fields);
  struct Statement {
    std::string_view keyword;
    Block block;
    Reader read;
  };
  static std::span<const Statement> statements();

  // First pass.
  Result read_statement(int line, std::string_view keyword, Fields& fields);
  Result misplaced(int line, std::string_view keyword, Block belongs) const;
  tl::expected<std::string_view, VariantError> read_single_field(int line, std::string_view keyword, Fields& fields,
                                                                 int& seen_line);
  Result read_variant_id(int line, std::string_view keyword, Fields& fields);
  Result read_victory(int line, std::string_view keyword, Fields& fields);
  Result read_start(int line, std::string_view keyword, Fields& fields);
  tl::expected<std::string_view, VariantError> begin_block(int line, std::string_view keyword, Fields& fields);
  Result read_power(int line, std::string_view keyword, Fields& fields);
  Result read_province(int line, std::string_view keyword, Fields& fields);
  Result read_power_name(int line, std::string_view keyword, Fields& fields);
  Result read_adjective(int line, std::string_view keyword, Fields& fields);
  Result read_power_alias(int line, std::string_view keyword, Fields& fields);
  Result read_home(int line, std::string_view keyword, Fields& fields);
  Result read_unit(int line, std::string_view keyword, Fields& fields);
  Result read_province_name(int line, std::string_view keyword, Fields& fields);
  Result read_province_alias(int line, std::string_view keyword, Fields& fields);
  Result read_short_name(int line, std::string_view keyword, Fields& fields);
  Result read_army(int line, std::string_view keyword, Fields& fields);
  Result read_fleet(int line, std::string_view keyword, Fields& fields);
  Result read_coast(int line, std::string_view keyword, Fields& fields);
  Result read_coast_name(int line, std::string_view keyword, Fields& fields);
  Result read_names(int line, std::string_view keyword, Fields& fields,
                    std::array<std::vector<Ref>, kLanguageCount>& into);
  Result read_alias(int line, std::string_view keyword, Fields& fields, std::vector<Ref>& into);
  Result read_codes(int line, std::string_view keyword, Fields& fields, std::vector<Ref>& into);
  Result check_province_complete(const RawProvince& province) const;

  // Second pass.
  Result check_required(int last_line) const;
  Result make_provinces();
  Result make_army_adjacency();
  Result make_fleet_adjacency();
  Result make_powers();
  Result make_start_units();
  Result make_name_table();
  Result check_short_names();
  tl::expected<int, VariantError> resolve_province(const Ref& ref) const;
  // `node(i, j)` gives the code of node i and whether it lists node j.
  template <class Node>
  static Result check_symmetric(const char* kind, const std::vector<Edge>& edges, Node node);
  tl::expected<int, VariantError> resolve_location(const Ref& ref) const;
  Result add_name(const Ref& name, NameTarget target,
                  std::vector<std::pair<std::string, NameTarget>>& into) const;

  Variant variant_;
  std::vector<RawPower> powers_;
  std::vector<RawProvince> provinces_;
  Block block_ = Block::TopLevel;  // the block the statements being read are in
  int variant_line_ = 0, victory_line_ = 0, start_line_ = 0;
  std::map<std::string_view, int> province_index_;
  std::map<std::string_view, int> location_index_;  // every location code, "STP/NC" too
};

tl::expected<Variant, VariantError> VariantBuilder::build(std::string_view text) {
  int line = 0;
  while (!text.empty()) {
    ++line;
    const std::size_t newline = text.find('\n');
    std::string_view content = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    if (const std::size_t hash = content.find('#'); hash != std::string_view::npos)
      content = content.substr(0, hash);
    Fields fields(content);
    if (fields.empty()) continue;
    const std::string_view keyword = fields.next();
    STRATAGEM_TRY(read_statement(line, keyword, fields));
  }
  // The end of the text closes the last province block.
  if (!provinces_.empty()) STRATAGEM_TRY(check_province_complete(provinces_.back()));
  for (auto step : {&VariantBuilder::make_provinces, &VariantBuilder::make_army_adjacency,
                    &VariantBuilder::make_fleet_adjacency, &VariantBuilder::make_powers,
                    &VariantBuilder::make_start_units, &VariantBuilder::make_name_table,
                    &VariantBuilder::check_short_names}) {
    STRATAGEM_TRY((this->*step)());
  }
  STRATAGEM_TRY(check_required(std::max(line, 1)));
  variant_.list_adjacency();
  return std::move(variant_);
}

// ------------------------------------------------------------------ first pass

// Every statement of the format (docs/variant-format.md): its keyword, the block it
// belongs in, and its reader. A keyword may be read differently in each block. The table
// is a function's static, made on first use: a variant is parsed while other files'
// statics are initialised (a test's `const Power kFrance = power("FRANCE")` reads the
// standard map), before a table at namespace scope would be.
std::span<const VariantBuilder::Statement> VariantBuilder::statements() {
  static const Statement kStatements[] = {
      {"variant", Block::TopLevel, &VariantBuilder::read_variant_id},
      {"victory", Block::TopLevel, &VariantBuilder::read_victory},
      {"start", Block::TopLevel, &VariantBuilder::read_start},
      {"power", Block::Any, &VariantBuilder::read_power},
      {"province", Block::Any, &VariantBuilder::read_province},
      {"name", Block::Power, &VariantBuilder::read_power_name},
      {"adjective", Block::Power, &VariantBuilder::read_adjective},
      {"alias", Block::Power, &VariantBuilder::read_power_alias},
      {"home", Block::Power, &VariantBuilder::read_home},
      {"unit", Block::Power, &VariantBuilder::read_unit},
      {"name", Block::Province, &VariantBuilder::read_province_name},
      {"alias", Block::Province, &VariantBuilder::read_province_alias},
      {"short", Block::Province, &VariantBuilder::read_short_name},
      {"army", Block::Province, &VariantBuilder::read_army},
      {"fleet", Block::Province, &VariantBuilder::read_fleet},
      {"coast", Block::Province, &VariantBuilder::read_coast},
      {"coast-name", Block::Province, &VariantBuilder::read_coast_name},
  };
  return kStatements;
}

VariantBuilder::Result VariantBuilder::read_statement(int line, std::string_view keyword, Fields& fields) {
  const Statement* elsewhere = nullptr;
  for (const Statement& statement : statements()) {
    if (statement.keyword != keyword) continue;
    if (statement.block == block_ || statement.block == Block::Any)
      return (this->*statement.read)(line, keyword, fields);
    elsewhere = &statement;
  }
  if (!elsewhere) return error_at(line, "unknown keyword " + quoted(keyword));
  return misplaced(line, keyword, elsewhere->block);
}

VariantBuilder::Result VariantBuilder::misplaced(int line, std::string_view keyword, Block belongs) const {
  const std::string statement = "'" + std::string(keyword) + "' ";
  if (belongs == Block::TopLevel) return error_at(line, statement + "must come before the first power or province");
  switch (block_) {
    case Block::Power:
      return error_at(line,
                      statement + "belongs in a province block, not in power " + std::string(powers_.back().code));
    case Block::Province:
      return error_at(line,
                      statement + "belongs in a power block, not in province " + std::string(provinces_.back().code));
    case Block::TopLevel:
    case Block::Any:
      break;
  }
  return error_at(line, statement + "outside a power or province block");
}

// --- top level

tl::expected<std::string_view, VariantError> VariantBuilder::read_single_field(int line, std::string_view keyword,
                                                                               Fields& fields, int& seen_line) {
  if (seen_line)
    return error_at(line,
                    "duplicate '" + std::string(keyword) + "' (first on line " + std::to_string(seen_line) + ")");
  seen_line = line;
  const std::string_view value = fields.next();
  if (value.empty()) return error_at(line, "'" + std::string(keyword) + "' needs a value");
  if (!fields.empty()) return error_at(line, "unexpected text after " + quoted(value) + ": " + quoted(fields.rest()));
  return value;
}

VariantBuilder::Result VariantBuilder::read_variant_id(int line, std::string_view keyword, Fields& fields) {
  STRATAGEM_TRY_ASSIGN(auto id, read_single_field(line, keyword, fields, variant_line_));
  variant_.id_ = std::string(id);
  return {};
}

VariantBuilder::Result VariantBuilder::read_victory(int line, std::string_view keyword, Fields& fields) {
  STRATAGEM_TRY_ASSIGN(auto value, read_single_field(line, keyword, fields, victory_line_));
  int n = 0;
  for (char c : value) {
    if (c < '0' || c > '9' || n > kMaxProvinces)
      return error_at(line, "victory needs a number of supply centres, got " + quoted(value));
    n = n * 10 + (c - '0');
  }
  variant_.victory_centres_ = n;
  return {};
}

VariantBuilder::Result VariantBuilder::read_start(int line, std::string_view keyword, Fields& fields) {
  STRATAGEM_TRY_ASSIGN(auto value, read_single_field(line, keyword, fields, start_line_));
  const auto phase = parse_phase_code(value);
  if (!phase) return error_at(line, "start needs a phase such as S1901M, got " + quoted(value));
  variant_.start_phase_ = *phase;
  return {};
}

// --- the lines that begin a block

tl::expected<std::string_view, VariantError> VariantBuilder::begin_block(int line, std::string_view keyword,
                                                                         Fields& fields) {
  if (block_ == Block::Province)
    STRATAGEM_TRY(check_province_complete(provinces_.back()));
  const std::string_view code = fields.next();
  if (!is_code(code))
    return error_at(line, "'" + std::string(keyword) + "' needs an upper-case code, got " + quoted(code));
  const bool known_power =
      std::any_of(powers_.begin(), powers_.end(), [&](const RawPower& p) { return p.code == code; });
  if (known_power || province_index_.count(code)) return error_at(line, "duplicate code " + quoted(code));
  return code;
}

VariantBuilder::Result VariantBuilder::read_power(int line, std::string_view keyword, Fields& fields) {
  STRATAGEM_TRY_ASSIGN(const auto code, begin_block(line, keyword, fields));
  if (!fields.empty()) return error_at(line, "unexpected text after power code: " + quoted(fields.rest()));
  if (static_cast<int>(powers_.size()) == kMaxPowers)
    return error_at(line, "too many powers (at most " + std::to_string(kMaxPowers) + ")");
  block_ = Block::Power;
  RawPower& power = powers_.emplace_back();
  power.code = code;
  power.line = line;
  return {};
}

VariantBuilder::Result VariantBuilder::read_province(int line, std::string_view keyword, Fields& fields) {
  STRATAGEM_TRY_ASSIGN(const auto code, begin_block(line, keyword, fields));
  const std::string_view terrain_text = fields.next();
  const auto terrain = parse_terrain(terrain_text);
  if (!terrain)
    return error_at(line,
                    "unknown terrain " + quoted(terrain_text) + " (expected inland, coastal, sea or impassable)");
  bool centre = false;
  if (!fields.empty()) {
    const std::string_view flag = fields.next();
    if (flag != "centre") return error_at(line, "unknown province flag " + quoted(flag) + " (expected 'centre')");
    if (*terrain == Terrain::Sea || *terrain == Terrain::Impassable)
      return error_at(line, std::string("a ") + terrain_word(*terrain) + " province cannot be a supply centre");
    centre = true;
  }
  if (!fields.empty()) return error_at(line, "unexpected text after province flags: " + quoted(fields.rest()));
  if (static_cast<int>(provinces_.size()) == kMaxProvinces)
    return error_at(line, "too many provinces (at most " + std::to_string(kMaxProvinces) + ")");
  block_ = Block::Province;
  province_index_.emplace(code, static_cast<int>(provinces_.size()));
  RawProvince& province = provinces_.emplace_back();
  province.code = code;
  province.line = line;
  province.terrain = *terrain;
  province.centre = centre;
  return {};
}

// --- a power's block

VariantBuilder::Result VariantBuilder::read_power_name(int line, std::string_view keyword, Fields& fields) {
  return read_names(line, keyword, fields, powers_.back().names);
}

VariantBuilder::Result VariantBuilder::read_adjective(int line, std::string_view keyword, Fields& fields) {
  return read_names(line, keyword, fields, powers_.back().adjectives);
}

VariantBuilder::Result VariantBuilder::read_power_alias(int line, std::string_view keyword, Fields& fields) {
  return read_alias(line, keyword, fields, powers_.back().aliases);
}

VariantBuilder::Result VariantBuilder::read_home(int line, std::string_view keyword, Fields& fields) {
  return read_codes(line, keyword, fields, powers_.back().homes);
}

VariantBuilder::Result VariantBuilder::read_unit(int line, std::string_view, Fields& fields) {
  const std::string_view type = fields.next();
  if (type != "A" && type != "F") return error_at(line, "unit type must be A or F, got " + quoted(type));
  const std::string_view location = fields.next();
  if (location.empty()) return error_at(line, "'unit' needs a location");
  if (!fields.empty()) return error_at(line, "unexpected text after unit: " + quoted(fields.rest()));
  powers_.back().units.push_back({type == "A" ? UnitType::Army : UnitType::Fleet, {location, line}});
  return {};
}

// --- a province's block

VariantBuilder::Result VariantBuilder::read_province_name(int line, std::string_view keyword, Fields& fields) {
  return read_names(line, keyword, fields, provinces_.back().names);
}

VariantBuilder::Result VariantBuilder::read_province_alias(int line, std::string_view keyword, Fields& fields) {
  return read_alias(line, keyword, fields, provinces_.back().aliases);
}

VariantBuilder::Result VariantBuilder::read_short_name(int line, std::string_view keyword, Fields& fields) {
  return read_names(line, keyword, fields, provinces_.back().short_names);
}

VariantBuilder::Result VariantBuilder::read_army(int line, std::string_view keyword, Fields& fields) {
  return read_codes(line, keyword, fields, provinces_.back().army);
}

VariantBuilder::Result VariantBuilder::read_fleet(int line, std::string_view keyword, Fields& fields) {
  RawProvince& province = provinces_.back();
  if (!province.coasts.empty())
    return error_at(line, "province " + std::string(province.code) +
                              " has coast lines, so its fleet moves belong on them, not on a fleet line");
  if (!province.first_fleet_line) province.first_fleet_line = line;
  return read_codes(line, keyword, fields, province.fleet);
}

VariantBuilder::Result VariantBuilder::read_coast(int line, std::string_view keyword, Fields& fields) {
  RawProvince& province = provinces_.back();
  if (province.first_fleet_line)
    return error_at(line, "province " + std::string(province.code) + " has a fleet line (line " +
                              std::to_string(province.first_fleet_line) + "), so it cannot have named coasts");
  if (province.terrain != Terrain::Coastal)
    return error_at(line, std::string("only a coastal province can have named coasts; ") +
                              std::string(province.code) + " is " + terrain_word(province.terrain));
  const std::string_view suffix = fields.next();
  const auto coast = parse_coast(suffix);
  if (!coast) return unknown_coast(line, suffix);
  for (const RawCoast& c : province.coasts)
    if (c.coast == *coast)
      return error_at(line, "duplicate code " + quoted(std::string(province.code) + "/" + std::string(suffix)));
  RawCoast& declared = province.coasts.emplace_back();
  declared.coast = *coast;
  declared.suffix = suffix;
  declared.line = line;
  return read_codes(line, keyword, fields, declared.fleet);
}

VariantBuilder::Result VariantBuilder::read_coast_name(int line, std::string_view, Fields& fields) {
  RawProvince& province = provinces_.back();
  const std::string_view suffix = fields.next();
  const auto coast = parse_coast(suffix);
  if (!coast) return unknown_coast(line, suffix);
  auto named = std::find_if(province.coasts.begin(), province.coasts.end(),
                            [&](const RawCoast& c) { return c.coast == *coast; });
  if (named == province.coasts.end())
    return error_at(line, "coast-name for unknown coast " +
                              quoted(std::string(province.code) + "/" + std::string(suffix)) +
                              " (declare it with a coast line first)");
  const std::string_view language = fields.next();
  if (!language_by_code(language)) return unknown_language(line, language);
  if (fields.empty()) return error_at(line, "'coast-name' needs a name");
  named->names.push_back({fields.rest(), line});
  return {};
}

// --- fields shared by several statements

VariantBuilder::Result VariantBuilder::read_names(int line, std::string_view keyword, Fields& fields,
                                                  std::array<std::vector<Ref>, kLanguageCount>& into) {
  const std::string_view language = fields.next();
  const auto lang = language_by_code(language);
  if (!lang) return unknown_language(line, language);
  if (fields.empty()) return error_at(line, "'" + std::string(keyword) + "' needs a name after the language");
  into[static_cast<int>(*lang)].push_back({fields.rest(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::read_alias(int line, std::string_view keyword, Fields& fields,
                                                  std::vector<Ref>& into) {
  if (fields.empty()) return error_at(line, "'" + std::string(keyword) + "' needs a name");
  into.push_back({fields.rest(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::read_codes(int line, std::string_view keyword, Fields& fields,
                                                  std::vector<Ref>& into) {
  if (fields.empty()) return error_at(line, "'" + std::string(keyword) + "' needs at least one code");
  while (!fields.empty()) into.push_back({fields.next(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::check_province_complete(const RawProvince& province) const {
  if (province.names[static_cast<int>(Language::En)].empty())
    return error_at(province.line, "province " + std::string(province.code) + " has no English name (name en ...)");
  return {};
}

// ------------------------------------------------------------------ second pass

VariantBuilder::Result VariantBuilder::check_required(int last_line) const {
  if (!variant_line_) return error_at(last_line, "missing 'variant' statement");
  if (!victory_line_) return error_at(last_line, "missing 'victory' statement");
  if (!start_line_) return error_at(last_line, "missing 'start' statement");
  if (powers_.empty()) return error_at(last_line, "no powers declared");
  if (provinces_.empty()) return error_at(last_line, "no provinces declared");
  const int centres = variant_.supply_centres_.size();
  if (variant_.victory_centres_ < 1 || variant_.victory_centres_ > centres)
    return error_at(victory_line_, "victory " + std::to_string(variant_.victory_centres_) +
                                       " must be between 1 and the number of supply centres (" +
                                       std::to_string(centres) + ")");
  return {};
}

VariantBuilder::Result VariantBuilder::make_provinces() {
  Variant& v = variant_;
  for (const RawProvince& raw : provinces_) {
    const int p = static_cast<int>(v.provinces_.size());
    Variant::ProvinceInfo info;
    info.code = std::string(raw.code);
    info.terrain = raw.terrain;
    info.supply_centre = raw.centre;
    for (int lang = 0; lang < kLanguageCount; ++lang) {
      if (!raw.names[lang].empty()) info.names[lang] = std::string(raw.names[lang].front().text);
      if (!raw.short_names[lang].empty()) info.short_names[lang] = std::string(raw.short_names[lang].front().text);
    }
    v.provinces_.push_back(std::move(info));
    Variant::LocationInfo location;
    location.code = std::string(raw.code);
    location.province = province_at(p);
    location.fleet_can_stand =
        raw.terrain == Terrain::Sea || (raw.terrain == Terrain::Coastal && raw.coasts.empty());
    v.locations_.push_back(std::move(location));
    if (raw.centre) v.supply_centres_.insert(p);
    if (raw.terrain == Terrain::Sea) v.seas_.insert(p);
    if (raw.terrain == Terrain::Coastal) v.coastal_.insert(p);
    location_index_.emplace(raw.code, p);
  }
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    for (const RawCoast& coast : provinces_[p].coasts) {
      const int l = static_cast<int>(v.locations_.size());
      if (l == kMaxLocations)
        return error_at(coast.line, "too many locations (at most " + std::to_string(kMaxLocations) + ")");
      Variant::LocationInfo location;
      location.code = v.provinces_[p].code + "/" + std::string(coast.suffix);
      location.province = province_at(static_cast<int>(p));
      location.coast = coast.coast;
      location.fleet_can_stand = true;
      v.provinces_[p].coasts.push_back(location_at(l));
      v.split_coasts_.insert(static_cast<int>(p));
      v.locations_.push_back(std::move(location));
    }
  }
  for (std::size_t l = provinces_.size(); l < v.locations_.size(); ++l)
    location_index_.emplace(v.locations_[l].code, static_cast<int>(l));
  return {};
}

template <class Node>
VariantBuilder::Result VariantBuilder::check_symmetric(const char* kind, const std::vector<Edge>& edges,
                                                       Node node) {
  for (const Edge& e : edges) {
    const auto [to_code, lists_back] = node(e.to, e.from);
    if (!lists_back) {
      const std::string from_code = node(e.from, e.to).first;
      return error_at(e.line, std::string(kind) + " adjacency is not symmetric: " + from_code + " lists " +
                                  to_code + " but " + to_code + " does not list " + from_code);
    }
  }
  return {};
}

tl::expected<int, VariantError> VariantBuilder::resolve_province(const Ref& ref) const {
  const auto found = province_index_.find(ref.text);
  if (found == province_index_.end()) return error_at(ref.line, "unknown province code " + quoted(ref.text));
  return found->second;
}

tl::expected<int, VariantError> VariantBuilder::resolve_location(const Ref& ref) const {
  const auto found = location_index_.find(ref.text);
  if (found == location_index_.end()) {
    const std::string_view province = ref.text.substr(0, ref.text.find('/'));
    if (province.size() < ref.text.size() && province_index_.count(province))
      return error_at(ref.line, "unknown coast " + quoted(ref.text) + " (province " + std::string(province) +
                                    " has no such coast)");
    return error_at(ref.line, "unknown location code " + quoted(ref.text));
  }
  return found->second;
}

VariantBuilder::Result VariantBuilder::make_army_adjacency() {
  Variant& v = variant_;
  std::vector<Edge> edges;
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    const RawProvince& raw = provinces_[p];
    for (const Ref& ref : raw.army) {
      if (raw.terrain == Terrain::Sea)
        return error_at(ref.line, "army move from sea province " + std::string(raw.code) +
                                      ": armies cannot be adjacent to seas");
      if (raw.terrain == Terrain::Impassable)
        return error_at(ref.line, "army move from impassable province " + std::string(raw.code));
      STRATAGEM_TRY_ASSIGN(auto q, resolve_province(ref));
      if (q == static_cast<int>(p))
        return error_at(ref.line, "province " + std::string(raw.code) + " listed as adjacent to itself");
      const Terrain target = provinces_[q].terrain;
      if (target == Terrain::Sea)
        return error_at(ref.line, "army move " + std::string(raw.code) + " -> " + std::string(ref.text) +
                                      ": armies cannot be adjacent to seas");
      if (target == Terrain::Impassable)
        return error_at(ref.line, "army move " + std::string(raw.code) + " -> impassable province " +
                                      std::string(ref.text));
      v.provinces_[p].army_neighbours.insert(q);
      edges.push_back({static_cast<int>(p), q, ref.line});
    }
  }
  return check_symmetric("army", edges, [&](int from, int to) {
    return std::pair(v.provinces_[from].code, v.provinces_[from].army_neighbours.contains(to));
  });
}

VariantBuilder::Result VariantBuilder::make_fleet_adjacency() {
  Variant& v = variant_;
  std::vector<Edge> edges;
  auto add = [&](int from, const std::vector<Ref>& refs) -> Result {
    const RawProvince& source = provinces_[index(v.locations_[from].province)];
    for (const Ref& ref : refs) {
      if (source.terrain == Terrain::Inland || source.terrain == Terrain::Impassable)
        return error_at(ref.line, std::string("fleet move from ") + terrain_word(source.terrain) +
                                      " province " + std::string(source.code) +
                                      ": fleets only move between seas and coasts");
      STRATAGEM_TRY_ASSIGN(auto to, resolve_location(ref));
      const Variant::LocationInfo& target = v.locations_[to];
      const RawProvince& target_province = provinces_[index(target.province)];
      if (target_province.terrain == Terrain::Inland || target_province.terrain == Terrain::Impassable)
        return error_at(ref.line, "fleet move " + v.locations_[from].code + " -> " +
                                      std::string(terrain_word(target_province.terrain)) + " province " +
                                      target.code + ": fleets only move between seas and coasts");
      if (!target.fleet_can_stand)
        return error_at(ref.line, "fleet move " + v.locations_[from].code + " -> " + target.code +
                                      ": that province has split coasts, name the coast (" + target.code +
                                      "/NC ...)");
      if (target.province == v.locations_[from].province)
        return error_at(ref.line, "location " + target.code + " listed as adjacent to its own province");
      v.locations_[from].fleet_neighbours.insert(to);
      v.locations_[from].fleet_reach.insert(index(target.province));
      if (provinces_[index(v.locations_[from].province)].terrain == Terrain::Sea)
        v.provinces_[index(target.province)].adjacent_seas.insert(index(v.locations_[from].province));
      edges.push_back({from, to, ref.line});
    }
    return {};
  };
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    if (auto added = add(static_cast<int>(p), provinces_[p].fleet); !added) return added;
    for (std::size_t c = 0; c < provinces_[p].coasts.size(); ++c)
      if (auto added = add(index(v.provinces_[p].coasts[c]), provinces_[p].coasts[c].fleet); !added)
        return added;
  }
  return check_symmetric("fleet", edges, [&](int from, int to) {
    return std::pair(v.locations_[from].code, v.locations_[from].fleet_neighbours.contains(to));
  });
}

VariantBuilder::Result VariantBuilder::make_powers() {
  Variant& v = variant_;
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    const RawPower& raw = powers_[i];
    if (raw.names[static_cast<int>(Language::En)].empty())
      return error_at(raw.line, "power " + std::string(raw.code) + " has no English name (name en ...)");
    Variant::PowerInfo info;
    info.code = std::string(raw.code);
    for (int lang = 0; lang < kLanguageCount; ++lang) {
      if (!raw.names[lang].empty()) info.names[lang] = std::string(raw.names[lang].front().text);
      if (!raw.adjectives[lang].empty())
        info.adjectives[lang] = std::string(raw.adjectives[lang].front().text);
    }
    for (const Ref& home : raw.homes) {
      STRATAGEM_TRY_ASSIGN(auto p, resolve_province(home));
      Variant::ProvinceInfo& province = v.provinces_[p];
      if (!province.supply_centre)
        return error_at(home.line, "home centre " + province.code + " of " + info.code +
                                       " is not a supply centre (add 'centre' to its province line)");
      if (province.home_power != Power::None)
        return error_at(home.line, "province " + province.code + " is already a home centre of " +
                                       std::string(powers_[index(province.home_power)].code));
      province.home_power = power_at(static_cast<int>(i));
      info.home_centres.insert(p);
    }
    v.powers_.push_back(std::move(info));
  }
  return {};
}

VariantBuilder::Result VariantBuilder::make_start_units() {
  Variant& v = variant_;
  ProvinceSet occupied;
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    for (const RawUnit& unit : powers_[i].units) {
      STRATAGEM_TRY_ASSIGN(auto l, resolve_location(unit.location));
      const Variant::LocationInfo& location = v.locations_[l];
      const int p = index(location.province);
      const Terrain terrain = v.provinces_[p].terrain;
      const int line = unit.location.line;
      if (unit.type == UnitType::Army && (terrain == Terrain::Sea || terrain == Terrain::Impassable))
        return error_at(line, "an army cannot stand in " + std::string(terrain_word(terrain)) + " province " +
                                  location.code);
      if (unit.type == UnitType::Army && location.coast != Coast::None)
        return error_at(line, "an army stands in a province, not on a coast: write " + v.provinces_[p].code +
                                  ", not " + location.code);
      if (unit.type == UnitType::Fleet && !location.fleet_can_stand)
        return error_at(line,
                        "a fleet cannot stand in " + location.code +
                            (v.provinces_[p].coasts.empty() ? std::string(" (") + terrain_word(terrain) + ")"
                                                            : " without naming its coast"));
      if (occupied.contains(p))
        return error_at(line, "two starting units in province " + v.provinces_[p].code);
      occupied.insert(p);
      v.start_units_.push_back(Unit{unit.type, power_at(static_cast<int>(i)), location_at(l)});
    }
  }
  return {};
}

VariantBuilder::Result VariantBuilder::add_name(const Ref& name, NameTarget target,
                                                std::vector<std::pair<std::string, NameTarget>>& into) const {
  std::string normalised = normalise_name(name.text);
  if (normalised.empty())
    return error_at(name.line,
                    "name " + quoted(name.text) + " is empty once blanks and punctuation are ignored");
  into.emplace_back(std::move(normalised), target);
  return {};
}

VariantBuilder::Result VariantBuilder::make_name_table() {
  Variant& v = variant_;
  std::vector<std::pair<std::string, NameTarget>> names;
  auto add_all = [&](const auto& refs, NameTarget target) -> Result {
    for (const Ref& ref : refs) {
      if (auto added = add_name(ref, target, names); !added) return added;
      v.written_names_.push_back({std::string(ref.text), target});
    }
    return {};
  };
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    const NameTarget target{NameTarget::Kind::Power, static_cast<std::uint8_t>(i)};
    names.emplace_back(normalise_name(powers_[i].code), target);
    for (int lang = 0; lang < kLanguageCount; ++lang) {
      if (auto added = add_all(powers_[i].names[lang], target); !added) return added;
      if (auto added = add_all(powers_[i].adjectives[lang], target); !added) return added;
    }
    if (auto added = add_all(powers_[i].aliases, target); !added) return added;
  }
  for (std::size_t l = 0; l < v.locations_.size(); ++l)
    names.emplace_back(normalise_name(v.locations_[l].code),
                       NameTarget{NameTarget::Kind::Location, static_cast<std::uint8_t>(l)});
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    const NameTarget target{NameTarget::Kind::Location, static_cast<std::uint8_t>(p)};
    for (int lang = 0; lang < kLanguageCount; ++lang) {
      if (auto added = add_all(provinces_[p].names[lang], target); !added) return added;
      if (auto added = add_all(provinces_[p].short_names[lang], target); !added) return added;
    }
    if (auto added = add_all(provinces_[p].aliases, target); !added) return added;
    for (std::size_t c = 0; c < provinces_[p].coasts.size(); ++c) {
      const NameTarget coast{NameTarget::Kind::Location,
                             static_cast<std::uint8_t>(index(v.provinces_[p].coasts[c]))};
      if (auto added = add_all(provinces_[p].coasts[c].names, coast); !added) return added;
    }
  }
  auto by_kind_and_id = [](const NameTarget& t) { return std::pair(static_cast<int>(t.kind), t.id); };
  std::sort(names.begin(), names.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return by_kind_and_id(a.second) < by_kind_and_id(b.second);
  });
  for (auto& [name, target] : names) {
    if (v.names_.empty() || v.names_.back().normalised != name) v.names_.push_back({name, {}});
    auto& targets = v.names_.back().targets;
    if (targets.empty() || targets.back() != target) targets.push_back(target);
  }
  return {};
}

// A map writes a province's short name where the full one does not fit, and a reader may
// type what the map shows: so a short name must name its province and nothing else.
VariantBuilder::Result VariantBuilder::check_short_names() {
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    for (const auto& shorts : provinces_[p].short_names) {
      for (const Ref& name : shorts) {
        for (const NameTarget& target : variant_.lookup(normalise_name(name.text))) {
          if (target.kind == NameTarget::Kind::Location && target.id == p) continue;
          const std::string other = target.kind == NameTarget::Kind::Power
                                        ? "power " + variant_.powers_[target.id].code
                                        : variant_.locations_[target.id].code;
          return error_at(name.line, "short name " + quoted(name.text) + " of " + std::string(provinces_[p].code) +
                                         " also names " + other);
        }
      }
    }
  }
  return {};
}

// ------------------------------------------------------------------ the entry

tl::expected<Variant, VariantError> parse_variant(std::string_view text) { return VariantBuilder().build(text); }

}  // namespace stratagem::diplomacy
