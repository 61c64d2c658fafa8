#include "stratagem/diplomacy_bots/negotiating_player.h"

#include <algorithm>


namespace stratagem::diplomacy_bots {

using diplomacy::Arrangement;
using diplomacy::Power;

void NegotiationTable::negotiate(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                                 const diplomacy::GameState& state, std::uint64_t seed) {
  if (state.phase.season != diplomacy::Season::Spring || state.phase.type != diplomacy::PhaseType::Movement) return;
  if (negotiated_ && last_ == state.phase) return;
  negotiated_ = true;
  last_ = state.phase;
  for (Power member : members_) {
    for (const Proposal& proposal : proposals(variant, state, member, deals_of(member), members_)) {
      ++proposed_;
      if (accepts_after_search(variant, rules, state, proposal.to, member, proposal.arrangement, trust_in(member),
                               seed + proposed_, deals_of(proposal.to)))
        deals_.push_back({proposal.arrangement, true});
    }
  }
}

void NegotiationTable::judge(const diplomacy::Variant& variant, const diplomacy::GameState& state, Power power,
                             const std::vector<diplomacy::Order>& orders) {
  if (std::find(members_.begin(), members_.end(), power) == members_.end()) return;
  std::vector<std::vector<diplomacy::Order>> by_power(static_cast<std::size_t>(variant.power_count()));
  by_power[diplomacy::index(power)] = orders;
  for (Deal& deal : deals_) {
    if (!deal.holding) continue;
    const auto verdict = diplomacy::judge_arrangement(variant, state, by_power, deal.arrangement);
    if (std::find(verdict.breakers.begin(), verdict.breakers.end(), power) == verdict.breakers.end()) continue;
    deal.holding = false;
    ++broken_[diplomacy::index(power)];
  }
}

std::vector<Arrangement> NegotiationTable::deals_of(Power power) const {
  std::vector<Arrangement> out;
  for (const Deal& deal : deals_)
    if (deal.holding && std::find(deal.arrangement.powers.begin(), deal.arrangement.powers.end(), power) !=
                            deal.arrangement.powers.end())
      out.push_back(deal.arrangement);
  return out;
}

double NegotiationTable::trust_in(Power power) const {
  return trust(static_cast<int>(deals_of(power).size()), broken_[diplomacy::index(power)]);
}

void NegotiationTable::announce(Power power, const diplomacy::Phase& phase, const std::vector<diplomacy::Order>& orders) {
  announced_[diplomacy::index(power)] = {phase, orders};
}

std::vector<Power> NegotiationTable::partners_of(Power power) const {
  return trusted_partners(power, deals_of(power), trust_by_power());
}

std::vector<double> NegotiationTable::trust_by_power() const {
  std::vector<double> out;
  for (int p = 0; p < static_cast<int>(broken_.size()); ++p) out.push_back(trust_in(diplomacy::power_at(p)));
  return out;
}

std::vector<diplomacy::Order> NegotiationTable::announced_to(Power power, const diplomacy::Phase& phase) const {
  std::vector<diplomacy::Order> out;
  for (Power partner : partners_of(power)) {
    const Announcement& announcement = announced_[diplomacy::index(partner)];
    if (announcement.phase == phase) out.insert(out.end(), announcement.orders.begin(), announcement.orders.end());
  }
  return out;
}

int NegotiationTable::deals_broken() const {
  return static_cast<int>(std::count_if(deals_.begin(), deals_.end(), [](const Deal& d) { return !d.holding; }));
}

std::vector<diplomacy::Order> NegotiatingPlayer::orders(const Turn& turn) {
  table_.negotiate(turn.variant, turn.rules, turn.state, turn.seed);
  Turn planned = turn;
  planned.trust = table_.trust_by_power();
  planned.trust.resize(static_cast<std::size_t>(turn.variant.power_count()));
  DealsInView view;
  for (int p = 0; p < turn.variant.power_count(); ++p) {
    view.deals.push_back(table_.deals_of(diplomacy::power_at(p)));
    view.trusted.push_back(planned.trust[static_cast<std::size_t>(p)] >= kTrusted);
  }
  const std::vector<Arrangement> mine = view.deals[diplomacy::index(turn.power)];
  planned.allies = trusted_partners(turn.power, mine, planned.trust);
  planned.allowed = planned_within(turn.variant, turn.state, turn.power, table_.personality(), std::move(view));
  planned.announced = table_.announced_to(turn.power, turn.state.phase);
  auto orders = keeping_deals(turn.variant, turn.state, turn.power, inner_->orders(planned), mine, table_.personality());
  table_.announce(turn.power, turn.state.phase, orders);
  return orders;
}

}  // namespace stratagem::diplomacy_bots
