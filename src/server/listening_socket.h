#pragma once
// A listening TCP socket as both listeners (HTTP and DAIDE) open one: the address reused
// (a restarted server binds at once), the longest backlog the system allows.

#include <string>
#include <string_view>

#include <boost/asio/ip/tcp.hpp>
#include <tl/expected.hpp>

namespace stratagem::server {

// Opens `acceptor` on `endpoint` and listens. The error names the command-line option
// (`--listen`, `--daide`) and the host as it was written there.
tl::expected<void, std::string> open_listening_socket(boost::asio::ip::tcp::acceptor& acceptor,
                                                      const boost::asio::ip::tcp::endpoint& endpoint,
                                                      std::string_view option, std::string_view host);

}  // namespace stratagem::server
