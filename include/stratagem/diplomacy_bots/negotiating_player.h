#pragma once
// Computer players of one game that negotiate with each other, without a server: the
// press-pays measurement (bench/press_pays.cpp) seats two of them beside silent players.
// At the first order request of each spring the table lets every member propose to the
// other members (proposals, with the members as listeners), the addressee answers
// (accepts_after_search, with its trust in the proposer), and each member then keeps the deals it holds
// (keeping_deals) as its personality does, and tells its partners its orders (announce), so
// that a partner ordering after it plans around them and may support them. judge()
// (play_game's observer) ends the deals a member's orders broke and counts them against it.

#include <array>
#include <memory>
#include <vector>

#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy_bots/negotiation.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

class NegotiationTable {
 public:
  explicit NegotiationTable(std::vector<diplomacy::Power> members, Personality personality = Personality::Loyal)
      : members_(std::move(members)), personality_(personality) {}

  // Proposals and answers of this phase, once per spring movement phase (answers searched
  // with `seed`).
  void negotiate(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules, const diplomacy::GameState& state,
                 std::uint64_t seed);
  // A member's orders of a phase, given in `state`: the deals they break end.
  void judge(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power,
             const std::vector<diplomacy::Order>& orders);
  // The deals holding for `power`.
  std::vector<diplomacy::Arrangement> deals_of(diplomacy::Power power) const;
  // Its deals holding against those it broke (trust()).
  double trust_in(diplomacy::Power power) const;
  // trust_in of every power, by power index (kMaxPowers of them).
  std::vector<double> trust_by_power() const;
  // A member tells its partners the orders it gives in this phase (an XDO of each of its
  // own orders, in DAIDE's terms), so that a partner ordering later can plan around them.
  void announce(diplomacy::Power power, const diplomacy::Phase& phase, const std::vector<diplomacy::Order>& orders);
  // The orders announced in `phase` by the members `power` holds a peace or an alliance
  // with and trusts.
  std::vector<diplomacy::Order> announced_to(diplomacy::Power power, const diplomacy::Phase& phase) const;
  // Those members.
  std::vector<diplomacy::Power> partners_of(diplomacy::Power power) const;
  Personality personality() const { return personality_; }
  int proposals_made() const { return proposed_; }
  int deals_agreed() const { return static_cast<int>(deals_.size()); }
  int deals_broken() const;

 private:
  struct Deal {
    diplomacy::Arrangement arrangement;
    bool holding = true;
  };
  std::vector<diplomacy::Power> members_;
  Personality personality_;
  std::vector<Deal> deals_;
  std::array<int, diplomacy::kMaxPowers> broken_{};
  struct Announcement {
    diplomacy::Phase phase{};
    std::vector<diplomacy::Order> orders;
  };
  std::array<Announcement, diplomacy::kMaxPowers> announced_{};
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
