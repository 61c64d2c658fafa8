// Move generation: per-piece target sets on each board, and the legality filter.
#include "stratagem/dragonchess/movegen.h"

#include <algorithm>
#include <array>
#include <utility>

namespace stratagem::dragonchess {
namespace {

using enum PieceType;
constexpr int kSky = 0, kGround = 1, kUnder = 2;

// Where one piece may go, per target board, already filtered for move-only and
// capture-only squares; `breath` holds the Ground squares the Dragon may capture from afar.
struct Targets {
  std::array<Bitboard, kBoardCount> to{};
  Bitboard breath = 0;
};

// The board sets of one node, seen from the side to move.
class TargetFinder {
 public:
  explicit TargetFinder(const Position& pos) : pos_(pos), us_(pos.side_to_move()) {
    for (int b = 0; b < kBoardCount; ++b) {
      own_[b] = pos.pieces(board_at(b), us_);
      enemy_[b] = pos.pieces(board_at(b), ~us_);
      empty_[b] = ~(own_[b] | enemy_[b]) & kBoardMask;
      target_[b] = ~own_[b] & kBoardMask;
    }
  }

  Targets targets(Square from, PieceType type) const {
    const auto& A = kAttacks;
    const Local l = local_of(from);
    const int b = index(board_of(from));
    const int c = index(us_);
    const Bitboard here = bit(l);
    Targets t;
    switch (type) {
      case Sylph:
        if (b == kSky) {
          t.to[kSky] = (A.forward_diagonal[c][l] & empty_[kSky]) | (A.forward[c][l] & enemy_[kSky]);
          t.to[kGround] = here & enemy_[kGround];
        } else {
          t.to[kSky] = (here | A.sylph_start[c]) & empty_[kSky];
        }
        break;
      case Griffin:
        t.to[b] = (b == kSky ? A.griffin[l] : A.diagonal[l]) & target_[b];
        t.to[b == kSky ? kGround : kSky] = A.diagonal[l] & target_[b == kSky ? kGround : kSky];
        break;
      case Dragon:
        t.to[kSky] = (A.king[l] | bishop_attacks(l, ~empty_[kSky])) & target_[kSky];
        t.breath = (pos_.rules().dragon_breath == DragonBreath::Cross ? here | A.orthogonal[l] : here) & enemy_[kGround];
        break;
      case Oliphant: t.to[kGround] = rook_attacks(l, ~empty_[kGround]) & target_[kGround]; break;
      case Unicorn: t.to[kGround] = A.knight[l] & target_[kGround]; break;
      case Thief: t.to[kGround] = bishop_attacks(l, ~empty_[kGround]) & target_[kGround]; break;
      case Hero:
        if (b == kGround) {
          t.to[kGround] = A.hero[l] & target_[kGround];
          t.to[kSky] = A.diagonal[l] & target_[kSky];
          t.to[kUnder] = A.diagonal[l] & target_[kUnder];
        } else {
          t.to[kGround] = hero_returns(from) & target_[kGround];
        }
        break;
      case Cleric:
        t.to[b] = A.king[l] & target_[b];
        add_vertical_steps(t, b, here);
        break;
      case Mage:
        if (b == kGround) {
          const Bitboard occ = ~empty_[kGround];
          t.to[kGround] = (rook_attacks(l, occ) | bishop_attacks(l, occ)) & target_[kGround];
          add_vertical_steps(t, b, here);
        } else {
          t.to[b] = A.orthogonal[l] & target_[b];
          t.to[kGround] = here & target_[kGround];
          // The two-board jump may not pass an occupied Ground square.
          const int other = kSky + kUnder - b;
          t.to[other] = here & empty_[kGround] & target_[other];
        }
        break;
      case King:
        if (b == kGround) t.to[kGround] = A.king[l] & target_[kGround];
        add_vertical_steps(t, b, here);
        break;
      case Paladin:
        if (b == kGround) {
          t.to[kGround] = (A.king[l] | A.knight[l]) & target_[kGround];
          t.to[kSky] = A.orthogonal2[l] & target_[kSky];
          t.to[kUnder] = A.orthogonal2[l] & target_[kUnder];
        } else {
          const int other = kSky + kUnder - b;
          t.to[b] = A.king[l] & target_[b];
          t.to[kGround] = A.orthogonal2[l] & target_[kGround];
          t.to[other] = A.orthogonal[l] & target_[other];
        }
        break;
      case Warrior:
        t.to[kGround] = (A.forward[c][l] & empty_[kGround]) | (A.forward_diagonal[c][l] & enemy_[kGround]);
        break;
      case Basilisk:
        t.to[kUnder] = ((A.forward[c][l] | A.forward_diagonal[c][l]) & target_[kUnder]) |
                       (A.backward[c][l] & empty_[kUnder]);
        break;
      case Elemental:
        if (b == kUnder) {
          const Bitboard two_steps = pos_.rules().elemental_leap
                                         ? A.orthogonal2[l]
                                         : rook_attacks(l, ~empty_[kUnder]) & A.orthogonal2[l];
          t.to[kUnder] = ((A.orthogonal[l] | two_steps) & target_[kUnder]) | (A.diagonal[l] & empty_[kUnder]);
          // Climb: one step on the Underworld (which must be empty), then up.
          const Bitboard climb = pos_.rules().elemental_climb == ElementalClimb::Capture ? enemy_[kGround] : target_[kGround];
          t.to[kGround] = A.orthogonal[l] & empty_[kUnder] & climb;
        } else if (here & empty_[kUnder]) {
          t.to[kUnder] = A.orthogonal[l] & target_[kUnder];
        }
        break;
      case Dwarf: {
        const int heading = pos_.turned_dwarves(board_of(from)) & here ? index(~us_) : c;
        t.to[b] = (A.sideways_forward[heading][l] & empty_[b]) | (A.forward_diagonal[heading][l] & enemy_[b]);
        if (b == kUnder)
          t.to[kGround] = here & enemy_[kGround];
        else
          t.to[kUnder] = here & empty_[kUnder];
        break;
      }
      case None: break;
    }
    return t;
  }

