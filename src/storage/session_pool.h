#pragma once
// A fixed number of connections shared by the server's threads: a call borrows one for
// the length of its transaction and waits when all are lent. Connections open lazily and
// a connection that is no longer healthy (lost, or in an unknown state) is closed, not
// reused.

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "sql_session.h"

namespace stratagem::storage {

class SessionPool {
 public:
  using Connect = std::function<std::unique_ptr<SqlSession>()>;
  SessionPool(Connect connect, std::size_t size);

  class Lease {
   public:
    Lease(SessionPool& pool, std::unique_ptr<SqlSession> session)
        : pool_(&pool), session_(std::move(session)) {}
    Lease(Lease&& other) noexcept
        : pool_(std::exchange(other.pool_, nullptr)), session_(std::move(other.session_)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    SqlSession& operator*() const { return *session_; }
    SqlSession* operator->() const { return session_.get(); }

   private:
    SessionPool* pool_;
    std::unique_ptr<SqlSession> session_;
  };

  // Throws SqlFailure when a new connection cannot be opened.
  Lease acquire();
  // Closes the idle connections: after one was found lost, the others most likely are
  // too (the database restarted), and the next acquire() should not meet them one by one.
  void discard_idle();

 private:
  void give_back(std::unique_ptr<SqlSession> session);

  Connect connect_;
  std::size_t size_;
  std::mutex mutex_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<SqlSession>> idle_;
  std::size_t open_ = 0;  // idle + lent
};

}  // namespace stratagem::storage
