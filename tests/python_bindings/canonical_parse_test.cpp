// The module hands orders to the order sheet as canonical_parse() builds them, not as
// their canonical text parses: the two must be the same, or a game played through the
// module would adjudicate otherwise than `stratagem diplomacy adjudicate` on its saved
// orders. Every legal order of the positions of random games is built both ways.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "diplomacy_game.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/random.h"
#include "stratagem/formats/diplomacy_legal.h"

namespace stratagem::python {
namespace {

using namespace diplomacy;

void expect_same_parse(const ParsedOrder& built, const ParsedOrder& parsed, const std::string& text,
                       const std::string& phase) {
  EXPECT_EQ(built.order, parsed.order) << text << " in " << phase;
  EXPECT_EQ(built.unit_type_given, parsed.unit_type_given) << text << " in " << phase;
  EXPECT_EQ(built.target_type_given, parsed.target_type_given) << text << " in " << phase;
  EXPECT_EQ(built.target_type, parsed.target_type) << text << " in " << phase;
  EXPECT_EQ(built.named_power, parsed.named_power) << text << " in " << phase;
}

TEST(PythonCanonicalParse, EqualsTheParseOfTheCanonicalTextOfEveryLegalOrderInRandomGames) {
  const Variant& variant = standard_variant();
  const RuleOptions rules = standard_rules();
  Random random(20261123);
  int positions = 0;
  std::int64_t orders = 0;
  int supports = 0, convoys = 0, adjustments = 0;
  for (int played = 0; played < 10; ++played) {
    DiplomacyGame game(variant, rules, 1912);
    while (!game.is_done()) {
      const GameState& state = game.state();
      const std::string phase = phase_code(state.phase);
      std::vector<std::vector<AcceptedOrder>> chosen(variant.power_count());
      formats::for_each_legal_order_list(variant, state, [&](Power power, const Unit*, const OrderList& list) {
        std::vector<std::string> texts;
        for (const Order& order : list) {
          UnitType supported = UnitType::Army;
          if (order.is_support()) supported = state.unit_at(variant.province_of(order.target())).type;
          const std::string& text = texts.emplace_back(format_order(variant, order, supported));
          const auto parsed = parse_order(variant, text, state.phase.type);
          ASSERT_TRUE(parsed.has_value()) << text << " in " << phase << ": " << parsed.error().message;
          expect_same_parse(canonical_parse(order, supported), *parsed, text, phase);
          ++orders;
          supports += order.is_support();
          convoys += order.kind() == OrderKind::Convoy;
          adjustments += state.phase.type == PhaseType::Adjustment;
        }
        // Random play: one of the unit's orders (one of the power's in adjustments).
        if (!texts.empty()) {
          const auto accepted = game.read_order(power, texts[random.below(static_cast<int>(texts.size()))]);
          ASSERT_TRUE(accepted.has_value()) << accepted.error();
          chosen[index(power)].push_back(*accepted);
        }
      });
      ++positions;
      if (HasFailure()) return;  // one position's differences are enough to read
      for (int p = 0; p < variant.power_count(); ++p) game.set_orders(power_at(p), std::move(chosen[p]));
      const GameState next = DiplomacyGame::adjudicate(variant, rules, game.pending()).result.next;
      game.advance(game.pending(), next);
    }
  }
  // Enough positions, and orders of every kind the fast path treats apart.
  EXPECT_GE(positions, 300);
  EXPECT_GT(supports, 10000);
  EXPECT_GT(convoys, 100);
  EXPECT_GT(adjustments, 100);
  RecordProperty("positions", positions);
  RecordProperty("orders", static_cast<int>(orders));
}

}  // namespace
}  // namespace stratagem::python
