#pragma once
// Why a pure library refused something: a kind, for the program that decides what to do
// about it, and a sentence for the person (English, naming what was wrong and where), as
// DuckDB's ErrorData holds a type beside its message. At the edge the kind and sentence
// become the edge's own form: a GameError in the platform (platform/error.h), exit status 2
// in the CLI, ValueError in the Python module. Failures are passed on with STRATAGEM_TRY
// (stratagem/forward_error.h).

#include <string>
#include <utility>

namespace stratagem {

enum class ErrorKind : unsigned char {
  Unreadable,    // the text does not have the form asked for: "2e9", "W2e2-", a position without its fifth field
  Unknown,       // well formed, but names nothing there is: a rule switch, a strength level, a setup
  Illegal,       // read, but the rules forbid it: a move the side to move cannot make
  Inconsistent,  // a state that breaks the game's own invariants: a position whose sets disagree, a
                 // two-player game past the coin toss without its winner
};

struct Error {
  ErrorKind kind = ErrorKind::Unreadable;
  std::string message{};

  friend bool operator==(const Error&, const Error&) = default;
};

// The sentence alone, for a layer whose own failures are still sentences:
// `STRATAGEM_TRY(seats_at(game, phase).map_error(message_of));`
inline std::string message_of(Error error) { return std::move(error.message); }

}  // namespace stratagem
