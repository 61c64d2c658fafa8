#pragma once
// Reads an order as a person writes it, in any notation of the seeds and the CLI
// contract: English codes and full names, common alternative abbreviations, and the
// zh-Hant, zh-Hans and ja words and place names ("A Par-Bur", "F MAt M Spa sc",
// "A Ser S (Gre M Bul)", "A Sil S RUSSIAN A War-Pru", "陸軍 モスクワ 移動 ワルシャワ",
// "陆军莫斯科移动华沙"). Parsing does not look at the board: it resolves names to
// locations and leaves to validate() what only the position can decide (the unit's
// type when omitted, the coast when only one fits).

#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

struct ParsedOrder {
  // Locations as written: a province without coast stands for its main location even
  // where a coast is needed; the unit type is Army when none was written.
  Order order;
  bool unit_type_given = false;
  // Support/convoy only: whether the supported or convoyed unit's type was written,
  // and which type.
  bool target_type_given = false;
  UnitType target_type = UnitType::Army;
  // Nationality written before the supported/convoyed unit ("S RUSSIAN A War-Pru"),
  // or Power::None. It does not change the order's meaning (DATC 4.C.5, 4.C.6).
  Power named_power = Power::None;
};

struct OrderParseError {
  std::string message;  // for a person: what is wrong, quoting the offending words
  int offset = 0;       // byte offset into the text where the problem starts
};

// `phase` decides how verbs read: "F Nth - Nwg" is a retreat in a retreat phase, and
// "A Par D" a removal in an adjustment phase.
tl::expected<ParsedOrder, OrderParseError> parse_order(const Variant& variant, std::string_view text,
                                                       PhaseType phase);

}  // namespace stratagem::diplomacy
