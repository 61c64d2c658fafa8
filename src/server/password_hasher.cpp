#include "password_hasher.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <future>

#include "credentials.h"

namespace stratagem::server {

PasswordHasher::PasswordHasher(PasswordHasherOptions options) : options_(options) {
  if (options_.threads == 0) options_.threads = 1;
  for (std::size_t i = 0; i < options_.threads; ++i) threads_.emplace_back([this] { serve(); });
}

PasswordHasher::~PasswordHasher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  arrived_.notify_all();
  for (auto& thread : threads_) thread.join();
}

void PasswordHasher::serve() {
  // Linux applies a nice value to the calling thread alone: hashing yields the cores to
  // the handlers when both want them.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), options_.nice);
  std::unique_lock lock(mutex_);
  for (;;) {
    arrived_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;
    auto work = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    work();
    lock.lock();
  }
}

bool PasswordHasher::run(const std::function<void()>& work) {
  std::packaged_task<void()> task(work);
  auto done = task.get_future();
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.queue_limit) return false;
    queue_.emplace_back([&task] { task(); });
  }
  arrived_.notify_one();
  done.get();
  return true;
}

std::variant<std::optional<std::string>, PasswordHasher::Busy> PasswordHasher::hash(std::string_view password) {
  std::optional<std::string> out;
  if (!run([&] { out = hash_password(password); })) return Busy{};
  return out;
}

std::variant<bool, PasswordHasher::Busy> PasswordHasher::verify(std::string_view password,
                                                                const std::string& stored_hash) {
  bool matches = false;
  if (!run([&] { matches = verify_password(password, stored_hash); })) return Busy{};
  return matches;
}

}  // namespace stratagem::server
