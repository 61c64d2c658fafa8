// What one phase's orders do to an arrangement of structured press (judge_arrangement):
// peace and alliance broken by an attack on a partner's unit or centre, zones by entering
// them, promised orders kept or broken in their phase, AND and ORR.
#include <gtest/gtest.h>

#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {
namespace {

const Variant& variant() { return standard_variant(); }

Location at(const std::string& code) {
  for (int l = 0; l < variant().location_count(); ++l)
    if (variant().location_code(location_at(l)) == code) return location_at(l);
  ADD_FAILURE() << code;
  return Location::None;
}

Power power(const std::string& code) {
  for (int p = 0; p < variant().power_count(); ++p)
    if (variant().power_code(power_at(p)) == code) return power_at(p);
  ADD_FAILURE() << code;
  return Power::None;
}

const Power kFrance = power("FRANCE"), kGermany = power("GERMANY"), kEngland = power("ENGLAND");

Arrangement peace(std::vector<Power> powers) { return {.kind = Arrangement::Kind::Peace, .powers = std::move(powers)}; }

struct Phase1901 {
  GameState state = GameState::initial(variant());
  std::vector<std::vector<Order>> orders = std::vector<std::vector<Order>>(7);
  ArrangementVerdict judge(const Arrangement& a) const { return judge_arrangement(variant(), state, orders, a); }
};

TEST(PressJudge, PeaceIsBrokenByAnAttackOnAPartnersUnitOrCentre) {
  Phase1901 phase;
  const Arrangement deal = peace({kFrance, kGermany});
  phase.orders[index(kFrance)] = {Order::move(UnitType::Army, at("PAR"), at("BUR"))};  // nobody's
  EXPECT_TRUE(phase.judge(deal).breakers.empty());
  phase.orders[index(kGermany)] = {Order::move(UnitType::Army, at("MUN"), at("BUR")),
                                    Order::support_move(UnitType::Fleet, at("KIE"), at("MUN"), at("BUR"))};
  EXPECT_TRUE(phase.judge(deal).breakers.empty());
  // A supported attack on Paris (a French centre with a French army).
  phase.orders[index(kGermany)] = {Order::support_move(UnitType::Army, at("MUN"), at("BUR"), at("PAR"))};
  EXPECT_EQ(phase.judge(deal).breakers, std::vector<Power>{kGermany});
  // An empty French centre: Brest after its fleet left.
  phase.state.remove(variant().province_of(at("BRE")));
  phase.orders[index(kGermany)] = {};
  phase.orders[index(kFrance)] = {Order::move(UnitType::Army, at("PAR"), at("BUR"))};
  EXPECT_TRUE(phase.judge(deal).breakers.empty());
  phase.orders[index(kEngland)] = {Order::move(UnitType::Fleet, at("LON"), at("ENG"))};
  EXPECT_TRUE(phase.judge(deal).breakers.empty());  // England is no party
  EXPECT_FALSE(phase.judge(deal).kept);  // a peace is never settled by one phase
}

TEST(PressJudge, ZonesPromisesAndCombinations) {
  Phase1901 phase;
  const Arrangement zone{.kind = Arrangement::Kind::Demilitarised, .powers = {kEngland, kFrance},
                         .provinces = {variant().province_of(at("ENG"))}};
  phase.orders[index(kEngland)] = {Order::move(UnitType::Fleet, at("LON"), at("ENG"))};
  EXPECT_EQ(phase.judge(zone).breakers, std::vector<Power>{kEngland});
  Arrangement promise{.kind = Arrangement::Kind::Orders, .order = Order::hold(UnitType::Army, at("PAR")),
                      .order_power = kFrance};
  EXPECT_EQ(phase.judge(promise).breakers, std::vector<Power>{kFrance});  // France gave no such order
  phase.orders[index(kFrance)] = {Order::hold(UnitType::Army, at("PAR"))};
  EXPECT_TRUE(phase.judge(promise).kept);
  Arrangement both{.kind = Arrangement::Kind::And, .parts = {zone, promise}};
  EXPECT_EQ(phase.judge(both).breakers, std::vector<Power>{kEngland});
  Arrangement either{.kind = Arrangement::Kind::Or, .parts = {zone, promise}};
  EXPECT_TRUE(phase.judge(either).breakers.empty());
  EXPECT_TRUE(phase.judge(either).kept);
  // A promise of a movement order is not judged in an adjustment phase.
  phase.state.phase = {Season::Winter, 1901, PhaseType::Adjustment};
  phase.orders[index(kFrance)] = {};
  EXPECT_TRUE(phase.judge(promise).breakers.empty());
  EXPECT_FALSE(phase.judge(promise).kept);
  // Draws cannot be broken by orders.
  EXPECT_TRUE(phase.judge({.kind = Arrangement::Kind::Draw}).breakers.empty());
}

}  // namespace
}  // namespace stratagem::diplomacy
