#pragma once
// A second, deliberately naive implementation of the movement rules for tests: a plain
// array of squares, coordinates, and one loop per rule sentence of seed 004, no bitboards,
// no tables, no pins. Check means "the opponent, if it were to move, has a capture onto the
// King", and a move is legal when, played on a copy, it leaves no such capture.
// It shares nothing with the engine except the piece and square types, so agreement
// between the two defends the engine's move sets and perft counts.

#include <array>
#include <set>
#include <tuple>

#include "stratagem/dragonchess/position.h"

namespace stratagem::dragonchess::testing {

struct RefMove {
  int from, to;
  MoveKind kind;
  friend auto operator<=>(const RefMove&, const RefMove&) = default;
};

class ReferenceBoard {
 public:
  explicit ReferenceBoard(const Position& pos) : rules_(pos.rules()), side_(pos.side_to_move()) {
    for (int s = 0; s < kSquareCount; ++s) {
      cell_[static_cast<std::size_t>(s)] = pos.piece_on(square_at(s));
      turned_[static_cast<std::size_t>(s)] =
          (pos.turned_dwarves(board_of(square_at(s))) & bit(local_of(square_at(s)))) != 0;
      hero_dir_[static_cast<std::size_t>(s)] = pos.hero_return(square_at(s));
    }
  }

  std::set<RefMove> legal_moves() const {
    std::set<RefMove> legal;
    for (const RefMove& m : pseudo_moves(side_)) {
      ReferenceBoard after = *this;
      after.play(m);
      if (!after.king_capturable(side_)) legal.insert(m);
    }
    return legal;
  }

  // Enough for check tests and default-rule perft: it does not turn Dwarves round or record
  // where a Hero came from (playout comparisons rebuild the board from the engine instead).
  void play(const RefMove& m) {
    Piece& target = at(m.to);
    if (m.kind == MoveKind::Breath) {
      target = Piece::None;
    } else {
      target = m.kind == MoveKind::Promotion ? make_piece(side_, PieceType::Hero) : at(m.from);
      at(m.from) = Piece::None;
      turned_[static_cast<std::size_t>(m.to)] = turned_[static_cast<std::size_t>(m.from)];
      hero_dir_[static_cast<std::size_t>(m.to)] = kAnyReturn;
    }
    side_ = ~side_;
  }

  std::uint64_t perft(int depth) const {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const RefMove& m : legal_moves()) {
      ReferenceBoard child = *this;
      child.play(m);
      nodes += child.perft(depth - 1);
    }
    return nodes;
  }

 private:
  enum class Reach { MoveOrCapture, MoveOnly, CaptureOnly };
  static constexpr int kSky = 0, kGround = 1, kUnder = 2;

  static bool on_board(int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; }
  static int square(int b, int f, int r) { return b * kBoardSquares + r * kFiles + f; }
  Piece& at(int s) { return cell_[static_cast<std::size_t>(s)]; }
  Piece at(int s) const { return cell_[static_cast<std::size_t>(s)]; }
  Piece at(int b, int f, int r) const { return at(square(b, f, r)); }
  bool empty(int b, int f, int r) const { return at(b, f, r) == Piece::None; }

  bool frozen(int s) const {
    const int b = s / kBoardSquares, l = s % kBoardSquares;
    const Piece below = b == kGround ? at(kUnder * kBoardSquares + l) : Piece::None;
    return below != Piece::None && type_of(below) == PieceType::Basilisk && color_of(below) != color_of(at(s));
  }

  bool king_capturable(Color owner) const {
    for (const RefMove& m : pseudo_moves(~owner))
      if (at(m.to) == make_piece(owner, PieceType::King)) return true;
    return false;
  }

  std::set<RefMove> pseudo_moves(Color us) const {
    std::set<RefMove> moves;
    for (int s = 0; s < kSquareCount; ++s) {
      if (at(s) == Piece::None || color_of(at(s)) != us || frozen(s)) continue;
      add_piece_moves(moves, us, s);
    }
    return moves;
  }

