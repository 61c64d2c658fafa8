// The group committer on a session that only counts: which transaction each job ran in.
#include "group_commit.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace stratagem::storage {
namespace {

using namespace std::chrono_literals;

struct Transactions {
  std::mutex mutex;
  int begun = 0;
  int committed = 0;
};

class CountingSession final : public SqlSession {
 public:
  explicit CountingSession(Transactions& transactions) : transactions_(transactions) {}
  void begin_write() override {
    std::lock_guard lock(transactions_.mutex);
    ++transactions_.begun;
  }
  void begin_read() override {}
  void commit() override {
    std::lock_guard lock(transactions_.mutex);
    ++transactions_.committed;
  }
  void rollback() noexcept override {}
  bool healthy() const override { return true; }
  std::vector<SqlRow> query(std::string_view, std::span<const SqlValue>) override { return {}; }
  void run_script(std::string_view) override {}

 private:
  Transactions& transactions_;
};

// A job that notes the transaction it ran in.
GroupCommitter::Job noting(Transactions& transactions, std::atomic<int>& ran_in) {
  return [&transactions, &ran_in](SqlSession&) {
    std::lock_guard lock(transactions.mutex);
    ran_in = transactions.begun;
    return true;
  };
}

// A gathering window far longer than the tests take: what they see does not depend on timing.
constexpr auto kLongGather = std::chrono::microseconds(60s);

TEST(GroupCommitter, AWriteAnnouncedBeforeABatchStartsJoinsIt) {
  Transactions transactions;
  GroupCommitter committer([&] { return std::make_unique<CountingSession>(transactions); }, 16, kLongGather);
  std::atomic<int> first_in{0}, second_in{0};
  const auto first = noting(transactions, first_in);
  const auto second = noting(transactions, second_in);
  auto coming = std::make_unique<GroupCommitter::Coming>(committer);
  std::thread writer([&] { committer.run(first, 1); });
  // The batch holding the first job has started by now, or starts with both.
  std::this_thread::sleep_for(50ms);
  committer.run(second, 2, nullptr, coming.get());
  writer.join();
  EXPECT_EQ(first_in, 1);
  EXPECT_EQ(second_in, 1);
  EXPECT_EQ(transactions.committed, 1);
}

TEST(GroupCommitter, ABatchGoesOnAsSoonAsAnAnnouncedWriteIsDropped) {
  Transactions transactions;
  GroupCommitter committer([&] { return std::make_unique<CountingSession>(transactions); }, 16, kLongGather);
  std::atomic<int> first_in{0};
  const auto first = noting(transactions, first_in);
  auto coming = std::make_unique<GroupCommitter::Coming>(committer);
  const auto started = std::chrono::steady_clock::now();
  std::thread writer([&] { committer.run(first, 1); });
  std::this_thread::sleep_for(50ms);
  coming.reset();  // decided to write nothing after all
  writer.join();
  EXPECT_EQ(first_in, 1);
  EXPECT_EQ(transactions.committed, 1);
  // Not the whole window: the batch did not wait for a write that will never come.
  EXPECT_LT(std::chrono::steady_clock::now() - started, kLongGather / 2);
}

TEST(GroupCommitter, ABatchWaitsOnlyForTheWritesAnnouncedWhenItStarts) {
  Transactions transactions;
  GroupCommitter committer([&] { return std::make_unique<CountingSession>(transactions); }, 16, kLongGather);
  std::atomic<int> first_in{0}, second_in{0};
  std::unique_ptr<GroupCommitter::Coming> late;
  // Announced while the first job's batch runs, so after it started: it does not wait.
  const GroupCommitter::Job first = [&](SqlSession& session) {
    late = std::make_unique<GroupCommitter::Coming>(committer);
    return noting(transactions, first_in)(session);
  };
  const auto second = noting(transactions, second_in);
  const auto started = std::chrono::steady_clock::now();
  committer.run(first, 1);
  committer.run(second, 2, nullptr, late.get());
  EXPECT_EQ(first_in, 1);
  EXPECT_EQ(second_in, 2);
  EXPECT_EQ(transactions.committed, 2);
  EXPECT_LT(std::chrono::steady_clock::now() - started, kLongGather / 2);
}

}  // namespace
}  // namespace stratagem::storage
