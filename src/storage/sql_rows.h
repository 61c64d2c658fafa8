#pragma once
// What every part of the SQL store shares: errors that name their operation, the games'
// rows read back, a game's change written statement by statement, and a transaction that
// rolls back unless committed.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game_write.h"
#include "sql_session.h"
#include "stratagem/storage/store.h"

namespace stratagem::storage::sql {

StoreError error(StoreErrorCode code, const std::string& operation, std::string_view cause);

// A LIMIT the databases accept (PostgreSQL refuses a negative one) for any size_t.
std::int64_t row_limit(std::size_t limit);

SqlValue optional_millis(const std::optional<Instant>& instant);

// Begins a transaction and rolls it back unless commit() was called.
class Transaction {
 public:
  enum class Mode { read, write };
  Transaction(SqlSession& session, Mode mode) : session_(session) {
    if (mode == Mode::write)
      session_.begin_write();
    else
      session_.begin_read();
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (!committed_) session_.rollback();
  }
  void commit() {
    committed_ = true;  // a failed COMMIT has ended the transaction as well
    session_.commit();
  }

 private:
  SqlSession& session_;
  bool committed_ = false;
};

// The columns of SqlStore's select_game_, in this order.
StoredGame read_game(const SqlRow& row);

std::vector<UserId> distinct(std::vector<UserId> users);

void insert_players(SqlSession& session, GameId game, const std::vector<UserId>& players);

// Everything a GameWrite's change writes, provided the game is still at its version
// (false, and nothing written, if not); fills in what it wrote.
bool write_change(SqlSession& session, GameWrite& write);

UpdateOutcome nothing_written(std::int64_t version);

// What a written GameWrite tells update_game's caller.
UpdateOutcome outcome_of(GameWrite&& write);

}  // namespace stratagem::storage::sql
