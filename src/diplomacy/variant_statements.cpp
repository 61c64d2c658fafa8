// The variant format's first pass (docs/variant-format.md): each statement read on its
// own, by the table of statements, and recorded with its line for the second pass.
#include <optional>

#include "stratagem/diplomacy/state.h"
#include "stratagem/forward_error.h"
#include "variant_builder.h"

namespace stratagem::diplomacy {

using namespace variant_text;

namespace {

bool is_code(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

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

tl::unexpected<VariantError> unknown_language(int line, std::string_view text) {
  return error_at(line, "unknown language " + quoted(text) + " (expected en, zh-Hant, zh-Hans or ja)");
}

tl::unexpected<VariantError> unknown_coast(int line, std::string_view text) {
  return error_at(line, "unknown coast " + quoted(text) + " (expected NC, SC, EC or WC)");
}

}  // namespace

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
  const std::string statement = quoted(keyword) + " ";
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
  if (value.empty()) return error_at(line, quoted(keyword) + " needs a value");
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
    return error_at(line, quoted(keyword) + " needs an upper-case code, got " + quoted(code));
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
  if (fields.empty()) return error_at(line, quoted(keyword) + " needs a name after the language");
  into[static_cast<int>(*lang)].push_back({fields.rest(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::read_alias(int line, std::string_view keyword, Fields& fields,
                                                  std::vector<Ref>& into) {
  if (fields.empty()) return error_at(line, quoted(keyword) + " needs a name");
  into.push_back({fields.rest(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::read_codes(int line, std::string_view keyword, Fields& fields,
                                                  std::vector<Ref>& into) {
  if (fields.empty()) return error_at(line, quoted(keyword) + " needs at least one code");
  while (!fields.empty()) into.push_back({fields.next(), line});
  return {};
}

VariantBuilder::Result VariantBuilder::check_province_complete(const RawProvince& province) const {
  if (province.names[static_cast<int>(Language::En)].empty())
    return error_at(province.line, "province " + std::string(province.code) + " has no English name (name en ...)");
  return {};
}

}  // namespace stratagem::diplomacy
