#pragma once
// Password hashing (argon2id: 19 MiB and tens of milliseconds of a core each) on a small
// pool of its own, so that a flood of signups or logins can take at most that pool's
// cores and memory: the handler threads that serve orders, reads and events never wait
// behind it. When the pool and its short queue are full, the caller is told to come back
// (the API answers 503 with Retry-After) instead of queueing without bound.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

namespace stratagem::server {

struct PasswordHasherOptions {
  std::size_t threads = 1;
  // Hashes waiting for a thread; more are refused.
  std::size_t queue_limit = 8;
  // The pool's threads run at this nice value (0 to 19), below the handlers.
  int nice = 10;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(PasswordHasherOptions options);
  ~PasswordHasher();
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  struct Busy {};
  // Blocking. The argon2id hash, or nullopt when memory for it could not be had; Busy
  // when the pool is full.
  std::variant<std::optional<std::string>, Busy> hash(std::string_view password);
  // Blocking. Whether the password matches; Busy when the pool is full.
  std::variant<bool, Busy> verify(std::string_view password, const std::string& stored_hash);

 private:
  // Runs `work` on the pool and waits for it; false when it was refused.
  bool run(const std::function<void()>& work);
  void serve();

  PasswordHasherOptions options_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace stratagem::server
