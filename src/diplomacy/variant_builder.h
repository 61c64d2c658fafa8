#pragma once
// The variant format's reader, shared by its two passes: the first reads each statement on
// its own (variant_statements.cpp), the second resolves codes and checks the map as a whole
// (variant_parser.cpp). Private to the engine: Variant::parse is the way in.

#include <algorithm>
#include <array>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace variant_text {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline std::string_view trim(std::string_view s) {
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

inline std::string quoted(std::string_view s) {
  std::string text(1, '\'');
  text.append(s);
  text += '\'';
  return text;
}

inline const char* terrain_word(Terrain t) {
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

inline tl::unexpected<VariantError> error_at(int line, std::string message) {
  return tl::unexpected(VariantError{line, std::move(message)});
}

}  // namespace variant_text

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
  using Reader = Result (VariantBuilder::*)(int line, std::string_view keyword, variant_text::Fields& fields);
  struct Statement {
    std::string_view keyword;
    Block block;
    Reader read;
  };
  static std::span<const Statement> statements();

  // First pass.
  Result read_statement(int line, std::string_view keyword, variant_text::Fields& fields);
  Result misplaced(int line, std::string_view keyword, Block belongs) const;
  tl::expected<std::string_view, VariantError> read_single_field(int line, std::string_view keyword, variant_text::Fields& fields,
                                                                 int& seen_line);
  Result read_variant_id(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_victory(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_start(int line, std::string_view keyword, variant_text::Fields& fields);
  tl::expected<std::string_view, VariantError> begin_block(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_power(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_province(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_power_name(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_adjective(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_power_alias(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_home(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_unit(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_province_name(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_province_alias(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_short_name(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_army(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_fleet(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_coast(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_coast_name(int line, std::string_view keyword, variant_text::Fields& fields);
  Result read_names(int line, std::string_view keyword, variant_text::Fields& fields,
                    std::array<std::vector<Ref>, kLanguageCount>& into);
  Result read_alias(int line, std::string_view keyword, variant_text::Fields& fields, std::vector<Ref>& into);
  Result read_codes(int line, std::string_view keyword, variant_text::Fields& fields, std::vector<Ref>& into);
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

}  // namespace stratagem::diplomacy
