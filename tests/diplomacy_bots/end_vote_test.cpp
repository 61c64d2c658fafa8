// How a computer player votes on a proposed draw or end by lot (end_vote.h): a leader
// refuses, a power about to be eliminated accepts, a table of equals stalled for three
// years accepts, and at the start every power refuses (every power grows in 1901).
#include <gtest/gtest.h>

#include "board.h"
#include "stratagem/diplomacy_bots/end_vote.h"

namespace stratagem::diplomacy_bots {
namespace {

using namespace diplomacy;
using test_board::power;
using test_board::province;

const Variant& standard() { return standard_variant(); }

// A position with the given centre counts (by power index, the rest neutral): each power's
// centres are handed out in the map's order, and a unit stands on each.
GameState with_centres(const CentreCounts& counts) {
  GameState state;
  state.phase = Phase{Season::Spring, 1905, PhaseType::Movement};
  std::vector<Province> centres;
  standard().all_supply_centres().for_each([&](int p) { centres.push_back(province_at(p)); });
  std::size_t next = 0;
  for (int p = 0; p < standard().power_count(); ++p) {
    for (int k = 0; k < counts[p]; ++k, ++next) {
      state.set_centre_owner(centres[next], power_at(p));
      state.place(standard(), Unit{UnitType::Army, power_at(p), standard().main_location(centres[next])});
    }
  }
  return state;
}

// `years`: the centres as each year began, the current year last (end_vote.h).
EndVote vote(const GameState& state, const std::string& code, const std::vector<CentreCounts>& years) {
  return vote_on_end(standard(), state, power(code), years, 18);
}

TEST(EndVote, EveryPowerRefusesAtTheStart) {
  const GameState start = GameState::initial(standard());
  const CentreCounts counts = {3, 3, 3, 3, 3, 4, 3};
  for (int p = 0; p < standard().power_count(); ++p) {
    const EndVote v = vote_on_end(standard(), start, power_at(p), {counts}, 18);
    EXPECT_FALSE(v.accept) << standard().power_code(power_at(p)) << ": " << v.reason;
  }
  EXPECT_EQ(vote(start, "RUSSIA", {counts}).reason, "leads");  // four centres to everyone's three
  EXPECT_EQ(vote(start, "FRANCE", {counts}).reason, "grows");
  EXPECT_EQ(vote(start, "FRANCE", {}).reason, "grows");  // no record at all: the first year
}

TEST(EndVote, ALeaderRefuses) {
  // France 10, the others 4 each: France leads, whatever the years before.
  const CentreCounts now = {4, 4, 10, 4, 4, 4, 4};
  const GameState state = with_centres(now);
  EXPECT_EQ(vote(state, "FRANCE", {now, now, now, now}).reason, "leads");
  EXPECT_FALSE(vote(state, "FRANCE", {now, now, now, now}).accept);
  // Those behind it, stalled for three years, accept.
  EXPECT_TRUE(vote(state, "GERMANY", {now, now, now, now}).accept);
}

TEST(EndVote, APowerThatGrowsRefuses) {
  const CentreCounts then = {5, 5, 5, 3, 5, 5, 5};
  const CentreCounts now = {5, 5, 5, 5, 5, 5, 4};
  EXPECT_EQ(vote(with_centres(now), "GERMANY", {then, now}).reason, "grows");
}

TEST(EndVote, APowerAboutToBeEliminatedAccepts) {
  // Italy down to one centre from three: it takes a share of the draw while it can.
  const CentreCounts then = {5, 5, 5, 5, 3, 5, 5};
  const CentreCounts now = {6, 5, 6, 5, 1, 5, 6};
  const EndVote v = vote(with_centres(now), "ITALY", {then, now});
  EXPECT_TRUE(v.accept);
  EXPECT_EQ(v.reason, "about to be eliminated");
}

TEST(EndVote, ATableOfEqualsStalledForThreeYearsAccepts) {
  const CentreCounts equal = {5, 5, 5, 5, 5, 5, 4};
  const GameState state = with_centres(equal);
  for (int p = 0; p < standard().power_count(); ++p) {
    const EndVote v = vote_on_end(standard(), state, power_at(p), {equal, equal, equal, equal}, 18);
    EXPECT_TRUE(v.accept) << standard().power_code(power_at(p)) << ": " << v.reason;
    EXPECT_EQ(v.reason, "stalled");
  }
  // Two years are not three: the powers of five hope for more than a seventh of a win.
  EXPECT_FALSE(vote(state, "FRANCE", {equal, equal, equal}).accept);
  EXPECT_EQ(vote(state, "FRANCE", {equal, equal, equal}).reason, "its prospects beat the draw");
  // The one with four takes the draw.
  EXPECT_EQ(vote(state, "TURKEY", {equal, equal, equal}).reason, "the draw beats its prospects");
}

TEST(EndVote, ARivalAboutToWinMakesTheOthersAccept) {
  // Turkey 16 and growing by two a year: the rest would rather share a draw.
  const CentreCounts then = {3, 3, 3, 3, 4, 4, 14};
  const CentreCounts now = {3, 3, 3, 3, 3, 3, 16};
  EXPECT_EQ(vote(with_centres(now), "ENGLAND", {then, now}).reason, "a rival is about to win");
  EXPECT_EQ(vote(with_centres(now), "TURKEY", {then, now}).reason, "leads");
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
