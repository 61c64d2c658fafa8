// Our orders in the form SUB sends them (syntax.html, Level 0 (iii)).
#include <fmt/format.h>

#include "stratagem/daide/translation.h"

namespace stratagem::daide {

using diplomacy::Location;
using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::Province;
using diplomacy::Unit;

namespace {

// The fleets at sea an army at `from` can be convoyed through to `to`, in the order the
// army passes them (a shortest route), or nothing if there is no route.
std::vector<Province> convoy_route(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                   Province from, Province to) {
  diplomacy::ProvinceSet fleets_at_sea;
  state.occupied_provinces().for_each([&](int p) {
    const Province province = diplomacy::province_at(p);
    if (variant.terrain(province) == diplomacy::Terrain::Sea && state.unit_at(province).type == diplomacy::UnitType::Fleet)
      fleets_at_sea.insert(p);
  });
  std::vector<int> previous(diplomacy::kMaxProvinces, -2);  // -2: not reached, -1: first fleet
  std::vector<int> frontier;
  (variant.adjacent_seas(from) & fleets_at_sea).for_each([&](int s) {
    previous[s] = -1;
    frontier.push_back(s);
  });
  const diplomacy::ProvinceSet& last_seas = variant.adjacent_seas(to);
  for (std::size_t k = 0; k < frontier.size(); ++k) {
    const int sea = frontier[k];
    if (last_seas.contains(sea)) {
      std::vector<Province> route;
      for (int s = sea; s >= 0; s = previous[s]) route.insert(route.begin(), diplomacy::province_at(s));
      return route;
    }
    (variant.fleet_reach(variant.main_location(diplomacy::province_at(sea))) & fleets_at_sea).for_each([&](int next) {
      if (previous[next] != -2) return;
      previous[next] = sea;
      frontier.push_back(next);
    });
  }
  return {};
}

class OrderWriter {
 public:
  OrderWriter(diplomacy::Power power, const diplomacy::GameState& state, const MapNames& names)
      : power_(power), state_(state), names_(names), variant_(names.variant()) {}

  tl::expected<TokenList, std::string> write(const Order& order) {
    switch (order.kind()) {
      case OrderKind::Hold: return with_unit(standing(order.unit()), {tokens::HLD});
      case OrderKind::Move: return order.via_convoy() ? convoyed_move(order) : with_unit(standing(order.unit()), {tokens::MTO}, location(order.target()));
      case OrderKind::SupportHold: return support(order, false);
      case OrderKind::SupportMove: return support(order, true);
      case OrderKind::Convoy: {
        TokenList rest{tokens::CVY};
        append_unit(rest, standing(order.target()));
        rest.push_back(tokens::CTO);
        append_province(rest, order.dest());
        return with_unit(standing(order.unit()), rest);
      }
      case OrderKind::Retreat: return with_unit(dislodged(order.unit()), {tokens::RTO}, location(order.target()));
      case OrderKind::Disband: return with_unit(dislodged(order.unit()), {tokens::DSB});
      case OrderKind::Build: return with_unit(Unit{order.unit_type(), power_, order.unit()}, {tokens::BLD});
      case OrderKind::Remove: return with_unit(standing(order.unit()), {tokens::REM});
      case OrderKind::Waive: {
        const auto power = names_.power_token(power_);
        if (!power) return fail("the power has no DAIDE token");
        return TokenList{*power, tokens::WVE};
      }
    }
    return fail("an order of unknown kind");
  }

 private:
  tl::expected<TokenList, std::string> fail(const std::string& why) const { return tl::unexpected(why); }

  std::optional<Unit> standing(Location l) const {
    if (l == Location::None || diplomacy::index(l) >= variant_.location_count()) return std::nullopt;
    return state_.unit_in(variant_.province_of(l));
  }
  std::optional<Unit> dislodged(Location l) const {
    if (l == Location::None || diplomacy::index(l) >= variant_.location_count()) return std::nullopt;
    auto d = state_.dislodged_in(variant_.province_of(l));
    if (!d) return std::nullopt;
    return d->unit;
  }
  std::optional<TokenList> location(Location l) const {
    if (l == Location::None || diplomacy::index(l) >= variant_.location_count()) return std::nullopt;
    auto node = names_.location_node(l);
    if (!node) return std::nullopt;
    return flatten({*node});
  }

  void append_unit(TokenList& out, const std::optional<Unit>& unit) {
    auto tokens = unit ? unit_tokens(*unit, names_) : std::nullopt;
    if (!tokens) {
      ok_ = false;
      return;
    }
    const TokenList list = bracketed(*tokens);
    out.insert(out.end(), list.begin(), list.end());
  }
  void append_province(TokenList& out, Location l) {
    auto t = l == Location::None || diplomacy::index(l) >= variant_.location_count()
                 ? std::nullopt
                 : names_.province_token(variant_.province_of(l));
    if (!t) {
      ok_ = false;
      return;
    }
    out.push_back(*t);
  }

  tl::expected<TokenList, std::string> with_unit(const std::optional<Unit>& unit, const TokenList& rest,
                                                 const std::optional<TokenList>& where = TokenList{}) {
    TokenList out;
    append_unit(out, unit);
    if (!ok_) return fail("it names a location where there is no such unit");
    if (!where) return fail("it names a location with no DAIDE name");
    out.insert(out.end(), rest.begin(), rest.end());
    out.insert(out.end(), where->begin(), where->end());
    return out;
  }

  tl::expected<TokenList, std::string> support(const Order& order, bool to_move) {
    TokenList rest{tokens::SUP};
    append_unit(rest, standing(order.target()));
    if (to_move) {
      rest.push_back(tokens::MTO);
      append_province(rest, order.dest());
    }
    if (!ok_) return fail("it supports a unit that is not there, or names a location with no DAIDE name");
    return with_unit(standing(order.unit()), rest);
  }

  tl::expected<TokenList, std::string> convoyed_move(const Order& order) {
    const Province from = variant_.province_of(order.unit());
    const Province to = variant_.province_of(order.target());
    const std::vector<Province> route = convoy_route(variant_, state_, from, to);
    if (route.empty()) return fail("no fleets at sea make a convoy route for it");
    TokenList rest{tokens::CTO};
    append_province(rest, order.target());
    rest.push_back(tokens::VIA);
    rest.push_back(tokens::BRA);
    for (Province sea : route) append_province(rest, variant_.main_location(sea));
    rest.push_back(tokens::KET);
    if (!ok_) return fail("it names a location with no DAIDE name");
    return with_unit(standing(order.unit()), rest);
  }

  diplomacy::Power power_;
  const diplomacy::GameState& state_;
  const MapNames& names_;
  const diplomacy::Variant& variant_;
  bool ok_ = true;
};

}  // namespace

tl::expected<TokenList, std::string> order_tokens(const Order& order, diplomacy::Power power,
                                                  const diplomacy::GameState& state, const MapNames& names) {
  return OrderWriter(power, state, names).write(order);
}

}  // namespace stratagem::daide
