#include "daide_listener.h"

#include <deque>
#include <mutex>
#include <set>
#include <thread>

#include <boost/asio.hpp>
#include <spdlog/spdlog.h>

#include "connection_limits.h"
#include "daide_table.h"
#include "listening_socket.h"
#include "stratagem/daide/server.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/forward_error.h"

namespace stratagem::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class DaideServer::Impl {
 public:
  class Connection;

  Impl(storage::Store& store, GameCache& games, GameRunner& runner, EventHub& hub, DaideServerOptions options)
      : store_(store),
        games_(games),
        runner_(runner),
        hub_(hub),
        options_(options),
        workers_(options.worker_threads),
        limits_(options.max_connections, options.max_connections_per_address) {}

  tl::expected<ListenAddress, std::string> listen(const ListenAddress& address);
  void stop();
  void accept();
  void closed(Connection* connection, const std::string& address);

  storage::Store& store_;
  GameCache& games_;
  GameRunner& runner_;
  EventHub& hub_;
  DaideServerOptions options_;
  asio::io_context io_;
  asio::thread_pool workers_;
  std::optional<tcp::acceptor> acceptor_;
  std::thread io_thread_;
  std::mutex mutex_;
  std::set<std::shared_ptr<Connection>> connections_;
  ConnectionLimits limits_;  // under mutex_
  bool stopped_ = false;
};

class DaideServer::Impl::Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(Impl& server, tcp::socket socket, std::string address)
      : server_(server),
        socket_(std::move(socket)),
        address_(std::move(address)),
        strand_(asio::make_strand(server.workers_.get_executor())),
        timer_(socket_.get_executor()),
        map_timer_(socket_.get_executor()),
        table_(server.store_, server.games_, server.runner_),
        session_(table_, diplomacy::standard_rules()) {}

  void start() {
    asio::post(strand_, [self = shared_from_this()] {
      // protocol.html 3.1: no IM within the time limit ends the connection with EM 0x01.
      self->timer_.expires_after(self->server_.options_.initial_timeout);
      self->timer_.async_wait(asio::bind_executor(self->strand_, [self](boost::system::error_code ec) {
        if (ec || self->initial_received_) return;
        self->send(daide::error_message(daide::ErrorCode::InitialTimer));
        self->close_after_writes_ = true;
      }));
      self->read();
    });
  }

  void close() {
    asio::post(strand_, [self = shared_from_this()] { self->shut(); });
  }

 private:
  void read() {
    socket_.async_read_some(asio::buffer(buffer_),
                            asio::bind_executor(strand_, [self = shared_from_this()](boost::system::error_code ec,
                                                                                     std::size_t n) {
                              self->on_read(ec, n);
                            }));
  }

  void on_read(boost::system::error_code ec, std::size_t n) {
    if (closed_) return;
    if (ec) return shut();
    initial_received_ = true;
    const auto had_game = table_.game();
    auto out = session_.receive(std::span<const std::uint8_t>(buffer_.data(), n));
    log();
    send(std::move(out));
    if (session_.awaiting_map() && !map_timer_started_) start_map_timer();
    if (!had_game && table_.game()) watch(*table_.game());
    if (session_.finished()) {
      close_after_writes_ = true;
      if (!writing_) shut();
      return;
    }
    read();
  }

  void start_map_timer() {
    map_timer_started_ = true;
    map_timer_.expires_after(server_.options_.map_timeout);
    map_timer_.async_wait(asio::bind_executor(strand_, [self = shared_from_this()](boost::system::error_code ec) {
      if (ec || self->closed_ || !self->session_.awaiting_map()) return;
      spdlog::info("daide {} {}: the map was not accepted in time; told OFF", self->address_, self->table_.who());
      self->send(self->session_.map_not_accepted());
      self->log();
      self->close_after_writes_ = true;
      if (!self->writing_) self->shut();
    }));
  }

  // Every commit to the game wakes the session, which asks the table what is new.
  void watch(storage::GameId game) {
    std::weak_ptr<Connection> weak = weak_from_this();
    auto strand = strand_;
    subscription_ = server_.hub_.subscribe(std::to_string(game), [weak, strand] {
      asio::post(strand, [weak] {
        if (auto self = weak.lock()) self->on_game_changed();
      });
    });
    // What committed between the session's first look and the subscription.
    asio::post(strand_, [self = shared_from_this()] { self->on_game_changed(); });
  }

  void on_game_changed() {
    if (closed_) return;
    send(session_.game_changed());
    log();
  }

  void log() {
    if (!spdlog::should_log(spdlog::level::debug)) {
      session_.take_log();
      return;
    }
    for (const auto& line : session_.take_log()) spdlog::debug("daide {} {}: {}", address_, table_.who(), line);
  }

  void send(std::vector<std::uint8_t> octets) {
    if (octets.empty() || closed_) return;
    pending_ += octets.size();
    if (pending_ > server_.options_.max_pending_output) {
      spdlog::warn("daide {} {}: not reading what we send; disconnected", address_, table_.who());
      return shut();
    }
    queue_.push_back(std::move(octets));
    if (!writing_) write_next();
  }

  void write_next() {
    if (queue_.empty()) {
      writing_ = false;
      if (close_after_writes_) shut();
      return;
    }
    writing_ = true;
    timer_.expires_after(server_.options_.write_timeout);
    timer_.async_wait(asio::bind_executor(strand_, [self = shared_from_this()](boost::system::error_code ec) {
      if (!ec && self->writing_) self->shut();
    }));
    asio::async_write(socket_, asio::buffer(queue_.front()),
                      asio::bind_executor(strand_, [self = shared_from_this()](boost::system::error_code ec,
                                                                               std::size_t) {
                        self->timer_.cancel();
                        if (ec) return self->shut();
                        self->pending_ -= self->queue_.front().size();
                        self->queue_.pop_front();
                        self->write_next();
                      }));
  }

  void shut() {
    if (closed_) return;
    closed_ = true;
    subscription_.reset();
    session_.connection_lost();
    boost::system::error_code ignored;
    timer_.cancel();
    map_timer_.cancel();
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    server_.closed(this, address_);
  }

  Impl& server_;
  tcp::socket socket_;
  std::string address_;
  asio::strand<asio::thread_pool::executor_type> strand_;
  asio::steady_timer timer_;
  asio::steady_timer map_timer_;
  bool map_timer_started_ = false;
  DaideTable table_;
  daide::ServerSession session_;
  std::array<std::uint8_t, 8192> buffer_{};
  std::deque<std::vector<std::uint8_t>> queue_;
  std::size_t pending_ = 0;
  bool writing_ = false;
  bool close_after_writes_ = false;
  bool initial_received_ = false;
  bool closed_ = false;
  std::unique_ptr<EventHub::Subscription> subscription_;
};