  void add_piece_moves(std::set<RefMove>& moves, Color us, int s) const {
    using enum PieceType;
    const int b = s / kBoardSquares, f = s % kFiles, r = (s % kBoardSquares) / kFiles;
    const int fwd = us == Color::Gold ? 1 : -1;
    const int far = us == Color::Gold ? kRanks - 1 : 0;
    auto add = [&](int tb, int tf, int tr, Reach reach, MoveKind kind = MoveKind::Normal) {
      if (tb < 0 || tb > 2 || !on_board(tf, tr)) return;
      const Piece target = at(tb, tf, tr);
      if (target == Piece::None ? reach == Reach::CaptureOnly : (color_of(target) == us || reach == Reach::MoveOnly))
        return;
      moves.insert({s, square(tb, tf, tr), kind});
    };
    auto slide = [&](int df, int dr) {
      for (int tf = f + df, tr = r + dr; on_board(tf, tr); tf += df, tr += dr) {
        add(b, tf, tr, Reach::MoveOrCapture);
        if (!empty(b, tf, tr)) break;
      }
    };
    const int kings[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const int knights[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    auto orthogonal = [&](int i) { return kings[i]; };     // i in 0..3
    auto diagonal = [&](int i) { return kings[4 + i]; };   // i in 0..3
    const Reach mc = Reach::MoveOrCapture;

    switch (type_of(at(s))) {
      case Sylph:
        if (b == kSky) {
          add(kSky, f - 1, r + fwd, Reach::MoveOnly);
          add(kSky, f + 1, r + fwd, Reach::MoveOnly);
          add(kSky, f, r + fwd, Reach::CaptureOnly);
          add(kGround, f, r, Reach::CaptureOnly);
        } else {
          add(kSky, f, r, Reach::MoveOnly);
          for (int file = 0; file < kFiles; file += 2) add(kSky, file, us == Color::Gold ? 1 : 6, Reach::MoveOnly);
        }
        break;
      case Griffin:
        if (b == kSky)
          for (auto [df, dr] : {std::pair{2, 3}, {3, 2}, {3, -2}, {2, -3}, {-2, -3}, {-3, -2}, {-3, 2}, {-2, 3}})
            add(kSky, f + df, r + dr, mc);
        for (int i = 0; i < 4; ++i) {
          if (b == kGround) add(kGround, f + diagonal(i)[0], r + diagonal(i)[1], mc);
          add(b == kSky ? kGround : kSky, f + diagonal(i)[0], r + diagonal(i)[1], mc);
        }
        break;
      case Dragon:
        for (int i = 0; i < 4; ++i) {
          slide(diagonal(i)[0], diagonal(i)[1]);
          add(kSky, f + orthogonal(i)[0], r + orthogonal(i)[1], mc);
          if (rules_.dragon_breath == DragonBreath::Cross)
            add(kGround, f + orthogonal(i)[0], r + orthogonal(i)[1], Reach::CaptureOnly, MoveKind::Breath);
        }
        add(kGround, f, r, Reach::CaptureOnly, MoveKind::Breath);
        break;
      case Oliphant:
        for (int i = 0; i < 4; ++i) slide(orthogonal(i)[0], orthogonal(i)[1]);
        break;
      case Thief:
        for (int i = 0; i < 4; ++i) slide(diagonal(i)[0], diagonal(i)[1]);
        break;
      case Unicorn:
        for (auto [df, dr] : knights) add(kGround, f + df, r + dr, mc);
        break;
      case Hero:
        for (int i = 0; i < 4; ++i) {
          const int df = diagonal(i)[0], dr = diagonal(i)[1];
          if (b == kGround) {
            add(kGround, f + df, r + dr, mc);
            add(kGround, f + 2 * df, r + 2 * dr, mc);
            add(kSky, f + df, r + dr, mc);
            add(kUnder, f + df, r + dr, mc);
          } else {
            const std::uint8_t dir = hero_dir_[static_cast<std::size_t>(s)];
            const std::uint8_t this_dir = static_cast<std::uint8_t>((df < 0) * 2 + (dr < 0));
            if (dir == kAnyReturn || dir == this_dir) add(kGround, f + df, r + dr, mc);
          }
        }
        break;
      case Cleric:
        for (auto [df, dr] : kings) add(b, f + df, r + dr, mc);
        add(b - 1, f, r, mc);
        add(b + 1, f, r, mc);
        break;
      case Mage:
        if (b == kGround) {
          for (auto [df, dr] : kings) slide(df, dr);
          add(kSky, f, r, mc);
          add(kUnder, f, r, mc);
        } else {
          for (int i = 0; i < 4; ++i) add(b, f + orthogonal(i)[0], r + orthogonal(i)[1], mc);
          add(kGround, f, r, mc);
          if (empty(kGround, f, r)) add(kSky + kUnder - b, f, r, mc);
        }
        break;
      case King:
        if (b == kGround) {
          for (auto [df, dr] : kings) add(kGround, f + df, r + dr, mc);
          add(kSky, f, r, mc);
          add(kUnder, f, r, mc);
        } else {
          add(kGround, f, r, mc);
        }
        break;
      case Paladin:
        if (b == kGround) {
          for (auto [df, dr] : kings) add(kGround, f + df, r + dr, mc);
          for (auto [df, dr] : knights) add(kGround, f + df, r + dr, mc);
        } else {
          for (auto [df, dr] : kings) add(b, f + df, r + dr, mc);
        }
        // Three-dimensional knight: 2 squares and 1 board, or 1 square and 2 boards.
        for (int i = 0; i < 4; ++i) {
          const int df = orthogonal(i)[0], dr = orthogonal(i)[1];
          for (int db : {-1, 1}) add(b + db, f + 2 * df, r + 2 * dr, mc);
          for (int db : {-2, 2}) add(b + db, f + df, r + dr, mc);
        }
        break;
      case Warrior: {
        const MoveKind kind = r + fwd == far ? MoveKind::Promotion : MoveKind::Normal;
        add(kGround, f, r + fwd, Reach::MoveOnly, kind);
        add(kGround, f - 1, r + fwd, Reach::CaptureOnly, kind);
        add(kGround, f + 1, r + fwd, Reach::CaptureOnly, kind);
        break;
      }
      case Basilisk:
        for (int df : {-1, 0, 1}) add(kUnder, f + df, r + fwd, mc);
        add(kUnder, f, r - fwd, Reach::MoveOnly);
        break;
      case Elemental:
        for (int i = 0; i < 4; ++i) {
          const int df = orthogonal(i)[0], dr = orthogonal(i)[1];
          if (b == kUnder) {
            add(kUnder, f + df, r + dr, mc);
            if (on_board(f + df, r + dr) && (rules_.elemental_leap || empty(kUnder, f + df, r + dr)))
              add(kUnder, f + 2 * df, r + 2 * dr, mc);
            add(kUnder, f + diagonal(i)[0], r + diagonal(i)[1], Reach::MoveOnly);
            if (on_board(f + df, r + dr) && empty(kUnder, f + df, r + dr))
              add(kGround, f + df, r + dr,
                  rules_.elemental_climb == ElementalClimb::Capture ? Reach::CaptureOnly : mc);
          } else if (empty(kUnder, f, r)) {
            add(kUnder, f + df, r + dr, mc);
          }
        }
        break;
      case Dwarf: {
        const int dir = turned_[static_cast<std::size_t>(s)] ? -fwd : fwd;
        add(b, f, r + dir, Reach::MoveOnly);
        add(b, f - 1, r, Reach::MoveOnly);
        add(b, f + 1, r, Reach::MoveOnly);
        add(b, f - 1, r + dir, Reach::CaptureOnly);
        add(b, f + 1, r + dir, Reach::CaptureOnly);
        if (b == kUnder)
          add(kGround, f, r, Reach::CaptureOnly);
        else
          add(kUnder, f, r, Reach::MoveOnly);
        break;
      }
      case None: break;
    }
  }

  std::array<Piece, kSquareCount> cell_{};
  std::array<bool, kSquareCount> turned_{};
  std::array<std::uint8_t, kSquareCount> hero_dir_{};
  Rules rules_;
  Color side_;
};

}  // namespace stratagem::dragonchess::testing
