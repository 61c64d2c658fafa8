#pragma once
// The HTTP/1.1 server (Boost.Beast over Asio, C++20 coroutines): accepts connections,
// reads requests with a capped body, and hands each one to the RequestHandler on a
// worker thread, so that database commits, phase processing and password hashing never
// hold up the I/O threads. Event streams (Server-Sent Events) stay open and are written
// whenever the EventHub says their game may have something new.
//
// Only this file's .cpp includes Beast (it takes long to compile).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include <tl/expected.hpp>

#include "event_hub.h"
#include "http_message.h"

namespace stratagem::server {

struct ListenAddress {
  std::string host;
  std::uint16_t port = 0;
};

// "HOST:PORT" or "[V6]:PORT".
tl::expected<ListenAddress, std::string> parse_listen_address(std::string_view text);

// One open event stream.
class EventStream {
 public:
  virtual ~EventStream() = default;
  // The EventHub topic that wakes it.
  virtual std::string topic() const = 0;
  // Blocking (run on a worker thread): the SSE text of what is new since the last call,
  // possibly empty.
  virtual std::string next_chunk() = 0;
};

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;
  // Blocking; called on a worker thread, never on an I/O thread.
  virtual Response handle(const Request& request) = 0;
  virtual bool is_event_stream(const Request& request) const = 0;
  // For a request is_event_stream accepts: a stream, or the error to answer with.
  virtual std::variant<Response, std::unique_ptr<EventStream>> open_event_stream(const Request& request) = 0;
  // The 413 answer (in the language of the request's Accept-Language).
  virtual Response body_too_large(const Request& request, std::size_t limit) const = 0;
  // The answer to a request that is not HTTP/1.1 as it should be (400), or whose header
  // is over the limit (431); `request` holds what could be read of it.
  virtual Response malformed_request(const Request& request, bool header_too_large) const = 0;
};

struct HttpServerOptions {
  std::size_t io_threads = 1;
  // Handlers mostly wait (for the database, for a group commit's fsync): many threads let many
  // requests share one commit.
  std::size_t worker_threads = 32;
  std::size_t body_limit = 64 * 1024;
};

class HttpServer {
 public:
  HttpServer(RequestHandler& handler, EventHub& hub, HttpServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens; the address with the real port (for port 0).
  tl::expected<ListenAddress, std::string> listen(const ListenAddress& address);
  // Serves until SIGINT or SIGTERM, then stops accepting, ends the event streams, lets
  // the requests in flight finish and returns.
  void run();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stratagem::server
