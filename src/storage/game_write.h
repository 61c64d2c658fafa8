#pragma once
// One game's change as data, written only if the game is still at the version the change
// was decided over. As data, the writes of one group commit can go to the database
// together, a few statements for the whole batch (SqlBackend::write_games), instead of
// several statements each.

#include <cstdint>
#include <vector>

#include "stratagem/storage/store.h"

namespace stratagem::storage {

struct GameWrite {
  GameWrite(GameId game, std::int64_t read_version, const GameChange& game_change)
      : id(game), version(read_version), change(&game_change) {}
  GameId id;
  std::int64_t version;  // as read: the write happens only if the game is still at it
  const GameChange* change;
  // What the write did, filled by whichever way it was written:
  bool written = false;  // false: the game had moved on, nothing was written
  std::vector<MessageId> message_ids;
  std::vector<EventId> event_ids;
  bool announced = false;  // the database told every process of its events

  // Before each run of the write: a group commit may run it twice, and nothing of a first
  // run may stay.
  void start_afresh() {
    written = false;
    message_ids.clear();
    event_ids.clear();
    announced = false;
  }
};

// Whether a change can be written together with others: its record, status, deadline,
// messages and events (phases, players and notices, which come a few times a phase, are
// written one by one).
inline bool writable_together(const GameChange& change) {
  return change.phases.empty() && !change.players && change.notices.empty();
}

}  // namespace stratagem::storage
