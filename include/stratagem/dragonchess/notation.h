#pragma once
// Text of pieces, squares and moves, as the CLI contract defines them:
// square `3g1` (board digit 1 Sky / 2 Ground / 3 Underworld, file a-l, rank 1-8);
// move `W2e2-2e3`, `U2b1x2c3`, `R1g8*2g7` (capture from afar), `W2e7-2e8=H`.

#include <optional>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/types.h"
#include "stratagem/error.h"

namespace stratagem::dragonchess {

// Upper-case letter of a piece type: K M P C R G O H T E B U D S W.
char piece_letter(PieceType t);
// Letter as in position text: upper case Gold, lower case Scarlet.
char piece_char(Piece p);
// The piece type of an upper-case letter, if it names one.
std::optional<PieceType> piece_type_from_letter(char letter);

std::string square_text(Square s);
tl::expected<Square, Error> parse_square(std::string_view text);

// Canonical text of a legal (or at least pseudo-legal) move in `pos`.
std::string move_text(const Position& pos, Move m);

// Parses move text in any accepted form and finds the legal move of `pos` it names.
// Rejects malformed text (ErrorKind::Unreadable) and moves that are not legal
// (ErrorKind::Illegal), saying why.
tl::expected<Move, Error> parse_move(const Position& pos, std::string_view text);

}  // namespace stratagem::dragonchess
