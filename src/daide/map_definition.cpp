// The MDF of a variant, and the comparison of a server's MDF with it. Both MDFs are read
// into the same canonical form (named sets of names), so the order a server lists things
// in does not matter and a difference can be said in words.
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "stratagem/daide/translation.h"
#include "stratagem/forward_error.h"

namespace stratagem::daide {

using diplomacy::Location;
using diplomacy::Province;
using diplomacy::Terrain;

namespace {

Node token_node(Token t) { return Node{t, {}, false}; }
Node list_node(Nodes items) {
  Node n;
  n.is_list = true;
  n.items = std::move(items);
  return n;
}

tl::expected<Node, std::string> province_node(const MapNames& names, Province p) {
  auto t = names.province_token(p);
  if (!t)
    return tl::unexpected(
        fmt::format("the representation has no token for province {}", names.variant().province_code(p)));
  return token_node(*t);
}

tl::expected<Node, std::string> location_node(const MapNames& names, Location l) {
  auto n = names.location_node(l);
  if (!n)
    return tl::unexpected(fmt::format("the representation has no token for {}", names.variant().location_code(l)));
  return *n;
}

// (unit_type adj_prov ...) for the fleet moves from location l.
tl::expected<Node, std::string> fleet_adjacencies(const MapNames& names, Location l, Node head) {
  Nodes items{std::move(head)};
  std::string error;
  names.variant().fleet_neighbours(l).for_each([&](int to) {
    auto n = location_node(names, diplomacy::location_at(to));
    if (!n) error = n.error();
    else items.push_back(*n);
  });
  if (!error.empty()) return tl::unexpected(error);
  return list_node(std::move(items));
}

tl::expected<Node, std::string> province_adjacencies(const MapNames& names, Province p) {
  const diplomacy::Variant& variant = names.variant();
  STRATAGEM_TRY_ASSIGN(auto head, province_node(names, p));
  Nodes entry{head};
  if (variant.terrain(p) != Terrain::Sea) {
    Nodes army{token_node(tokens::AMY)};
    std::string error;
    variant.army_neighbours(p).for_each([&](int to) {
      auto n = province_node(names, diplomacy::province_at(to));
      if (!n) error = n.error();
      else army.push_back(*n);
    });
    if (!error.empty()) return tl::unexpected(error);
    entry.push_back(list_node(std::move(army)));
  }
  if (variant.has_split_coasts(p)) {
    for (Location coast : variant.coasts(p)) {
      auto coast_name = names.location_node(coast);
      if (!coast_name || !coast_name->is_list)
        return tl::unexpected(fmt::format("no DAIDE coast for {}", variant.location_code(coast)));
      STRATAGEM_TRY_ASSIGN(auto fleet,
                           fleet_adjacencies(names, coast, list_node({token_node(tokens::FLT), coast_name->items[1]})));
      entry.push_back(fleet);
    }
  } else if (variant.terrain(p) != Terrain::Inland) {
    STRATAGEM_TRY_ASSIGN(auto fleet, fleet_adjacencies(names, variant.main_location(p), token_node(tokens::FLT)));
    entry.push_back(fleet);
  }
  return list_node(std::move(entry));
}

// The canonical form: for each key ("army moves from ANK"), the names listed under it.
using Canonical = std::map<std::string, std::set<std::string>>;

std::string describe(const Node& node, const MapNames& names) {
  if (!node.is_list) return names.name(node.token);
  std::string s;
  for (const Node& item : node.items) {
    if (!s.empty()) s += ' ';
    s += describe(item, names);
  }
  return "(" + s + ")";
}

tl::expected<Canonical, std::string> canonical(const Nodes& mdf, const MapNames& names) {
  auto malformed = [](std::string what) { return tl::unexpected(fmt::format("malformed MDF: {}", what)); };
  if (mdf.size() != 3 || !mdf[0].is_list || !mdf[1].is_list || !mdf[2].is_list)
    return malformed("expected three lists (powers) (provinces) (adjacencies)");
  Canonical c;
  auto& powers = c["powers"];
  for (const Node& p : mdf[0].items) {
    if (p.is_list || !is_power(p.token)) return malformed("a non-power in the powers list: " + describe(p, names));
    powers.insert(names.name(p.token));
  }
  const Nodes& provinces = mdf[1].items;
  if (provinces.size() != 2 || !provinces[0].is_list || !provinces[1].is_list)
    return malformed("expected ((supply centres) (non-supply centres))");
  for (const Node& group : provinces[0].items) {
    if (!group.is_list || group.items.empty()) return malformed("a supply-centre group that is not (power centre ...)");
    const std::string owner = describe(group.items[0], names);
    auto& centres = c["home centres of " + owner];
    for (std::size_t k = 1; k < group.items.size(); ++k) {
      const Node& centre = group.items[k];
      if (centre.is_list || !is_province(centre.token))
        return malformed("a non-province among the centres of " + owner + ": " + describe(centre, names));
      centres.insert(names.name(centre.token));
    }
  }
  auto& others = c["provinces that are not supply centres"];
  for (const Node& p : provinces[1].items) {
    if (p.is_list || !is_province(p.token))
      return malformed("a non-province among the non-supply centres: " + describe(p, names));
    others.insert(names.name(p.token));
  }
  for (const Node& entry : mdf[2].items) {
    if (!entry.is_list || entry.items.empty() || entry.items[0].is_list || !is_province(entry.items[0].token))
      return malformed("an adjacency entry that is not (province (unit_type ...) ...): " + describe(entry, names));
    const std::string from = names.name(entry.items[0].token);
    const auto province = names.province(entry.items[0].token);
    const Terrain terrain = province ? names.variant().terrain(*province) : Terrain::Impassable;
    for (std::size_t k = 1; k < entry.items.size(); ++k) {
      const Node& moves = entry.items[k];
      if (!moves.is_list || moves.items.empty())
        return malformed("an adjacency of " + from + " that is not (unit_type province ...)");
      const Node& unit = moves.items[0];
      const bool army = unit.is(tokens::AMY);
      // Moves of a unit that can never stand there are never ordered, so they cannot
      // matter: the MILA server lists fleet moves from inland provinces.
      if ((army && terrain == Terrain::Sea) || (!army && terrain == Terrain::Inland)) continue;
      std::string mover = army ? "an army" : "a fleet";
      if (unit.is_list && unit.items.size() == 2) mover += " on " + describe(unit.items[1], names);
      else if (!army && !unit.is(tokens::FLT)) mover = describe(unit, names);
      auto& to = c[fmt::format("moves of {} from {}", mover, from)];
      for (std::size_t m = 1; m < moves.items.size(); ++m) to.insert(describe(moves.items[m], names));
    }
  }
  return c;
}

std::string first_difference(const Canonical& server, const Canonical& ours) {
  auto listing = [](const std::set<std::string>& s) { return s.empty() ? std::string("nothing") : fmt::format("{}", fmt::join(s, " ")); };
  for (const auto& [key, values] : ours) {
    auto it = server.find(key);
    if (it == server.end()) return fmt::format("{}: the server lists nothing, the standard map has {}", key, listing(values));
    if (it->second != values) {
      std::set<std::string> missing, extra;
      for (const auto& v : values)
        if (!it->second.count(v)) missing.insert(v);
      for (const auto& v : it->second)
        if (!values.count(v)) extra.insert(v);
      return fmt::format("{}: the server has {} more and {} fewer than the standard map", key, listing(extra),
                         listing(missing));
    }
  }
  for (const auto& [key, values] : server)
    if (!ours.count(key)) return fmt::format("{}: the server lists {}, the standard map has no such entry", key, listing(values));
  return {};
}

}  // namespace

tl::expected<TokenList, std::string> map_definition(const MapNames& names) {
  const diplomacy::Variant& variant = names.variant();
  Nodes powers;
  for (int p = 0; p < variant.power_count(); ++p) {
    auto t = names.power_token(diplomacy::power_at(p));
    if (!t) return tl::unexpected(fmt::format("the representation has no token for power {}", variant.power_code(diplomacy::power_at(p))));
    powers.push_back(token_node(*t));
  }
  Nodes centre_groups;
  diplomacy::ProvinceSet homes;
  for (int p = 0; p < variant.power_count(); ++p) {
    Nodes group{powers[p]};
    std::string error;
    variant.home_centres(diplomacy::power_at(p)).for_each([&](int c) {
      homes.insert(c);
      auto n = province_node(names, diplomacy::province_at(c));
      if (!n) error = n.error();
      else group.push_back(*n);
    });
    if (!error.empty()) return tl::unexpected(error);
    centre_groups.push_back(list_node(std::move(group)));
  }
  Nodes neutral{token_node(tokens::UNO)};
  Nodes non_centres;
  Nodes adjacencies;
  for (int i = 0; i < variant.province_count(); ++i) {
    const Province p = diplomacy::province_at(i);
    if (variant.terrain(p) == Terrain::Impassable) continue;
    STRATAGEM_TRY_ASSIGN(auto n, province_node(names, p));
    if (!variant.is_supply_centre(p)) non_centres.push_back(n);
    else if (!homes.contains(i)) neutral.push_back(n);
    STRATAGEM_TRY_ASSIGN(auto adjacency, province_adjacencies(names, p));
    adjacencies.push_back(adjacency);
  }
  centre_groups.push_back(list_node(std::move(neutral)));
  const Nodes arguments{list_node(std::move(powers)),
                        list_node({list_node(std::move(centre_groups)), list_node(std::move(non_centres))}),
                        list_node(std::move(adjacencies))};
  return flatten(arguments);
}

tl::expected<void, std::string> check_map_definition(const Nodes& mdf_arguments, const MapNames& names) {
  auto ours_tokens = map_definition(names);
  if (!ours_tokens) return tl::unexpected<std::string>("the server's powers and provinces are not the standard map's: " + ours_tokens.error());
  auto ours = canonical(*parse(*ours_tokens), names);
  STRATAGEM_TRY_ASSIGN(auto server, canonical(mdf_arguments, names));
  const std::string difference = first_difference(server, *ours);
  if (!difference.empty()) return tl::unexpected<std::string>("the server's map is not the standard map: " + difference);
  return {};
}

}  // namespace stratagem::daide
