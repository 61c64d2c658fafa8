#pragma once
// A DAIDE server for the tests: it listens on 127.0.0.1 on a port the system picks,
// takes one client, and lets a test play the server's side message by message. Every
// wait is bounded (a few seconds), so a client that goes quiet fails the test instead of
// hanging it.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stratagem/daide/framing.h"
#include "stratagem/daide/message.h"

namespace stratagem::daide::testing {

class ScriptedServer {
 public:
  ScriptedServer();
  ~ScriptedServer();
  std::uint16_t port() const;

  // Waits for the client to connect. Throws std::runtime_error after the time limit.
  void accept();
  // The next whole message from the client. Throws on a time-out or a closed connection.
  Frame read_frame();
  // The next message, which must be a Diplomacy Message, as text.
  std::string read_message();
  // Whether the client closes the connection without sending anything more.
  bool client_closes();

  void send_octets(const std::vector<std::uint8_t>& octets);
  void send_frame(MessageType type, const std::vector<std::uint8_t>& data);
  // A Diplomacy Message written as text (tokens of the standard representation).
  void send(std::string_view text);
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The data of a Representation Message that names every standard power and province,
// as AiServer sends it for the standard map.
std::vector<std::uint8_t> standard_representation_data();

}  // namespace stratagem::daide::testing
