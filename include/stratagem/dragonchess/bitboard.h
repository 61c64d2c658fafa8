#pragma once
// 96-bit sets of squares of one board (bit = local index rank * 12 + file) held in an
// unsigned 128-bit integer, and the precomputed attack tables built from them at compile
// time. Because every board uses the same local indices, a set computed for one board is
// also "the squares directly above/below" on another board.

#include <array>
#include <bit>
#include <cstdint>

#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

__extension__ typedef unsigned __int128 Bitboard;

constexpr Bitboard kBoardMask = (Bitboard{1} << kBoardSquares) - 1;

constexpr Bitboard bit(Local l) { return Bitboard{1} << l; }

constexpr int popcount(Bitboard b) {
  return std::popcount(static_cast<std::uint64_t>(b)) +
         std::popcount(static_cast<std::uint64_t>(b >> 64));
}

// Lowest / highest set bit; b must not be empty.
constexpr Local lsb(Bitboard b) {
  auto low = static_cast<std::uint64_t>(b);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}
constexpr Local msb(Bitboard b) {
  auto high = static_cast<std::uint64_t>(b >> 64);
  return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
}
constexpr Local pop_lsb(Bitboard& b) {
  Local l = lsb(b);
  b &= b - 1;
  return l;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// The eight directions, numbered N, E, NE, NW, S, W, SE, SW: the first four increase the
// local index, so the nearest blocker along them is the lowest set bit.
constexpr int kDirectionCount = 8;
constexpr std::array<int, kDirectionCount> kDirFile = {0, 1, 1, -1, 0, -1, 1, -1};
constexpr std::array<int, kDirectionCount> kDirRank = {1, 0, 1, 1, -1, 0, -1, -1};
constexpr bool increases_index(int dir) { return dir < 4; }
constexpr bool is_orthogonal(int dir) { return kDirFile[dir] == 0 || kDirRank[dir] == 0; }

struct AttackTables {
  using PerSquare = std::array<Bitboard, kBoardSquares>;
  using PerColor = std::array<PerSquare, kColorCount>;

  std::array<PerSquare, kDirectionCount> ray{};  // excluding the square itself
  PerSquare king{};        // 8 neighbours
  PerSquare orthogonal{};  // 4 orthogonal neighbours
  PerSquare diagonal{};    // 4 diagonal neighbours
  PerSquare orthogonal2{}; // the 4 squares two steps away orthogonally
  PerSquare knight{};
  PerSquare griffin{};     // (3,2) leaps
  PerSquare hero{};        // 1 or 2 steps diagonally
  PerSquare bishop_empty{};  // bishop lines on an empty board
  PerSquare rook_empty{};
  PerColor forward{};           // 1 straight forward
  PerColor forward_diagonal{};  // the 2 diagonally forward squares
  PerColor backward{};          // 1 straight back
  PerColor sideways_forward{};  // forward and the 2 sideways squares (Dwarf's move)
  std::array<Bitboard, kColorCount> last_rank{};
  std::array<Bitboard, kColorCount> sylph_start{};  // a, c, e, g, i, k of the Sky's 2nd rank
};

namespace detail {

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

template <std::size_t N>
constexpr Bitboard offsets(Local from, const std::array<std::array<int, 2>, N>& steps) {
  Bitboard set = 0;
  for (auto [df, dr] : steps)
    if (on_board(file_of(from) + df, rank_of(from) + dr))
      set |= bit((rank_of(from) + dr) * kFiles + file_of(from) + df);
  return set;
}

constexpr AttackTables build_attack_tables() {
  AttackTables t{};
  for (Local s = 0; s < kBoardSquares; ++s) {
    for (int d = 0; d < kDirectionCount; ++d) {
      int f = file_of(s) + kDirFile[d], r = rank_of(s) + kDirRank[d];
      for (; on_board(f, r); f += kDirFile[d], r += kDirRank[d]) t.ray[d][s] |= bit(r * kFiles + f);
      (is_orthogonal(d) ? t.rook_empty : t.bishop_empty)[s] |= t.ray[d][s];
    }
    t.orthogonal[s] = offsets<4>(s, {{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}});
    t.diagonal[s] = offsets<4>(s, {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}});
    t.king[s] = t.orthogonal[s] | t.diagonal[s];
    t.orthogonal2[s] = offsets<4>(s, {{{0, 2}, {0, -2}, {2, 0}, {-2, 0}}});
    t.knight[s] = offsets<8>(s, {{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}});
    t.griffin[s] = offsets<8>(s, {{{2, 3}, {3, 2}, {3, -2}, {2, -3}, {-2, -3}, {-3, -2}, {-3, 2}, {-2, 3}}});
    t.hero[s] = t.diagonal[s] | offsets<4>(s, {{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}});
    for (int c = 0; c < kColorCount; ++c) {
      int fwd = forward_of(static_cast<Color>(c));
      t.forward[c][s] = offsets<1>(s, {{{0, fwd}}});
      t.forward_diagonal[c][s] = offsets<2>(s, {{{1, fwd}, {-1, fwd}}});
      t.backward[c][s] = offsets<1>(s, {{{0, -fwd}}});
      t.sideways_forward[c][s] = offsets<3>(s, {{{0, fwd}, {1, 0}, {-1, 0}}});
    }
  }
  for (int c = 0; c < kColorCount; ++c)
    for (int f = 0; f < kFiles; ++f) {
      const Color color = static_cast<Color>(c);
      t.last_rank[c] |= bit(last_rank(color) * kFiles + f);
      if (f % 2 == 0) t.sylph_start[c] |= bit((last_rank(~color) + forward_of(color)) * kFiles + f);
    }
  return t;
}

}  // namespace detail

