#include "session_cache.h"

#include <sodium.h>

#include <array>
#include <iterator>

namespace stratagem::server {

SessionCache::SessionCache(std::size_t capacity, std::chrono::milliseconds lifetime)
    : capacity_(capacity == 0 ? 1 : capacity), lifetime_(lifetime) {}

std::string SessionCache::key_of(std::string_view token) {
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(token.data()), token.size());
  return std::string(reinterpret_cast<const char*>(digest.data()), digest.size());
}

std::optional<storage::User> SessionCache::get(std::string_view token, storage::Instant now) {
  const std::string key = key_of(token);
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(key);
  if (found == entries_.end()) return std::nullopt;
  if (found->second.until <= now) {
    entries_.erase(found);
    return std::nullopt;
  }
  return found->second.user;
}

void SessionCache::put(std::string_view token, const storage::User& user, storage::Instant now) {
  std::string key = key_of(token);
  std::lock_guard lock(mutex_);
  if (entries_.size() >= capacity_ && !entries_.contains(key)) {
    std::erase_if(entries_, [&](const auto& entry) { return entry.second.until <= now; });
    // Still full of live entries: any one may go, it is read again from the database.
    if (entries_.size() >= capacity_) entries_.erase(entries_.begin());
  }
  entries_.insert_or_assign(std::move(key), Entry{user, now + lifetime_});
}

void SessionCache::forget_token(std::string_view token) {
  const std::string key = key_of(token);
  std::lock_guard lock(mutex_);
  entries_.erase(key);
}

void SessionCache::forget_user(storage::UserId user) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const auto& entry) { return entry.second.user.id == user; });
}

}  // namespace stratagem::server
