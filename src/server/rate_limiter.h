#pragma once
// Failed logins, limited per account name and per client address: each key has a bucket
// of `burst` attempts refilled at one per `refill`. A login is refused (429) while either
// bucket is empty, before the password is hashed, so guessing costs the server nothing.
// Only failures take from the buckets: a player who logs in often is never locked out.

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace stratagem::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double burst, Clock::duration refill) : burst_(burst), refill_(refill) {}

  // Zero when `key` may try now, else how long until it may.
  Clock::duration wait_for(const std::string& key, Clock::time_point now);
  void record_failure(const std::string& key, Clock::time_point now);

 private:
  struct Bucket {
    double tokens;
    Clock::time_point updated;
  };
  Bucket& refreshed(const std::string& key, Clock::time_point now);
  void forget_full_buckets(Clock::time_point now);

  double burst_;
  Clock::duration refill_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  Clock::time_point last_sweep_{};
};

}  // namespace stratagem::server
