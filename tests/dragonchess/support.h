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
  EXPECT_TRUE(pos.has_value()) << (pos ? "" : pos.error());
  return pos ? *pos : Position::start();
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

}  // namespace stratagem::dragonchess::testing
