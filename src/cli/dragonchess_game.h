#pragma once
// A Dragonchess game in progress: the start position, the moves made, and the position
// after them with its history (for the repetition rule), with undo and a save format:
//   position <position text>
//   rules <NAME=VALUE ...>
//   <one canonical move per line>
// The object is neither copyable nor movable: the position points into its own history.
// It keeps positions of its own, read from the start's text (positions are not copyable).

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/dragonchess/position.h"

namespace stratagem::cli {

class DragonchessGame {
 public:
  explicit DragonchessGame(const dragonchess::Position& start);
  DragonchessGame(const DragonchessGame&) = delete;
  DragonchessGame& operator=(const DragonchessGame&) = delete;

  const dragonchess::Position& start() const { return start_; }
  const dragonchess::Position& position() const { return current_; }
  // For a search, which makes and unmakes its moves on it.
  dragonchess::Position& position() { return current_; }
  const std::vector<dragonchess::Move>& moves() const { return moves_; }

  void play(dragonchess::Move legal_move);
  // False when there is no move to take back.
  bool undo();
  void restart(const dragonchess::Position& start);

  std::string save_text() const;
  // Replaces this game by the saved one, or leaves it unchanged and says which line is wrong.
  tl::expected<void, std::string> load_text(std::string_view text);

 private:
  dragonchess::Position start_;
  dragonchess::Position current_;
  std::vector<dragonchess::Move> moves_;
  std::deque<dragonchess::StateInfo> states_;
};

}  // namespace stratagem::cli