  // How many moves the given Warriors, Dwarves, Basilisks and Sky Sylphs have (pieces the
  // caller knows need no trying), a whole set at a time: one step in one direction takes
  // each piece to a square of its own, so the squares reached count the moves.
  int count_stepper_moves(const std::array<Bitboard, kBoardCount>& movers) const {
    const int fwd = forward_of(us_);
    auto steps = [](Bitboard set, int df, int dr, Bitboard allowed) { return popcount(shifted(set, df, dr) & allowed); };
    const Bitboard warriors = movers[kGround] & pos_.pieces(Board::Ground, Warrior);
    const Bitboard sylphs = movers[kSky] & pos_.pieces(Board::Sky, Sylph);
    const Bitboard basilisks = movers[kUnder] & pos_.pieces(Board::Underworld, Basilisk);
    int count = steps(warriors, 0, fwd, empty_[kGround]) + steps(warriors, 1, fwd, enemy_[kGround]) +
                steps(warriors, -1, fwd, enemy_[kGround]);
    count += steps(sylphs, 1, fwd, empty_[kSky]) + steps(sylphs, -1, fwd, empty_[kSky]) +
             steps(sylphs, 0, fwd, enemy_[kSky]) + popcount(sylphs & enemy_[kGround]);
    count += steps(basilisks, 0, fwd, target_[kUnder]) + steps(basilisks, 1, fwd, target_[kUnder]) +
             steps(basilisks, -1, fwd, target_[kUnder]) + steps(basilisks, 0, -fwd, empty_[kUnder]);
    for (const int b : {kGround, kUnder}) {
      const Bitboard dwarves = movers[b] & pos_.pieces(board_at(b), Dwarf);
      const Bitboard turned = dwarves & pos_.turned_dwarves(board_at(b));
      count += steps(dwarves, 1, 0, empty_[b]) + steps(dwarves, -1, 0, empty_[b]);
      for (const auto& [heading_set, heading] : {std::pair{dwarves & ~turned, fwd}, std::pair{turned, -fwd}})
        count += steps(heading_set, 0, heading, empty_[b]) + steps(heading_set, 1, heading, enemy_[b]) +
                 steps(heading_set, -1, heading, enemy_[b]);
      count += popcount(dwarves & (b == kUnder ? enemy_[kGround] : empty_[kUnder]));
    }
    return count;
  }

