#pragma once
// The game's state as the rules see it: ongoing, won by checkmate, stalemated, or drawn.
// Checkmate and stalemate (no legal move) take precedence over the draw rules, as in
// chess: a move that mates on the hundredth quiet ply wins.

#include <optional>

#include "stratagem/dragonchess/position.h"

namespace stratagem::dragonchess {

enum class GameStatus : unsigned char { Ongoing, Checkmate, Stalemate, Draw };
enum class DrawReason : unsigned char { None, Stalemate, Repetition, HalfmoveClock };

struct Outcome {
  GameStatus status = GameStatus::Ongoing;
  std::optional<Color> winner;  // set for checkmate, and for stalemate under stalemate=loss
  DrawReason draw_reason = DrawReason::None;
  bool in_check = false;
};

// Plies without a capture or a Warrior move after which the game is drawn.
constexpr int kHalfmoveDrawLimit = 100;
// Occurrences of one position that draw the game.
constexpr int kRepetitionDrawCount = 3;

Outcome outcome(const Position& pos);

const char* status_name(GameStatus status);  // "ongoing", "checkmate", "stalemate", "draw"

}  // namespace stratagem::dragonchess
