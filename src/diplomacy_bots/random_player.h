#pragma once
// The first baseline: every unit's order drawn uniformly from its legal orders, as random
// self-play draws them; builds and removals drawn one at a time from what is still open.

#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

class RandomPlayer final : public Player {
 public:
  std::string name() const override { return "random"; }
  std::vector<diplomacy::Order> orders(const Turn& turn) override;
};

}  // namespace stratagem::diplomacy_bots
