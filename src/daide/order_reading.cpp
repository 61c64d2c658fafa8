// A player's SUB orders read into the engine's orders, and the THX note for each one the
// position refuses (syntax.html, Level 0 (iii)). Only the full order forms of the
// syntax are read: the loose forms belong to the AOA variant, which we do not offer.
#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/forward_error.h"

namespace stratagem::daide {

using diplomacy::Location;
using diplomacy::Order;
using diplomacy::ParsedOrder;
using diplomacy::Unit;
using diplomacy::UnitType;
using diplomacy::VoidReason;

namespace {

// The THX note that says why the engine finds an order void. Where the syntax has no
// note of its own for a reason (a support of a unit that cannot reach), FAR: the
// nearest, "not adjacent".
Token note_for(VoidReason reason) {
  switch (reason) {
    case VoidReason::None: return tokens::MBV;
    case VoidReason::WrongPhase: return tokens::NRS;
    case VoidReason::NoUnit: return tokens::NSU;
    case VoidReason::ForeignUnit: return tokens::NYU;
    case VoidReason::NoSupportedUnit: return tokens::NSU;
    case VoidReason::ConvoyByNonFleet: return tokens::NSF;
    case VoidReason::ConvoyFromLand: return tokens::NAS;
    case VoidReason::ConvoyedNotArmy:
    case VoidReason::NoConvoyedUnit: return tokens::NSA;
    case VoidReason::NotDislodged: return tokens::NRN;
    case VoidReason::RetreatNotAllowed: return tokens::NVR;
    case VoidReason::NotHomeCentre: return tokens::HSC;
    case VoidReason::CentreNotOwned: return tokens::YSC;
    case VoidReason::CentreOccupied:
    case VoidReason::BuildSiteUsedTwice: return tokens::ESC;
    case VoidReason::NoBuildsDue: return tokens::NMB;
    case VoidReason::NoRemovalsDue:
    case VoidReason::AlreadyRemoved: return tokens::NMR;
    case VoidReason::FleetBuildInland:
    case VoidReason::UnitTypeNeeded: return tokens::CST;
    default: return tokens::FAR;
  }
}

class OrderReader {
 public:
  OrderReader(diplomacy::Power power, const diplomacy::GameState& state, const diplomacy::RuleOptions& rules,
              const MapNames& names)
      : power_(power), state_(state), rules_(rules), names_(names), variant_(names.variant()) {}

