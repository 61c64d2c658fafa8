#pragma once
// Computer players of one game that negotiate with each other, without a server: the
// press-pays measurement (bench/press_pays.cpp) seats two of them beside silent players.
// At the first order request of each spring the table lets every member propose to the
// other members (proposals, with the members as listeners), the addressee answers
// (accepts), and each member then keeps the deals it holds (keeping_deals). Members are
// loyal, so a deal, once agreed, holds for the rest of the game.

#include <memory>
#include <vector>

#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

class NegotiationTable {
 public:
  explicit NegotiationTable(std::vector<diplomacy::Power> members) : members_(std::move(members)) {}

  // Proposals and answers of this phase, once per spring movement phase.
  void negotiate(const diplomacy::Variant& variant, const diplomacy::GameState& state);
  std::vector<diplomacy::Arrangement> deals_of(diplomacy::Power power) const;
  int proposals_made() const { return proposed_; }
  int deals_agreed() const { return static_cast<int>(deals_.size()); }

 private:
  std::vector<diplomacy::Power> members_;
  std::vector<diplomacy::Arrangement> deals_;
  diplomacy::Phase last_{};
  bool negotiated_ = false;
  int proposed_ = 0;
};

// `inner` plays; the table's deals are kept.
class NegotiatingPlayer final : public Player {
 public:
  NegotiatingPlayer(std::unique_ptr<Player> inner, NegotiationTable& table) : inner_(std::move(inner)), table_(table) {}
  std::string name() const override { return "negotiating " + inner_->name(); }
  std::vector<diplomacy::Order> orders(const Turn& turn) override;

 private:
  std::unique_ptr<Player> inner_;
  NegotiationTable& table_;
};

}  // namespace stratagem::diplomacy_bots
