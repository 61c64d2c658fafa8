#include "stratagem/diplomacy_bots/negotiating_player.h"

#include <algorithm>

#include "stratagem/diplomacy_bots/negotiation.h"

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
      if (accepts(variant, state, proposal.to, member, proposal.arrangement)) deals_.push_back(proposal.arrangement);
    }
  }
}

std::vector<Arrangement> NegotiationTable::deals_of(Power power) const {
  std::vector<Arrangement> out;
  for (const Arrangement& deal : deals_)
    if (std::find(deal.powers.begin(), deal.powers.end(), power) != deal.powers.end()) out.push_back(deal);
  return out;
}

std::vector<diplomacy::Order> NegotiatingPlayer::orders(const Turn& turn) {
  table_.negotiate(turn.variant, turn.state);
  // The player plans within every member's deals: its own orders keep them, and it expects
  // its partners' orders to.
  Turn planned = turn;
  planned.allowed = [&](Power power, const diplomacy::Order& order) {
    return within_deals(turn.variant, turn.state, power, order, table_.deals_of(power));
  };
  return keeping_deals(turn.variant, turn.state, turn.power, inner_->orders(planned), table_.deals_of(turn.power));
}

}  // namespace stratagem::diplomacy_bots
