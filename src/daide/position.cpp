// NOW and SCO into a GameState and back, units and turns into tokens.
#include <fmt/format.h>

#include "stratagem/daide/translation.h"
#include "stratagem/forward_error.h"

namespace stratagem::daide {

using diplomacy::Location;
using diplomacy::Phase;
using diplomacy::PhaseType;
using diplomacy::Season;
using diplomacy::Unit;
using diplomacy::UnitType;

namespace {

std::string describe(const Nodes& items, const MapNames& names) {
  TokenList tokens = flatten(items);
  return to_text(tokens, names.representation());
}

void append(TokenList& out, const TokenList& more) { out.insert(out.end(), more.begin(), more.end()); }

}  // namespace

tl::expected<Location, std::string> read_location(const Node& node, const MapNames& names) {
  if (!node.is_list) {
    auto p = names.province(node.token);
    if (!p) return tl::unexpected(fmt::format("{} is not a province of the standard map", names.name(node.token)));
    return names.variant().main_location(*p);
  }
  if (node.items.size() != 2 || node.items[0].is_list || node.items[1].is_list)
    return tl::unexpected(fmt::format("{} is not (province coast)", describe({node}, names)));
  auto p = names.province(node.items[0].token);
  if (!p) return tl::unexpected(fmt::format("{} is not a province of the standard map", names.name(node.items[0].token)));
  auto l = names.coast(*p, node.items[1].token);
  if (!l)
    return tl::unexpected(fmt::format("{} has no coast {}", names.name(node.items[0].token), names.name(node.items[1].token)));
  return *l;
}

tl::expected<Phase, std::string> read_turn(const Node& turn) {
  std::size_t at = 1;
  if (!turn.is_list || turn.items.size() < 2 || turn.items[0].is_list)
    return tl::unexpected<std::string>("a turn that is not (season year)");
  const auto year = number_at(turn.items, at);
  if (!year || at != turn.items.size() || *year < 1 || *year > diplomacy::kLastYear)
    return tl::unexpected<std::string>("a turn whose year is not a number from 1 to 30000");
  Phase phase;
  phase.year = static_cast<std::int16_t>(*year);
  const Token season = turn.items[0].token;
  if (season == tokens::SPR) phase = {Season::Spring, phase.year, PhaseType::Movement};
  else if (season == tokens::SUM) phase = {Season::Spring, phase.year, PhaseType::Retreat};
  else if (season == tokens::FAL) phase = {Season::Fall, phase.year, PhaseType::Movement};
  else if (season == tokens::AUT) phase = {Season::Fall, phase.year, PhaseType::Retreat};
  else if (season == tokens::WIN) phase = {Season::Winter, phase.year, PhaseType::Adjustment};
  else return tl::unexpected(fmt::format("a turn whose season is the token 0x{:04X}, not SPR, SUM, FAL, AUT or WIN", season.value));
  return phase;
}

TokenList turn_tokens(Phase phase) {
  Token season = tokens::WIN;
  if (phase.season == Season::Spring) season = phase.type == PhaseType::Movement ? tokens::SPR : tokens::SUM;
  if (phase.season == Season::Fall) season = phase.type == PhaseType::Movement ? tokens::FAL : tokens::AUT;
  return {tokens::BRA, season, integer_token(phase.year), tokens::KET};
}

tl::expected<Unit, std::string> read_unit(const Nodes& items, const MapNames& names) {
  if (items.size() != 3 || items[0].is_list || items[1].is_list)
    return tl::unexpected(fmt::format("({}) is not a unit (power unit_type province)", describe(items, names)));
  auto power = names.power(items[0].token);
  if (!power) return tl::unexpected(fmt::format("{} is not a power of the standard map", names.name(items[0].token)));
  Unit unit;
  unit.power = *power;
  if (items[1].token == tokens::AMY) unit.type = UnitType::Army;
  else if (items[1].token == tokens::FLT) unit.type = UnitType::Fleet;
  else return tl::unexpected(fmt::format("{} is not AMY or FLT", names.name(items[1].token)));
  STRATAGEM_TRY_ASSIGN(auto location, read_location(items[2], names));
  const diplomacy::Variant& variant = names.variant();
  const bool fits = unit.type == UnitType::Fleet
                        ? variant.fleet_can_stand(location)
                        : variant.terrain(variant.province_of(location)) != diplomacy::Terrain::Sea &&
                              variant.coast_of(location) == diplomacy::Coast::None;
  if (!fits)
    return tl::unexpected(fmt::format("({}): {} cannot stand on {}", describe(items, names),
                                      unit.type == UnitType::Army ? "an army" : "a fleet", variant.location_code(location)));
  unit.location = location;
  return unit;
}

std::optional<TokenList> unit_tokens(const Unit& unit, const MapNames& names) {
  const auto power = names.power_token(unit.power);
  const auto location = names.location_node(unit.location);
  if (!power || !location) return std::nullopt;
  TokenList out{*power, unit.type == UnitType::Army ? tokens::AMY : tokens::FLT};
  const TokenList where = flatten({*location});
  out.insert(out.end(), where.begin(), where.end());
  return out;
}

tl::expected<void, std::string> read_supply_centres(const Nodes& sco_arguments, const MapNames& names,
                                                    diplomacy::GameState& state) {
  const diplomacy::Variant& variant = names.variant();
  diplomacy::GameState next = state;
  variant.all_supply_centres().for_each([&](int c) { next.set_centre_owner(diplomacy::province_at(c), diplomacy::Power::None); });
  for (const Node& group : sco_arguments) {
    if (!group.is_list || group.items.empty() || group.items[0].is_list)
      return tl::unexpected<std::string>("SCO: an entry that is not (power centre ...)");
    diplomacy::Power owner = diplomacy::Power::None;
    if (group.items[0].token != tokens::UNO) {
      auto power = names.power(group.items[0].token);
      if (!power) return tl::unexpected(fmt::format("SCO: {} is not a power of the standard map", names.name(group.items[0].token)));
      owner = *power;
    }
    for (std::size_t k = 1; k < group.items.size(); ++k) {
      const Node& centre = group.items[k];
      auto province = centre.is_list ? std::nullopt : names.province(centre.token);
      if (!province || !variant.is_supply_centre(*province))
        return tl::unexpected(fmt::format("SCO: {} is not a supply centre of the standard map", describe({centre}, names)));
      next.set_centre_owner(*province, owner);
    }
  }
  state = std::move(next);
  return {};
}

tl::expected<void, std::string> read_position(const Nodes& now_arguments, const MapNames& names,
                                              diplomacy::GameState& state) {
  if (now_arguments.empty()) return tl::unexpected<std::string>("NOW without a turn");
  auto phase = read_turn(now_arguments[0]);
  if (!phase) return tl::unexpected<std::string>("NOW: " + phase.error());
  const diplomacy::Variant& variant = names.variant();
  diplomacy::GameState next = state;
  next.phase = *phase;
  next.clear_units();
  next.clear_dislodged();
  std::vector<diplomacy::DislodgedUnit> dislodged;
  for (std::size_t k = 1; k < now_arguments.size(); ++k) {
    const Node& entry = now_arguments[k];
    if (!entry.is_list) return tl::unexpected(fmt::format("NOW: {} is not a unit", describe({entry}, names)));
    const bool must_retreat = entry.items.size() == 5 && entry.items[3].is(tokens::MRT);
    const Nodes unit_items(entry.items.begin(), entry.items.begin() + (must_retreat ? 3 : std::ptrdiff_t(entry.items.size())));
    auto unit = read_unit(unit_items, names);
    if (!unit) return tl::unexpected<std::string>("NOW: " + unit.error());
    const diplomacy::Province province = variant.province_of(unit->location);
    if (must_retreat) {
      if (phase->type != diplomacy::PhaseType::Retreat || !entry.items[4].is_list)
        return tl::unexpected(fmt::format("NOW: {} has retreat options outside a retreat turn", describe({entry}, names)));
      diplomacy::DislodgedUnit d{*unit, {}};
      for (const Node& option : entry.items[4].items) {
        auto to = read_location(option, names);
        if (!to) return tl::unexpected<std::string>("NOW: a retreat option: " + to.error());
        d.retreats.insert(diplomacy::index(*to));
      }
      if (next.dislodged_in(province)) return tl::unexpected(fmt::format("NOW: two dislodged units in {}", variant.province_code(province)));
      next.add_dislodged(variant, d);
    } else {
      if (next.occupied(province)) return tl::unexpected(fmt::format("NOW: two units in {}", variant.province_code(province)));
      next.place(variant, *unit);
    }
  }
  state = std::move(next);
  return {};
}

TokenList now_arguments(const diplomacy::GameState& state, const MapNames& names) {
  TokenList out = turn_tokens(state.phase);
  state.occupied_provinces().for_each(
      [&](int p) { append(out, bracketed(*unit_tokens(state.unit_at(diplomacy::province_at(p)), names))); });
  state.dislodged_provinces().for_each([&](int p) {
    const diplomacy::DislodgedUnit d = *state.dislodged_in(diplomacy::province_at(p));
    TokenList entry = *unit_tokens(d.unit, names);
    entry.push_back(tokens::MRT);
    Nodes options;
    d.retreats.for_each([&](int l) { options.push_back(*names.location_node(diplomacy::location_at(l))); });
    append(entry, bracketed(options));
    append(out, bracketed(entry));
  });
  return out;
}

TokenList sco_arguments(const diplomacy::GameState& state, const MapNames& names) {
  const diplomacy::Variant& variant = names.variant();
  TokenList out;
  for (int p = -1; p < variant.power_count(); ++p) {
    const diplomacy::Power power = p < 0 ? diplomacy::Power::None : diplomacy::power_at(p);
    TokenList group{p < 0 ? tokens::UNO : *names.power_token(power)};
    variant.all_supply_centres().for_each([&](int c) {
      if (state.centre_owner(diplomacy::province_at(c)) == power) group.push_back(*names.province_token(diplomacy::province_at(c)));
    });
    append(out, bracketed(group));
  }
  return out;
}

}  // namespace stratagem::daide
