#include "group_commit.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace stratagem::storage {

GroupCommitter::GroupCommitter(std::function<std::unique_ptr<SqlSession>()> connect,
                               std::size_t max_batch, WriteTogether write_together,
                               CommitTogether commit_together)
    : connect_(std::move(connect)), max_batch_(max_batch == 0 ? 1 : max_batch),
      write_together_(std::move(write_together)), commit_together_(std::move(commit_together)),
      thread_([this] { serve(); }) {}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  arrived_.notify_all();
  thread_.join();
}

void GroupCommitter::run(const Job& job, std::int64_t key, GameWrite* together) {
  // The caller's own: a finished batch wakes its own callers, not every waiting thread.
  struct Wait {
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::optional<SqlFailure> failure;
  } wait;
  submit(job, key, together, [&wait](std::optional<SqlFailure> failure) {
    std::lock_guard lock(wait.mutex);
    wait.failure = std::move(failure);
    wait.done = true;
    wait.finished.notify_one();
  });
  std::unique_lock lock(wait.mutex);
  wait.finished.wait(lock, [&] { return wait.done; });
  if (wait.failure) throw *wait.failure;
}

void GroupCommitter::submit(const Job& job, std::int64_t key, GameWrite* together, Finished finished) {
  auto pending = std::make_unique<Pending>();
  pending->job = &job;
  pending->key = key;
  pending->together = write_together_ ? together : nullptr;
  pending->finished = std::move(finished);
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(pending));
  arrived_.notify_one();
}

void GroupCommitter::serve() {
  std::unique_lock lock(mutex_);
  for (;;) {
    // Jobs queued before the store closes are still served.
    arrived_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;
    std::deque<std::unique_ptr<Pending>> owned;
    while (!queue_.empty() && owned.size() < max_batch_) {
      owned.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    std::deque<Pending*> batch;
    for (const auto& pending : owned) batch.push_back(pending.get());
    std::stable_sort(batch.begin(), batch.end(), [](const Pending* a, const Pending* b) { return a->key < b->key; });
    commit_batch(batch);
    for (const auto& pending : owned) pending->finished(std::move(pending->failure));
    lock.lock();
  }
}

namespace {

SqlFailure as_failure(const std::exception& exception) {
  if (const auto* failure = dynamic_cast<const SqlFailure*>(&exception)) return *failure;
  return SqlFailure(StoreErrorCode::failed, exception.what());
}

}  // namespace

// Nothing may escape: this thread serves every write of the store. Every failure ends up
// in the jobs it concerns.
//
// A batch first runs without savepoints: on PostgreSQL each costs two round trips, as many
// as the job's own statements. Only when a job fails is the batch undone and run again the
// careful way, each job in a savepoint of its own, so that one job's failure is its own.
void GroupCommitter::commit_batch(std::deque<Pending*>& batch) {
  if (commit_at_once(batch)) return;
  if (!begin(batch)) return;
  if (run_jobs(batch, false)) {
    commit(batch);
    return;
  }
  session_->rollback();
  if (batch.size() == 1) return;  // undone whole: that is all its savepoint would have done
  for (Pending* pending : batch) pending->failure.reset();
  if (!begin(batch)) return;
  try {
    run_jobs(batch, true);
  } catch (const std::exception& exception) {
    // A savepoint statement failed: the transaction is gone.
    session_->rollback();
    for (Pending* pending : batch)
      if (!pending->failure) pending->failure = as_failure(exception);
    return;
  }
  commit(batch);
}

// True when the batch is done with: committed, or failed with the outcome unknown.
bool GroupCommitter::commit_at_once(std::deque<Pending*>& batch) {
  if (!commit_together_) return false;
  std::vector<GameWrite*> writes;
  writes.reserve(batch.size());
  for (Pending* pending : batch) {
    if (!pending->together) return false;
    writes.push_back(pending->together);
  }
  try {
    if (!session_ || !session_->healthy()) session_ = connect_();
    return commit_together_(*session_, writes);
  } catch (const std::exception& exception) {
    if (session_ && session_->healthy()) return false;  // refused whole: found out the usual way
    session_.reset();
    for (Pending* pending : batch) pending->failure = as_failure(exception);
    return true;
  }
}

bool GroupCommitter::begin(std::deque<Pending*>& batch) {
  try {
    if (!session_ || !session_->healthy()) session_ = connect_();
    session_->begin_write();
    return true;
  } catch (const std::exception& exception) {
    session_.reset();
    for (Pending* pending : batch) pending->failure = as_failure(exception);
    return false;
  }
}

// Runs the batch's jobs in the open transaction. Without savepoints it writes the game
// writes together first, then runs the other jobs, and stops at the first failure,
// returning false; with them, it runs every job's closure, each failing job's writes
// undone and the others run on (a savepoint statement's own failure is thrown).
bool GroupCommitter::run_jobs(std::deque<Pending*>& batch, bool savepoints) {
  if (!savepoints && !write_together(batch)) return false;
  for (Pending* pending : batch) {
    if (!savepoints && pending->together) continue;
    if (savepoints) session_->savepoint();
    bool keep = false;
    try {
      keep = (*pending->job)(*session_);
    } catch (const std::exception& exception) {
      pending->failure = as_failure(exception);
    }
    if (!savepoints) {
      if (!keep) return false;
      continue;
    }
    if (!keep) session_->rollback_to_savepoint();
    session_->release_savepoint();
  }
  return true;
}

bool GroupCommitter::write_together(std::deque<Pending*>& batch) {
  std::vector<GameWrite*> writes;
  for (Pending* pending : batch)
    if (pending->together) writes.push_back(pending->together);
  if (writes.empty()) return true;
  try {
    write_together_(*session_, writes);
    return true;
  } catch (const std::exception& exception) {
    for (Pending* pending : batch)
      if (pending->together) pending->failure = as_failure(exception);
    return false;
  }
}

void GroupCommitter::commit(std::deque<Pending*>& batch) {
  try {
    session_->commit();
  } catch (const std::exception& exception) {
    session_->rollback();
    for (Pending* pending : batch)
      if (!pending->failure) pending->failure = as_failure(exception);
  }
}

}  // namespace stratagem::storage
