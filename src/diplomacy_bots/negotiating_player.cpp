#include "stratagem/diplomacy_bots/negotiating_player.h"

#include <algorithm>


namespace stratagem::diplomacy_bots {

using diplomacy::Arrangement;
using diplomacy::Power;

void NegotiationTable::negotiate(const diplomacy::Variant& variant, const diplomacy::GameState& state) {
  if (state.phase.season != diplomacy::Season::Spring || state.phase.type != diplomacy::PhaseType::Movement) return;
  if (negotiated_ && last_ == state.phase) return;
  negotiated_ = true;
  last_ = state.phase;
  for (Power member : members_) {
    for (const Proposal& proposal : proposals(variant, state, member, deals_of(member), members_)) {
      ++proposed_;
      if (accepts(variant, state, proposal.to, member, proposal.arrangement, trust_in(member)))
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

int NegotiationTable::deals_broken() const {
  return static_cast<int>(std::count_if(deals_.begin(), deals_.end(), [](const Deal& d) { return !d.holding; }));
}

std::vector<diplomacy::Order> NegotiatingPlayer::orders(const Turn& turn) {
  table_.negotiate(turn.variant, turn.state);
  // The player plans within every member's deals: its own orders keep them, and it expects
  // its partners' orders to.
  Turn planned = turn;
  // Its own orders as its personality keeps deals; a partner's as loyal, if trusted.
  planned.allowed = [&](Power power, const diplomacy::Order& order) {
    if (power == turn.power)
      return within_deals(turn.variant, turn.state, power, order, table_.deals_of(power), table_.personality());
    return table_.trust_in(power) < kTrusted || within_deals(turn.variant, turn.state, power, order, table_.deals_of(power));
  };
  return keeping_deals(turn.variant, turn.state, turn.power, inner_->orders(planned), table_.deals_of(turn.power),
                       table_.personality());
}

}  // namespace stratagem::diplomacy_bots
