// Piece, square and move text.
#include "stratagem/dragonchess/notation.h"

#include <fmt/format.h>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/forward_error.h"

namespace stratagem::dragonchess {
namespace {

// Indexed by PieceType; '?' for None.
constexpr std::string_view kLetters = "?SGROUHTCMKPWBED";

struct MoveSyntax {
  std::optional<PieceType> piece;
  Square from{}, to{};
  std::optional<char> separator;  // '-', 'x' or '*'
  bool promotion = false;
};

tl::expected<MoveSyntax, Error> parse_move_syntax(std::string_view text) {
  auto fail = [&](std::size_t at, const std::string& why) {
    return tl::unexpected(Error{ErrorKind::Unreadable, fmt::format("move '{}', character {}: {}", text, at + 1, why)});
  };
  MoveSyntax syntax;
  std::size_t i = 0;
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') {
    syntax.piece = piece_type_from_letter(text[0]);
    if (!syntax.piece) return fail(0, fmt::format("'{}' is not a piece letter", text[0]));
    i = 1;
  }
  auto square_at_text = [&](std::size_t at) -> tl::expected<Square, Error> {
    if (at + 3 > text.size()) return fail(at, "expected a square such as 2e4 (board 1-3, file a-l, rank 1-8)");
    auto square = parse_square(text.substr(at, 3));
    if (!square) return fail(at, square.error().message);
    return *square;
  };
  STRATAGEM_TRY_ASSIGN(auto from, square_at_text(i));
  syntax.from = from;
  i += 3;
  if (i < text.size() && (text[i] == '-' || text[i] == 'x' || text[i] == '*')) syntax.separator = text[i++];
  STRATAGEM_TRY_ASSIGN(auto to, square_at_text(i));
  syntax.to = to;
  i += 3;
  if (i < text.size()) {
    if (text.substr(i) == "=H") {
      syntax.promotion = true;
    } else if (text[i] == '=') {
      return fail(i, "a Warrior promotes only to a Hero ('=H')");
    } else {
      return fail(i, "unexpected text after the target square");
    }
  }
  return syntax;
}

}  // namespace

char piece_letter(PieceType t) { return kLetters[static_cast<std::size_t>(index(t))]; }

char piece_char(Piece p) {
  char letter = piece_letter(type_of(p));
  return color_of(p) == Color::Scarlet ? static_cast<char>(letter - 'A' + 'a') : letter;
}

std::optional<PieceType> piece_type_from_letter(char letter) {
  auto at = kLetters.find(letter);
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  return piece_type_at(static_cast<int>(at));
}

std::string square_text(Square s) {
  return fmt::format("{}{}{}", index(board_of(s)) + 1, static_cast<char>('a' + file_of(s)), rank_of(s) + 1);
}

tl::expected<Square, Error> parse_square(std::string_view text) {
  auto fail = [](std::string why) { return tl::unexpected(Error{ErrorKind::Unreadable, std::move(why)}); };
  if (text.size() != 3) return fail(fmt::format("square '{}' is not board digit, file, rank (e.g. 3g1)", text));
  if (text[0] < '1' || text[0] > '3')
    return fail(fmt::format("square '{}': board '{}' is not 1 (Sky), 2 (Ground) or 3 (Underworld)", text, text[0]));
  if (text[1] < 'a' || text[1] > 'l') return fail(fmt::format("square '{}': file '{}' is not a-l", text, text[1]));
  if (text[2] < '1' || text[2] > '8') return fail(fmt::format("square '{}': rank '{}' is not 1-8", text, text[2]));
  return make_square(board_at(text[0] - '1'), text[1] - 'a', text[2] - '1');
}

std::string move_text(const Position& pos, Move m) {
  const char separator = m.kind() == MoveKind::Breath ? '*' : pos.piece_on(m.to()) != Piece::None ? 'x' : '-';
  return fmt::format("{}{}{}{}{}", piece_letter(type_of(pos.piece_on(m.from()))), square_text(m.from()), separator,
                     square_text(m.to()), m.kind() == MoveKind::Promotion ? "=H" : "");
}

tl::expected<Move, Error> parse_move(const Position& pos, std::string_view text) {
  STRATAGEM_TRY_ASSIGN(auto syntax, parse_move_syntax(text));
  auto illegal = [&](const std::string& why) {
    return tl::unexpected(Error{ErrorKind::Illegal, fmt::format("move '{}' is illegal: {}", text, why)});
  };
  const Piece mover = pos.piece_on(syntax.from);
  if (mover == Piece::None) return illegal(fmt::format("no piece on {}", square_text(syntax.from)));
  if (color_of(mover) != pos.side_to_move())
    return illegal(fmt::format("the piece on {} belongs to the side not to move", square_text(syntax.from)));
  if (syntax.piece && *syntax.piece != type_of(mover))
    return illegal(fmt::format("the piece on {} is a {}, not a {}", square_text(syntax.from),
                               piece_letter(type_of(mover)), piece_letter(*syntax.piece)));
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    if (m.from() != syntax.from || m.to() != syntax.to) continue;
    const std::string canonical = move_text(pos, m);
    const char separator = canonical[4];
    if (syntax.separator && *syntax.separator != separator)
      return illegal(fmt::format("written with '{}' but the move is {}", *syntax.separator, canonical));
    if (syntax.promotion && m.kind() != MoveKind::Promotion) return illegal("'=H' on a move that does not promote");
    return m;
  }
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (m.from() == syntax.from && m.to() == syntax.to) return illegal("it would leave the King attacked");
  if (pos.is_frozen(syntax.from)) return illegal(fmt::format("the piece on {} is frozen by a Basilisk", square_text(syntax.from)));
  return illegal(fmt::format("the {} on {} cannot reach {}", piece_letter(type_of(mover)), square_text(syntax.from),
                             square_text(syntax.to)));
}

}  // namespace stratagem::dragonchess
