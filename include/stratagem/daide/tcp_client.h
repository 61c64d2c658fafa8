#pragma once
// The DAIDE client over TCP (protocol.html chapter 2): connect, set SO_KEEPALIVE, send
// the Initial Message, then pass octets between the socket and the Client until the
// conversation ends. Plain blocking Boost.Asio sockets: the client only ever waits for
// the server or for its own player.

#include <cstdint>
#include <functional>
#include <string>

#include <tl/expected.hpp>

#include "stratagem/daide/client.h"

namespace stratagem::daide {

// Plays until the client finishes or the server closes the connection. Events go to
// on_event as they happen. An error says why the game could not be played to its end
// (no connection, a protocol error, a rejected map, a refused join).
tl::expected<void, std::string> run_over_tcp(const std::string& host, std::uint16_t port, Client& client,
                                             const std::function<void(const Event&)>& on_event);

}  // namespace stratagem::daide
