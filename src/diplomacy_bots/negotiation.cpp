// Our computer players' answers to proposals and their keeping of deals.
#include "stratagem/diplomacy_bots/negotiation.h"

#include <algorithm>
#include <optional>

#include "destination_values.h"
#include "search_player.h"

namespace stratagem::diplomacy_bots {

using diplomacy::Arrangement;
using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::Power;

namespace {

bool has(const std::vector<Power>& powers, Power p) { return std::find(powers.begin(), powers.end(), p) != powers.end(); }

class Judge {
 public:
  Judge(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power, Power proposer)
      : variant_(variant), state_(state), power_(power), proposer_(proposer) {
    for (int p = 0; p < variant.power_count(); ++p) most_ = std::max(most_, state.centre_count(diplomacy::power_at(p)));
  }

  bool accepts(const Arrangement& a) const {
    const int mine = state_.centre_count(power_);
    switch (a.kind) {
      case Arrangement::Kind::Peace:
        return has(a.powers, power_) && state_.centre_count(proposer_) < mine + 3;
      case Arrangement::Kind::Alliance: {
        if (!has(a.powers, power_) || has(a.against, power_) || has(a.against, proposer_)) return false;
        int against = 0;
        bool leader = false;
        for (Power p : a.against) {
          against += state_.centre_count(p);
          leader = leader || state_.centre_count(p) == most_;
        }
        return leader || against >= mine;
      }
      case Arrangement::Kind::Demilitarised:
        return std::none_of(a.provinces.begin(), a.provinces.end(), [&](diplomacy::Province p) {
          const auto unit = state_.unit_in(p);
          return state_.centre_owner(p) == power_ || (unit && unit->power == power_);
        });
      case Arrangement::Kind::Orders:
        if (a.order_power == proposer_) return true;
        if (a.order_power != power_) return false;
        if (a.order.kind() == OrderKind::Hold || a.order.kind() == OrderKind::SupportHold) return true;
        return a.order.kind() == OrderKind::SupportMove && supports_proposer_into_no_one_of_ours(a.order);
      case Arrangement::Kind::Draw: return mine < most_;
      case Arrangement::Kind::Solo: return has(a.powers, power_);
      case Arrangement::Kind::And:
        return !a.parts.empty() && std::all_of(a.parts.begin(), a.parts.end(), [&](const Arrangement& p) { return accepts(p); });
      case Arrangement::Kind::Or:
        return std::any_of(a.parts.begin(), a.parts.end(), [&](const Arrangement& p) { return accepts(p); });
      default: return false;
    }
  }

 private:
  // A support of the proposer's unit into a province where we have neither a unit nor a
  // centre: help that costs us only the supporting unit's move.
  bool supports_proposer_into_no_one_of_ours(const Order& support) const {
    const diplomacy::Province from = variant_.province_of(support.target());
    const diplomacy::Province into = variant_.province_of(support.dest());
    if (!state_.occupied(from) || state_.unit_at(from).power != proposer_) return false;
    return state_.centre_owner(into) != power_ && (!state_.occupied(into) || state_.unit_at(into).power != power_);
  }

