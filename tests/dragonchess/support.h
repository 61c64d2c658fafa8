#pragma once
// Helpers for Dragonchess tests: build positions from piece placements, list move texts.

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"

namespace stratagem::dragonchess::testing {

// Position text from placements such as {'K', "2g1"}, {'k', "2g8"}: letters as in
// position text (upper case Gold), squares as in move text.
inline std::string position_text(const std::vector<std::pair<char, std::string>>& placements, char side = 'g') {
  std::array<std::array<std::array<char, kFiles>, kRanks>, kBoardCount> grid{};
  for (const auto& [letter, square] : placements) {
    grid[static_cast<std::size_t>(square[0] - '1')][static_cast<std::size_t>(square[2] - '1')]
        [static_cast<std::size_t>(square[1] - 'a')] = letter;
  }
  std::string text;
  for (int b = 0; b < kBoardCount; ++b) {
    if (b) text += '|';
    for (int rank = kRanks - 1; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < kFiles; ++file) {
        char c = grid[static_cast<std::size_t>(b)][static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)];
        if (!c) {
          ++empty;
          continue;
        }
        if (empty) text += std::to_string(empty);
        empty = 0;
        text += c;
      }
      if (empty) text += std::to_string(empty);
      if (rank) text += '/';
    }
  }
  return text + ' ' + side + " 0 1";
}

inline Position make_position(const std::vector<std::pair<char, std::string>>& placements, char side = 'g',
                              const Rules& rules = {}) {
  auto pos = Position::from_text(position_text(placements, side), rules);
  EXPECT_TRUE(pos.has_value()) << (pos ? "" : pos.error().message);
  return pos ? std::move(*pos) : Position::start();
}

// Canonical texts of the legal moves (of the piece on `from`, if given), sorted.
inline std::vector<std::string> legal_moves(const Position& pos, const std::string& from = "") {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::string> texts;
  for (Move m : moves)
    if (from.empty() || square_text(m.from()) == from) texts.push_back(move_text(pos, m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

inline std::vector<std::string> sorted(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

// Positions with pieces on every board and cross-board situations close at hand: Kings off
// the Ground, Heroes and Mages on the outer boards, Elementals on the Ground, Basilisks
// under enemies, Dwarves near the far rank, Sylphs on the Ground.
inline const std::vector<std::string> kBusyPositions = {
    std::string(kStartPositionText),
    position_text({{'K', "1e4"}, {'k', "3h5"}, {'M', "3e6"}, {'m', "1h2"}, {'H', "1c3"}, {'h', "3j6"},
                            {'E', "2f5"}, {'e', "3g5"}, {'B', "3d5"}, {'b', "3e3"}, {'P', "2e5"}, {'p', "2h7"},
                            {'C', "3b2"}, {'c', "1j7"}, {'R', "1f7"}, {'r', "1b6"}, {'G', "2c6"}, {'g', "1k3"},
                            {'S', "2g4"}, {'s', "1d5"}, {'D', "3h7"}, {'d', "2c2"}, {'W', "2k6"}, {'w', "2a3"},
                            {'O', "2a8"}, {'o', "2l1"}, {'T', "2d3"}, {'t', "2j4"}, {'U', "2b5"}, {'u', "2i6"}},
                           'g'),
    position_text({{'K', "2f3"}, {'k', "2f6"}, {'B', "3f6"}, {'b', "3f3"}, {'M', "2c3"}, {'m', "2i7"},
                            {'E', "3e5"}, {'e', "3g4"}, {'R', "1f4"}, {'r', "1e5"}, {'H', "2b6"}, {'h', "2k3"},
                            {'D', "2d7"}, {'d', "3j2"}, {'D', "3a7"}, {'d', "2g2"}, {'S', "1b7"}, {'s', "2h4"},
                            {'W', "2e7"}, {'w', "2h2"}, {'P', "1c6"}, {'p', "3i3"}, {'G', "1a5"}, {'g', "2j5"}},
                           's'),
};

}  // namespace stratagem::dragonchess::testing
