// Structured press in DAIDE's tokens (syntax.html, levels 10-30).
#include "stratagem/daide/press.h"

#include <fmt/format.h>

#include "stratagem/forward_error.h"

namespace stratagem::daide {

using diplomacy::Arrangement;
using diplomacy::Location;
using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::Power;
using diplomacy::PressMessage;
using diplomacy::Province;
using diplomacy::Unit;
using diplomacy::UnitType;

namespace {

// Press tokens (protocol.html 4, category 0x4A; and the commands of 0x48).
namespace press {
constexpr Token ALY{0x4A00}, AND{0x4A01}, BWX{0x4A02}, DMZ{0x4A03}, NAR{0x4A26}, ORR{0x4A0F}, PCE{0x4A10},
    PRP{0x4A13}, VSS{0x4A1C}, XDO{0x4A1F}, CCL{0x4A25};
}  // namespace press

using Result = tl::expected<Arrangement, std::string>;

class Reader {
 public:
  explicit Reader(const MapNames& names) : names_(names) {}

  tl::expected<PressMessage, std::string> message(const Nodes& items) {
    if (items.empty() || items[0].is_list) return fail_message("a press message starts with PRP, YES, REJ, BWX or CCL");
    const Token head = items[0].token;
    if (head == press::PRP) {
      STRATAGEM_TRY_ASSIGN(auto arrangement, bracketed_arrangement(items, 1, "PRP"));
      return PressMessage{PressMessage::Kind::Propose, std::move(arrangement)};
    }
    const std::pair<Token, PressMessage::Kind> answers[] = {{tokens::YES, PressMessage::Kind::Accept},
                                                           {tokens::REJ, PressMessage::Kind::Reject},
                                                           {press::BWX, PressMessage::Kind::Refuse},
                                                           {press::CCL, PressMessage::Kind::Cancel}};
    for (const auto& [token, kind] : answers) {
      if (head != token) continue;
      if (items.size() != 2 || !items[1].is_list)
        return fail_message(fmt::format("{} takes one bracketed message: {} (PRP (...))", name(token), name(token)));
      auto inner = message(items[1].items);
      if (!inner) return inner;
      if (inner->kind != PressMessage::Kind::Propose)
        return fail_message(fmt::format("{} answers a proposal (PRP), not another answer", name(token)));
      return PressMessage{kind, std::move(inner->arrangement)};
    }
    return fail_message(fmt::format("{} is not a press message of levels 10-30 (PRP, YES, REJ, BWX, CCL)", name(head)));
  }

 private:
  std::string name(Token t) const { return names_.name(t); }
  static tl::expected<PressMessage, std::string> fail_message(std::string why) { return tl::unexpected(std::move(why)); }
  static Result fail(std::string why) { return tl::unexpected(std::move(why)); }

  // items[at] must be a list holding one arrangement.
  Result bracketed_arrangement(const Nodes& items, std::size_t at, std::string_view after) {
    if (at >= items.size() || !items[at].is_list)
      return fail(fmt::format("{} needs a bracketed arrangement after it", after));
    return arrangement(items[at].items);
  }

