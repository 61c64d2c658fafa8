#pragma once
// Zobrist keys, generated at compile time by a fixed splitmix64 sequence so that keys
// (and hence repetition detection and any transposition table) are reproducible.

#include <array>
#include <cstdint>

#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kSquareCount>, kPieceCount> piece_square{};
  std::array<std::uint64_t, kSquareCount> turned_dwarf{};
  std::array<std::array<std::uint64_t, 4>, kSquareCount> hero_return{};
  std::uint64_t scarlet_to_move = 0;
};

namespace detail {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys build_zobrist_keys() {
  ZobristKeys keys{};
  std::uint64_t state = 0x44726167306e4348ULL;
  for (auto& per_piece : keys.piece_square)
    for (auto& key : per_piece) key = splitmix64(state);
  for (auto& key : keys.turned_dwarf) key = splitmix64(state);
  for (auto& per_square : keys.hero_return)
    for (auto& key : per_square) key = splitmix64(state);
  keys.scarlet_to_move = splitmix64(state);
  return keys;
}

}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::build_zobrist_keys();

}  // namespace stratagem::dragonchess
