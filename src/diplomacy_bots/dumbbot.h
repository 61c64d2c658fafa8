#pragma once
// DumbBot-class player, written afresh from David Norman's published description
// (../shared/notes/dumbbot.md, docs/diplomacy-bots.md): each unit, in random order, goes
// to its best-valued destination or, now and then, to a nearly as good one; a
// destination another of our units has taken is supported when that unit may need it,
// and given up otherwise; units left holding support a move or a hold that needs it.
// Retreats go to the best free place; builds to the best home centre; removals take the
// unit standing on the worst place.

#include <vector>

#include "destination_values.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

// The orders of one power given its values; the search player calls this many times per
// position with different random streams.
std::vector<diplomacy::Order> dumbbot_orders(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                             const Reach& reach, const DestinationValues& values,
                                             diplomacy::Power power, diplomacy::Random& random);

class DumbBot final : public Player {
 public:
  std::string name() const override { return "dumbbot"; }
  std::vector<diplomacy::Order> orders(const Turn& turn) override;
};

}  // namespace stratagem::diplomacy_bots
