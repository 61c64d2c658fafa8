#pragma once
// The options a Diplomacy game is created with (the contract's POST /games body), read
// and checked field by field: a wrong field is refused with its name.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/platform/error.h"
#include "stratagem/platform/time.h"

namespace stratagem::platform {

enum class PressRule : unsigned char { Full, Public, None };

// Seed 000 §2.2.2, §2.3.1, seed 002: face-to-face timing.
inline constexpr Duration kLiveFirstNegotiation = std::chrono::minutes(30);
inline constexpr Duration kLiveNegotiation = std::chrono::minutes(15);
inline constexpr Duration kLiveOrderWriting = std::chrono::minutes(5);
inline constexpr Duration kLiveRetreat = std::chrono::minutes(5);
inline constexpr Duration kLiveAdjustment = std::chrono::minutes(5);

struct Deadlines {
  // "live": negotiation (30 minutes in the first movement phase, 15 after) then order
  // writing (5 minutes, press closed), retreats and adjustments 5 minutes; the fields
  // below are then unused.
  bool live = false;
  Duration movement = std::chrono::hours(24);
  Duration retreat = std::chrono::hours(12);
  Duration adjustment = std::chrono::hours(12);
  friend bool operator==(const Deadlines&, const Deadlines&) = default;
};

struct DiplomacyOptions {
  std::string name;
  std::string variant = "standard";
  std::string rules = "standard";  // a profile of diplomacy::rules_by_name
  int players = 7;                 // seats; powers are shared out among them (seed 000 §1.2.3)
  // The engine's setup (diplomacy/setup.h): "7", "6", "5", "4", "3a", "3b", "2"; it
  // follows from `players` except for three, where "3a" (the default) or "3b" is chosen.
  std::string setup = "7";
  // Seed 000 §5.1(b): the game ends after this year; most units win.
  std::optional<int> end_year;
  PressRule press = PressRule::Full;
  Deadlines deadlines;
  int computer_players = 0;  // seats taken by computer players (0..players)
  int daide_players = 0;     // seats kept for DAIDE clients (0..players - computer_players)
  // Extensions of the contract (optional fields):
  int civil_disorder_after = 2;                // consecutive missed phases (seed 000 §4.3.1), 1..10
  bool computer_takes_civil_disorder = false;  // a computer orders for powers in civil disorder
  // Computer players propose agreements too (each spring, in a game with press), besides
  // answering every proposal made to them.
  bool computers_propose = false;
  // How computer players keep deals: "loyal" (never break one), "opportunist" (break one
  // for a centre), "mixed" (each computer seat one or the other, drawn from the game's seed:
  // a person learns which by playing).
  std::string computer_personality = "loyal";
  // Draw and end votes are seen by every player as they are cast ("votes": "public"),
  // instead of by the voter's power alone until the game ends ("secret", the default).
  bool public_votes = false;
  friend bool operator==(const DiplomacyOptions&, const DiplomacyOptions&) = default;
};

// From the creation body; unknown fields are ignored (the contract extends compatibly).
// Checked: "name" a non-empty string of at most 100 bytes; "variant" "standard";
// "rules" a known profile; "players" 2..7; "setup" "3a"|"3b" with three players (else
// absent or the player count as text); "end_year" the start year..3000; "press"
// full|public|none; "deadlines" "live" or an object of three integers 1..31536000
// (seconds); "computer_players" 0..players; "daide_players" 0..players minus the
// computer players; "civil_disorder_after" 1..10;
// "computer_takes_civil_disorder" and "computers_propose" booleans; "computer_personality"
// loyal|opportunist|mixed; "votes" secret|public.
tl::expected<DiplomacyOptions, GameError> read_diplomacy_options(const nlohmann::json& body);

// The same fields as read_diplomacy_options reads (what the record and the view keep).
nlohmann::json diplomacy_options_json(const DiplomacyOptions& options);

std::string_view press_rule_name(PressRule press);  // "full", "public", "none"

}  // namespace stratagem::platform
