#pragma once
// Between DAIDE's words and the engine's values: powers, provinces and coasts by their
// DAIDE mnemonics (the standard variant's codes or aliases: ECH is ENG, GOB is BOT, GOL
// is LYO); the map definition (MDF) the standard map has, and whether a server's is
// the same; positions (NOW, SCO) into a GameState; our orders into SUB's order form.

#include <optional>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/daide/message.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::daide {

// The variant's powers, provinces and coasts as the representation's tokens name them.
// A name the representation lacks has no token (the MDF check reports it).
class MapNames {
 public:
  MapNames(const diplomacy::Variant& variant, const Representation& representation);

  const diplomacy::Variant& variant() const { return *variant_; }
  const Representation& representation() const { return representation_; }

  std::optional<diplomacy::Power> power(Token t) const;
  std::optional<diplomacy::Province> province(Token t) const;
  std::optional<Token> power_token(diplomacy::Power p) const;
  std::optional<Token> province_token(diplomacy::Province p) const;
  // The named coast of a split-coast province (NCS, SCS, ECS, WCS).
  std::optional<diplomacy::Location> coast(diplomacy::Province p, Token coast) const;
  // Where a location is as DAIDE writes it: a province token, or (province coast).
  std::optional<Node> location_node(diplomacy::Location l) const;
  // A token's mnemonic, or its number, for messages in words.
  std::string name(Token t) const;

 private:
  const diplomacy::Variant* variant_;
  Representation representation_;
  std::vector<std::pair<Token, diplomacy::Power>> powers_;
  std::vector<std::pair<Token, diplomacy::Province>> provinces_;
};

// The MDF arguments (powers) (provinces) (adjacencies) of the variant, as a server
// playing it sends them (syntax.html, Level 0 (i)).
tl::expected<TokenList, std::string> map_definition(const MapNames& names);
// Whether the MDF a server sent (the message's items after MDF) describes the same map
// as names.variant(): the same powers, home and neutral centres, other provinces, and
// army and fleet (coast by coast) adjacencies, in any order. The error says the first
// difference in words.
tl::expected<void, std::string> check_map_definition(const Nodes& mdf_arguments, const MapNames& names);

// (SPR 1901) and back.
tl::expected<diplomacy::Phase, std::string> read_turn(const Node& turn);
TokenList turn_tokens(diplomacy::Phase phase);

// A province token, or (province coast).
tl::expected<diplomacy::Location, std::string> read_location(const Node& node, const MapNames& names);

// A unit as NOW and MIS write it: power, unit type and location, the items of a list.
tl::expected<diplomacy::Unit, std::string> read_unit(const Nodes& items, const MapNames& names);
std::optional<TokenList> unit_tokens(const diplomacy::Unit& unit, const MapNames& names);

// SCO's arguments: sets every centre's owner in state (UNO: nobody).
tl::expected<void, std::string> read_supply_centres(const Nodes& sco_arguments, const MapNames& names,
                                                    diplomacy::GameState& state);
// NOW's arguments: the phase and the units, with the retreat options (MRT) of dislodged
// units in a retreat phase. Centre owners in state are kept.
tl::expected<void, std::string> read_position(const Nodes& now_arguments, const MapNames& names,
                                              diplomacy::GameState& state);

// What a server sends: NOW's arguments (the turn, the units, dislodged units with their
// retreat options after MRT) and SCO's (every power's centres, UNO's last).
TokenList now_arguments(const diplomacy::GameState& state, const MapNames& names);
TokenList sco_arguments(const diplomacy::GameState& state, const MapNames& names);

// One order of `power` as SUB sends it, without the brackets around it: "(ENG FLT LON)
// MTO NTH", "ENG WVE". Moves by convoy name a route of fleets at sea in state.
tl::expected<TokenList, std::string> order_tokens(const diplomacy::Order& order, diplomacy::Power power,
                                                  const diplomacy::GameState& state, const MapNames& names);

// An order a player submitted (the items inside its brackets), read for `power` and
// checked against state: the engine's order, or why it is refused: the THX note (FAR,
// NSU, NYU, ...), or for what is no order at all the item where reading stopped (a
// server answers HUH with ERR there).
struct OrderRefusal {
  Token note = tokens::FAR;
  std::optional<std::size_t> syntax_error_at;
};
tl::expected<diplomacy::Order, OrderRefusal> read_order(const Nodes& items, diplomacy::Power power,
                                                        const diplomacy::GameState& state,
                                                        const diplomacy::RuleOptions& rules, const MapNames& names);

}  // namespace stratagem::daide
