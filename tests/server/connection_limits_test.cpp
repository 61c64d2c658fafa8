// ConnectionLimits alone: the counts both listeners admit and refuse connections by.
#include <string>

#include <gtest/gtest.h>

#include "connection_limits.h"

namespace stratagem::server {
namespace {

using Admission = ConnectionLimits::Admission;

TEST(ConnectionLimits, AdmitsUpToTheLimitOfOneAddressAndRefusesTheNext) {
  ConnectionLimits limits(10, 2);
  EXPECT_EQ(limits.admit("10.0.0.1"), Admission::Admitted);
  EXPECT_EQ(limits.admit("10.0.0.1"), Admission::Admitted);
  EXPECT_EQ(limits.admit("10.0.0.1"), Admission::AddressFull);
  EXPECT_EQ(limits.open(), 2u);
  // Another address is not held back by this one.
  EXPECT_EQ(limits.admit("10.0.0.2"), Admission::Admitted);
  EXPECT_EQ(limits.open(), 3u);
}

TEST(ConnectionLimits, AFullServerRefusesEveryAddressAndSaysSoFirst) {
  ConnectionLimits limits(3, 2);
  EXPECT_EQ(limits.admit("a"), Admission::Admitted);
  EXPECT_EQ(limits.admit("a"), Admission::Admitted);
  EXPECT_EQ(limits.admit("b"), Admission::Admitted);
  EXPECT_EQ(limits.admit("c"), Admission::ServerFull);
  // "a" is at its own limit too, but the server's is what was reached.
  EXPECT_EQ(limits.admit("a"), Admission::ServerFull);
  EXPECT_EQ(limits.open(), 3u);
}

TEST(ConnectionLimits, AReleasedConnectionMakesRoomForItsAddressAndTheServer) {
  ConnectionLimits limits(2, 1);
  ASSERT_EQ(limits.admit("a"), Admission::Admitted);
  ASSERT_EQ(limits.admit("b"), Admission::Admitted);
  EXPECT_EQ(limits.admit("c"), Admission::ServerFull);
  limits.release("a");
  EXPECT_EQ(limits.open(), 1u);
  EXPECT_EQ(limits.admit("b"), Admission::AddressFull);
  EXPECT_EQ(limits.admit("a"), Admission::Admitted);
  EXPECT_EQ(limits.open(), 2u);
}

TEST(ConnectionLimits, RefusalsAreNotCounted) {
  ConnectionLimits limits(2, 1);
  ASSERT_EQ(limits.admit("a"), Admission::Admitted);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(limits.admit("a"), Admission::AddressFull);
  limits.release("a");
  EXPECT_EQ(limits.open(), 0u);
  EXPECT_EQ(limits.admit("a"), Admission::Admitted);
}

TEST(ConnectionLimits, ReleasingAnAddressWithNothingOpenChangesNothing) {
  ConnectionLimits limits(2, 2);
  ASSERT_EQ(limits.admit("a"), Admission::Admitted);
  limits.release("b");
  EXPECT_EQ(limits.open(), 1u);
  limits.release("a");
  limits.release("a");
  EXPECT_EQ(limits.open(), 0u);
}

TEST(ConnectionLimits, NearTheLimitFromThreeQuartersOfIt) {
  ConnectionLimits limits(8, 8);
  for (int i = 0; i < 5; ++i) ASSERT_EQ(limits.admit("a"), Admission::Admitted);
  EXPECT_FALSE(limits.near_limit());
  ASSERT_EQ(limits.admit("a"), Admission::Admitted);
  EXPECT_TRUE(limits.near_limit());
  limits.release("a");
  EXPECT_FALSE(limits.near_limit());
}

TEST(ConnectionLimits, TheServersLimitLeavesRoomForOtherDescriptors) {
  // 192 descriptors kept for the database, files and the process.
  EXPECT_EQ(connection_limit(0, 1024), 832u);
  EXPECT_EQ(connection_limit(500, 1024), 500u);
  EXPECT_EQ(connection_limit(5000, 1024), 832u);
  // At most 10,000 unless asked for; never more than the descriptors allow.
  EXPECT_EQ(connection_limit(0, 1'048'576), 10'000u);
  EXPECT_EQ(connection_limit(50'000, 1'048'576), 50'000u);
  // Very few descriptors still leave 16 connections.
  EXPECT_EQ(connection_limit(0, 100), 16u);
  EXPECT_EQ(connection_limit(0, 208), 16u);
  EXPECT_EQ(connection_limit(0, 209), 17u);
}

}  // namespace
}  // namespace stratagem::server
