#pragma once
// The second baseline, HoldBot: every unit holds, every dislodged unit disbands, every
// build is waived; removals take first the units standing off the power's own centres,
// then by province order.

#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots {

class HoldPlayer final : public Player {
 public:
  std::string name() const override { return "holdbot"; }
  std::vector<diplomacy::Order> orders(const Turn& turn) override;
};

}  // namespace stratagem::diplomacy_bots
