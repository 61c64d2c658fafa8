#pragma once
// PostgreSQL: the game writes of one group commit in one statement for the whole batch,
// whatever its size: an UPDATE of every game over arrays of its new columns (each only if
// still at the version its change was decided over) and INSERTs of the written games'
// messages and events. Each of a batch's writes costs PostgreSQL a row, not a statement's
// round trip, parsing and wake-ups.

#include <span>

#include "game_write.h"
#include "sql_session.h"

namespace stratagem::storage {

// Writes are given in game id order; a game may appear more than once (each is written
// over the version before it, so all but one of them find it moved on). Fills each
// write's `written`, `message_ids` and `event_ids`.
void write_games_together(SqlSession& session, std::span<GameWrite* const> writes);

}  // namespace stratagem::storage
