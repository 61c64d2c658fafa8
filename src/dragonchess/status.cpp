// Game status: mate, stalemate and the draw rules.
#include "stratagem/dragonchess/status.h"

#include "stratagem/dragonchess/movegen.h"

namespace stratagem::dragonchess {

Outcome outcome(const Position& pos) {
  Outcome result;
  result.in_check = pos.in_check();
  const Color mover = pos.side_to_move();
  if (count_legal_moves(pos) == 0) {
    if (result.in_check) {
      result.status = GameStatus::Checkmate;
      result.winner = ~mover;
    } else {
      result.status = GameStatus::Stalemate;
      if (pos.rules().stalemate == StalemateResult::Loss)
        result.winner = ~mover;
      else
        result.draw_reason = DrawReason::Stalemate;
    }
  } else if (pos.halfmove_clock() >= kHalfmoveDrawLimit) {
    result.status = GameStatus::Draw;
    result.draw_reason = DrawReason::HalfmoveClock;
  } else if (pos.repetition_count() >= kRepetitionDrawCount) {
    result.status = GameStatus::Draw;
    result.draw_reason = DrawReason::Repetition;
  }
  return result;
}

const char* status_name(GameStatus status) {
  switch (status) {
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::Draw: return "draw";
  }
  return "ongoing";
}

}  // namespace stratagem::dragonchess
