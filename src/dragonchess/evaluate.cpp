// Evaluation: material at Gygax's values, mobility, frozen pieces, King safety.
#include "stratagem/dragonchess/evaluate.h"

#include <algorithm>
#include <array>

#include "stratagem/dragonchess/bitboard.h"

namespace stratagem::dragonchess {
namespace {

using enum PieceType;

// Seed 004 §3, indexed by PieceType, times 100.
constexpr std::array<int, kPieceTypeCount> kPieceValues = {
    0,     // None
    100,   // Sylph
    500,   // Griffin
    800,   // Dragon
    500,   // Oliphant
    250,   // Unicorn
    450,   // Hero
    400,   // Thief
    900,   // Cleric
    1100,  // Mage
    0,     // King
    1000,  // Paladin
    100,   // Warrior
    300,   // Basilisk
    400,   // Elemental
    200,   // Dwarf
};

constexpr int kMobilityPerSquare = 3;
// A frozen piece can neither move nor defend: it keeps a third of its value less.
constexpr int kFrozenShare = 3;
constexpr int kFrozenKingPenalty = 100;
constexpr int kKingOffGroundPenalty = 60;
constexpr int kAttackedKingNeighbourPenalty = 10;
constexpr int kKingShelterBonus = 6;
constexpr int kMaxShelterPieces = 4;

// Squares a piece reaches on the boards it mostly works on, not counting own-occupied
// ones: a cheap stand-in for its move count (the move generator only serves the side to
// move, and the evaluation needs both sides).
int reach(const Position& pos, Square from, PieceType type, Color us) {
  const auto& A = kAttacks;
  const Local l = local_of(from);
  const Board b = board_of(from);
  const int c = index(us);
  auto free_on = [&](Board board) { return ~pos.pieces(board, us) & kBoardMask; };
  const Bitboard free = free_on(b);
  const Bitboard occupied = pos.occupied(b);
  Bitboard set = 0;
  int extra = 0;
  switch (type) {
    case Sylph: set = b == Board::Sky ? (A.forward_diagonal[c][l] | A.forward[c][l]) & free : 0; break;
    case Griffin:
      set = (b == Board::Sky ? A.griffin[l] : A.diagonal[l]) & free;
      extra = popcount(A.diagonal[l] & free_on(b == Board::Sky ? Board::Ground : Board::Sky));
      break;
    case Dragon: set = (A.king[l] | bishop_attacks(l, occupied)) & free; break;
    case Oliphant: set = rook_attacks(l, occupied) & free; break;
    case Unicorn: set = A.knight[l] & free; break;
    case Thief: set = bishop_attacks(l, occupied) & free; break;
    case Hero: set = b == Board::Ground ? A.hero[l] & free : 0; break;
    case Cleric: set = A.king[l] & free; break;
    case Mage:
      set = (b == Board::Ground ? rook_attacks(l, occupied) | bishop_attacks(l, occupied) : A.orthogonal[l]) & free;
      break;
    case Paladin: set = (b == Board::Ground ? A.king[l] | A.knight[l] : A.king[l]) & free; break;
    case Warrior: set = (A.forward[c][l] | A.forward_diagonal[c][l]) & free; break;
    case Basilisk: set = (A.forward[c][l] | A.forward_diagonal[c][l]) & free; break;
    case Elemental: set = b == Board::Underworld ? (A.orthogonal[l] | A.orthogonal2[l]) & free : 0; break;
    case Dwarf: set = A.sideways_forward[c][l] & free; break;
    case King:
    case None: break;
  }
  return popcount(set) + extra;
}

// Material, frozen-piece discounts and mobility of one side.
int side_score(const Position& pos, Color us, const EvalOptions& options) {
  int score = 0;
  const Bitboard frozen = pos.frozen(us);
  for (int b = 0; b < kBoardCount; ++b) {
    const Board board = board_at(b);
    Bitboard mine = pos.pieces(board, us);
    while (mine) {
      const Local l = pop_lsb(mine);
      const Square s = make_square(board, l);
      const PieceType type = type_of(pos.piece_on(s));
      const bool is_frozen = board == Board::Ground && (frozen & bit(l));
      score += kPieceValues[static_cast<std::size_t>(index(type))];
      if (is_frozen && options.frozen_pieces)
        score -= type == King ? kFrozenKingPenalty : kPieceValues[static_cast<std::size_t>(index(type))] / kFrozenShare;
      if (options.mobility && !is_frozen) score += kMobilityPerSquare * reach(pos, s, type, us);
    }
  }
  return score;
}

// A King off the Ground can only step back; around a Ground King, enemy-covered squares
// are a danger and own pieces a shelter.
int king_safety(const Position& pos, Color us) {
  const Square king = pos.king_square(us);
  if (board_of(king) != Board::Ground) return -kKingOffGroundPenalty;
  int score = 0;
  Bitboard around = kAttacks.king[local_of(king)];
  score += kKingShelterBonus * std::min(kMaxShelterPieces, popcount(around & pos.pieces(Board::Ground, us)));
  while (around) {
    if (pos.attacked_by(make_square(Board::Ground, pop_lsb(around)), ~us)) score -= kAttackedKingNeighbourPenalty;
  }
  return score;
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

int piece_value(PieceType type) { return kPieceValues[static_cast<std::size_t>(index(type))]; }

int evaluate(const Position& pos, const EvalOptions& options) {
  const Color us = pos.side_to_move(), them = ~us;
  int score = side_score(pos, us, options) - side_score(pos, them, options);
  if (options.king_safety) score += king_safety(pos, us) - king_safety(pos, them);
  if (options.noise > 0) {
    const auto span = static_cast<std::uint64_t>(2 * options.noise + 1);
    score += static_cast<int>(mix(pos.key() ^ options.noise_seed) % span) - options.noise;
  }
  return score;
}

}  // namespace stratagem::dragonchess