inline constexpr AttackTables kAttacks = detail::build_attack_tables();

namespace detail {
constexpr Bitboard file_set(int file) {
  Bitboard set = 0;
  for (int rank = 0; rank < kRanks; ++rank) set |= bit(rank * kFiles + file);
  return set;
}
}  // namespace detail

// Every square of the set moved one step: df files (-1, 0, 1) and dr ranks (-1, 0, 1);
// squares that would leave the board are dropped, so no square wraps to another rank.
constexpr Bitboard shifted(Bitboard set, int df, int dr) {
  if (df > 0) set &= ~detail::file_set(kFiles - 1);
  if (df < 0) set &= ~detail::file_set(0);
  const int by = dr * kFiles + df;
  return (by >= 0 ? set << by : set >> -by) & kBoardMask;
}

// Squares a slider on `from` reaches along `dir`, up to and including the first occupied one.
constexpr Bitboard ray_attacks(int dir, Local from, Bitboard occupied) {
  Bitboard ray = kAttacks.ray[dir][from];
  Bitboard blockers = ray & occupied;
  if (blockers) ray ^= kAttacks.ray[dir][increases_index(dir) ? lsb(blockers) : msb(blockers)];
  return ray;
}

constexpr Bitboard bishop_attacks(Local from, Bitboard occupied) {
  return ray_attacks(2, from, occupied) | ray_attacks(3, from, occupied) |
         ray_attacks(6, from, occupied) | ray_attacks(7, from, occupied);
}
constexpr Bitboard rook_attacks(Local from, Bitboard occupied) {
  return ray_attacks(0, from, occupied) | ray_attacks(1, from, occupied) |
         ray_attacks(4, from, occupied) | ray_attacks(5, from, occupied);
}

// Squares strictly between two squares of one line, or empty if they share no line.
constexpr Bitboard between(Local a, Local b) {
  for (int d = 0; d < kDirectionCount; ++d)
    if (kAttacks.ray[d][a] & bit(b)) return kAttacks.ray[d][a] & ~kAttacks.ray[d][b] & ~bit(b);
  return 0;
}

}  // namespace stratagem::dragonchess
