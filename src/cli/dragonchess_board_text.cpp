// Board drawing: each square is the piece letter (or '.') and a mark: '*' frozen,
// '+' a square of the last move.
#include "dragonchess_board_text.h"

#include <array>

#include <fmt/format.h>

#include "stratagem/dragonchess/notation.h"

namespace stratagem::cli {

using namespace dragonchess;

namespace {

constexpr std::array<const char*, kBoardCount> kBoardTitles = {"1 Sky", "2 Ground", "3 Underworld"};
constexpr const char* kGap = "   ";
// Rank label (3) plus twelve two-character squares.
constexpr int kBoardWidth = 3 + 2 * kFiles;

std::string square_cell(const Position& pos, Square s, std::optional<Move> last_move) {
  const Piece piece = pos.piece_on(s);
  const char letter = piece == Piece::None ? '.' : piece_char(piece);
  char mark = ' ';
  if (last_move && (last_move->from() == s || last_move->to() == s)) mark = '+';
  if (pos.is_frozen(s)) mark = '*';
  return {letter, mark};
}

}  // namespace

std::string board_text(const Position& pos, std::optional<Move> last_move) {
  std::string text;
  for (int b = 0; b < kBoardCount; ++b)
    text += fmt::format("{:<{}}{}", fmt::format("   {}", kBoardTitles[static_cast<std::size_t>(b)]), kBoardWidth,
                        b + 1 < kBoardCount ? kGap : "\n");
  std::string files = "   ";
  for (int f = 0; f < kFiles; ++f) files += fmt::format("{} ", static_cast<char>('a' + f));
  for (int b = 0; b < kBoardCount; ++b) text += files + (b + 1 < kBoardCount ? kGap : "\n");
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    for (int b = 0; b < kBoardCount; ++b) {
      text += fmt::format("{}  ", rank + 1);
      for (int file = 0; file < kFiles; ++file) text += square_cell(pos, make_square(board_at(b), file, rank), last_move);
      text += b + 1 < kBoardCount ? kGap : "\n";
    }
  }
  return text + "   * frozen   + last move\n";
}

}  // namespace stratagem::cli
