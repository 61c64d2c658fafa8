#pragma once
// A game's setup (seed 000 §1.2.2-1.2.4, seed 003 §7): the seats (one per person at the
// table) and the powers each seat orders, the powers in armistice, a power that is
// neutral for a time (the two-player 1914 game's Italy), the first phase, and what
// victory means. Supply centres and adjustments always stay per power (§1.2.4); only
// seats, armistice, neutrality and the victory count differ between setups.
//
// The setups are "7", "6", "5", "4", "3a", "3b" and "2" (docs/diplomacy-rules.md says
// how each reads the seeds). What the game server passes in, the engine never draws:
// - the setup code, when the game is made (standard_setup());
// - in the two-player game, the coin toss drawn before the Fall 1914 adjustments: the
//   seat Italy joins from Spring 1915 (GameRules::toss_winner in game.h), required for
//   every phase from Spring 1915 on;
// - with every phase, the powers in civil disorder (PhaseConditions in game.h);
// - the ending rules and the players' declarations (ending.h).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/error.h"

namespace stratagem::diplomacy {

class Variant;

// How the victory count is reached.
enum class VictoryCounting : std::uint8_t {
  // One power owns the centres (seed 000 §5.1(a): 一國; §1.2.4: centres stay the
  // power's, not the bloc's). Every setup but the two-player one.
  PerPower,
  // The powers of one seat together (seed 003 §7(5): the *player* who first places 24
  // control markers). The two-player game.
  PerSeat,
};

struct Seat {
  std::string code;  // its powers' codes joined by '+', in variant order: "AUSTRIA+FRANCE"
  PowerSet powers;
  friend bool operator==(const Seat&, const Seat&) = default;
};

// A power neutral at the start (seed 000 §1.2.3(e)): its units hold and its land is
// closed to every unit as Switzerland is (no move, retreat, support or convoy into it),
// until the phase `joins`, from which the seat that won the coin toss orders it.
struct NeutralPower {
  Power power = Power::None;
  ProvinceSet closed;  // the power's land: its home centres and the provinces between them
  Phase joins;
  // By seat: that seat once the neutral has joined it (powers and code).
  std::vector<Seat> joined_seats;
  // The variant with `closed` cut off: the map of every phase before `joins`.
  std::shared_ptr<const Variant> closed_map;
};

// Made by standard_setup(): a default-constructed Setup has no seats, and nobody could win.
struct Setup {
  std::string code;          // "7", "6", "5", "4", "3a", "3b", "2"
  std::vector<Seat> seats;   // in the seeds' order
  PowerSet armistice;        // never order: units hold, dislodged ones disband, no builds
  std::optional<NeutralPower> neutral;
  Phase start;               // the first phase (S1901M; S1914M in the two-player game)
  int victory_centres = 18;  // the variant's count, 24 in the two-player game
  VictoryCounting victory_counting = VictoryCounting::PerPower;
};

// The setup codes, in the seeds' order: "7", "6", "5", "4", "3a", "3b", "2".
const std::vector<std::string_view>& setup_codes();

// The setup named `code` on the standard map (it names the standard powers), or a
// sentence saying the code is unknown and listing the known ones (ErrorKind::Unknown).
tl::expected<Setup, Error> standard_setup(const Variant& variant, std::string_view code);

// The setup's starting position: the variant's units and home centres, at setup.start.
GameState initial_state(const Variant& variant, const Setup& setup);

}  // namespace stratagem::diplomacy
