#include "http_listener.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <spdlog/spdlog.h>

#include "connection_limits.h"
#include "listening_socket.h"
#include "stratagem/forward_error.h"

namespace stratagem::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;

constexpr auto kKeepAliveComment = std::chrono::seconds(15);
constexpr std::size_t kHeaderLimit = 16 * 1024;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX sequences decoded ("+" too, in a query); a malformed one is kept as written.
std::string percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2])));
      i += 2;
    } else if (plus_is_space && text[i] == '+') {
      out.push_back(' ');
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

void split_target(std::string_view target, Request& request) {
  const auto question = target.find('?');
  request.path = percent_decode(target.substr(0, question), false);
  if (question == std::string_view::npos) return;
  auto query = target.substr(question + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    const auto equals = pair.find('=');
    if (!pair.empty()) {
      request.query[percent_decode(pair.substr(0, equals), true)] =
          equals == std::string_view::npos ? std::string() : percent_decode(pair.substr(equals + 1), true);
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
}

std::string header_value(const http::request<http::string_body>& message, http::field field) {
  const auto it = message.find(field);
  return it == message.end() ? std::string() : std::string(it->value());
}

Request make_request(http::request<http::string_body>& message, std::string remote_address) {
  Request request;
  request.method = std::string(message.method_string());
  split_target(message.target(), request);
  request.authorization = header_value(message, http::field::authorization);
  request.accept_language = header_value(message, http::field::accept_language);
  if (const auto it = message.find("Last-Event-ID"); it != message.end()) request.last_event_id = std::string(it->value());
  request.remote_address = std::move(remote_address);
  request.body = std::move(message.body());
  return request;
}

http::response<http::string_body> to_beast(const Response& response, unsigned version, bool keep_alive) {
  http::response<http::string_body> out{static_cast<http::status>(response.status), version};
  out.set(http::field::server, "stratagem");
  if (!response.content_type.empty()) out.set(http::field::content_type, response.content_type);
  for (const auto& [name, value] : response.headers) out.set(name, value);
  out.keep_alive(keep_alive);
  out.body() = response.body;
  out.prepare_payload();
  return out;
}

// Over a connection limit: answered before the request is read, so the reply is the
// same for every request.
Response too_many_connections() {
  auto response = ApiError{503, "unavailable", "too many connections; try again in a few seconds"}.response();
  response.headers.emplace_back("Retry-After", "5");
  return response;
}

std::string serialized(const Response& response) {
  std::ostringstream text;
  text << to_beast(response, 11, false);
  return std::move(text).str();
}

}  // namespace

tl::expected<ListenAddress, std::string> parse_listen_address(std::string_view text) {
  const auto colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0) {
    return tl::unexpected(fmt::format("--listen: '{}' is not HOST:PORT", text));
  }
  auto host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  const auto port_text = text.substr(colon + 1);
  unsigned port = 0;
  if (port_text.empty() || port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string_view::npos ||
      (port = static_cast<unsigned>(std::stoul(std::string(port_text)))) > 65535) {
    return tl::unexpected(fmt::format("--listen: port '{}' is not a number from 0 to 65535", port_text));
  }
  return ListenAddress{std::string(host), static_cast<std::uint16_t>(port)};
}

class HttpServer::Impl {
 public:
  Impl(RequestHandler& handler, EventHub& hub, HttpServerOptions options)
      : handler_(handler),
        hub_(hub),
        options_(options),
        io_(static_cast<int>(options.io_threads)),
        workers_(options.worker_threads),
        acceptor_(io_),
        signals_(io_, SIGINT, SIGTERM),
        control_(asio::make_strand(io_)),
        shutdown_timer_(control_),
        limits_(connection_limit_of_this_process(options.max_connections), options.max_connections_per_address) {
    reserve_descriptor_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }

  ~Impl() {
    workers_.stop();
    workers_.join();
    if (reserve_descriptor_ >= 0) ::close(reserve_descriptor_);
  }

  tl::expected<ListenAddress, std::string> listen(const ListenAddress& address) {
    boost::system::error_code error;
    tcp::resolver resolver(io_);
    const auto endpoints = resolver.resolve(address.host, std::to_string(address.port),
                                            tcp::resolver::passive | tcp::resolver::numeric_service, error);
    if (error || endpoints.empty()) {
      return tl::unexpected(fmt::format("--listen: cannot resolve '{}': {}", address.host, error.message()));
    }
    STRATAGEM_TRY(open_listening_socket(acceptor_, *endpoints.begin(), "--listen", address.host));
    const auto bound = acceptor_.local_endpoint();
    return ListenAddress{address.host, bound.port()};
  }

  void run() {
    spdlog::info("connections: at most {} in all, {} from one address", limits_.most(),
                 options_.max_connections_per_address);
    asio::co_spawn(io_, accept_loop(), asio::detached);
    signals_.async_wait(asio::bind_executor(control_, [this](const boost::system::error_code& error, int signal) {
      if (error) return;
      spdlog::info("signal {}: no new connections; finishing the requests in flight", signal);
      stop();
    }));
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < options_.io_threads; ++i) threads.emplace_back([this] { io_.run(); });
    io_.run();
    for (auto& thread : threads) thread.join();
    workers_.join();
  }

 private:
  struct Connection {
    Connection(tcp::socket socket, std::string address) : stream(std::move(socket)), address(std::move(address)) {}
    beast::tcp_stream stream;
    std::string address;
    // Only touched on the stream's strand:
    bool busy = false;       // a request is being answered
    bool streaming = false;  // an event stream
  };

  void stop() {
    stopping_ = true;
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    hub_.publish_all();
    // Idle keep-alive connections and event streams are closed now, a busy one after its
    // answer; whatever is still open after the grace period is closed too, so the process
    // ends whatever its clients do.
    for_each_connection([](Connection& connection) {
      if (connection.streaming) {
        boost::system::error_code error;
        connection.stream.socket().shutdown(tcp::socket::shutdown_both, error);
        connection.stream.close();
      } else if (!connection.busy) {
        connection.stream.cancel();
      }
    });
    shutdown_timer_.expires_after(options_.shutdown_grace);
    shutdown_timer_.async_wait([this](const boost::system::error_code& error) {
      if (error) return;
      if (const auto open = open_connections(); open > 0) {
        spdlog::warn("shutdown: closing {} connections still open after the grace period", open);
      }
      for_each_connection([](Connection& connection) { connection.stream.close(); });
    });
    if (open_connections() == 0) shutdown_timer_.cancel();
  }

  std::size_t open_connections() {
    std::lock_guard lock(connections_mutex_);
    return limits_.open();
  }

  // Runs `action` on each open connection's strand.
  template <typename Action>
  void for_each_connection(Action action) {
    std::lock_guard lock(connections_mutex_);
    for (const auto& [id, weak] : connections_) {
      if (auto connection = weak.lock()) {
        asio::post(connection->stream.get_executor(), [connection, action]() mutable { action(*connection); });
      }
    }
  }

  // The answer of a request the handler took without a worker (RequestHandler::start),
  // resumed on the connection's strand whichever thread gives it; nullopt when the handler
  // did not take it or handed it back. Until then the I/O threads keep running (run()
  // does not return, so nothing the answer reaches is destroyed before it comes).
  awaitable<std::optional<Response>> started_answer(const Request& request) {
    return asio::async_initiate<decltype(use_awaitable), void(std::optional<Response>)>(
        [this, &request](auto completion) {
          struct Waiting {
            decltype(completion) resume_coroutine;
            asio::executor_work_guard<asio::io_context::executor_type> work;
          };
          auto waiting = std::make_shared<Waiting>(Waiting{std::move(completion), asio::make_work_guard(io_)});
          auto resume = [waiting](std::optional<Response> response) {
            asio::post(asio::append(std::move(waiting->resume_coroutine), std::move(response)));
            waiting->work.reset();
          };
          if (!handler_.start(request, resume)) resume(std::nullopt);
        },
        use_awaitable);
  }

  template <typename F>
  awaitable<std::invoke_result_t<F>> on_worker(F work) {
    using Result = std::invoke_result_t<F>;
    co_return co_await asio::co_spawn(
        workers_, [work = std::move(work)]() mutable -> awaitable<Result> { co_return work(); }, use_awaitable);
  }

  // Out of descriptors, the oldest waiting connection is taken with the reserved
  // descriptor and closed at once: its client hears "no" now instead of timing out, and
  // the listening socket is not left ready forever (a busy loop).
  void shed_one_waiting_connection() {
    if (reserve_descriptor_ < 0) return;
    ::close(reserve_descriptor_);
    const int taken = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (taken >= 0) ::close(taken);
    reserve_descriptor_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }

  awaitable<void> accept_loop() {
    constexpr auto kFirstBackoff = std::chrono::milliseconds(10);
    constexpr auto kLongestBackoff = std::chrono::milliseconds(1000);
    auto backoff = kFirstBackoff;
    std::uint64_t failures = 0;  // of this episode; logged once at its start and once at its end
    asio::steady_timer pause(io_);
    while (!stopping_) {
      boost::system::error_code error;
      auto socket = co_await acceptor_.async_accept(asio::make_strand(io_), asio::redirect_error(use_awaitable, error));
      if (error) {
        if (stopping_ || error == asio::error::operation_aborted) break;
        if (failures++ == 0) spdlog::warn("accept: {}; retrying with backoff (logged once until it recovers)", error.message());
        if (error == asio::error::no_descriptors || error.value() == ENFILE) shed_one_waiting_connection();
        pause.expires_after(backoff);
        co_await pause.async_wait(asio::redirect_error(use_awaitable, error));
        backoff = std::min(backoff * 2, kLongestBackoff);
        continue;
      }
      if (failures > 0) {
        spdlog::info("accept: working again after {} failures", failures);
        failures = 0;
        backoff = kFirstBackoff;
      }
      admit(std::move(socket));
    }
  }

  void admit(tcp::socket socket) {
    boost::system::error_code error;
    socket.set_option(tcp::no_delay(true), error);
    auto address = socket.remote_endpoint(error).address().to_string();
    std::shared_ptr<Connection> connection;
    std::uint64_t id = 0;
    {
      std::lock_guard lock(connections_mutex_);
      if (const auto admission = limits_.admit(address); admission != ConnectionLimits::Admission::Admitted) {
        refuse(std::move(socket), admission == ConnectionLimits::Admission::ServerFull
                                      ? "the server's connection limit"
                                      : "the connection limit of " + address);
        return;
      }
      connection = std::make_shared<Connection>(std::move(socket), address);
      id = next_connection_id_++;
      connections_.emplace(id, connection);
    }
    asio::co_spawn(connection->stream.get_executor(), serve(connection),
                   [this, id, address = std::move(address)](std::exception_ptr failure) {
                     if (failure) {
                       try {
                         std::rethrow_exception(failure);
                       } catch (const std::exception& e) {
                         spdlog::debug("connection {}: {}", id, e.what());
                       }
                     }
                     std::lock_guard lock(connections_mutex_);
                     connections_.erase(id);
                     limits_.release(address);
                     // The last connection gone at shutdown: nothing left to wait for.
                     if (stopping_ && connections_.empty()) {
                       asio::post(control_, [this] { shutdown_timer_.cancel(); });
                     }
                   });
  }

  // Over a connection limit: a 503 with Retry-After, written within a second, then closed.
  // Refusals are logged at most every ten seconds; while many are being written already
  // (a flood), the connection is simply closed.
  void refuse(tcp::socket socket, const std::string& limit) {
    constexpr std::size_t kMostRefusalsInFlight = 64;
    ++refused_;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_refusal_log_ >= std::chrono::seconds(10)) {
      spdlog::warn("refused {} connections: {} reached", refused_, limit);
      refused_ = 0;
      last_refusal_log_ = now;
    }
    if (refusals_in_flight_ >= kMostRefusalsInFlight) return;  // the socket closes here
    ++refusals_in_flight_;
    auto stream = std::make_shared<beast::tcp_stream>(std::move(socket));
    stream->expires_after(std::chrono::seconds(1));
    asio::async_write(*stream, asio::buffer(too_many_connections_),
                      [this, stream](const boost::system::error_code&, std::size_t) {
                        boost::system::error_code ignored;
                        stream->socket().shutdown(tcp::socket::shutdown_send, ignored);
                        --refusals_in_flight_;
                      });
  }

  bool near_connection_limit() {
    std::lock_guard lock(connections_mutex_);
    return limits_.near_limit();
  }

  awaitable<void> serve(std::shared_ptr<Connection> connection) {
    beast::flat_buffer buffer;
    boost::system::error_code error;
    bool first = true;
    while (!stopping_) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(kHeaderLimit);
      parser.body_limit(options_.body_limit);
      connection->busy = false;
      // Waiting for the next request: its first byte within the idle limit (the request
      // limit on a new connection, and a short one while the server is near its limit).
      if (buffer.size() == 0) {
        const auto idle = first ? options_.request_timeout
                                : near_connection_limit() ? kIdleNearLimit : options_.idle_timeout;
        connection->stream.expires_after(idle);
        const auto read = co_await connection->stream.async_read_some(buffer.prepare(kHeaderLimit),
                                                                      asio::redirect_error(use_awaitable, error));
        if (error) break;
        buffer.commit(read);
      }
      first = false;
      connection->stream.expires_after(options_.request_timeout);
      co_await http::async_read(connection->stream, buffer, parser, asio::redirect_error(use_awaitable, error));
      connection->busy = true;
      if (error == http::error::body_limit) {
        co_await refuse_large_body(connection, parser.get());
        co_return;
      }
      if (error && error.category() == http::make_error_code(http::error::bad_target).category() &&
          error != http::error::end_of_stream) {
        // Not HTTP as it should be: say so once, then close (the stream cannot be trusted).
        auto& partial = parser.get();
        const auto answer =
            handler_.malformed_request(make_request(partial, connection->address), error == http::error::header_limit);
        boost::system::error_code ignored;
        auto message = to_beast(answer, 11, false);
        connection->stream.expires_after(options_.write_timeout);
        co_await http::async_write(connection->stream, message, asio::redirect_error(use_awaitable, ignored));
        break;
      }
      if (error) break;
      auto& message = parser.get();
      const auto version = message.version();
      const bool keep_alive = message.keep_alive();
      const bool head = message.method() == http::verb::head;
      Request request = make_request(message, connection->address);
      connection->stream.expires_never();
      if (handler_.is_event_stream(request)) {
        auto opened = co_await on_worker([this, &request] { return handler_.open_event_stream(request); });
        if (auto* stream = std::get_if<std::unique_ptr<EventStream>>(&opened)) {
          connection->streaming = true;
          if (stopping_) co_return;
          co_await serve_event_stream(connection, std::move(*stream));
          co_return;
        }
        co_await write(connection, std::get<Response>(opened), version, keep_alive && !stopping_, false);
      } else {
        auto response = co_await started_answer(request);
        if (!response) response = co_await on_worker([this, &request] { return handler_.handle(request); });
        co_await write(connection, *response, version, keep_alive && !stopping_, head);
      }
      if (!keep_alive) break;
    }
    connection->stream.socket().shutdown(tcp::socket::shutdown_send, error);
  }

  // The answer, within the write limit; for HEAD, its header alone (with the length the
  // body would have).
  awaitable<void> write(const std::shared_ptr<Connection>& connection, const Response& response, unsigned version,
                        bool keep_alive, bool header_only) {
    auto message = to_beast(response, version, keep_alive);
    connection->stream.expires_after(options_.write_timeout);
    if (header_only) {
      http::response_serializer<http::string_body> serializer(message);
      co_await http::async_write_header(connection->stream, serializer, use_awaitable);
    } else {
      co_await http::async_write(connection->stream, message, use_awaitable);
    }
  }

  // The body is over the cap: answer 413 and close. The rest of the body is read and
  // dropped for a moment first, so that the client, still sending, sees the answer
  // rather than a reset connection.
  awaitable<void> refuse_large_body(const std::shared_ptr<Connection>& connection,
                                    http::request<http::string_body>& message) {
    const auto version = message.version();
    Request request = make_request(message, connection->address);
    co_await write(connection, handler_.body_too_large(request, options_.body_limit), version, false, false);
    boost::system::error_code error;
    connection->stream.socket().shutdown(tcp::socket::shutdown_send, error);
    connection->stream.expires_after(std::chrono::seconds(2));
    std::vector<char> sink(64 * 1024);
    for (std::size_t drained = 0; !error && drained < 16 * 1024 * 1024;) {
      drained += co_await connection->stream.async_read_some(asio::buffer(sink), asio::redirect_error(use_awaitable, error));
    }
  }

  // Each write must finish within the write limit: a client that stops reading is dropped
  // (it reconnects with Last-Event-ID and misses nothing), and at most one chunk of its
  // events is held in memory meanwhile.
  awaitable<void> serve_event_stream(std::shared_ptr<Connection> connection, std::unique_ptr<EventStream> stream) {
    static constexpr std::string_view kHead =
        "HTTP/1.1 200 OK\r\nServer: stratagem\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\nConnection: close\r\n\r\nretry: 2000\n\n";
    co_await write_within_limit(*connection, kHead);
    struct Waker {
      explicit Waker(const asio::any_io_executor& executor) : timer(executor) {}
      asio::steady_timer timer;
      bool woken = true;  // read what is there at once
    };
    auto executor = connection->stream.get_executor();
    auto waker = std::make_shared<Waker>(executor);
    // Wakes are posted to the connection's strand, so they land while the loop waits or
    // are seen at its next turn: none is lost between a read and the wait.
    const auto subscription = hub_.subscribe(stream->topic(), [waker, executor] {
      asio::post(executor, [waker] {
        waker->woken = true;
        waker->timer.cancel();
      });
    });
    const std::size_t chunk_limit = options_.stream_chunk_limit;
    while (!stopping_) {
      if (waker->woken) {
        waker->woken = false;
        const auto chunk = co_await on_worker([&stream, chunk_limit] { return stream->next_chunk(chunk_limit); });
        if (chunk.more) waker->woken = true;
        if (!chunk.text.empty()) co_await write_within_limit(*connection, chunk.text);
        continue;
      }
      waker->timer.expires_after(kKeepAliveComment);
      boost::system::error_code error;
      co_await waker->timer.async_wait(asio::redirect_error(use_awaitable, error));
      if (!error) {
        static constexpr std::string_view kComment = ": keep-alive\n\n";
        co_await write_within_limit(*connection, kComment);
      }
    }
  }

  awaitable<void> write_within_limit(Connection& connection, std::string_view text) {
    connection.stream.expires_after(options_.write_timeout);
    co_await asio::async_write(connection.stream, asio::buffer(text), use_awaitable);
    connection.stream.expires_never();
  }

  static constexpr auto kIdleNearLimit = std::chrono::milliseconds(5'000);

  RequestHandler& handler_;
  EventHub& hub_;
  HttpServerOptions options_;
  asio::io_context io_;
  asio::thread_pool workers_;
  tcp::acceptor acceptor_;
  asio::signal_set signals_;
  // Shutdown's timer and the calls that touch it.
  asio::strand<asio::io_context::executor_type> control_;
  asio::steady_timer shutdown_timer_;
  int reserve_descriptor_ = -1;
  std::atomic<bool> stopping_{false};
  std::mutex connections_mutex_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> connections_;
  ConnectionLimits limits_;  // under connections_mutex_
  std::uint64_t next_connection_id_ = 0;  // only the accept loop touches it
  // Only the accept loop's strand (and the refusal writes it starts, on the same
  // io_context thread when io_threads is 1) touch these.
  std::size_t refused_ = 0;
  std::atomic<std::size_t> refusals_in_flight_{0};
  std::chrono::steady_clock::time_point last_refusal_log_{};
  // The whole refusal as written, made once (Beast counts its body's length).
  const std::string too_many_connections_ = serialized(too_many_connections());
};

HttpServer::HttpServer(RequestHandler& handler, EventHub& hub, HttpServerOptions options)
    : impl_(std::make_unique<Impl>(handler, hub, options)) {}
HttpServer::~HttpServer() = default;

tl::expected<ListenAddress, std::string> HttpServer::listen(const ListenAddress& address) {
  return impl_->listen(address);
}

void HttpServer::run() { impl_->run(); }

}  // namespace stratagem::server
