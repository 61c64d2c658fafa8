#pragma once
// A Dragonchess position: the three boards as a square -> piece array plus one 96-bit set
// per board and piece type and per board and colour, the side to move, the clocks, and a
// chain of StateInfo records (one per move made) that undo_move() and the repetition
// rule read. Moves are made and unmade in place, as in Stockfish; the caller owns the
// StateInfo of each move it makes and keeps it alive until that move is undone.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/dragonchess/bitboard.h"
#include "stratagem/dragonchess/rules.h"
#include "stratagem/dragonchess/types.h"
#include "stratagem/error.h"

namespace stratagem::dragonchess {

// The start position of the CLI contract (seed 004's diagram).
inline constexpr std::string_view kStartPositionText =
    "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|"
    "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|"
    "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

// A Hero off the Ground under hero-return=origin remembers the diagonal direction back to
// the Ground square it came from (0..3, see diagonal_direction); kAnyReturn when unknown
// or not restricted.
constexpr std::uint8_t kAnyReturn = 4;

// What do_move() changes beyond the board, saved so that undo_move() can restore it.
struct StateInfo {
  std::uint64_t key = 0;
  int halfmove_clock = 0;  // plies since the last capture or Warrior move
  // Plies since the position was set up or the last null move: how far back repetitions
  // are looked for.
  int plies_from_start = 0;
  Piece captured = Piece::None;
  bool captured_was_turned = false;  // dwarf-turn state of the captured and moving pieces
  bool mover_was_turned = false;
  std::uint8_t hero_return_from = kAnyReturn;  // saved hero_return_ of from and to squares
  std::uint8_t hero_return_to = kAnyReturn;
  StateInfo* previous = nullptr;
};

class Position {
 public:
  // Parses position text (see the CLI contract); the message names the field and place.
  // ErrorKind::Unreadable for text not in the form, ErrorKind::Illegal for a position the
  // rules do not allow (a piece on a board it cannot stand on, two Kings, ...).
  static tl::expected<Position, Error> from_text(std::string_view text, const Rules& rules = {});
  static Position start(const Rules& rules = {});

  // Not copyable: a copy would share the original's chain of StateInfo records, and
  // undoing a move on one would leave the other pointing at records no longer in use.
  // Moving is safe: the chain's first record is re-pointed to the new root record.
  Position(const Position&) = delete;
  Position& operator=(const Position&) = delete;
  Position(Position&& other) noexcept;
  Position& operator=(Position&& other) noexcept;

  std::string text() const;

  // Board contents.
  Piece piece_on(Square s) const { return board_[index(s)]; }
  Bitboard occupied(Board b) const { return by_color_[index(b)][0] | by_color_[index(b)][1]; }
  Bitboard pieces(Board b, Color c) const { return by_color_[index(b)][index(c)]; }
  Bitboard pieces(Board b, PieceType t) const { return by_type_[index(b)][index(t)]; }
  Bitboard pieces(Board b, Color c, PieceType t) const {
    return by_color_[index(b)][index(c)] & by_type_[index(b)][index(t)];
  }
  Square king_square(Color c) const { return king_[index(c)]; }
  // Ground squares holding pieces of colour c that stand over an enemy Basilisk.
  Bitboard frozen(Color c) const {
    return pieces(Board::Ground, c) & pieces(Board::Underworld, ~c, PieceType::Basilisk);
  }
  bool is_frozen(Square s) const;
  // Dwarf-turn rule: Dwarves (of either colour) that are heading back towards their own side.
  Bitboard turned_dwarves(Board b) const { return turned_[index(b)]; }
  std::uint8_t hero_return(Square s) const { return hero_return_[index(s)]; }

  Color side_to_move() const { return side_; }
  int halfmove_clock() const { return st_->halfmove_clock; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == Color::Scarlet)) / 2; }
  std::uint64_t key() const { return st_->key; }
  const Rules& rules() const { return rules_; }
  const StateInfo* state() const { return st_; }

  // Can a piece of colour `by` capture on s (frozen pieces don't)? Used for check.
  bool attacked_by(Square s, Color by) const;
  // Would the mover's King be attacked once pseudo-legal move m is made? Answered on the
  // board as the move would leave it (occupancy, the captured piece gone, Basilisks
  // moved), without making it.
  bool king_attacked_after(Move m) const;
  bool in_check() const { return attacked_by(king_square(side_), ~side_); }
  bool is_capture(Move m) const { return m.kind() == MoveKind::Breath || piece_on(m.to()) != Piece::None; }

  // m must be pseudo-legal in this position.
  void do_move(Move m, StateInfo& new_state);
  void undo_move(Move m);
  // Passes the turn (for a search's null-move pruning); not legal in the game. Must not be
  // used when in check. Repetitions are not looked for across a null move.
  void do_null_move(StateInfo& new_state);
  void undo_null_move();

  // Occurrences of the current position (same key, same side to move) in the game so far,
  // counting the current one.
  int repetition_count() const;

  // Recomputes the hash from scratch; key() must always equal it.
  std::uint64_t compute_key() const;
  // Debug consistency check of all redundant data; returns an explanation when broken
  // (ErrorKind::Inconsistent).
  tl::expected<void, Error> pos_is_ok() const;

 private:
  Position() = default;
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_turned(Square s, bool turned);
  // What attacked_by() reads of the board: the occupancy of each board, the attacker's
  // pieces taken off it (a capture) and its frozen Ground pieces, as they stand or as a
  // move would leave them.
  struct AttackBoards {
    std::array<Bitboard, kBoardCount> occupied;
    std::array<Bitboard, kBoardCount> removed;
    Bitboard frozen;
  };
  bool attacked_by(Square s, Color by, const AttackBoards& boards) const;
  // The fifth field of the position text: turned Dwarves and Heroes' ways back.
  tl::expected<void, Error> read_hidden_state(std::string_view field);
  std::string hidden_state_text() const;

  std::array<Piece, kSquareCount> board_{};
  std::array<std::array<Bitboard, kPieceTypeCount>, kBoardCount> by_type_{};
  std::array<std::array<Bitboard, kColorCount>, kBoardCount> by_color_{};
  std::array<Bitboard, kBoardCount> turned_{};
  std::array<std::uint8_t, kSquareCount> hero_return_{};
  std::array<Square, kColorCount> king_{};
  Color side_ = Color::Gold;
  int game_ply_ = 0;  // (fullmove - 1) * 2 + (side == Scarlet)
  Rules rules_{};
  StateInfo root_{};
  StateInfo* st_ = &root_;
};

// Direction index (0..3) of the diagonal step from `from` to a diagonal neighbour `to`
// (local indices): 0 = +file +rank, 1 = +file -rank, 2 = -file +rank, 3 = -file -rank.
constexpr std::uint8_t diagonal_direction(Local from, Local to) {
  return static_cast<std::uint8_t>((file_of(to) < file_of(from)) * 2 + (rank_of(to) < rank_of(from)));
}

// The diagonal neighbour of `from` in `direction` (the inverse of diagonal_direction); the
// caller knows it is on the board.
constexpr Local diagonal_neighbour(Local from, std::uint8_t direction) {
  return (rank_of(from) + (direction & 1 ? -1 : 1)) * kFiles + file_of(from) + (direction & 2 ? -1 : 1);
}

}  // namespace stratagem::dragonchess