  Result arrangement(const Nodes& items) {
    if (items.empty() || items[0].is_list) return fail("an arrangement starts with PCE, ALY, DRW, SLO, DMZ, XDO, AND, ORR, NOT or NAR");
    const Token head = items[0].token;
    Arrangement out;
    if (head == press::PCE) {
      out.kind = Arrangement::Kind::Peace;
      auto powers = power_list(items, 1, "PCE", 2);
      if (!powers) return fail(powers.error());
      out.powers = std::move(*powers);
      return end(items, 2, "PCE (powers)", out);
    }
    if (head == press::ALY) {
      out.kind = Arrangement::Kind::Alliance;
      auto allies = power_list(items, 1, "ALY", 2);
      if (!allies) return fail(allies.error());
      if (items.size() < 3 || !items[2].is(press::VSS)) return fail("ALY (powers) must be followed by VSS (powers)");
      auto against = power_list(items, 3, "VSS", 1);
      if (!against) return fail(against.error());
      out.powers = std::move(*allies);
      out.against = std::move(*against);
      return end(items, 4, "ALY (powers) VSS (powers)", out);
    }
    if (head == tokens::DRW) {
      out.kind = Arrangement::Kind::Draw;
      if (items.size() == 1) return out;
      auto powers = power_list(items, 1, "DRW", 2);
      if (!powers) return fail(powers.error());
      out.powers = std::move(*powers);
      return end(items, 2, "DRW (powers)", out);
    }
    if (head == tokens::SLO) {
      out.kind = Arrangement::Kind::Solo;
      auto powers = power_list(items, 1, "SLO", 1);
      if (!powers) return fail(powers.error());
      if (powers->size() != 1) return fail("SLO names one power: SLO (power)");
      out.powers = std::move(*powers);
      return end(items, 2, "SLO (power)", out);
    }
    if (head == press::DMZ) {
      out.kind = Arrangement::Kind::Demilitarised;
      auto powers = power_list(items, 1, "DMZ", 1);
      if (!powers) return fail(powers.error());
      if (items.size() < 3 || !items[2].is_list || items[2].items.empty())
        return fail("DMZ (powers) must be followed by (provinces)");
      for (const Node& node : items[2].items) {
        const auto province = node.is_list ? std::nullopt : names_.province(node.token);
        if (!province) return fail(fmt::format("DMZ: {} is not a province", node.is_list ? "(...)" : name(node.token)));
        out.provinces.push_back(*province);
      }
      out.powers = std::move(*powers);
      return end(items, 3, "DMZ (powers) (provinces)", out);
    }
    if (head == press::XDO) {
      out.kind = Arrangement::Kind::Orders;
      if (items.size() < 2 || !items[1].is_list) return fail("XDO needs a bracketed order: XDO ((ENG FLT LON) MTO NTH)");
      if (auto read = order(items[1].items, out); !read) return fail(read.error());
      return end(items, 2, "XDO (order)", out);
    }
    if (head == press::AND || head == press::ORR) {
      out.kind = head == press::AND ? Arrangement::Kind::And : Arrangement::Kind::Or;
      for (std::size_t k = 1; k < items.size(); ++k) {
        auto part = bracketed_arrangement(items, k, name(head));
        if (!part) return part;
        out.parts.push_back(std::move(*part));
      }
      if (out.parts.size() < 2) return fail(fmt::format("{} joins two or more arrangements", name(head)));
      return out;
    }
    if (head == tokens::NOT || head == press::NAR) {
      out.kind = head == tokens::NOT ? Arrangement::Kind::Not : Arrangement::Kind::NoArrangement;
      auto part = bracketed_arrangement(items, 1, name(head));
      if (!part) return part;
      out.parts.push_back(std::move(*part));
      return end(items, 2, fmt::format("{} (arrangement)", name(head)), out);
    }
    return fail(fmt::format("{} is not an arrangement of levels 10-30", name(head)));
  }

  Result end(const Nodes& items, std::size_t expected, std::string_view form, const Arrangement& out) const {
    if (items.size() != expected) return fail(fmt::format("{} has more after it than {}", name(items[0].token), form));
    return out;
  }

  tl::expected<std::vector<Power>, std::string> power_list(const Nodes& items, std::size_t at, std::string_view after,
                                                           std::size_t least) const {
    if (at >= items.size() || !items[at].is_list)
      return tl::unexpected(fmt::format("{} needs a bracketed list of powers", after));
    std::vector<Power> powers;
    for (const Node& node : items[at].items) {
      const auto power = node.is_list ? std::nullopt : names_.power(node.token);
      if (!power) return tl::unexpected(fmt::format("{}: {} is not a power", after, node.is_list ? "(...)" : name(node.token)));
      if (std::find(powers.begin(), powers.end(), *power) != powers.end())
        return tl::unexpected(fmt::format("{}: {} is named twice", after, name(node.token)));
      powers.push_back(*power);
    }
    if (powers.size() < least)
      return tl::unexpected(fmt::format("{} needs at least {} power{}", after, least, least == 1 ? "" : "s"));
    return powers;
  }

