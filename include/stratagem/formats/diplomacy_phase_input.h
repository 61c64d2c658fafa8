#pragma once
// One phase to adjudicate as the CLI reads it: the position and everybody's orders as
// written.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::formats {

struct PowerOrders {
  diplomacy::Power power = diplomacy::Power::None;
  std::vector<std::string> orders;  // as written, in the order written
};

struct PhaseInput {
  diplomacy::GameState state;
  std::vector<PowerOrders> orders;  // powers in variant order
  // The extensions of docs/diplomacy-rules.md ("setup", "coin_toss", "ending",
  // "civil_disorder", "declarations"): set when the input names any of them.
  std::optional<diplomacy::GameRules> game{};
  diplomacy::PhaseConditions conditions{};
  // "declarations": {"agreed_end": {"seed": n}}: the lot is drawn from this seed among
  // the seats that survive the phase.
  std::optional<std::uint64_t> agreed_end_seed{};
};

}  // namespace stratagem::formats
