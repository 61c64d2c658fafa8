#pragma once
// Group commit. Every durable commit costs an fsync (4-5 ms on the test machines: about
// 220 commits a second) and, on PostgreSQL, a transaction's round trips and a backend's
// wake-ups, so the writes that arrive while one commit is under way are run together, one
// after the other, in the next transaction, and committed at once. Each still succeeds or
// fails whole, sees the writes before it, and its caller hears of it only after the commit
// that holds it (run() returns then; submit()'s callback is called then). A batch runs
// without savepoints first; when a job fails, the batch is undone and run again with a
// savepoint around each job, so a job may run twice: it must start afresh each time (set
// everything it reports on every run).
//
// A batch runs its jobs in the order of their keys (game ids), arrival order among equal
// keys: every batch of every process then takes its row locks in one order, so two
// processes' batches cannot deadlock on each other's games.
//
// A job may also come as data (a GameWrite), with its closure doing the same write: a batch
// first writes all its GameWrites together (`write_together`, a few statements in all), and
// falls back on the closures only when it is run again the careful way. A batch of such
// writes alone may even be written and committed at once (`commit_together`: on
// PostgreSQL one round trip in place of BEGIN, the statement and COMMIT); if that fails
// with the connection intact, nothing was committed and the batch runs the usual way.
//
// The jobs run on the committer's thread, on its own connection.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>

#include "game_write.h"
#include "sql_session.h"

namespace stratagem::storage {

class GroupCommitter {
 public:
  // A job writes through the session and returns true to keep its writes, false to undo
  // them (a SqlFailure it throws undoes them too, and is what run() throws).
  using Job = std::function<bool(SqlSession& session)>;

  // Writes game writes together (SqlBackend::write_games); empty: none is, each job's
  // closure runs.
  using WriteTogether = std::function<void(SqlSession& session, std::span<GameWrite* const> writes)>;
  // Writes and commits game writes outside any transaction (SqlBackend::write_games_and_commit);
  // false: it cannot, and did nothing.
  using CommitTogether = std::function<bool(SqlSession& session, std::span<GameWrite* const> writes)>;

  GroupCommitter(std::function<std::unique_ptr<SqlSession>()> connect, std::size_t max_batch,
                 WriteTogether write_together = {}, CommitTogether commit_together = {});
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Called once the transaction holding the job has committed (no failure) or failed, on
  // the committer's thread, after the batch; it must not throw, and should be quick (the
  // next batch waits for it).
  using Finished = std::function<void(std::optional<SqlFailure> failure)>;

  // Returns after the transaction holding the job has committed; throws SqlFailure when
  // the job failed or the commit did. `key` orders the job in its batch. `together`: the
  // same write as data, which the batch may write instead of running `job`.
  void run(const Job& job, std::int64_t key = 0, GameWrite* together = nullptr);
  // The same without waiting: `finished` tells the outcome. The job (and `together`) must
  // live until then.
  void submit(const Job& job, std::int64_t key, GameWrite* together, Finished finished);

 private:
  struct Pending {
    const Job* job = nullptr;
    std::int64_t key = 0;
    GameWrite* together = nullptr;
    std::optional<SqlFailure> failure;
    Finished finished;
  };
  void serve();
  void commit_batch(std::deque<Pending*>& batch);
  bool commit_at_once(std::deque<Pending*>& batch);
  bool begin(std::deque<Pending*>& batch);
  bool run_jobs(std::deque<Pending*>& batch, bool savepoints);
  bool write_together(std::deque<Pending*>& batch);
  void commit(std::deque<Pending*>& batch);

  std::function<std::unique_ptr<SqlSession>()> connect_;
  std::size_t max_batch_;
  WriteTogether write_together_;
  CommitTogether commit_together_;
  std::unique_ptr<SqlSession> session_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<std::unique_ptr<Pending>> queue_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above is ready
};

}  // namespace stratagem::storage
