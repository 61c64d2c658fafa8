#include "failure_throttle.h"

#include <algorithm>
#include <vector>

namespace stratagem::server {

void FailureThrottle::forget_quiet(Clock::time_point now) {
  const bool over = records_.size() > options_.max_keys;
  if (!over && now - last_sweep_ < std::chrono::minutes(1)) return;
  last_sweep_ = now;
  std::erase_if(records_, [&](const auto& entry) { return now - entry.second.last >= options_.forget_after; });
  if (records_.size() <= options_.max_keys) return;
  // Still too many: keep the most recent half.
  std::vector<Clock::time_point> times;
  times.reserve(records_.size());
  for (const auto& [key, record] : records_) times.push_back(record.last);
  auto middle = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2);
  std::nth_element(times.begin(), middle, times.end());
  const auto cutoff = *middle;
  std::erase_if(records_, [&](const auto& entry) { return entry.second.last < cutoff; });
}

FailureThrottle::Clock::duration FailureThrottle::wait_for(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto it = records_.find(key);
  if (it == records_.end()) return Clock::duration::zero();
  const auto& record = it->second;
  if (now - record.last >= options_.forget_after) return Clock::duration::zero();
  const int over = record.failures - options_.free_failures;
  if (over < 0) return Clock::duration::zero();
  auto delay = options_.base;
  for (int i = 0; i < over && delay < options_.longest; ++i) delay *= 2;
  delay = std::min(delay, options_.longest);
  const auto ready = record.last + delay;
  return ready > now ? ready - now : Clock::duration::zero();
}

void FailureThrottle::record_failure(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  forget_quiet(now);
  auto& record = records_[key];
  if (record.failures > 0 && now - record.last >= options_.forget_after) record.failures = 0;
  ++record.failures;
  record.last = now;
}

void FailureThrottle::record_success(const std::string& key) {
  std::lock_guard lock(mutex_);
  records_.erase(key);
}

}  // namespace stratagem::server
