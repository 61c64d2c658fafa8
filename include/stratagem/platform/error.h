#pragma once
// Why an action on a game was refused: a code for programs (the contract's error codes,
// never translated) and a problem with its details, said in the caller's language by
// message(). The HTTP layer maps codes to statuses (bad_request 400, forbidden 403,
// press_not_allowed 403, not_found 404, conflict 409, wrong_phase 409).

#include <string>
#include <string_view>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::platform {

using diplomacy::Language;

enum class ErrorCode : unsigned char { BadRequest, Forbidden, NotFound, Conflict, WrongPhase, PressNotAllowed };

// The contract's snake_case code: "bad_request", "forbidden", ...
std::string_view error_code_name(ErrorCode code);

enum class Problem : unsigned char {
  MissingField,      // `field` is missing
  WrongType,         // `field` is not `detail` (e.g. "a string", "an integer")
  BadValue,          // `field` has a value not allowed; `detail` says which are
  NotSeated,         // the caller does not play `field` (a power or side)
  UnknownPower,      // `field` names no power of the game
  GameNotForming,    // joining a game that has started or is full
  AlreadySeated,     // the caller already has a seat in this game
  PowerTaken,        // `field` (a power) is already taken
  GameNotActive,     // the game has not started or is over
  WrongPhase,        // orders for `field`, but the current phase is `detail`
  PressNone,         // the game has no press
  PressPublicOnly,   // the game allows public press only
  PressClosed,       // live game: press is closed while orders are written (and after)
  SeatNotOpen,       // `field` is not in civil disorder: its seat cannot be taken
  NotEliminated,     // the caller holds a surviving power and cannot take another seat
  NoSuchTreaty,      // `field` (also to powers that are not its parties: they may not know of it)
  AlreadySigned,     // `field` (a power) has signed already
  TreatyUnsigned,    // a treaty is published only once every party has signed
  NotYourTurn,       // Dragonchess: the other side is to move
  IllegalMove,       // Dragonchess: `field` is the move, `detail` the engine's reason (English)
  NoDrawOffer,       // Dragonchess: there is no offer of the opponent to answer
  DrawOfferPending,  // Dragonchess: the caller has offered a draw already
  NotHumanGame,      // Dragonchess: joining a game against the computer
  BadGameName,       // a game's name: empty, longer than `detail` characters, or with hidden characters
  BadText,           // a message or treaty: empty, or longer than `detail` characters
  GamePaused,        // the game is paused: computers' orders wait for it to resume
  NotPauser,         // pausing: the caller neither created the game nor plays in it
};

struct GameError {
  ErrorCode code = ErrorCode::BadRequest;
  Problem problem = Problem::BadValue;
  std::string field{};   // what the problem is about: a JSON path ("deadlines.movement_seconds"), a power, a move
  std::string detail{};  // more words, see Problem
};

// The sentence for a person, in `language`, naming the field.
std::string message(const GameError& error, Language language);

}  // namespace stratagem::platform
