#pragma once
// How a game may end (seed 000 §5.1, seed 002, seed 003 §6), and who wins.
//
// The rules are agreed before the game (EndingRules); the declarations come from the
// players with a phase (EndDeclarations). The lot of the agreed end is drawn by the game
// server and passed in: the engine never draws. decide_end() and the game adjudicate()
// (game.h) report the end, if any, in priority order: §5.1 says an earlier rule wins over
// a later one, so 18 (or the setup's count of) centres comes first.
//
//   kind       rule                                                   winners
//   Centres    a power (seat, in the two-player game) owns the         every one that reached
//              setup's victory count (seed 000 §5.1(a))                 it in that phase
//   FixedYear  the year agreed before the game is over (§5.1(b))        most units (ties share)
//   Lot        every surviving seat agrees to stop (§5.1(c))            the seat drawn by lot
//   Alliance   powers that together own EndingRules::alliance_centres   all of them, jointly
//              each declare the end with the same partners (seed 002)
//   Draw       every surviving seat agrees to a draw (the usual         nobody wins; the
//              online ending; not in the seeds)                         survivors share it

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

struct EndingRules {
  // §5.1(b): the game ends after the last phase of this year (adjustments included).
  std::optional<int> fixed_end_year;
  // Seed 002: the centres that the powers declaring an alliance end must own together.
  int alliance_centres = 23;
  friend bool operator==(const EndingRules&, const EndingRules&) = default;
};

// What the players declared with a phase (seed 002 writes it on the order sheet).
struct EndDeclarations {
  // §5.1(c): every surviving seat agreed to stop. The server's lot: an index into the
  // surviving seats (surviving_seats() in game.h, in setup order), drawn uniformly.
  std::optional<int> agreed_end_lot;
  // Seed 002: by power, the powers it declares the end with, itself included; an empty
  // set declares nothing.
  std::array<PowerSet, kMaxPowers> alliance{};
  // Every surviving seat agreed to a draw.
  bool draw = false;
  friend bool operator==(const EndDeclarations&, const EndDeclarations&) = default;
};

enum class EndKind : std::uint8_t { Centres, FixedYear, Lot, Alliance, Draw };

struct GameEnd {
  EndKind kind = EndKind::Centres;
  // The winning powers; in a draw, the surviving powers that share it.
  PowerSet winners;
  // The seats of those powers, by index in Setup::seats, increasing.
  std::vector<int> seats;
  friend bool operator==(const GameEnd&, const GameEnd&) = default;
};

// "centres", "fixed_year", "lot", "alliance", "draw" (the JSON words).
std::string_view end_kind_code(EndKind kind);
std::optional<EndKind> end_kind_by_code(std::string_view code);

}  // namespace stratagem::diplomacy
