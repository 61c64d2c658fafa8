#include "rate_limiter.h"

#include <algorithm>

namespace stratagem::server {

RateLimiter::Bucket& RateLimiter::refreshed(const std::string& key, Clock::time_point now) {
  auto [it, inserted] = buckets_.try_emplace(key, Bucket{burst_, now});
  auto& bucket = it->second;
  if (!inserted) {
    const double gained = std::chrono::duration<double>(now - bucket.updated) / refill_;
    bucket.tokens = std::min(burst_, bucket.tokens + gained);
    bucket.updated = now;
  }
  return bucket;
}

// Full buckets carry no information; dropping them keeps memory bounded by the number of
// keys used recently.
void RateLimiter::forget_full_buckets(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::minutes(1)) return;
  last_sweep_ = now;
  std::erase_if(buckets_, [&](const auto& entry) {
    const double gained = std::chrono::duration<double>(now - entry.second.updated) / refill_;
    return entry.second.tokens + gained >= burst_;
  });
}

RateLimiter::Clock::duration RateLimiter::wait_for(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  forget_full_buckets(now);
  const auto& bucket = refreshed(key, now);
  if (bucket.tokens >= 1.0) return Clock::duration::zero();
  return std::chrono::duration_cast<Clock::duration>(refill_ * (1.0 - bucket.tokens));
}

void RateLimiter::take(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto& bucket = refreshed(key, now);
  bucket.tokens = std::max(0.0, bucket.tokens - 1.0);
}

}  // namespace stratagem::server
