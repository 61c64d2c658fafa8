// Position: board bookkeeping, make/unmake, check detection, hashing, consistency check.
#include "stratagem/dragonchess/position.h"

#include <string>
#include <utility>

#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/zobrist.h"

namespace stratagem::dragonchess {

Position::Position(Position&& other) noexcept { *this = std::move(other); }

Position& Position::operator=(Position&& other) noexcept {
  if (this == &other) return *this;
  board_ = other.board_;
  by_type_ = other.by_type_;
  by_color_ = other.by_color_;
  turned_ = other.turned_;
  hero_return_ = other.hero_return_;
  king_ = other.king_;
  side_ = other.side_;
  game_ply_ = other.game_ply_;
  rules_ = other.rules_;
  root_ = other.root_;
  // The records of moves made stay where their owner keeps them; only the first of them
  // pointed at the other's root record.
  if (other.st_ == &other.root_) {
    st_ = &root_;
  } else {
    st_ = other.st_;
    StateInfo* first = st_;
    while (first->previous != &other.root_) first = first->previous;
    first->previous = &root_;
  }
  other.st_ = &other.root_;
  return *this;
}

Position Position::start(const Rules& rules) { return *from_text(kStartPositionText, rules); }

bool Position::is_frozen(Square s) const {
  Piece p = piece_on(s);
  return p != Piece::None && board_of(s) == Board::Ground && (frozen(color_of(p)) & bit(local_of(s)));
}

void Position::put_piece(Piece p, Square s) {
  Board b = board_of(s);
  Bitboard mask = bit(local_of(s));
  board_[index(s)] = p;
  by_type_[index(b)][index(type_of(p))] |= mask;
  by_color_[index(b)][index(color_of(p))] |= mask;
  if (type_of(p) == PieceType::King) king_[index(color_of(p))] = s;
}

void Position::remove_piece(Square s) {
  Board b = board_of(s);
  Bitboard mask = ~bit(local_of(s));
  Piece p = board_[index(s)];
  board_[index(s)] = Piece::None;
  by_type_[index(b)][index(type_of(p))] &= mask;
  by_color_[index(b)][index(color_of(p))] &= mask;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[index(from)];
  remove_piece(from);
  put_piece(p, to);
}

void Position::set_turned(Square s, bool turned) {
  Bitboard& set = turned_[index(board_of(s))];
  set = turned ? set | bit(local_of(s)) : set & ~bit(local_of(s));
}

void Position::do_move(Move m, StateInfo& ns) {
  const Square from = m.from(), to = m.to();
  const Piece moving = piece_on(from);
  const Color us = side_;
  std::uint64_t key = st_->key ^ kZobrist.scarlet_to_move;

  ns.halfmove_clock = st_->halfmove_clock + 1;
  ns.plies_from_start = st_->plies_from_start + 1;
  ns.previous = st_;
  ns.captured = piece_on(to);
  ns.captured_was_turned = (turned_[index(board_of(to))] & bit(local_of(to))) != 0;
  ns.hero_return_from = hero_return_[index(from)];
  ns.hero_return_to = hero_return_[index(to)];
  const bool moving_was_turned = (turned_[index(board_of(from))] & bit(local_of(from))) != 0;
  ns.mover_was_turned = moving_was_turned;

  if (ns.captured != Piece::None) {
    key ^= kZobrist.piece_square[index(ns.captured)][index(to)];
    if (ns.captured_was_turned) key ^= kZobrist.turned_dwarf[index(to)];
    remove_piece(to);
    set_turned(to, false);
    ns.halfmove_clock = 0;
  }
  if (m.kind() != MoveKind::Breath) {
    key ^= kZobrist.piece_square[index(moving)][index(from)] ^ kZobrist.piece_square[index(moving)][index(to)];
    move_piece(from, to);
    if (type_of(moving) == PieceType::Warrior) ns.halfmove_clock = 0;
    if (m.kind() == MoveKind::Promotion) {
      const Piece hero = make_piece(us, PieceType::Hero);
      key ^= kZobrist.piece_square[index(moving)][index(to)] ^ kZobrist.piece_square[index(hero)][index(to)];
      remove_piece(to);
      put_piece(hero, to);
    }
    if (moving_was_turned) {
      key ^= kZobrist.turned_dwarf[index(from)];
      set_turned(from, false);
    }
    if (type_of(moving) == PieceType::Dwarf && rules_.dwarf_turn) {
      // A Dwarf turns round on the last rank of the direction it is heading in.
      const Color heading = moving_was_turned ? ~us : us;
      const bool turned = moving_was_turned != (rank_of(to) == last_rank(heading));
      if (turned) {
        key ^= kZobrist.turned_dwarf[index(to)];
        set_turned(to, true);
      }
    }
    if (rules_.hero_return == HeroReturn::Origin) {
      auto set_return = [&](Square s, std::uint8_t value) {
        std::uint8_t& slot = hero_return_[index(s)];
        if (slot != kAnyReturn) key ^= kZobrist.hero_return[index(s)][slot];
        slot = value;
        if (slot != kAnyReturn) key ^= kZobrist.hero_return[index(s)][slot];
      };
      set_return(from, kAnyReturn);
      const bool hero_leaves_ground = type_of(moving) == PieceType::Hero && board_of(from) == Board::Ground &&
                                      board_of(to) != Board::Ground;
      set_return(to, hero_leaves_ground ? diagonal_direction(local_of(to), local_of(from)) : kAnyReturn);
    }
  }
  ns.key = key;
  side_ = ~side_;
  ++game_ply_;
  st_ = &ns;
}

void Position::undo_move(Move m) {
  const Square from = m.from(), to = m.to();
  side_ = ~side_;
  --game_ply_;
  if (m.kind() != MoveKind::Breath) {
    if (m.kind() == MoveKind::Promotion) {
      remove_piece(to);
      put_piece(make_piece(side_, PieceType::Warrior), to);
    }
    move_piece(to, from);
    set_turned(from, st_->mover_was_turned);
  }
  set_turned(to, st_->captured_was_turned);
  if (st_->captured != Piece::None) put_piece(st_->captured, to);
  hero_return_[index(from)] = st_->hero_return_from;
  hero_return_[index(to)] = st_->hero_return_to;
  st_ = st_->previous;
}

void Position::do_null_move(StateInfo& ns) {
  ns = StateInfo{};
  ns.key = st_->key ^ kZobrist.scarlet_to_move;
  ns.halfmove_clock = st_->halfmove_clock + 1;
  ns.previous = st_;
  side_ = ~side_;
  ++game_ply_;
  st_ = &ns;
}

void Position::undo_null_move() {
  side_ = ~side_;
  --game_ply_;
  st_ = st_->previous;
}

}  // namespace stratagem::dragonchess

