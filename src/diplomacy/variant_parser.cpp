// The variant format's parser (docs/variant-format.md): text to a Variant, every error with
// its line. Here the whole read and its second pass, which resolves codes (they may refer
// forward) and checks the map as a whole; the first pass is in variant_statements.cpp.
#include "variant_parser.h"

#include "stratagem/diplomacy/name_folding.h"
#include "stratagem/forward_error.h"
#include "variant_builder.h"

namespace stratagem::diplomacy {

using namespace variant_text;

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
