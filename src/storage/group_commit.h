#pragma once
// Group commit, for databases with one writer at a time (SQLite). Every durable commit
// costs an fsync (4-5 ms on the test machines: about 220 commits a second), so the writes
// that arrive while one commit is under way are run together, one after the other, in the
// next transaction, each inside a savepoint of its own, and committed with one fsync.
// Each still succeeds or fails whole (its savepoint), sees the writes before it, and its
// caller returns only after the commit that holds it.
//
// The jobs run on the committer's thread, on its own connection.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "sql_session.h"

namespace stratagem::storage {

class GroupCommitter {
 public:
  // A job writes through the session and returns true to keep its writes, false to undo
  // them (a SqlFailure it throws undoes them too, and is what run() throws).
  using Job = std::function<bool(SqlSession& session)>;

  GroupCommitter(std::function<std::unique_ptr<SqlSession>()> connect, std::size_t max_batch);
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Returns after the transaction holding the job has committed; throws SqlFailure when
  // the job failed or the commit did.
  void run(const Job& job);

 private:
  struct Pending {
    const Job* job = nullptr;
    std::optional<SqlFailure> failure;
    bool done = false;
    // One per caller: a finished batch wakes its own callers, not every waiting thread.
    std::condition_variable finished;
  };
  void serve();
  void commit_batch(std::deque<Pending*>& batch);

  std::function<std::unique_ptr<SqlSession>()> connect_;
  std::size_t max_batch_;
  std::unique_ptr<SqlSession> session_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<Pending*> queue_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above is ready
};

}  // namespace stratagem::storage