 private:
  // Cleric, Mage and King: one board straight up or down.
  void add_vertical_steps(Targets& t, int b, Bitboard here) const {
    if (b != kSky) t.to[b - 1] |= here & target_[b - 1];
    if (b != kUnder) t.to[b + 1] |= here & target_[b + 1];
  }

  Bitboard hero_returns(Square from) const {
    const Local l = local_of(from);
    const std::uint8_t dir = pos_.hero_return(from);
    if (dir == kAnyReturn) return kAttacks.diagonal[l];
    Bitboard options = kAttacks.diagonal[l];
    while (options) {
      Local to = pop_lsb(options);
      if (diagonal_direction(l, to) == dir) return bit(to);
    }
    return 0;
  }

  const Position& pos_;
  Color us_;
  std::array<Bitboard, kBoardCount> own_{}, enemy_{}, empty_{}, target_{};
};

// Which moves of the side to move might leave its King attacked, so must be tried.
// Everything else is legal: a piece that is not a blocker can neither open a line nor
// thaw an enemy by leaving, and arriving somewhere never exposes the own King.
class KingSafety {
 public:
  KingSafety() = default;  // for pseudo-legal generation, which asks nothing
  explicit KingSafety(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square king = pos.king_square(us);
    const Local kl = local_of(king);
    const auto& A = kAttacks;
    in_check_ = pos.attacked_by(king, them);
    thawing_basilisks_ = pos.pieces(Board::Underworld, us, Basilisk) & pos.pieces(Board::Ground, them);
    const Bitboard active_ground = pos.pieces(Board::Ground, them) & ~pos.frozen(them);
    std::array<Bitboard, kBoardCount> occ{};
    for (int b = 0; b < kBoardCount; ++b) occ[b] = pos.occupied(board_at(b));

    auto add_pins = [&](int b, Bitboard snipers) {
      while (snipers) {
        Bitboard between_pieces = between(kl, pop_lsb(snipers)) & occ[b];
        if (between_pieces && !more_than_one(between_pieces)) blockers_[b] |= between_pieces;
      }
    };
    switch (board_of(king)) {
      case Board::Sky:
        add_pins(kSky, A.bishop_empty[kl] & pos.pieces(Board::Sky, them, Dragon));
        if (bit(kl) & pos.pieces(Board::Underworld, them, Mage)) blockers_[kGround] |= bit(kl) & occ[kGround];
        break;
      case Board::Ground: {
        const Bitboard mages = pos.pieces(Board::Ground, Mage);
        const Bitboard rooks = (pos.pieces(Board::Ground, Oliphant) | mages) & active_ground;
        const Bitboard bishops = (pos.pieces(Board::Ground, Thief) | mages) & active_ground;
        add_pins(kGround, (A.rook_empty[kl] & rooks) | (A.bishop_empty[kl] & bishops));
        if (A.orthogonal[kl] & pos.pieces(Board::Underworld, them, Elemental)) blockers_[kUnder] |= bit(kl) & occ[kUnder];
        break;
      }
      case Board::Underworld: {
        if (bit(kl) & pos.pieces(Board::Sky, them, Mage)) blockers_[kGround] |= bit(kl) & occ[kGround];
        const Bitboard under_elementals = pos.pieces(Board::Underworld, them, Elemental);
        const Bitboard ground_elementals = pos.pieces(Board::Ground, Elemental) & active_ground;
        Bitboard neighbours = A.orthogonal[kl] & occ[kUnder];
        while (neighbours) {
          const Local n = pop_lsb(neighbours);
          const bool slide_behind = !pos.rules().elemental_leap && (A.orthogonal2[kl] & A.orthogonal[n] & under_elementals);
          if (slide_behind || (bit(n) & ground_elementals)) blockers_[kUnder] |= bit(n);
        }
        break;
      }
    }
    king_ = king;
  }

  bool must_try(Square from, PieceType type) const {
    const Bitboard here = bit(local_of(from));
    return in_check_ || from == king_ || (blockers_[index(board_of(from))] & here) ||
           (type == Basilisk && (thawing_basilisks_ & here));
  }
  // The squares of a board whose pieces need no trying, whatever they are; none in check.
  Bitboard never_tried(int b) const {
    if (in_check_) return 0;
    Bitboard set = ~blockers_[b] & kBoardMask;
    if (index(board_of(king_)) == b) set &= ~bit(local_of(king_));
    if (b == kUnder) set &= ~thawing_basilisks_;
    return set;
  }
  // Removing the target of a capture from afar opens the squares behind it.
  bool breath_must_try(Square target) const { return (blockers_[kGround] & bit(local_of(target))) != 0; }

