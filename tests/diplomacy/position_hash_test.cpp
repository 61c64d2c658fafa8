// The Zobrist hash of a position: equal for equal positions however they were built,
// different when anything a position holds differs.
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/position_hash.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/selfplay.h"
#include "support/standard_map.h"

namespace stratagem::diplomacy {
namespace {

using testing::loc;
using testing::map;
using testing::power;
using testing::province;

Unit unit(UnitType type, const char* location, const char* owner) { return Unit{type, power(owner), loc(location)}; }

TEST(PositionHash, EqualPositionsHashEqualWhateverTheOrderTheyWereBuiltIn) {
  const GameState start = GameState::initial(map());
  GameState rebuilt = start;
  rebuilt.clear_units();
  // The units placed again, in reverse.
  std::vector<Unit> units;
  start.occupied_provinces().for_each([&](int p) { units.push_back(start.unit_at(province_at(p))); });
  for (auto it = units.rbegin(); it != units.rend(); ++it) rebuilt.place(map(), *it);
  EXPECT_EQ(position_hash(map(), rebuilt), position_hash(map(), start));
}

TEST(PositionHash, EveryDifferenceChangesIt) {
  const GameState start = GameState::initial(map());
  const auto base = position_hash(map(), start);
  GameState moved = start;
  moved.remove(province("PAR"));
  moved.place(map(), unit(UnitType::Army, "BUR", "FRANCE"));
  EXPECT_NE(position_hash(map(), moved), base);
  GameState other_owner = start;
  other_owner.set_centre_owner(province("BEL"), power("FRANCE"));
  EXPECT_NE(position_hash(map(), other_owner), base);
  GameState later = start;
  later.phase.season = Season::Fall;
  EXPECT_NE(position_hash(map(), later), base);
  GameState fleet = start;
  fleet.remove(province("STP"));
  fleet.place(map(), unit(UnitType::Fleet, "STP/NC", "RUSSIA"));
  EXPECT_NE(position_hash(map(), fleet), base);
}

TEST(PositionHash, RandomGamesEndInPositionsOfDistinctHashes) {
  std::set<std::uint64_t> hashes;
  for (std::uint64_t seed = 1; seed <= 200; ++seed)
    hashes.insert(position_hash(map(), play_random_game(map(), standard_rules(), seed, 1910).final_state));
  EXPECT_EQ(hashes.size(), 200u);
}

}  // namespace
}  // namespace stratagem::diplomacy
