#pragma once
// How a computer player votes when someone proposes to end the game: a draw shared by the
// survivors, or an end by lot among them (seed 000 §5.1(c)). Both are worth the same to a
// survivor, a 1/n share of a win among n survivors, so one judgement answers both: from the
// position and the centre counts of the last years, as a player would judge it.
//
//   refuses   while it leads (more centres than any other power) or grows (it gained
//             centres over the last years; in the first year every power grows: the
//             neutral centres are there for the taking);
//   accepts   when it is about to be eliminated (at most one centre in sight), when a rival
//             is about to win (its count and its growth reach the victory count), when the
//             table has stalled (no power's count changed over the last three years), or
//             when the draw's share beats the share of the board it can expect (its centres
//             and its trend, of all the supply centres).
//
// Pure: the same position and history give the same vote.

#include <string_view>
#include <vector>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {
class Variant;
}

namespace stratagem::diplomacy_bots {

// Every power's centre count (by power index).
using CentreCounts = std::vector<int>;

struct EndVote {
  bool accept = false;
  // The reason, in words for logs and tests: "leads", "grows", "about to be eliminated",
  // "a rival is about to win", "stalled", "the draw beats its prospects", "its prospects
  // beat the draw".
  std::string_view reason;
};

// The vote of `power` in `state`. `year_starts`: every power's centre count as each year of
// the game began (its Spring movement), the first year first and the current year last; the
// counts of now come from `state`. `victory_centres`: the count that wins the game (18 on
// the standard map).
EndVote vote_on_end(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power,
                    const std::vector<CentreCounts>& year_starts, int victory_centres);

// The years over which growth is judged and a table is called stalled.
inline constexpr int kYearsJudged = 3;

}  // namespace stratagem::diplomacy_bots
