#pragma once
// One phase to adjudicate as the CLI reads it: the position and everybody's orders as
// written.

#include <string>
#include <vector>

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
};

}  // namespace stratagem::formats
