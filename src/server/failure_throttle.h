#pragma once
// Failed logins, throttled per key with delays that grow: after `free_failures` failures
// each further try waits base, 2 base, 4 base, ... (at most `longest`) after the last
// failure. The API keys it by (client address, account name) and by client address, so a
// guesser slows only itself: a correct password from an address that has not been
// failing is never refused, whoever else is guessing at that name. A success clears its
// (address, name) key; a key forgets its failures once quiet for `forget_after`.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace stratagem::server {

struct FailureThrottleOptions {
  int free_failures = 5;
  std::chrono::steady_clock::duration base = std::chrono::seconds(1);
  std::chrono::steady_clock::duration longest = std::chrono::minutes(15);
  std::chrono::steady_clock::duration forget_after = std::chrono::hours(1);
  // Keys kept at most (the quietest are forgotten first beyond it): memory stays bounded
  // whatever number of addresses and names an attacker uses.
  std::size_t max_keys = 100'000;
};

class FailureThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit FailureThrottle(FailureThrottleOptions options) : options_(options) {}

  // Zero when `key` may try now, else how long until it may.
  Clock::duration wait_for(const std::string& key, Clock::time_point now);
  void record_failure(const std::string& key, Clock::time_point now);
  void record_success(const std::string& key);

 private:
  struct Record {
    int failures = 0;
    Clock::time_point last;
  };
  void forget_quiet(Clock::time_point now);

  FailureThrottleOptions options_;
  std::mutex mutex_;
  std::unordered_map<std::string, Record> records_;
  Clock::time_point last_sweep_{};
};

}  // namespace stratagem::server
