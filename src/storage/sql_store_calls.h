#pragma once
// SqlStore's two ways to the database, which every part of the store calls: run (a pooled
// connection) and write (a group commit). Included by the store's .cpp files only.

#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "sql_rows.h"
#include "sql_store.h"

namespace stratagem::storage {

// A connection found lost (the database restarted, a proxy closed it) is replaced and the
// call made once more: nothing was committed on it, since a connection lost during COMMIT
// is reported as `failed` (outcome unknown), not `unavailable`.
constexpr int kAttempts = 2;

// Runs of a write that the database undid to break a deadlock, before it fails.
constexpr int kRetryableAttempts = 5;

template <typename T, typename Body>
StoreResult<T> SqlStore::run(const std::string& operation, Body&& body) {
  for (int attempt = 1;; ++attempt) {
    try {
      auto session = pool_.acquire();
      if constexpr (std::is_void_v<T>) {
        body(*session);
        return {};
      } else {
        return body(*session);
      }
    } catch (const SqlFailure& failure) {
      if (failure.code() == StoreErrorCode::unavailable && attempt < kAttempts) {
        pool_.discard_idle();
        continue;
      }
      return tl::unexpected(sql::error(failure.code(), operation, failure.what()));
    } catch (const std::exception& exception) {
      // Not the database's doing (out of memory, a row this program cannot read).
      return tl::unexpected(sql::error(StoreErrorCode::failed, operation, exception.what()));
    }
  }
}

template <typename T>
StoreResult<T> SqlStore::write(const std::string& operation,
                               const std::function<StoreResult<T>(SqlSession&)>& work, GameId game,
                               GameWrite* together) {
  std::optional<StoreResult<T>> result;
  const GroupCommitter::Job job = [&](SqlSession& session) {
    result = work(session);
    return result->has_value();
  };
  auto& committer = committer_of(game);
  for (int attempt = 1;; ++attempt) {
    try {
      result.reset();
      committer.run(job, game, together);
      if constexpr (std::is_void_v<T>) {
        if (!result) return {};  // written together with its batch, in place of `work`
      }
      return std::move(*result);
    } catch (const SqlFailure& failure) {
      if (failure.retryable() && attempt < kRetryableAttempts) continue;
      if (failure.code() == StoreErrorCode::unavailable && attempt < kAttempts) continue;
      return tl::unexpected(sql::error(failure.code(), operation, failure.what()));
    } catch (const std::exception& exception) {
      // Not the database's doing (out of memory, a row this program cannot read).
      return tl::unexpected(sql::error(StoreErrorCode::failed, operation, exception.what()));
    }
  }
}

}  // namespace stratagem::storage
