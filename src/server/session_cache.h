#pragma once
// Who a session token belongs to, remembered for a few seconds so that every request does
// not ask the database (each order submission used to read `sessions JOIN users` before its
// own transaction). Keyed by the token's SHA-256, as storage keeps it, so the tokens
// themselves are not kept in memory any longer than their request.
//
// What a cached answer may miss, and for how long (at most `lifetime`):
// - in this process nothing: logging out and changing one's language forget the entry;
// - a logout or a language change made through ANOTHER process sharing a PostgreSQL
//   database, and the end of a session's 30 days (a token accepted a few seconds late).
// Only found sessions are kept: an unknown token always asks the database.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "stratagem/storage/store.h"

namespace stratagem::server {

class SessionCache {
 public:
  SessionCache(std::size_t capacity, std::chrono::milliseconds lifetime);

  std::optional<storage::User> get(std::string_view token, storage::Instant now);
  void put(std::string_view token, const storage::User& user, storage::Instant now);
  void forget_token(std::string_view token);
  // Every session of the user (its language changed).
  void forget_user(storage::UserId user);

 private:
  struct Entry {
    storage::User user;
    storage::Instant until;
  };
  static std::string key_of(std::string_view token);

  std::size_t capacity_;
  std::chrono::milliseconds lifetime_;
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace stratagem::server
