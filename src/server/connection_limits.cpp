#include "connection_limits.h"

#include <sys/resource.h>

#include <algorithm>

namespace stratagem::server {

ConnectionLimits::Admission ConnectionLimits::admit(const std::string& address) {
  if (open_ >= most_) return Admission::ServerFull;
  const auto it = per_address_.find(address);
  if ((it == per_address_.end() ? 0 : it->second) >= most_per_address_) return Admission::AddressFull;
  ++per_address_[address];
  ++open_;
  return Admission::Admitted;
}

void ConnectionLimits::release(const std::string& address) {
  const auto it = per_address_.find(address);
  if (it == per_address_.end()) return;
  --open_;
  if (--it->second == 0) per_address_.erase(it);
}

std::size_t connection_limit(std::size_t requested, std::size_t descriptors) {
  constexpr std::size_t kReservedDescriptors = 192;
  constexpr std::size_t kMost = 10'000;
  const std::size_t room = descriptors > kReservedDescriptors + 16 ? descriptors - kReservedDescriptors : 16;
  return requested == 0 ? std::min(room, kMost) : std::min(requested, room);
}

std::size_t connection_limit_of_this_process(std::size_t requested) {
  constexpr std::size_t kUnlimited = 20'000;  // more than connection_limit ever grants
  rlimit limit{};
  std::size_t descriptors = 1024;
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    if (limit.rlim_cur < limit.rlim_max) {
      rlimit raised = limit;
      raised.rlim_cur = limit.rlim_max;
      if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    descriptors = limit.rlim_cur == RLIM_INFINITY ? kUnlimited : static_cast<std::size_t>(limit.rlim_cur);
  }
  return connection_limit(requested, descriptors);
}

}  // namespace stratagem::server
