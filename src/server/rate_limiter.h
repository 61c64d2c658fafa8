#pragma once
// A token bucket per key: `burst` attempts, refilled at one per `refill`. The API limits
// account creation per client address with it (429 while the bucket is empty, before any
// password is hashed).

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
  // Takes one attempt from the key's bucket.
  void take(const std::string& key, Clock::time_point now);

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
