// GameState bookkeeping and phase names.

#include <gtest/gtest.h>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::map;
using testing::province;

TEST(PhaseCode, RoundTrips) {
  for (const char* code : {"S1901M", "F1901R", "W1901A", "S1M", "F30000M"}) {
    const auto phase = parse_phase_code(code);
    ASSERT_TRUE(phase) << code;
    EXPECT_EQ(phase_code(*phase), code);
  }
}

TEST(PhaseCode, RejectsMalformedCodes) {
  for (const char* code : {"", "S", "S1901", "X1901M", "S1901X", "S19a1M", "S0M", "S30001M", "W1901M", "S1901A",
                           "F1901A", "W1901R", "S-1M", "s1901m"})
    EXPECT_FALSE(parse_phase_code(code)) << code;
}

TEST(GameState, InitialPositionOfTheStandardMap) {
  const GameState start = GameState::initial(map());
  EXPECT_EQ(phase_code(start.phase), "S1901M");
  EXPECT_EQ(start.occupied_provinces().size(), 22);
  int centres = 0;
  for (int p = 0; p < map().power_count(); ++p) {
    const int n = start.centre_count(power_at(p));
    EXPECT_EQ(start.unit_count(power_at(p)), n);
    centres += n;
  }
  EXPECT_EQ(centres, 22);
  const Unit stp = *start.unit_in(province("STP"));
  EXPECT_EQ(map().location_code(stp.location), "STP/SC");
  EXPECT_EQ(stp.type, UnitType::Fleet);
}

TEST(GameState, CountsFollowPlacementsRemovalsAndOwnership) {
  GameState state = GameState::initial(map());
  const Unit paris = *state.unit_in(province("PAR"));
  state.remove(province("PAR"));
  EXPECT_FALSE(state.occupied(province("PAR")));
  EXPECT_EQ(state.unit_count(paris.power), 2);
  state.place(map(), Unit{UnitType::Army, paris.power, map().main_location(province("BUR"))});
  EXPECT_EQ(state.unit_count(paris.power), 3);
  state.set_centre_owner(province("BEL"), paris.power);
  state.set_centre_owner(province("PAR"), Power::None);
  EXPECT_EQ(state.centre_count(paris.power), 3);
  // Replacing a unit in place keeps the counts right for both powers.
  const Unit munich = *state.unit_in(province("MUN"));
  state.place(map(), Unit{UnitType::Army, paris.power, map().main_location(province("MUN"))});
  EXPECT_EQ(state.unit_count(paris.power), 4);
  EXPECT_EQ(state.unit_count(munich.power), 2);
}

TEST(GameState, DislodgedUnitsAreKeptInProvinceOrder) {
  GameState state;
  const Unit a{UnitType::Army, power_at(0), map().main_location(province("VIE"))};
  const Unit b{UnitType::Fleet, power_at(1), map().main_location(province("ADR"))};
  LocationSet retreats;
  retreats.insert(index(map().main_location(province("TRI"))));
  state.add_dislodged(map(), {a, retreats});
  state.add_dislodged(map(), {b, {}});
  EXPECT_EQ(state.dislodged_provinces().size(), 2);
  EXPECT_EQ(state.dislodged_in(province("VIE"))->unit, a);
  EXPECT_EQ(state.dislodged_in(province("VIE"))->retreats, retreats);
  EXPECT_EQ(state.dislodged_in(province("ADR"))->unit, b);
  EXPECT_FALSE(state.dislodged_in(province("BUD")));
  state.clear_dislodged();
  EXPECT_TRUE(state.dislodged_provinces().empty());
  EXPECT_FALSE(state.dislodged_in(province("VIE")));
}

}  // namespace
}  // namespace stratagem::diplomacy
