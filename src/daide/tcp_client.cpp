#include <array>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <fmt/format.h>

#include "stratagem/daide/tcp_client.h"

namespace stratagem::daide {

namespace {

void pass_events(Client& client, const std::function<void(const Event&)>& on_event) {
  for (const Event& event : client.take_events())
    if (on_event) on_event(event);
}

}  // namespace

tl::expected<void, std::string> run_over_tcp(const std::string& host, std::uint16_t port, Client& client,
                                             const std::function<void(const Event&)>& on_event) {
  using boost::asio::ip::tcp;
  boost::asio::io_context io;
  boost::system::error_code error;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(host, std::to_string(port), error);
  if (error) return tl::unexpected(fmt::format("cannot find the server {}:{}: {}", host, port, error.message()));
  tcp::socket socket(io);
  boost::asio::connect(socket, endpoints, error);
  if (error) return tl::unexpected(fmt::format("cannot connect to {}:{}: {}", host, port, error.message()));
  socket.set_option(boost::asio::socket_base::keep_alive(true), error);  // the protocol asks for it; not fatal

  auto write = [&](const std::vector<std::uint8_t>& octets) {
    if (octets.empty()) return true;
    boost::asio::write(socket, boost::asio::buffer(octets), error);
    return !error;
  };
  if (!write(client.start())) return tl::unexpected(fmt::format("cannot send to {}:{}: {}", host, port, error.message()));

  std::array<std::uint8_t, 4096> buffer;
  while (!client.finished()) {
    const std::size_t n = socket.read_some(boost::asio::buffer(buffer), error);
    if (error) {
      client.connection_closed();
      pass_events(client, on_event);
      break;
    }
    const auto reply = client.receive(std::span(buffer.data(), n));
    pass_events(client, on_event);
    if (!write(reply)) {
      pass_events(client, on_event);
      return tl::unexpected(fmt::format("the connection to {}:{} broke: {}", host, port, error.message()));
    }
  }
  socket.shutdown(tcp::socket::shutdown_both, error);
  socket.close(error);
  if (client.failure()) return tl::unexpected(*client.failure());
  return {};
}

}  // namespace stratagem::daide