namespace stratagem::dragonchess {

bool Position::attacked_by(Square s, Color by) const {
  AttackBoards boards{};
  for (int b = 0; b < kBoardCount; ++b) boards.occupied[static_cast<std::size_t>(b)] = occupied(board_at(b));
  boards.frozen = frozen(by);
  return attacked_by(s, by, boards);
}

bool Position::king_attacked_after(Move m) const {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const auto to_board = static_cast<std::size_t>(index(board_of(to)));
  AttackBoards boards{};
  for (int b = 0; b < kBoardCount; ++b) boards.occupied[static_cast<std::size_t>(b)] = occupied(board_at(b));
  boards.removed[to_board] = bit(local_of(to));
  Bitboard basilisks = pieces(Board::Underworld, us, PieceType::Basilisk);
  Square king = king_square(us);
  if (m.kind() == MoveKind::Breath) {
    boards.occupied[to_board] &= ~bit(local_of(to));
  } else {
    boards.occupied[static_cast<std::size_t>(index(board_of(from)))] &= ~bit(local_of(from));
    boards.occupied[to_board] |= bit(local_of(to));
    const PieceType type = type_of(piece_on(from));
    if (type == PieceType::King) king = to;
    if (type == PieceType::Basilisk) basilisks = (basilisks & ~bit(local_of(from))) | bit(local_of(to));
  }
  boards.frozen = pieces(Board::Ground, them) & basilisks;
  return attacked_by(king, them, boards);
}

bool Position::attacked_by(Square s, Color by, const AttackBoards& boards) const {
  using enum PieceType;
  const Local l = local_of(s);
  const Color other = ~by;
  const Bitboard here = bit(l);
  const auto& A = kAttacks;
  // Ground pieces standing over an enemy Basilisk are frozen and attack nothing.
  const Bitboard ground = pieces(Board::Ground, by) & ~boards.frozen & ~boards.removed[1];
  auto occupancy = [&](Board b) { return boards.occupied[static_cast<std::size_t>(index(b))]; };
  auto sky = [&](PieceType t) { return pieces(Board::Sky, by, t) & ~boards.removed[0]; };
  auto under = [&](PieceType t) { return pieces(Board::Underworld, by, t) & ~boards.removed[2]; };
  auto gnd = [&](PieceType t) { return pieces(Board::Ground, t) & ground; };
  // Heroes off the Ground return diagonally; under hero-return=origin only one way.
  auto hero_returns_to = [&](Board b) {
    Bitboard heroes = A.diagonal[l] & pieces(b, by, Hero) & ~boards.removed[static_cast<std::size_t>(index(b))];
    if (rules_.hero_return == HeroReturn::Any) return heroes != 0;
    while (heroes) {
      Local h = pop_lsb(heroes);
      std::uint8_t dir = hero_return_[index(make_square(b, h))];
      if (dir == kAnyReturn || dir == diagonal_direction(h, l)) return true;
    }
    return false;
  };
  // Normal Dwarves capture diagonally forward, turned ones diagonally backward.
  auto dwarves_capturing = [&](Board b, Bitboard dwarves) {
    Bitboard turned = dwarves & turned_[index(b)];
    return (A.forward_diagonal[index(other)][l] & (dwarves & ~turned)) |
           (A.forward_diagonal[index(by)][l] & turned);
  };

  switch (board_of(s)) {
    case Board::Sky: {
      const Bitboard occ = occupancy(Board::Sky);
      if (A.forward[index(other)][l] & sky(Sylph)) return true;
      if (A.griffin[l] & sky(Griffin)) return true;
      if (A.king[l] & (sky(Cleric) | sky(Paladin) | sky(Dragon))) return true;
      if (A.orthogonal[l] & sky(Mage)) return true;
      if (sky(Dragon) && (bishop_attacks(l, occ) & sky(Dragon))) return true;
      if (here & (gnd(Cleric) | gnd(Mage) | gnd(King))) return true;
      if (A.diagonal[l] & (gnd(Griffin) | gnd(Hero))) return true;
      if (A.orthogonal2[l] & gnd(Paladin)) return true;
      if (here & under(Mage) & ~occupancy(Board::Ground)) return true;
      if (A.orthogonal[l] & under(Paladin)) return true;
      return false;
    }
    case Board::Ground: {
      const Bitboard occ = occupancy(Board::Ground);
      if (A.king[l] & (gnd(Cleric) | gnd(King) | gnd(Paladin))) return true;
      if (A.knight[l] & (gnd(Unicorn) | gnd(Paladin))) return true;
      if (A.hero[l] & gnd(Hero)) return true;
      if (A.diagonal[l] & gnd(Griffin)) return true;
      if (A.forward_diagonal[index(other)][l] & gnd(Warrior)) return true;
      if (dwarves_capturing(Board::Ground, gnd(Dwarf))) return true;
      if (Bitboard rooks = gnd(Oliphant) | gnd(Mage); rooks && (rook_attacks(l, occ) & rooks)) return true;
      if (Bitboard bishops = gnd(Thief) | gnd(Mage); bishops && (bishop_attacks(l, occ) & bishops)) return true;
      if (here & (sky(Sylph) | sky(Cleric) | sky(Mage) | sky(King))) return true;
      if (A.diagonal[l] & sky(Griffin)) return true;
      if (hero_returns_to(Board::Sky)) return true;
      const Bitboard breath = rules_.dragon_breath == DragonBreath::Cross ? here | A.orthogonal[l] : here;
      if (breath & sky(Dragon)) return true;
      if (A.orthogonal2[l] & sky(Paladin)) return true;
      if (here & (under(Cleric) | under(Mage) | under(King) | under(Dwarf))) return true;
      if (hero_returns_to(Board::Underworld)) return true;
      if (A.orthogonal2[l] & under(Paladin)) return true;
      // The Elemental climbs: one step on the Underworld, to the empty square below s.
      if ((A.orthogonal[l] & under(Elemental)) && !(here & occupancy(Board::Underworld))) return true;
      return false;
    }
    case Board::Underworld: {
      const Bitboard occ = occupancy(Board::Underworld);
      if ((A.forward[index(other)][l] | A.forward_diagonal[index(other)][l]) & under(Basilisk)) return true;
      if (Bitboard elementals = under(Elemental)) {
        const Bitboard two_steps =
            rules_.elemental_leap ? A.orthogonal2[l] : rook_attacks(l, occ) & A.orthogonal2[l];
        if ((A.orthogonal[l] | two_steps) & elementals) return true;
      }
      if (A.king[l] & (under(Cleric) | under(Paladin))) return true;
      if (A.orthogonal[l] & under(Mage)) return true;
      if (dwarves_capturing(Board::Underworld, under(Dwarf))) return true;
      if (here & (gnd(Cleric) | gnd(Mage) | gnd(King))) return true;
      if (A.diagonal[l] & gnd(Hero)) return true;
      if (A.orthogonal2[l] & gnd(Paladin)) return true;
      // The Elemental descends: down to the empty square below it, then one step.
      if (A.orthogonal[l] & gnd(Elemental) & ~occ) return true;
      if (here & sky(Mage) & ~occupancy(Board::Ground)) return true;
      if (A.orthogonal[l] & sky(Paladin)) return true;
      return false;
    }
  }
  return false;
}

int Position::repetition_count() const {
  int count = 1;
  const StateInfo* st = st_;
  for (int back = 2; back <= st_->halfmove_clock && back <= st_->plies_from_start; back += 2) {
    st = st->previous->previous;
    if (st->key == st_->key) ++count;
  }
  return count;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = side_ == Color::Scarlet ? kZobrist.scarlet_to_move : 0;
  for (int s = 0; s < kSquareCount; ++s) {
    if (board_[s] != Piece::None) key ^= kZobrist.piece_square[index(board_[s])][s];
    if (turned_[s / kBoardSquares] & bit(s % kBoardSquares)) key ^= kZobrist.turned_dwarf[s];
    if (hero_return_[s] != kAnyReturn) key ^= kZobrist.hero_return[s][hero_return_[s]];
  }
  return key;
}

tl::expected<void, Error> Position::pos_is_ok() const {
  auto fail = [](std::string why) { return tl::unexpected(Error{ErrorKind::Inconsistent, std::move(why)}); };
  for (int b = 0; b < kBoardCount; ++b) {
    if (by_color_[b][0] & by_color_[b][1]) return fail("a square holds pieces of both colours");
    Bitboard all_types = 0;
    for (int t = 1; t < kPieceTypeCount; ++t) {
      if (all_types & by_type_[b][t]) return fail("a square holds two piece types");
      all_types |= by_type_[b][t];
    }
    if (by_type_[b][0]) return fail("the empty piece type has squares");
    if (all_types != (by_color_[b][0] | by_color_[b][1])) return fail("type and colour sets disagree");
    if ((all_types | turned_[b]) & ~kBoardMask) return fail("bits beyond the board are set");
    if (turned_[b] & ~by_type_[b][index(PieceType::Dwarf)]) return fail("a turned mark without a Dwarf");
    for (Local l = 0; l < kBoardSquares; ++l) {
      Piece p = board_[b * kBoardSquares + l];
      bool in_sets = p != Piece::None && (by_type_[b][index(type_of(p))] & by_color_[b][index(color_of(p))] & bit(l));
      if ((p != Piece::None) != in_sets) return fail("board array and sets disagree at " + square_text(make_square(board_at(b), l)));
    }
  }
  for (Color c : {Color::Gold, Color::Scarlet})
    if (piece_on(king_[index(c)]) != make_piece(c, PieceType::King)) return fail("king square is stale");
  for (int s = 0; s < kSquareCount; ++s)
    if (hero_return_[s] != kAnyReturn && type_of(board_[s]) != PieceType::Hero)
      return fail("a Hero return mark without a Hero at " + square_text(square_at(s)));
  if (compute_key() != st_->key) return fail("the incremental key differs from the recomputed one");
  if (attacked_by(king_square(~side_), side_)) return fail("the side not to move is in check");
  return {};
}

}  // namespace stratagem::dragonchess