  const diplomacy::Variant& variant_;
  const diplomacy::GameState& state_;
  Power power_;
  Power proposer_;
  int most_ = 0;
};

}  // namespace

double trust(int kept, int broken) { return (kept + 1.0) / (kept + broken + 2.0); }

bool accepts(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power, Power proposer,
             const Arrangement& arrangement, double trust_in_proposer) {
  return trust_in_proposer >= kTrusted && Judge(variant, state, power, proposer).accepts(arrangement);
}

std::vector<Power> trusted_partners(Power power, const std::vector<Arrangement>& deals, std::span<const double> trust) {
  std::vector<Power> out;
  for (const Arrangement& deal : deals) {
    if (deal.kind != Arrangement::Kind::Peace && deal.kind != Arrangement::Kind::Alliance) continue;
    for (Power other : deal.powers) {
      const auto i = static_cast<std::size_t>(diplomacy::index(other));
      if (other != power && i < trust.size() && trust[i] >= kTrusted && !has(out, other)) out.push_back(other);
    }
  }
  return out;
}

// A tenth of a centre: what the search's estimate may lose to a deal through its own noise.
constexpr double kDealTolerance = 0.1;

bool accepts_after_search(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                          const diplomacy::GameState& state, Power power, Power proposer, const Arrangement& arrangement,
                          double trust_in_proposer, std::uint64_t seed, const std::vector<Arrangement>& held) {
  if (!accepts(variant, state, power, proposer, arrangement, trust_in_proposer)) return false;
  // Promised orders, draws and solos are judged by their terms alone: the search plays
  // within deals by forbidding orders, which says nothing of an order promised.
  if (arrangement.kind == Arrangement::Kind::Orders || arrangement.kind == Arrangement::Kind::Draw ||
      arrangement.kind == Arrangement::Kind::Solo)
    return true;
  const auto view = [&](bool with_deal) {
    DealsInView v;
    v.deals.assign(static_cast<std::size_t>(variant.power_count()), {});
    v.trusted.assign(static_cast<std::size_t>(variant.power_count()), false);
    v.deals[diplomacy::index(power)] = held;
    v.trusted[diplomacy::index(proposer)] = trust_in_proposer >= kTrusted;
    if (with_deal) {
      v.deals[diplomacy::index(power)].push_back(arrangement);
      v.deals[diplomacy::index(proposer)].push_back(arrangement);
    }
    return v;
  };
  // The same seed on both sides: the same candidates and samples, filtered by the deals.
  SearchPlayer search(1);
  Turn turn{variant, rules, state, power, seed};
  turn.allowed = planned_within(variant, state, power, Personality::Loyal, view(false));
  const std::optional<double> without = search.expected_value(turn);
  if (!without) return true;  // nothing to order now: the deal's terms decide
  turn.allowed = planned_within(variant, state, power, Personality::Loyal, view(true));
  return *search.expected_value(turn) >= *without - kDealTolerance;
}

namespace {

// Powers with a unit next to (or on) a unit or centre of `power`.
std::vector<Power> neighbours(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power) {
  diplomacy::ProvinceSet mine;
  state.occupied_provinces().for_each([&](int p) {
    if (state.unit_at(diplomacy::province_at(p)).power == power) mine.insert(p);
  });
  variant.all_supply_centres().for_each([&](int c) {
    if (state.centre_owner(diplomacy::province_at(c)) == power) mine.insert(c);
  });
  std::vector<Power> out;
  state.occupied_provinces().for_each([&](int p) {
    const diplomacy::Unit unit = state.unit_at(diplomacy::province_at(p));
    if (unit.power == power || has(out, unit.power)) return;
    bool near = mine.contains(p);
    mine.for_each([&](int q) {
      const diplomacy::Province from = diplomacy::province_at(q);
      near = near || variant.army_neighbours(from).contains(p) || variant.fleet_reach(variant.main_location(from)).contains(p);
      for (diplomacy::Location coast : variant.coasts(from)) near = near || variant.fleet_reach(coast).contains(p);
    });
    if (near) out.push_back(unit.power);
  });
  std::sort(out.begin(), out.end());
  return out;
}

// Contested borders between `power` and `other`: empty provinces both can move into next
// that are neither's supply centre.
std::vector<diplomacy::Province> contested(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                           const Reach& reach, Power power, Power other) {
  std::vector<diplomacy::Province> out;
  for (int p = 0; p < variant.province_count(); ++p) {
    const diplomacy::Province province = diplomacy::province_at(p);
    if (reach.units_into(power, province) == 0 || reach.units_into(other, province) == 0) continue;
    const Power owner = state.centre_owner(province);
    if (!state.occupied(province) && owner != power && owner != other) out.push_back(province);
  }
  return out;
}

bool has_deal_with(const std::vector<Arrangement>& deals, Power other) {
  return std::any_of(deals.begin(), deals.end(), [&](const Arrangement& a) { return has(a.powers, other); });
}

bool at_peace_with(const std::vector<Arrangement>& deals, Power other) {
  return std::any_of(deals.begin(), deals.end(), [&](const Arrangement& a) {
    return (a.kind == Arrangement::Kind::Peace || a.kind == Arrangement::Kind::Alliance) && has(a.powers, other);
  });
}

}  // namespace

std::vector<Proposal> proposals(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power,
                                const std::vector<Arrangement>& deals, std::span<const Power> listeners) {
  const auto hears = [&](Power p) { return listeners.empty() || std::find(listeners.begin(), listeners.end(), p) != listeners.end(); };
  std::vector<Proposal> out;
  Power leader = Power::None;
  int most = -1;
  for (int p = 0; p < variant.power_count(); ++p) {
    const int centres = state.centre_count(diplomacy::power_at(p));
    if (centres > most) most = centres, leader = diplomacy::power_at(p);
    else if (centres == most) leader = Power::None;  // no single leader
  }
  const int mine = state.centre_count(power);
  const std::vector<Power> near = neighbours(variant, state, power);
  // Peace: the strongest neighbour that is not the leader and not already a partner.
  Power partner = Power::None;
  for (Power p : near) {
    if (!hears(p) || p == leader || at_peace_with(deals, p) || state.centre_count(p) >= mine + 3) continue;
    if (partner == Power::None || state.centre_count(p) > state.centre_count(partner)) partner = p;
  }
  if (partner != Power::None)
    out.push_back({partner, {.kind = Arrangement::Kind::Peace, .powers = {power, partner}}});
  // A demilitarised zone on the contested borders (at most three provinces) with the other
  // neighbour that shares the most of them and has no deal with it yet.
  Power rival = Power::None;
  std::vector<diplomacy::Province> zone;
  const Reach reach(variant, state);
  for (Power p : near) {
    if (!hears(p) || p == partner || has_deal_with(deals, p)) continue;
    std::vector<diplomacy::Province> border = contested(variant, state, reach, power, p);
    if (border.size() > zone.size()) rival = p, zone = std::move(border);
  }
  if (rival != Power::None) {
    zone.resize(std::min<std::size_t>(zone.size(), 3));
    out.push_back({rival, {.kind = Arrangement::Kind::Demilitarised, .powers = {power, rival}, .provinces = zone}});
  }
  // An alliance against a runaway leader, to the leader's strongest other neighbour.
  if (leader != Power::None && leader != power && most >= mine + 3) {
    Power ally = Power::None;
    for (Power p : neighbours(variant, state, leader)) {
      if (p == power || p == partner || !hears(p)) continue;
      if (ally == Power::None || state.centre_count(p) > state.centre_count(ally)) ally = p;
    }
    if (ally != Power::None)
      out.push_back({ally, {.kind = Arrangement::Kind::Alliance, .powers = {power, ally}, .against = {leader}}});
  }
  return out;
}

std::vector<Proposal> support_requests(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                       Power power, const std::vector<Order>& orders, std::span<const Power> partners) {
  constexpr std::size_t kMostRequests = 2;
  std::vector<Proposal> out;
  diplomacy::ProvinceSet asked;
  const auto is_partner = [&](Power p) { return std::find(partners.begin(), partners.end(), p) != partners.end(); };
  for (const Order& move : orders) {
    if (out.size() == kMostRequests) break;
    if (move.kind() != OrderKind::Move) continue;
    const diplomacy::Province into = variant.province_of(move.target());
    if (!state.occupied(into)) continue;
    const Power defender = state.unit_at(into).power;
    if (defender == power || is_partner(defender)) continue;
    std::optional<Proposal> request;
    state.occupied_provinces().for_each([&](int p) {
      const diplomacy::Unit unit = state.unit_at(diplomacy::province_at(p));
      if (request || !is_partner(unit.power) || asked.contains(p)) return;
      if (!variant.reach(unit.type, unit.location).contains(diplomacy::index(into))) return;
      asked.insert(p);
      request = Proposal{unit.power,
                         {.kind = Arrangement::Kind::Orders,
                          .order = Order::support_move(unit.type, unit.location, move.unit(), move.target()),
                          .order_power = unit.power}};
    });
    if (request) out.push_back(std::move(*request));
  }
  return out;
}

namespace {

// The parts of deals an order on its own can break: peaces, alliances and zones, also
// inside AND (an ORR is kept by any part, which one order cannot tell).
void breakable_parts(const Arrangement& deal, std::vector<Arrangement>& out) {
  if (deal.kind == Arrangement::Kind::And) {
    for (const Arrangement& part : deal.parts) breakable_parts(part, out);
  } else if (deal.kind == Arrangement::Kind::Peace || deal.kind == Arrangement::Kind::Alliance ||
             deal.kind == Arrangement::Kind::Demilitarised) {
    out.push_back(deal);
  }
}

// The orders the power promised (XDO), also inside AND.
void promised_orders(const Arrangement& deal, Power power, std::vector<Order>& out) {
  if (deal.kind == Arrangement::Kind::And)
    for (const Arrangement& part : deal.parts) promised_orders(part, power, out);
  if (deal.kind == Arrangement::Kind::Orders && deal.order_power == power) out.push_back(deal.order);
}

bool phase_of(const Order& order, diplomacy::PhaseType phase) {
  switch (order.kind()) {
    case OrderKind::Retreat:
    case OrderKind::Disband: return phase == diplomacy::PhaseType::Retreat;
    case OrderKind::Build:
    case OrderKind::Remove:
    case OrderKind::Waive: return phase == diplomacy::PhaseType::Adjustment;
    default: return phase == diplomacy::PhaseType::Movement;
  }
}

// An order worth a broken word: a move into a centre not ours, when centres change hands.
bool tempting(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power, const Order& order) {
  if (order.kind() != OrderKind::Move || state.phase.season != diplomacy::Season::Fall ||
      state.phase.type != diplomacy::PhaseType::Movement)
    return false;
  const diplomacy::Province to = variant.province_of(order.target());
  return variant.is_supply_centre(to) && state.centre_owner(to) != power;
}

}  // namespace

std::vector<Order> keeping_deals(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power,
                                 std::vector<Order> orders, const std::vector<Arrangement>& deals,
                                 Personality personality) {
  std::vector<Arrangement> breakable;
  std::vector<Order> promised;
  for (const Arrangement& deal : deals) {
    breakable_parts(deal, breakable);
    promised_orders(deal, power, promised);
  }
  // A promised order replaces the unit's own order.
  for (const Order& order : promised) {
    if (!phase_of(order, state.phase.type)) continue;
    std::erase_if(orders, [&](const Order& o) {
      return o.kind() != OrderKind::Waive && variant.province_of(o.unit()) == variant.province_of(order.unit());
    });
    orders.push_back(order);
  }
  std::vector<std::vector<Order>> alone(static_cast<std::size_t>(variant.power_count()));
  std::vector<Order> kept;
  for (const Order& order : orders) {
    alone[diplomacy::index(power)] = {order};
    const bool breaks = std::any_of(breakable.begin(), breakable.end(), [&](const Arrangement& deal) {
      return has(diplomacy::judge_arrangement(variant, state, alone, deal).breakers, power);
    });
    if (!breaks || (personality == Personality::Opportunist && tempting(variant, state, power, order))) {
      kept.push_back(order);
    } else if (state.phase.type == diplomacy::PhaseType::Movement) {
      kept.push_back(Order::hold(order.unit_type(), order.unit()));
    }
  }
  return kept;
}

std::function<bool(Power, const Order&)> planned_within(const diplomacy::Variant& variant,
                                                       const diplomacy::GameState& state, Power power,
                                                       Personality personality, DealsInView view) {
  return [&variant, &state, power, personality, view = std::move(view)](Power who, const Order& order) {
    const auto i = static_cast<std::size_t>(diplomacy::index(who));
    if (who != power && (i >= view.trusted.size() || !view.trusted[i])) return true;
    if (i >= view.deals.size()) return true;
    return within_deals(variant, state, who, order, view.deals[i], who == power ? personality : Personality::Loyal);
  };
}

bool within_deals(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power, const Order& order,
                  const std::vector<Arrangement>& deals, Personality personality) {
  return deals.empty() || keeping_deals(variant, state, power, {order}, deals, personality) == std::vector<Order>{order};
}

}  // namespace stratagem::diplomacy_bots
