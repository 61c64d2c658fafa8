#pragma once
// What the server tells a player outside the page (docs/server.md, "Notices"), decided
// from what a change to a game caused: pure, time passed in. The server stores the
// notices with the change that caused them (storage's outbox, the same transaction), and
// the channels (e-mail, a game's group chats, push) send them later, each in its
// reader's language.
//
// A notice names its reader (a user id) or, with none, the game's group chats, a kind,
// and the facts its sentences need (the game's name, the phase, a deadline, ...), so that
// it can be rendered long after the game has moved on.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stratagem/platform/effects.h"
#include "stratagem/platform/game.h"
#include "stratagem/platform/time.h"

namespace stratagem::notices {

// What a player may be told of; each is chosen per account (and per game) and channel.
// Data (besides "game_name" in every kind):
//  orders_due      a new phase (Diplomacy) or move (Dragonchess) needs my orders:
//                  {"phase", "powers": [..], "deadline"?}
//  deadline_near   the same, sent the account's reminder hours before the deadline if
//                  I have still neither ordered nor said ready
//  press           private messages or proposals to me, gathered:
//                  {"phase", "messages": [{"from", "text", "proposal"?}], "count"}
//  game_status     a game I am in started or ended: {"state": "started" | "finished",
//                  "result"?: the game's result}
//  civil_disorder  my power fell into civil disorder: {"phase", "power"}
namespace kind {
inline constexpr std::string_view orders_due = "orders_due";
inline constexpr std::string_view deadline_near = "deadline_near";
inline constexpr std::string_view press = "press";
inline constexpr std::string_view game_status = "game_status";
inline constexpr std::string_view civil_disorder = "civil_disorder";
// Posted to a game's group chats only: a phase processed, {"phase", "next_phase",
// "deadline"?, "centers": {POWER: count}}. The chats also get deadline_near (with
// "waiting": the powers not yet ordered, filled in when it is sent) and game_status.
inline constexpr std::string_view phase_result = "phase_result";
// Not from a game: the mail that confirms an address ({"address", "token"}).
inline constexpr std::string_view confirm_email = "confirm_email";
}  // namespace kind

// The kinds a player chooses among, in the order a settings page shows them.
inline constexpr std::array<std::string_view, 5> kPlayerKinds = {kind::orders_due, kind::deadline_near, kind::press,
                                                                 kind::game_status, kind::civil_disorder};

struct Notice {
  std::optional<std::string> user;  // the platform's user id; nullopt: the game's group chats
  std::string kind;
  nlohmann::json data;
  friend bool operator==(const Notice&, const Notice&) = default;
};

// What the change that caused `effects` means to tell, `game` being the game after it.
// Only people are told (never a computer's or a DAIDE client's seat), and never of
// their own doing (a message is not announced to its sender).
std::vector<Notice> notices_of(const platform::Game& game, const platform::Effects& effects, platform::Instant now);

// Whether a notice decided earlier still says something true of the game as it is now:
// orders_due and deadline_near only while the phase is the same and the reader (or, for
// the group chats, someone) has still neither ordered nor said ready. Everything else
// stays true once it happened.
bool still_true(const platform::Game& game, std::string_view kind, const nlohmann::json& data,
                const std::optional<std::string>& user);

// The powers a Diplomacy game is waiting for now (for the group chats' reminders).
std::vector<std::string> awaited(const platform::Game& game);

}  // namespace stratagem::notices
