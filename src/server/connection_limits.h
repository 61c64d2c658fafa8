#pragma once
// How many connections a listener keeps open, in all and from each client address: whether
// a new one is admitted, and the count given back when one closes. Both listeners (HTTP
// and DAIDE) hold their connections themselves; this holds only the counts, so it knows no
// sockets and is tested alone. Not synchronised: a listener calls it under the lock that
// guards its own list of connections.

#include <cstddef>
#include <string>
#include <unordered_map>

namespace stratagem::server {

class ConnectionLimits {
 public:
  ConnectionLimits(std::size_t most, std::size_t most_per_address)
      : most_(most), most_per_address_(most_per_address) {}

  enum class Admission { Admitted, ServerFull, AddressFull };
  // Admitted: the connection is counted until release(address). The server's limit is
  // checked first, so a full server says so whichever address asks.
  Admission admit(const std::string& address);
  // An admitted connection from `address` has closed.
  void release(const std::string& address);

  std::size_t open() const { return open_; }
  std::size_t most() const { return most_; }
  // Three quarters of the server's limit are taken: the HTTP listener gives idle
  // keep-alive connections less time then.
  bool near_limit() const { return open_ * 4 >= most_ * 3; }

 private:
  std::size_t most_;
  std::size_t most_per_address_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;  // addresses with a connection open only
};

// The server's limit when none is asked for (`requested` 0), or `requested` kept within
// what `descriptors` (the process's descriptor limit) leaves after room for the database's
// connections, files and the process itself; at most 10,000 unless asked for.
std::size_t connection_limit(std::size_t requested, std::size_t descriptors);
// The same for this process: its soft descriptor limit is raised to the hard one first (as
// servers do), so `ulimit -n` is what bounds it.
std::size_t connection_limit_of_this_process(std::size_t requested);

}  // namespace stratagem::server
