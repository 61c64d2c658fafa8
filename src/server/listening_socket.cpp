#include "listening_socket.h"

#include <fmt/format.h>

namespace stratagem::server {

tl::expected<void, std::string> open_listening_socket(boost::asio::ip::tcp::acceptor& acceptor,
                                                      const boost::asio::ip::tcp::endpoint& endpoint,
                                                      std::string_view option, std::string_view host) {
  boost::system::error_code error;
  acceptor.open(endpoint.protocol(), error);
  if (!error) acceptor.set_option(boost::asio::socket_base::reuse_address(true), error);
  if (!error) acceptor.bind(endpoint, error);
  if (!error) acceptor.listen(boost::asio::socket_base::max_listen_connections, error);
  if (error) {
    return tl::unexpected(fmt::format("{}: cannot listen on {}:{}: {}", option, host, endpoint.port(), error.message()));
  }
  return {};
}

}  // namespace stratagem::server
