#pragma once
// Small value types of the Dragonchess engine: colours, boards, pieces, squares, moves.
//
// Squares are indices: square = board * 96 + rank * 12 + file, with board 0 = Sky,
// 1 = Ground, 2 = Underworld (the text's board digits 1, 2, 3), rank 0..7 (text 1..8) and
// file 0..11 (text a..l). The "local" index rank * 12 + file is the same on every board, so
// "the square directly above/below" keeps its local index and changes only the board.

#include <cstdint>

namespace stratagem::dragonchess {

enum class Color : std::uint8_t { Gold, Scarlet };
enum class Board : std::uint8_t { Sky, Ground, Underworld };

enum class PieceType : std::uint8_t {
  None,
  Sylph,
  Griffin,
  Dragon,
  Oliphant,
  Unicorn,
  Hero,
  Thief,
  Cleric,
  Mage,
  King,
  Paladin,
  Warrior,
  Basilisk,
  Elemental,
  Dwarf,
};

// A piece is colour * 16 + type, so both fit a lookup-friendly byte; Piece::None is 0.
enum class Piece : std::uint8_t { None = 0 };

enum class Square : std::uint16_t {};

constexpr int kColorCount = 2;
constexpr int kBoardCount = 3;
constexpr int kPieceTypeCount = 16;  // including None
constexpr int kPieceCount = 32;      // colour * 16 + type
constexpr int kFiles = 12;
constexpr int kRanks = 8;
constexpr int kBoardSquares = kFiles * kRanks;  // 96
constexpr int kSquareCount = kBoardCount * kBoardSquares;  // 288
// Pieces a side starts with; there are no drops and a promotion replaces its Warrior, so no
// game has more, and position text with more is rejected (it also bounds move lists).
constexpr int kMaxPiecesPerSide = 42;

constexpr int index(Color c) { return static_cast<int>(c); }
constexpr int index(Board b) { return static_cast<int>(b); }
constexpr int index(PieceType t) { return static_cast<int>(t); }
constexpr int index(Piece p) { return static_cast<int>(p); }
constexpr int index(Square s) { return static_cast<int>(s); }

constexpr Color operator~(Color c) { return static_cast<Color>(index(c) ^ 1); }
constexpr Board board_at(int i) { return static_cast<Board>(i); }
constexpr PieceType piece_type_at(int i) { return static_cast<PieceType>(i); }

constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(index(c) * 16 + index(t));
}
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(index(p) & 15); }
constexpr Color color_of(Piece p) { return static_cast<Color>(index(p) >> 4); }

// Local index (rank * 12 + file) of a square on its board.
using Local = int;

constexpr Square make_square(Board b, Local local) {
  return static_cast<Square>(index(b) * kBoardSquares + local);
}
constexpr Square make_square(Board b, int file, int rank) {
  return make_square(b, rank * kFiles + file);
}
constexpr Square square_at(int i) { return static_cast<Square>(i); }
constexpr Board board_of(Square s) { return static_cast<Board>(index(s) / kBoardSquares); }
constexpr Local local_of(Square s) { return index(s) % kBoardSquares; }
constexpr int file_of(Local l) { return l % kFiles; }
constexpr int rank_of(Local l) { return l / kFiles; }
constexpr int file_of(Square s) { return file_of(local_of(s)); }
constexpr int rank_of(Square s) { return rank_of(local_of(s)); }

// Rank direction of "forward" for a colour and its last rank.
constexpr int forward_of(Color c) { return c == Color::Gold ? 1 : -1; }
constexpr int last_rank(Color c) { return c == Color::Gold ? kRanks - 1 : 0; }

// How a move changes the board. The Dragon's capture from afar removes the piece on the
// target square and leaves the Dragon where it is.
enum class MoveKind : std::uint8_t { Normal, Promotion, Breath };

// A move packed in 32 bits:
//   bits  0..8   from square (0..287)
//   bits  9..17  to square (0..287)
//   bits 18..19  MoveKind
// Whether a move captures is read from the position (the piece on `to`), as in chess
// engines: it keeps the move small and a move stays valid text-independent.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal)
      : bits_(static_cast<std::uint32_t>(index(from)) |
              static_cast<std::uint32_t>(index(to)) << 9 |
              static_cast<std::uint32_t>(kind) << 18) {}

  constexpr Square from() const { return square_at(static_cast<int>(bits_ & 0x1FF)); }
  constexpr Square to() const { return square_at(static_cast<int>((bits_ >> 9) & 0x1FF)); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>((bits_ >> 18) & 3); }
  constexpr std::uint32_t raw() const { return bits_; }
  // The null move (all bits zero) is never legal: from == to.
  constexpr bool is_null() const { return bits_ == 0; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint32_t bits_ = 0;
};

}  // namespace stratagem::dragonchess
