#include "support/scripted_server.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

namespace stratagem::daide::testing {

namespace {
constexpr int kWaitMilliseconds = 10000;
}

using boost::asio::ip::tcp;

struct ScriptedServer::Impl {
  boost::asio::io_context io;
  tcp::acceptor acceptor{io, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)};
  tcp::socket socket{io};
};

ScriptedServer::ScriptedServer() : impl_(std::make_unique<Impl>()) {}
ScriptedServer::~ScriptedServer() = default;

std::uint16_t ScriptedServer::port() const { return impl_->acceptor.local_endpoint().port(); }

void ScriptedServer::accept() {
  pollfd waiting{impl_->acceptor.native_handle(), POLLIN, 0};
  if (::poll(&waiting, 1, kWaitMilliseconds) != 1) throw std::runtime_error("no client connected in time");
  impl_->acceptor.accept(impl_->socket);
  timeval limit{kWaitMilliseconds / 1000, 0};
  ::setsockopt(impl_->socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
}

Frame ScriptedServer::read_frame() {
  std::uint8_t header[kHeaderSize];
  boost::system::error_code error;
  boost::asio::read(impl_->socket, boost::asio::buffer(header), error);
  if (error) throw std::runtime_error("reading a message header: " + error.message());
  Frame frame;
  frame.type = header[0];
  frame.data.resize(std::size_t{header[2]} << 8 | header[3]);
  boost::asio::read(impl_->socket, boost::asio::buffer(frame.data), error);
  if (error) throw std::runtime_error("reading a message body: " + error.message());
  return frame;
}

std::string ScriptedServer::read_message() {
  const Frame frame = read_frame();
  if (frame.type != static_cast<std::uint8_t>(MessageType::Diplomacy))
    throw std::runtime_error("expected a Diplomacy Message, got type " + std::to_string(frame.type));
  auto tokens = from_octets(frame.data);
  if (!tokens) throw std::runtime_error(tokens.error());
  return to_text(*tokens, Representation::standard());
}

bool ScriptedServer::client_closes() {
  std::uint8_t byte;
  boost::system::error_code error;
  impl_->socket.read_some(boost::asio::buffer(&byte, 1), error);
  return error == boost::asio::error::eof || error == boost::asio::error::connection_reset;
}

void ScriptedServer::send_octets(const std::vector<std::uint8_t>& octets) {
  boost::system::error_code error;
  boost::asio::write(impl_->socket, boost::asio::buffer(octets), error);
}

void ScriptedServer::send_frame(MessageType type, const std::vector<std::uint8_t>& data) {
  send_octets(*encode_frame(type, data));
}

void ScriptedServer::send(std::string_view text) {
  auto tokens = from_text(text, Representation::standard());
  if (!tokens) throw std::runtime_error("the test's message does not read: " + tokens.error());
  send_frame(MessageType::Diplomacy, to_octets(*tokens));
}

void ScriptedServer::close() {
  boost::system::error_code error;
  impl_->socket.shutdown(tcp::socket::shutdown_both, error);
  impl_->socket.close(error);
  impl_->acceptor.close(error);
}

std::vector<std::uint8_t> standard_representation_data() {
  const Representation& standard = Representation::standard();
  std::vector<Token> named = standard.powers();
  for (Token t : standard.provinces()) named.push_back(t);
  std::vector<std::uint8_t> data;
  for (Token t : named) {
    const std::string_view name = *standard.mnemonic(t);
    data.push_back(static_cast<std::uint8_t>(t.value >> 8));
    data.push_back(static_cast<std::uint8_t>(t.value & 0xFF));
    data.insert(data.end(), name.begin(), name.end());
    data.push_back(0);
  }
  return data;
}

}  // namespace stratagem::daide::testing
