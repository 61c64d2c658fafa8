#pragma once
// The HTTP/1.1 server (Boost.Beast over Asio, C++20 coroutines): accepts connections,
// reads requests with a capped body, and hands each one to the RequestHandler on a
// worker thread, so that database commits, phase processing and password hashing never
// hold up the I/O threads; or, when the handler can answer it without anyone waiting
// (RequestHandler::start), lets it go on the I/O thread and writes the answer when it
// comes. Event streams (Server-Sent Events) stay open and are written whenever the
// EventHub says their game may have something new.
//
// Only this file's .cpp includes Beast (it takes long to compile).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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
  struct Chunk {
    std::string text;   // SSE text, possibly empty
    bool more = false;  // there is more to read at once (the chunk stopped at its size limit)
  };
  // Blocking (run on a worker thread): what is new since the last call, at most about
  // `max_bytes` of it, so that what one stream holds in memory stays bounded.
  virtual Chunk next_chunk(std::size_t max_bytes) = 0;
};

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;
  // Blocking; called on a worker thread, never on an I/O thread.
  virtual Response handle(const Request& request) = 0;
  // The answer to a request start() took, given on any thread; nullopt: it goes to
  // handle() after all.
  using Respond = std::function<void(std::optional<Response> response)>;
  // Called on an I/O thread first, so it must not block: takes the request when it can be
  // answered without a worker waiting for it (an action whose write goes to a group
  // commit), calling `respond` once later. False: handle() answers it.
  virtual bool start(const Request& request, Respond respond) {
    (void)request, (void)respond;
    return false;
  }
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
  // Open connections at most: in all (0: what the descriptor limit leaves room for, at
  // most 10,000), and from one client address. A connection beyond either is answered 503
  // and closed.
  std::size_t max_connections = 0;
  std::size_t max_connections_per_address = 256;
  // A request must arrive whole within this once begun, and a new connection must send
  // its first request within it: slow or silent clients cannot hold connections long.
  std::chrono::milliseconds request_timeout{10'000};
  // A kept-alive connection may wait this long for its next request (much less while the
  // server is near its connection limit).
  std::chrono::milliseconds idle_timeout{75'000};
  // Each write to a client (an answer, an event stream's chunk) must finish within this;
  // a client that does not read is dropped (an event stream reconnects with Last-Event-ID).
  std::chrono::milliseconds write_timeout{10'000};
  // At SIGINT/SIGTERM, connections still open this long after are closed.
  std::chrono::milliseconds shutdown_grace{3'000};
  // The most event-stream text read into memory at once for one client.
  std::size_t stream_chunk_limit = 256 * 1024;
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