  // (power type location): a unit as orders write it.
  tl::expected<Unit, std::string> unit(const Node& node) const {
    if (!node.is_list) return tl::unexpected(std::string("a unit is written (power AMY|FLT location)"));
    return read_unit(node.items, names_);
  }

  // A location: a province token, or (province coast).
  std::optional<Location> location(const Node& node) const {
    if (!node.is_list) {
      const auto province = names_.province(node.token);
      if (!province) return std::nullopt;
      return names_.variant().main_location(*province);
    }
    if (node.items.size() != 2 || node.items[0].is_list || node.items[1].is_list) return std::nullopt;
    const auto province = names_.province(node.items[0].token);
    if (!province) return std::nullopt;
    return names_.coast(*province, node.items[1].token);
  }

  tl::expected<void, std::string> order(const Nodes& items, Arrangement& out) {
    const auto fail_order = [](std::string why) { return tl::unexpected(std::move(why)); };
    if (items.size() == 2 && !items[0].is_list && items[1].is(tokens::WVE)) {
      const auto power = names_.power(items[0].token);
      if (!power) return fail_order("WVE: the power is not one");
      out.order = Order::waive();
      out.order_power = *power;
      return {};
    }
    if (items.size() < 2) return fail_order("an order is (unit) followed by HLD, MTO, SUP, CVY, CTO, RTO, DSB, BLD or REM");
    auto who = unit(items[0]);
    if (!who) return fail_order(who.error());
    out.order_power = who->power;
    const Token verb = items[1].is_list ? Token{} : items[1].token;
    const auto place = [&](std::size_t at) { return at < items.size() ? location(items[at]) : std::nullopt; };
    const auto province_at_index = [&](std::size_t at) -> std::optional<Location> {
      if (at >= items.size() || items[at].is_list) return std::nullopt;
      const auto province = names_.province(items[at].token);
      if (!province) return std::nullopt;
      return names_.variant().main_location(*province);
    };
    const auto done = [&](std::size_t length) -> tl::expected<void, std::string> {
      if (items.size() != length) return fail_order(fmt::format("{} has more after it than its order", name(verb)));
      return {};
    };
    if (verb == tokens::HLD) return out.order = Order::hold(who->type, who->location), done(2);
    if (verb == tokens::DSB) return out.order = Order::disband(who->type, who->location), done(2);
    if (verb == tokens::BLD) return out.order = Order::build(who->type, who->location), done(2);
    if (verb == tokens::REM) return out.order = Order::remove(who->type, who->location), done(2);
    if (verb == tokens::MTO || verb == tokens::RTO) {
      const auto to = place(2);
      if (!to) return fail_order(fmt::format("{} needs a location after it", name(verb)));
      out.order = verb == tokens::MTO ? Order::move(who->type, who->location, *to) : Order::retreat(who->type, who->location, *to);
      return done(3);
    }
    if (verb == tokens::SUP) {
      auto other = items.size() > 2 ? unit(items[2]) : tl::unexpected(std::string("SUP needs the unit supported"));
      if (!other) return fail_order(other.error());
      out.other_power = other->power;
      out.other_type = other->type;
      if (items.size() == 3) return out.order = Order::support_hold(who->type, who->location, other->location), done(3);
      if (!items[3].is(tokens::MTO)) return fail_order("SUP (unit) is followed by nothing or by MTO province");
      const auto to = province_at_index(4);
      if (!to) return fail_order("SUP (unit) MTO needs a province");
      out.order = Order::support_move(who->type, who->location, other->location, *to);
      return done(5);
    }
    if (verb == tokens::CVY) {
      auto army = items.size() > 2 ? unit(items[2]) : tl::unexpected(std::string("CVY needs the army convoyed"));
      if (!army) return fail_order(army.error());
      const auto to = items.size() > 3 && items[3].is(tokens::CTO) ? province_at_index(4) : std::nullopt;
      if (!to) return fail_order("CVY (army) must be followed by CTO province");
      out.other_power = army->power;
      out.other_type = army->type;
      out.order = Order::convoy(who->location, army->location, *to);
      return done(5);
    }
    if (verb == tokens::CTO) {
      const auto to = province_at_index(2);
      if (!to || items.size() < 5 || !items[3].is(tokens::VIA) || !items[4].is_list)
        return fail_order("CTO province must be followed by VIA (seas)");
      for (const Node& sea : items[4].items) {
        const auto province = sea.is_list ? std::nullopt : names_.province(sea.token);
        if (!province) return fail_order("VIA lists the seas of the route");
        out.route.push_back(*province);
      }
      out.order = Order::move(who->type, who->location, *to, true);
      return done(5);
    }
    return fail_order(fmt::format("{} is not an order's verb", items[1].is_list ? "(...)" : name(verb)));
  }

