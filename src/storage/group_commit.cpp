#include "group_commit.h"

#include <algorithm>
#include <utility>

namespace stratagem::storage {

GroupCommitter::GroupCommitter(std::function<std::unique_ptr<SqlSession>()> connect,
                               std::size_t max_batch)
    : connect_(std::move(connect)), max_batch_(max_batch == 0 ? 1 : max_batch),
      thread_([this] { serve(); }) {}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  arrived_.notify_all();
  thread_.join();
}

void GroupCommitter::run(const Job& job, std::int64_t key) {
  Pending pending;
  pending.job = &job;
  pending.key = key;
  std::unique_lock lock(mutex_);
  queue_.push_back(&pending);
  arrived_.notify_one();
  pending.finished.wait(lock, [&] { return pending.done; });
  if (pending.failure) throw *pending.failure;
}

void GroupCommitter::serve() {
  std::unique_lock lock(mutex_);
  for (;;) {
    // Jobs queued before the store closes are still served.
    arrived_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;
    std::deque<Pending*> batch;
    while (!queue_.empty() && batch.size() < max_batch_) {
      batch.push_back(queue_.front());
      queue_.pop_front();
    }
    lock.unlock();
    std::stable_sort(batch.begin(), batch.end(), [](const Pending* a, const Pending* b) { return a->key < b->key; });
    commit_batch(batch);
    lock.lock();
    for (Pending* pending : batch) {
      pending->done = true;
      pending->finished.notify_one();
    }
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
void GroupCommitter::commit_batch(std::deque<Pending*>& batch) {
  try {
    if (!session_ || !session_->healthy()) session_ = connect_();
    session_->begin_write();
  } catch (const std::exception& exception) {
    session_.reset();
    for (Pending* pending : batch) pending->failure = as_failure(exception);
    return;
  }
  try {
    for (Pending* pending : batch) {
      // query(), not run_script(): these statements are prepared once, not parsed per job.
      session_->query("SAVEPOINT job", {});
      bool keep = false;
      try {
        keep = (*pending->job)(*session_);
      } catch (const std::exception& exception) {
        pending->failure = as_failure(exception);
      }
      // A failure of ROLLBACK TO itself means the transaction is gone: the whole batch
      // fails below.
      if (!keep) session_->query("ROLLBACK TO job", {});
      session_->query("RELEASE job", {});
    }
    session_->commit();
  } catch (const std::exception& exception) {
    session_->rollback();
    for (Pending* pending : batch)
      if (!pending->failure) pending->failure = as_failure(exception);
  }
}

}  // namespace stratagem::storage