  tl::expected<Order, OrderRefusal> read(const Nodes& items) {
    // (power WVE)
    if (items.size() == 2 && !items[0].is_list && items[1].is(tokens::WVE)) {
      const auto power = names_.power(items[0].token);
      if (!power) return syntax(0);
      if (*power != power_) return refuse(tokens::NYU);
      return checked(ParsedOrder{.order = Order::waive(), .unit_type_given = false});
    }
    if (items.size() < 2 || !items[0].is_list || items[1].is_list) return syntax(items.empty() ? 0 : 1);
    STRATAGEM_TRY_ASSIGN(auto unit, read_unit(items[0], 0));
    const Token verb = items[1].token;
    ParsedOrder parsed{.order = Order::waive(), .unit_type_given = true, .target_type_given = true};
    const auto rest = [&](std::size_t count) { return items.size() == 2 + count; };
    if (verb == tokens::HLD && rest(0)) {
      parsed.order = Order::hold(unit.type, unit.location);
    } else if ((verb == tokens::MTO || verb == tokens::RTO) && rest(1)) {
      STRATAGEM_TRY_ASSIGN(auto to, location(items[2], 2));
      parsed.order = verb == tokens::MTO ? Order::move(unit.type, unit.location, to)
                                         : Order::retreat(unit.type, unit.location, to);
    } else if (verb == tokens::CTO && (rest(1) || rest(3))) {
      // The VIA route is the player's wish; the adjudicator finds the routes itself.
      if (rest(3) && (!items[3].is(tokens::VIA) || !items[4].is_list)) return syntax(3);
      STRATAGEM_TRY_ASSIGN(auto to, location(items[2], 2));
      if (unit.type != UnitType::Army) return refuse(tokens::NSA);
      parsed.order = Order::move(unit.type, unit.location, to, true);
    } else if (verb == tokens::SUP && (rest(1) || rest(3))) {
      STRATAGEM_TRY_ASSIGN(auto supported, read_unit(items[2], 2));
      parsed.target_type = supported.type;
      const Location at = main_location(supported.location);
      if (rest(1)) {
        parsed.order = Order::support_hold(unit.type, unit.location, at);
      } else {
        if (!items[3].is(tokens::MTO) || items[4].is_list) return syntax(items[3].is(tokens::MTO) ? 4 : 3);
        STRATAGEM_TRY_ASSIGN(auto to, location(items[4], 4));
        parsed.order = Order::support_move(unit.type, unit.location, at, main_location(to));
      }
    } else if (verb == tokens::CVY && rest(3)) {
      STRATAGEM_TRY_ASSIGN(auto army, read_unit(items[2], 2));
      if (!items[3].is(tokens::CTO)) return syntax(3);
      STRATAGEM_TRY_ASSIGN(auto to, location(items[4], 4));
      parsed.target_type = army.type;
      if (unit.type != UnitType::Fleet) return refuse(tokens::NSF);
      if (army.type != UnitType::Army) return refuse(tokens::NSA);
      parsed.order = Order::convoy(unit.location, main_location(army.location), main_location(to));
    } else if ((verb == tokens::DSB || verb == tokens::BLD || verb == tokens::REM) && rest(0)) {
      if (verb == tokens::BLD) {
        if (unit.power != power_) return refuse(tokens::NYU);
        const diplomacy::Province province = variant_.province_of(unit.location);
        if (!variant_.is_supply_centre(province)) return refuse(tokens::NSC);
      }
      parsed.order = verb == tokens::DSB   ? Order::disband(unit.type, unit.location)
                     : verb == tokens::BLD ? Order::build(unit.type, unit.location)
                                           : Order::remove(unit.type, unit.location);
    } else {
      return syntax(1);
    }
    // The unit must be the one standing (or dislodged) there, as NOW lists it.
    if (verb != tokens::BLD) {
      const bool retreat_phase = state_.phase.type == diplomacy::PhaseType::Retreat;
      std::optional<Unit> there;
      if (retreat_phase) {
        if (auto d = state_.dislodged_in(variant_.province_of(unit.location))) there = d->unit;
      } else {
        there = state_.unit_in(variant_.province_of(unit.location));
      }
      if (!there || there->type != unit.type || there->power != unit.power) {
        if (retreat_phase && (verb == tokens::RTO || verb == tokens::DSB) && state_.unit_in(variant_.province_of(unit.location)))
          return refuse(tokens::NRN);
        return refuse(tokens::NSU);
      }
      if (there->power != power_) return refuse(tokens::NYU);
    }
    return checked(parsed);
  }

 private:
  tl::expected<Order, OrderRefusal> checked(const ParsedOrder& parsed) const {
    auto valid = diplomacy::validate(variant_, rules_, state_, power_, parsed);
    if (!valid) return refuse(note_for(valid.error()));
    return *valid;
  }

  static tl::unexpected<OrderRefusal> refuse(Token note) { return tl::unexpected(OrderRefusal{note, std::nullopt}); }
  static tl::unexpected<OrderRefusal> syntax(std::size_t at) {
    return tl::unexpected(OrderRefusal{tokens::FAR, at});
  }

  Location main_location(Location l) const { return variant_.main_location(variant_.province_of(l)); }

  // (power unit_type location) at items[at]; NSP for a province of no map of ours.
  tl::expected<Unit, OrderRefusal> read_unit(const Node& node, std::size_t at) const {
    if (!node.is_list || node.items.size() != 3 || node.items[0].is_list || node.items[1].is_list) return syntax(at);
    Unit unit;
    const auto power = names_.power(node.items[0].token);
    if (!power) return syntax(at);
    unit.power = *power;
    if (node.items[1].is(tokens::AMY)) unit.type = UnitType::Army;
    else if (node.items[1].is(tokens::FLT)) unit.type = UnitType::Fleet;
    else return syntax(at);
    STRATAGEM_TRY_ASSIGN(auto where, location(node.items[2], at));
    unit.location = where;
    return unit;
  }

  tl::expected<Location, OrderRefusal> location(const Node& node, std::size_t at) const {
    const Node& province = node.is_list && !node.items.empty() ? node.items[0] : node;
    if (province.is_list || !is_province(province.token)) return syntax(at);
    if (!names_.province(province.token)) return refuse(tokens::NSP);
    auto l = daide::read_location(node, names_);
    if (!l) return refuse(tokens::CST);
    return *l;
  }

  diplomacy::Power power_;
  const diplomacy::GameState& state_;
  const diplomacy::RuleOptions& rules_;
  const MapNames& names_;
  const diplomacy::Variant& variant_;
};

}  // namespace

tl::expected<Order, OrderRefusal> read_order(const Nodes& items, diplomacy::Power power,
                                             const diplomacy::GameState& state, const diplomacy::RuleOptions& rules,
                                             const MapNames& names) {
  return OrderReader(power, state, rules, names).read(items);
}

}  // namespace stratagem::daide