  const MapNames& names_;
};

class Writer {
 public:
  explicit Writer(const MapNames& names) : names_(names) {}

  tl::expected<TokenList, std::string> message(const PressMessage& message) {
    auto proposal = arrangement(message.arrangement);
    if (!proposal) return proposal;
    TokenList prp{press::PRP};
    append(prp, bracketed(*proposal));
    switch (message.kind) {
      case PressMessage::Kind::Propose: return prp;
      case PressMessage::Kind::Accept: return wrap(tokens::YES, prp);
      case PressMessage::Kind::Reject: return wrap(tokens::REJ, prp);
      case PressMessage::Kind::Refuse: return wrap(press::BWX, prp);
      case PressMessage::Kind::Cancel: return wrap(press::CCL, prp);
    }
    return tl::unexpected(std::string("a press message of unknown kind"));
  }

 private:
  static void append(TokenList& out, const TokenList& more) { out.insert(out.end(), more.begin(), more.end()); }
  static TokenList wrap(Token head, const TokenList& inner) {
    TokenList out{head};
    append(out, bracketed(inner));
    return out;
  }

  tl::expected<TokenList, std::string> powers(const std::vector<Power>& list) const {
    TokenList out;
    for (const Power p : list) {
      const auto t = names_.power_token(p);
      if (!t) return tl::unexpected(std::string("a power has no DAIDE token"));
      out.push_back(*t);
    }
    return bracketed(out);
  }
  tl::expected<Token, std::string> province(Province p) const {
    const auto t = names_.province_token(p);
    if (!t) return tl::unexpected(std::string("a province has no DAIDE token"));
    return *t;
  }

  tl::expected<TokenList, std::string> arrangement(const Arrangement& a) {
    TokenList out;
    const auto add_powers = [&](const std::vector<Power>& list) -> bool {
      auto tokens = powers(list);
      if (!tokens) return false;
      append(out, *tokens);
      return true;
    };
    const tl::expected<TokenList, std::string> unnamed = tl::unexpected(std::string("a power has no DAIDE token"));
    switch (a.kind) {
      case Arrangement::Kind::Peace:
        out.push_back(press::PCE);
        return add_powers(a.powers) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case Arrangement::Kind::Alliance:
        out.push_back(press::ALY);
        if (!add_powers(a.powers)) return unnamed;
        out.push_back(press::VSS);
        return add_powers(a.against) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case Arrangement::Kind::Draw:
        out.push_back(tokens::DRW);
        if (!a.powers.empty() && !add_powers(a.powers)) return unnamed;
        return out;
      case Arrangement::Kind::Solo:
        out.push_back(tokens::SLO);
        return add_powers(a.powers) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case Arrangement::Kind::Demilitarised: {
        out.push_back(press::DMZ);
        if (!add_powers(a.powers)) return unnamed;
        TokenList provinces;
        for (const Province p : a.provinces) {
          STRATAGEM_TRY_ASSIGN(auto t, province(p));
          provinces.push_back(t);
        }
        append(out, bracketed(provinces));
        return out;
      }
      case Arrangement::Kind::Orders: {
        auto order_tokens = order(a);
        if (!order_tokens) return order_tokens;
        out.push_back(press::XDO);
        append(out, bracketed(*order_tokens));
        return out;
      }
      case Arrangement::Kind::And:
      case Arrangement::Kind::Or:
      case Arrangement::Kind::Not:
      case Arrangement::Kind::NoArrangement: {
        out.push_back(a.kind == Arrangement::Kind::And ? press::AND
                      : a.kind == Arrangement::Kind::Or ? press::ORR
                      : a.kind == Arrangement::Kind::Not ? tokens::NOT
                                                         : press::NAR);
        for (const Arrangement& part : a.parts) {
          auto inner = arrangement(part);
          if (!inner) return inner;
          append(out, bracketed(*inner));
        }
        return out;
      }
    }
    return tl::unexpected(std::string("an arrangement of unknown kind"));
  }

