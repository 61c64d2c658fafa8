#include <algorithm>

#include <fmt/format.h>

#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/name_folding.h"

namespace stratagem::daide {

using diplomacy::Coast;
using diplomacy::Location;
using diplomacy::NameTarget;
using diplomacy::Power;
using diplomacy::Province;

namespace {

// The engine's province a DAIDE mnemonic names: its code, else one of its aliases.
std::optional<Province> find_province(const diplomacy::Variant& variant, std::string_view mnemonic) {
  for (int p = 0; p < variant.province_count(); ++p)
    if (variant.province_code(diplomacy::province_at(p)) == mnemonic) return diplomacy::province_at(p);
  for (const NameTarget& target : variant.lookup(diplomacy::normalise_name(mnemonic))) {
    if (target.kind != NameTarget::Kind::Location) continue;
    const Location l = diplomacy::location_at(target.id);
    if (variant.main_location(variant.province_of(l)) == l) return variant.province_of(l);
  }
  return std::nullopt;
}

std::optional<Power> find_power(const diplomacy::Variant& variant, std::string_view mnemonic) {
  for (const NameTarget& target : variant.lookup(diplomacy::normalise_name(mnemonic)))
    if (target.kind == NameTarget::Kind::Power) return diplomacy::power_at(target.id);
  return std::nullopt;
}

Coast coast_of_token(Token t) {
  if (t == tokens::NCS) return Coast::North;
  if (t == tokens::SCS) return Coast::South;
  if (t == tokens::ECS) return Coast::East;
  if (t == tokens::WCS) return Coast::West;
  return Coast::None;
}

Token token_of_coast(Coast c) {
  switch (c) {
    case Coast::North: return tokens::NCS;
    case Coast::South: return tokens::SCS;
    case Coast::East: return tokens::ECS;
    case Coast::West: return tokens::WCS;
    case Coast::None: break;
  }
  return Token{};
}

template <class Value>
std::optional<Value> value_of(const std::vector<std::pair<Token, Value>>& table, Token t) {
  for (const auto& [token, value] : table)
    if (token == t) return value;
  return std::nullopt;
}

template <class Value>
std::optional<Token> token_of(const std::vector<std::pair<Token, Value>>& table, Value v) {
  for (const auto& [token, value] : table)
    if (value == v) return token;
  return std::nullopt;
}

}  // namespace

MapNames::MapNames(const diplomacy::Variant& variant, const Representation& representation)
    : variant_(&variant), representation_(representation) {
  for (Token t : representation_.powers())
    if (auto power = find_power(variant, *representation_.mnemonic(t))) powers_.emplace_back(t, *power);
  for (Token t : representation_.provinces())
    if (auto province = find_province(variant, *representation_.mnemonic(t))) provinces_.emplace_back(t, *province);
}

std::optional<Power> MapNames::power(Token t) const { return value_of(powers_, t); }
std::optional<Province> MapNames::province(Token t) const { return value_of(provinces_, t); }
std::optional<Token> MapNames::power_token(Power p) const { return token_of(powers_, p); }
std::optional<Token> MapNames::province_token(Province p) const { return token_of(provinces_, p); }

std::optional<Location> MapNames::coast(Province p, Token coast) const {
  const Coast wanted = coast_of_token(coast);
  if (wanted == Coast::None) return std::nullopt;
  for (Location l : variant_->coasts(p))
    if (variant_->coast_of(l) == wanted) return l;
  return std::nullopt;
}

std::optional<Node> MapNames::location_node(Location l) const {
  const auto province = province_token(variant_->province_of(l));
  if (!province) return std::nullopt;
  const Coast coast = variant_->coast_of(l);
  if (coast == Coast::None) return Node{*province, {}, false};
  Node list;
  list.is_list = true;
  list.items = {Node{*province, {}, false}, Node{token_of_coast(coast), {}, false}};
  return list;
}

std::string MapNames::name(Token t) const {
  if (is_integer(t)) return std::to_string(integer_value(t));
  if (auto m = representation_.mnemonic(t)) return std::string(*m);
  return fmt::format("0x{:04X}", t.value);
}

}  // namespace stratagem::daide