 private:
  bool in_check_ = false;
  Square king_{};
  std::array<Bitboard, kBoardCount> blockers_{};
  Bitboard thawing_basilisks_ = 0;
};

// Captures: the legal captures (from afar included) and promotions only, the moves a
// quiescence search looks at.
enum class Mode { PseudoLegal, Legal, Captures, Count };

template <Mode mode>
int generate(const Position& pos, MoveList* moves) {
  const Color us = pos.side_to_move();
  const TargetFinder finder(pos);
  KingSafety safety;
  if constexpr (mode != Mode::PseudoLegal) safety = KingSafety(pos);
  const Bitboard promotion_rank = kAttacks.last_rank[index(us)];
  std::array<Bitboard, kBoardCount> capturable{};
  if constexpr (mode == Mode::Captures)
    for (int b = 0; b < kBoardCount; ++b) capturable[static_cast<std::size_t>(b)] = pos.pieces(board_at(b), ~us);
  int count = 0;
  // Counting only: the pawn-like pieces that need no trying are counted a set at a time
  // and left out of the piece-by-piece loop below.
  std::array<Bitboard, kBoardCount> counted{};
  if constexpr (mode == Mode::Count) {
    counted[kSky] = pos.pieces(Board::Sky, us, Sylph) & safety.never_tried(kSky);
    counted[kGround] = (pos.pieces(Board::Ground, us, Warrior) | pos.pieces(Board::Ground, us, Dwarf)) &
                       ~pos.frozen(us) & safety.never_tried(kGround);
    counted[kUnder] = (pos.pieces(Board::Underworld, us, Basilisk) | pos.pieces(Board::Underworld, us, Dwarf)) &
                      safety.never_tried(kUnder);
    count = finder.count_stepper_moves(counted);
  }
  auto emit = [&](Move m, bool must_try) {
    if (mode == Mode::PseudoLegal || !must_try || leaves_king_safe(pos, m)) {
      if constexpr (mode == Mode::Count)
        ++count;
      else
        moves->push(m);
    }
  };
  for (int b = 0; b < kBoardCount; ++b) {
    Bitboard mine = pos.pieces(board_at(b), us) & ~counted[b];
    if (b == kGround) mine &= ~pos.frozen(us);
    while (mine) {
      const Square from = make_square(board_at(b), pop_lsb(mine));
      const PieceType type = type_of(pos.piece_on(from));
      const Targets t = finder.targets(from, type);
      const bool must_try = mode != Mode::PseudoLegal && safety.must_try(from, type);
      for (int tb = 0; tb < kBoardCount; ++tb) {
        Bitboard set = t.to[tb];
        if constexpr (mode == Mode::Captures)
          set &= capturable[static_cast<std::size_t>(tb)] | (type == Warrior ? promotion_rank : 0);
        if (mode == Mode::Count && !must_try) {
          count += popcount(set);
          continue;
        }
        while (set) {
          const Local to = pop_lsb(set);
          const bool promotes = type == Warrior && (promotion_rank & bit(to));
          emit(Move(from, make_square(board_at(tb), to), promotes ? MoveKind::Promotion : MoveKind::Normal), must_try);
        }
      }
      for (Bitboard set = t.breath; set;) {
        const Square target = make_square(Board::Ground, pop_lsb(set));
        emit(Move(from, target, MoveKind::Breath), must_try || (mode != Mode::PseudoLegal && safety.breath_must_try(target)));
      }
    }
  }
  return mode == Mode::Count ? count : moves->size();
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

void generate_pseudo_legal(const Position& pos, MoveList& moves) { generate<Mode::PseudoLegal>(pos, &moves); }
void generate_legal(const Position& pos, MoveList& moves) { generate<Mode::Legal>(pos, &moves); }
void generate_legal_captures(const Position& pos, MoveList& moves) { generate<Mode::Captures>(pos, &moves); }
int count_legal_moves(const Position& pos) { return generate<Mode::Count>(pos, nullptr); }

bool leaves_king_safe(const Position& pos, Move m) { return !pos.king_attacked_after(m); }

}  // namespace stratagem::dragonchess