  tl::expected<TokenList, std::string> unit(Power power, UnitType type, Location l) const {
    auto tokens = unit_tokens(Unit{type, power, l}, names_);
    if (!tokens) return tl::unexpected(std::string("a unit has no DAIDE name"));
    return bracketed(*tokens);
  }
  tl::expected<TokenList, std::string> place(Location l) const {
    auto node = names_.location_node(l);
    if (!node) return tl::unexpected(std::string("a location has no DAIDE name"));
    return flatten({*node});
  }

  tl::expected<TokenList, std::string> order(const Arrangement& a) {
    const Order& o = a.order;
    if (o.kind() == OrderKind::Waive) {
      const auto t = names_.power_token(a.order_power);
      if (!t) return tl::unexpected(std::string("a power has no DAIDE token"));
      return TokenList{*t, tokens::WVE};
    }
    auto self = unit(a.order_power, o.unit_type(), o.unit());
    if (!self) return self;
    TokenList out = *self;
    const auto then = [&](std::initializer_list<Token> more) { out.insert(out.end(), more); };
    const auto then_list = [&](const tl::expected<TokenList, std::string>& more) -> bool {
      if (!more) return false;
      append(out, *more);
      return true;
    };
    const auto then_province = [&](Location l) -> bool {
      auto t = province(names_.variant().province_of(l));
      if (!t) return false;
      out.push_back(*t);
      return true;
    };
    const tl::expected<TokenList, std::string> unnamed = tl::unexpected(std::string("a place has no DAIDE name"));
    switch (o.kind()) {
      case OrderKind::Hold: then({tokens::HLD}); return out;
      case OrderKind::Disband: then({tokens::DSB}); return out;
      case OrderKind::Build: then({tokens::BLD}); return out;
      case OrderKind::Remove: then({tokens::REM}); return out;
      case OrderKind::Move:
        if (o.via_convoy()) {
          then({tokens::CTO});
          if (!then_province(o.target())) return unnamed;
          then({tokens::VIA});
          TokenList seas;
          for (const Province p : a.route) {
            auto t = province(p);
            if (!t) return unnamed;
            seas.push_back(*t);
          }
          append(out, bracketed(seas));
          return out;
        }
        then({tokens::MTO});
        return then_list(place(o.target())) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case OrderKind::Retreat:
        then({tokens::RTO});
        return then_list(place(o.target())) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case OrderKind::SupportHold:
      case OrderKind::SupportMove:
        then({tokens::SUP});
        if (!then_list(unit(a.other_power, a.other_type, o.target()))) return unnamed;
        if (o.kind() == OrderKind::SupportMove) {
          then({tokens::MTO});
          if (!then_province(o.dest())) return unnamed;
        }
        return out;
      case OrderKind::Convoy:
        then({tokens::CVY});
        if (!then_list(unit(a.other_power, UnitType::Army, o.target()))) return unnamed;
        then({tokens::CTO});
        return then_province(o.dest()) ? tl::expected<TokenList, std::string>(out) : unnamed;
      case OrderKind::Waive: break;
    }
    return tl::unexpected(std::string("an order of unknown kind"));
  }

  const MapNames& names_;
};

}  // namespace

tl::expected<PressMessage, std::string> read_press(const Nodes& items, const MapNames& names) {
  return Reader(names).message(items);
}

tl::expected<PressMessage, std::string> read_press(const TokenList& tokens, const MapNames& names) {
  STRATAGEM_TRY_ASSIGN(auto items, parse(tokens));
  return read_press(items, names);
}

tl::expected<TokenList, std::string> press_tokens(const PressMessage& message, const MapNames& names) {
  return Writer(names).message(message);
}

}  // namespace stratagem::daide
