#include "http_listener.h"

#include <atomic>
#include <csignal>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <spdlog/spdlog.h>

namespace stratagem::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;

constexpr auto kIdleTimeout = std::chrono::seconds(75);
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
        signals_(io_, SIGINT, SIGTERM) {}

  ~Impl() {
    workers_.stop();
    workers_.join();
  }

  tl::expected<ListenAddress, std::string> listen(const ListenAddress& address) {
    boost::system::error_code error;
    tcp::resolver resolver(io_);
    const auto endpoints = resolver.resolve(address.host, std::to_string(address.port),
                                            tcp::resolver::passive | tcp::resolver::numeric_service, error);
    if (error || endpoints.empty()) {
      return tl::unexpected(fmt::format("--listen: cannot resolve '{}': {}", address.host, error.message()));
    }
    const tcp::endpoint endpoint = *endpoints.begin();
    acceptor_.open(endpoint.protocol(), error);
    if (!error) acceptor_.set_option(asio::socket_base::reuse_address(true), error);
    if (!error) acceptor_.bind(endpoint, error);
    if (!error) acceptor_.listen(asio::socket_base::max_listen_connections, error);
    if (error) {
      return tl::unexpected(fmt::format("--listen: cannot listen on {}:{}: {}", address.host, address.port,
                                        error.message()));
    }
    const auto bound = acceptor_.local_endpoint();
    return ListenAddress{address.host, bound.port()};
  }

  void run() {
    asio::co_spawn(io_, accept_loop(), asio::detached);
    signals_.async_wait([this](const boost::system::error_code& error, int signal) {
      if (error) return;
      spdlog::info("signal {}: no new connections; finishing the requests in flight", signal);
      stop();
    });
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < options_.io_threads; ++i) threads.emplace_back([this] { io_.run(); });
    io_.run();
    for (auto& thread : threads) thread.join();
    workers_.join();
  }

 private:
  struct Connection {
    explicit Connection(tcp::socket socket) : stream(std::move(socket)) {}
    beast::tcp_stream stream;
    bool busy = false;  // a request is being answered (only touched on the stream's strand)
  };

  void stop() {
    stopping_ = true;
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    hub_.publish_all();
    std::lock_guard lock(connections_mutex_);
    for (const auto& [id, weak] : connections_) {
      if (auto connection = weak.lock()) {
        // An idle keep-alive connection is closed now; a busy one after its answer.
        asio::post(connection->stream.get_executor(), [connection] {
          if (!connection->busy) connection->stream.cancel();
        });
      }
    }
  }

  template <typename F>
  awaitable<std::invoke_result_t<F>> on_worker(F work) {
    using Result = std::invoke_result_t<F>;
    co_return co_await asio::co_spawn(
        workers_, [work = std::move(work)]() mutable -> awaitable<Result> { co_return work(); }, use_awaitable);
  }

  awaitable<void> accept_loop() {
    while (!stopping_) {
      boost::system::error_code error;
      auto socket = co_await acceptor_.async_accept(asio::make_strand(io_), asio::redirect_error(use_awaitable, error));
      if (error) {
        if (stopping_ || error == asio::error::operation_aborted) break;
        spdlog::warn("accept: {}", error.message());
        continue;
      }
      socket.set_option(tcp::no_delay(true), error);
      auto connection = std::make_shared<Connection>(std::move(socket));
      const auto id = next_connection_id_++;
      {
        std::lock_guard lock(connections_mutex_);
        connections_.emplace(id, connection);
      }
      asio::co_spawn(connection->stream.get_executor(), serve(connection),
                     [this, id](std::exception_ptr failure) {
                       if (failure) {
                         try {
                           std::rethrow_exception(failure);
                         } catch (const std::exception& e) {
                           spdlog::debug("connection {}: {}", id, e.what());
                         }
                       }
                       std::lock_guard lock(connections_mutex_);
                       connections_.erase(id);
                     });
    }
  }

  awaitable<void> serve(std::shared_ptr<Connection> connection) {
    beast::flat_buffer buffer;
    boost::system::error_code error;
    const auto remote = connection->stream.socket().remote_endpoint(error).address().to_string();
    while (!stopping_) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(kHeaderLimit);
      parser.body_limit(options_.body_limit);
      connection->stream.expires_after(kIdleTimeout);
      connection->busy = false;
      co_await http::async_read(connection->stream, buffer, parser, asio::redirect_error(use_awaitable, error));
      connection->busy = true;
      if (error == http::error::body_limit) {
        co_await refuse_large_body(connection, parser.get(), remote);
        co_return;
      }
      if (error && error.category() == http::make_error_code(http::error::bad_target).category() &&
          error != http::error::end_of_stream) {
        // Not HTTP as it should be: say so once, then close (the stream cannot be trusted).
        auto& partial = parser.get();
        const auto answer = handler_.malformed_request(make_request(partial, remote), error == http::error::header_limit);
        boost::system::error_code ignored;
        auto message = to_beast(answer, 11, false);
        co_await http::async_write(connection->stream, message, asio::redirect_error(use_awaitable, ignored));
        break;
      }
      if (error) break;
      auto& message = parser.get();
      const auto version = message.version();
      const bool keep_alive = message.keep_alive();
      Request request = make_request(message, remote);
      connection->stream.expires_never();
      if (handler_.is_event_stream(request)) {
        auto opened = co_await on_worker([this, &request] { return handler_.open_event_stream(request); });
        if (auto* stream = std::get_if<std::unique_ptr<EventStream>>(&opened)) {
          co_await serve_event_stream(connection, std::move(*stream));
          co_return;
        }
        co_await write(connection, std::get<Response>(opened), version, keep_alive && !stopping_);
      } else {
        const auto response = co_await on_worker([this, &request] { return handler_.handle(request); });
        co_await write(connection, response, version, keep_alive && !stopping_);
      }
      if (!keep_alive) break;
    }
    connection->stream.socket().shutdown(tcp::socket::shutdown_send, error);
  }

  awaitable<void> write(const std::shared_ptr<Connection>& connection, const Response& response, unsigned version,
                        bool keep_alive) {
    auto message = to_beast(response, version, keep_alive);
    connection->stream.expires_after(kIdleTimeout);
    co_await http::async_write(connection->stream, message, use_awaitable);
  }

  // The body is over the cap: answer 413 and close. The rest of the body is read and
  // dropped for a moment first, so that the client, still sending, sees the answer
  // rather than a reset connection.
  awaitable<void> refuse_large_body(const std::shared_ptr<Connection>& connection,
                                    http::request<http::string_body>& message, const std::string& remote) {
    const auto version = message.version();
    Request request = make_request(message, remote);
    co_await write(connection, handler_.body_too_large(request, options_.body_limit), version, false);
    boost::system::error_code error;
    connection->stream.socket().shutdown(tcp::socket::shutdown_send, error);
    connection->stream.expires_after(std::chrono::seconds(2));
    std::vector<char> sink(64 * 1024);
    for (std::size_t drained = 0; !error && drained < 16 * 1024 * 1024;) {
      drained += co_await connection->stream.async_read_some(asio::buffer(sink), asio::redirect_error(use_awaitable, error));
    }
  }

  awaitable<void> serve_event_stream(std::shared_ptr<Connection> connection, std::unique_ptr<EventStream> stream) {
    static constexpr std::string_view kHead =
        "HTTP/1.1 200 OK\r\nServer: stratagem\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\nConnection: close\r\n\r\nretry: 2000\n\n";
    co_await asio::async_write(connection->stream, asio::buffer(kHead), use_awaitable);
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
    while (!stopping_) {
      if (waker->woken) {
        waker->woken = false;
        const auto chunk = co_await on_worker([&stream] { return stream->next_chunk(); });
        if (!chunk.empty()) co_await asio::async_write(connection->stream, asio::buffer(chunk), use_awaitable);
        continue;
      }
      waker->timer.expires_after(kKeepAliveComment);
      boost::system::error_code error;
      co_await waker->timer.async_wait(asio::redirect_error(use_awaitable, error));
      if (!error) {
        static constexpr std::string_view kComment = ": keep-alive\n\n";
        co_await asio::async_write(connection->stream, asio::buffer(kComment), use_awaitable);
      }
    }
  }

  RequestHandler& handler_;
  EventHub& hub_;
  HttpServerOptions options_;
  asio::io_context io_;
  asio::thread_pool workers_;
  tcp::acceptor acceptor_;
  asio::signal_set signals_;
  std::atomic<bool> stopping_{false};
  std::mutex connections_mutex_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> connections_;
  std::uint64_t next_connection_id_ = 0;  // only the accept loop touches it
};

HttpServer::HttpServer(RequestHandler& handler, EventHub& hub, HttpServerOptions options)
    : impl_(std::make_unique<Impl>(handler, hub, options)) {}
HttpServer::~HttpServer() = default;

tl::expected<ListenAddress, std::string> HttpServer::listen(const ListenAddress& address) {
  return impl_->listen(address);
}

void HttpServer::run() { impl_->run(); }

}  // namespace stratagem::server