tl::expected<ListenAddress, std::string> DaideServer::Impl::listen(const ListenAddress& address) {
  boost::system::error_code ec;
  const auto ip = asio::ip::make_address(address.host, ec);
  if (ec) return tl::unexpected("--daide: '" + address.host + "' is not an IP address");
  acceptor_.emplace(io_);
  STRATAGEM_TRY(open_listening_socket(*acceptor_, tcp::endpoint(ip, address.port), "--daide", address.host));
  const auto bound = acceptor_->local_endpoint();
  accept();
  io_thread_ = std::thread([this] {
    auto guard = asio::make_work_guard(io_);
    io_.run();
  });
  return ListenAddress{bound.address().to_string(), bound.port()};
}

void DaideServer::Impl::accept() {
  acceptor_->async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_->is_open()) return;
    if (ec) {
      // Out of descriptors, say: wait a little rather than spin (the HTTP listener does the same).
      auto timer = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds(100));
      timer->async_wait([this, timer](boost::system::error_code) { if (acceptor_->is_open()) accept(); });
      return;
    }
    boost::system::error_code ignored;
    socket.set_option(asio::socket_base::keep_alive(true), ignored);
    socket.set_option(tcp::no_delay(true), ignored);
    const std::string address = socket.remote_endpoint(ignored).address().to_string();
    std::shared_ptr<Connection> connection;
    {
      std::lock_guard lock(mutex_);
      if (!stopped_ && limits_.admit(address) == ConnectionLimits::Admission::Admitted) {
        connection = std::make_shared<Connection>(*this, std::move(socket), address);
        connections_.insert(connection);
      }
    }
    if (connection) connection->start();
    else socket.close(ignored);
    accept();
  });
}

void DaideServer::Impl::closed(Connection* connection, const std::string& address) {
  std::lock_guard lock(mutex_);
  for (auto it = connections_.begin(); it != connections_.end(); ++it) {
    if (it->get() != connection) continue;
    connections_.erase(it);
    limits_.release(address);
    return;
  }
}

void DaideServer::Impl::stop() {
  std::set<std::shared_ptr<Connection>> open;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    open = connections_;
  }
  if (acceptor_) asio::post(io_, [this] {
    boost::system::error_code ignored;
    acceptor_->close(ignored);
  });
  for (const auto& connection : open) connection->close();
  workers_.join();
  io_.stop();
  if (io_thread_.joinable()) io_thread_.join();
}

DaideServer::DaideServer(storage::Store& store, GameCache& games, GameRunner& runner, EventHub& hub,
                         DaideServerOptions options)
    : impl_(std::make_unique<Impl>(store, games, runner, hub, options)) {}

DaideServer::~DaideServer() { stop(); }

tl::expected<ListenAddress, std::string> DaideServer::listen(const ListenAddress& address) {
  return impl_->listen(address);
}

void DaideServer::stop() { impl_->stop(); }

}  // namespace stratagem::server
