#pragma once
// PostgreSQL: the game writes of one group commit in one statement for the whole batch,
// whatever its size: an UPDATE of every game over arrays of its new columns (each only if
// still at the version its change was decided over) and INSERTs of the written games'
// messages and events. Each of a batch's writes costs PostgreSQL a row, not a statement's
// round trip, parsing and wake-ups. The statement also announces the written games'
// events (a NOTIFY on `channel` with "GAME:LAST" pairs joined by ';'), so that a batch of
// distinct games can be written, announced and committed in one round trip.

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game_write.h"
#include "sql_session.h"

namespace stratagem::storage {

// Runs a statement, its parameters in PostgreSQL's binary format: in the open transaction,
// or as a transaction of its own.
using RunStatement = std::function<std::vector<SqlRow>(std::string_view sql, std::span<const std::string> params)>;

// Writes are given in game id order; a game may appear more than once (each is written
// over the version before it, so all but one of them find it moved on: a statement each
// time it comes again). Fills each write's `written`, `message_ids`, `event_ids` and
// `announced`.
void write_games_together(std::span<GameWrite* const> writes, const std::string& channel, const RunStatement& run);

// Whether one statement writes them all (each game once, not too many).
bool fits_one_statement(std::span<GameWrite* const> writes);

}  // namespace stratagem::storage
