#include "session_pool.h"

#include <utility>

namespace stratagem::storage {

SessionPool::SessionPool(Connect connect, std::size_t size)
    : connect_(std::move(connect)), size_(size == 0 ? 1 : size) {}

SessionPool::Lease::~Lease() {
  if (pool_) pool_->give_back(std::move(session_));
}

SessionPool::Lease SessionPool::acquire() {
  std::unique_lock lock(mutex_);
  returned_.wait(lock, [&] { return !idle_.empty() || open_ < size_; });
  if (!idle_.empty()) {
    auto session = std::move(idle_.back());
    idle_.pop_back();
    return Lease(*this, std::move(session));
  }
  ++open_;
  lock.unlock();
  try {
    return Lease(*this, connect_());
  } catch (...) {
    lock.lock();
    --open_;
    returned_.notify_one();
    throw;
  }
}

void SessionPool::discard_idle() {
  std::vector<std::unique_ptr<SqlSession>> closing;
  {
    std::lock_guard lock(mutex_);
    open_ -= idle_.size();
    closing.swap(idle_);
  }
  returned_.notify_all();
}

void SessionPool::give_back(std::unique_ptr<SqlSession> session) {
  {
    std::lock_guard lock(mutex_);
    if (session && session->healthy())
      idle_.push_back(std::move(session));
    else
      --open_;
  }
  returned_.notify_one();
}

}  // namespace stratagem::storage
