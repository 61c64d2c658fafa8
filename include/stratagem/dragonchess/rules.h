#pragma once
// The rule switches: every question seed 004 leaves open, with the contract's default.
// docs/dragonchess.md gives the reason for each default.

#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/error.h"

namespace stratagem::dragonchess {

// Underworld -> Ground climb of the Elemental: capture only (the seed) or move or capture.
enum class ElementalClimb : unsigned char { Capture, Move };
// Where a Hero standing on the Sky or the Underworld may return to.
enum class HeroReturn : unsigned char { Any, Origin };
// Ground squares reached by the Dragon's capture from afar.
enum class DragonBreath : unsigned char { Cross, Below };
// What the side to move without a legal move, not in check, gets.
enum class StalemateResult : unsigned char { Draw, Loss };

struct Rules {
  ElementalClimb elemental_climb = ElementalClimb::Capture;
  bool elemental_leap = false;
  HeroReturn hero_return = HeroReturn::Any;
  DragonBreath dragon_breath = DragonBreath::Cross;
  bool dwarf_turn = false;
  StalemateResult stalemate = StalemateResult::Draw;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Applies one `NAME=VALUE` switch (as given to `--rule`) to `rules`.
tl::expected<void, Error> apply_rule_switch(Rules& rules, std::string_view text);

// All switches as `NAME=VALUE` separated by blanks, in the order above.
std::string format_rules(const Rules& rules);

}  // namespace stratagem::dragonchess
