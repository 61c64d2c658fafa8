// server_load: a load generator for `stratagem serve` (issue 7 §7). It seats seven
// simulated people in many Diplomacy games (each person holds one power in every game),
// adds games where six computer players sit with one person, then for a fixed time has
// C connections submit orders (PUT /orders, each a durable commit) and, one request in
// ten, public press. It prints order submissions per second and the p50/p99 latency of
// the order requests, and, when given the server's pid, its memory per active game and
// the CPU time it spent per request (user + system, from /proc): a figure that other
// work on the machine changes far less than the rate does.
//
//   server_load --url http://127.0.0.1:8080 [--games 1000] [--computer-games 20]
//               [--connections 64] [--seconds 20] [--pid PID] [--signup-flood C]
//               [--private-press 1] [--notices 1]
//
// --private-press 1: the press goes to one other power rather than to all (a private
// message, which tells its recipient). --notices 1: the seven people first add e-mail
// addresses, wait until they are confirmed (bench/run-server-load with NOTICES=1 runs a
// mail server that opens the links), and choose every notice by e-mail: notices are
// written with the changes, fanned out and mailed while the load runs.
//
// --signup-flood C: meanwhile C more connections create accounts as fast as the server
// answers (issue 17: a flood of password hashing must not hold up play); the report
// then says how many were created or refused, and the server's peak memory.
//
// Plain POSIX sockets with HTTP/1.1 keep-alive, one blocking connection per thread: the
// generator stays small and its own cost is a few microseconds per request.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>
#include <sstream>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct Reply {
  int status = 0;
  std::string body;
};

class Connection {
 public:
  Connection(std::string host, int port) : host_(std::move(host)), port_(port) {}
  ~Connection() { close_socket(); }

  Reply request(const std::string& method, const std::string& path, const std::string& token,
                const std::string& body) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (fd_ < 0) open_socket();
      std::string out = method + " " + path + " HTTP/1.1\r\nHost: " + host_ + "\r\n";
      if (!token.empty()) out += "Authorization: Bearer " + token + "\r\n";
      if (!body.empty()) out += "Content-Type: application/json\r\n";
      out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
      if (send_all(out)) {
        if (auto reply = read_reply()) return *reply;
      }
      close_socket();  // the server closed a kept-alive connection: once more on a new one
    }
    throw std::runtime_error("request failed: " + method + " " + path);
  }

 private:
  void open_socket() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    ::inet_pton(AF_INET, host_.c_str(), &address.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      throw std::runtime_error("cannot connect to " + host_ + ":" + std::to_string(port_));
    }
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    buffer_.clear();
  }
  void close_socket() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool send_all(const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
      const auto n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<std::size_t>(n);
    }
    return true;
  }
  bool fill() {
    char chunk[65536];
    const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }
  std::optional<Reply> read_reply() {
    std::size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) {
      if (!fill()) return std::nullopt;
    }
    Reply reply;
    reply.status = std::atoi(buffer_.c_str() + buffer_.find(' ') + 1);
    std::size_t length = 0;
    std::string head = buffer_.substr(0, end);
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
    if (const auto at = head.find("content-length:"); at != std::string::npos) {
      length = std::strtoul(head.c_str() + at + 15, nullptr, 10);
    }
    buffer_.erase(0, end + 4);
    while (buffer_.size() < length) {
      if (!fill()) return std::nullopt;
    }
    reply.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return reply;
  }

  std::string host_;
  int port_;
  int fd_ = -1;
  std::string buffer_;
};

const char* const kPowers[] = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"};
// A usual opening for each power (S1901M), in the order of kPowers.
const char* const kOrders[] = {
    R"(["A Vie-Gal", "A Bud-Ser", "F Tri-Alb"])",
    R"(["F Lon-Nth", "F Edi-Nwg", "A Lvp-Yor"])",
    R"(["A Par-Bur", "A Mar-Spa", "F Bre-Mao"])",
    R"(["A Mun-Ruh", "F Kie-Den", "A Ber-Kie"])",
    R"(["A Ven-Tyr", "A Rom-Apu", "F Nap-Ion"])",
    R"(["A Mos-Ukr", "A War-Gal", "F Sev-Bla", "F StP/sc-Bot"])",
    R"(["F Ank-Bla", "A Con-Bul", "A Smy-Arm"])",
};

struct Options {
  std::string host = "127.0.0.1";
  int port = 8080;
  int games = 1000;
  int computer_games = 20;
  int connections = 64;
  int seconds = 20;
  int pid = 0;
  int signup_flood = 0;
  bool private_press = false;
  bool notices = false;
};

Options parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string name = argv[i];
    const std::string value = argv[i + 1];
    if (name == "--url") {
      const auto rest = value.substr(value.find("//") + 2);
      options.host = rest.substr(0, rest.find(':'));
      options.port = std::stoi(rest.substr(rest.find(':') + 1));
    } else if (name == "--games") {
      options.games = std::stoi(value);
    } else if (name == "--computer-games") {
      options.computer_games = std::stoi(value);
    } else if (name == "--connections") {
      options.connections = std::stoi(value);
    } else if (name == "--seconds") {
      options.seconds = std::stoi(value);
    } else if (name == "--pid") {
      options.pid = std::stoi(value);
    } else if (name == "--signup-flood") {
      options.signup_flood = std::stoi(value);
    } else if (name == "--private-press") {
      options.private_press = value != "0";
    } else if (name == "--notices") {
      options.notices = value != "0";
    } else {
      throw std::runtime_error("unknown option " + name);
    }
  }
  return options;
}

long resident_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

// User + system CPU time of the process so far, in milliseconds.
double cpu_ms(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // Fields after the command name (which may hold spaces) in parentheses: utime is the
  // 12th of them, stime the 13th (proc(5): fields 14 and 15).
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int index = 1; index <= 13 && fields >> field; ++index)
    if (index >= 12) ticks += std::stod(field);
  return ticks * 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
}

nlohmann::json must(const Reply& reply, int status, const std::string& what) {
  if (reply.status != status) throw std::runtime_error(what + ": " + std::to_string(reply.status) + " " + reply.body);
  return reply.body.empty() ? nlohmann::json() : nlohmann::json::parse(reply.body);
}

double percentile(std::vector<double>& values, double p) {
  if (values.empty()) return 0;
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<long>(index), values.end());
  return values[index];
}

}  // namespace

int main(int argc, char** argv) try {
  const auto options = parse(argc, argv);
  Connection setup(options.host, options.port);
  const auto run = std::to_string(std::chrono::system_clock::now().time_since_epoch().count() % 100000000);
  std::vector<std::string> tokens;
  for (int i = 0; i < 7; ++i) {
    const nlohmann::json body = {{"name", "load" + run + "_" + std::to_string(i)}, {"password", "load-password"}};
    tokens.push_back(must(setup.request("POST", "/api/v1/users", "", body.dump()), 201, "user")["token"]);
  }
  if (options.notices) {
    for (int i = 0; i < 7; ++i) {
      const nlohmann::json address = {{"address", "load" + run + "_" + std::to_string(i) + "@bench.example"}};
      must(setup.request("PUT", "/api/v1/me/email", tokens[i], address.dump()), 202, "email");
    }
    for (int i = 0; i < 7; ++i) {
      for (int tries = 0;; ++tries) {
        const auto settings = must(setup.request("GET", "/api/v1/me/notices", tokens[i], ""), 200, "notices");
        if (settings["email"].is_object() && settings["email"]["confirmed"] == true) break;
        if (tries == 600) throw std::runtime_error("the addresses were not confirmed in 60 s (is the mail sink running?)");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      nlohmann::json events;
      for (const char* kind : {"orders_due", "deadline_near", "press", "game_status", "civil_disorder"})
        events[kind] = {"email"};
      must(setup.request("PATCH", "/api/v1/me/notices", tokens[i], nlohmann::json{{"events", events}}.dump()), 200,
           "choices");
    }
  }
  const long rss_before = options.pid ? resident_kib(options.pid) : 0;
  const nlohmann::json deadlines = {{"movement_seconds", 86400}, {"retreat_seconds", 86400},
                                    {"adjustment_seconds", 86400}};
  // The games are created and joined on all connections at once.
  std::vector<std::string> games(static_cast<std::size_t>(options.games));
  const auto setup_started = Clock::now();
  {
    std::atomic<int> next{0};
    std::vector<std::thread> creators;
    for (int c = 0; c < options.connections; ++c) {
      creators.emplace_back([&] {
        Connection connection(options.host, options.port);
        for (int g; (g = next++) < options.games + options.computer_games;) {
          const bool computers = g >= options.games;
          const nlohmann::json body = {{"game", "diplomacy"}, {"name", "load " + std::to_string(g)},
                                       {"press", "full"}, {"deadlines", deadlines},
                                       {"computer_players", computers ? 6 : 0}};
          const std::string id =
              must(connection.request("POST", "/api/v1/games", tokens[0], body.dump()), 201, "game")["id"];
          for (int p = 0; p < (computers ? 1 : 7); ++p) {
            const nlohmann::json join = {{"power", kPowers[p]}};
            must(connection.request("POST", "/api/v1/games/" + id + "/join", tokens[p], join.dump()), 200, "join");
          }
          if (!computers) games[static_cast<std::size_t>(g)] = id;
        }
      });
    }
    for (auto& creator : creators) creator.join();
  }
  const double setup_seconds = std::chrono::duration<double>(Clock::now() - setup_started).count();
  const long rss_after = options.pid ? resident_kib(options.pid) : 0;

  std::atomic<bool> stop{false};
  std::atomic<long> orders{0}, messages{0}, failures{0};
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::vector<std::thread> threads;
  const auto started = Clock::now();
  for (int c = 0; c < options.connections; ++c) {
    threads.emplace_back([&, c] {
      Connection connection(options.host, options.port);
      std::mt19937_64 random(static_cast<std::uint64_t>(c) * 7919 + 1);
      std::vector<double> mine;
      while (!stop) {
        const auto& game = games[random() % games.size()];
        const auto power = static_cast<int>(random() % 7);
        const bool press = random() % 10 == 0;
        std::string path = "/api/v1/games/" + game + (press ? "/messages" : "/orders");
        const nlohmann::json to = options.private_press ? nlohmann::json::array({kPowers[(power + 1) % 7]}) : nlohmann::json("all");
        std::string body = press ? nlohmann::json{{"from", kPowers[power]}, {"to", to}, {"text", "load test"}}.dump()
                                 : std::string(R"({"phase": "S1901M", "orders": {")") + kPowers[power] +
                                       "\": " + kOrders[power] + "}}";
        const auto sent = Clock::now();
        Reply reply;
        try {
          reply = connection.request(press ? "POST" : "PUT", path, tokens[power], body);
        } catch (const std::exception&) {
          ++failures;
          continue;
        }
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
        if (reply.status != (press ? 201 : 200)) {
          ++failures;
          continue;
        }
        if (press) {
          ++messages;
        } else {
          ++orders;
          mine.push_back(ms);
        }
      }
      std::lock_guard lock(mutex);
      latencies_ms.insert(latencies_ms.end(), mine.begin(), mine.end());
    });
  }
  std::atomic<long> signups{0}, signups_refused{0};
  for (int f = 0; f < options.signup_flood; ++f) {
    threads.emplace_back([&, f] {
      Connection connection(options.host, options.port);
      for (long n = 0; !stop; ++n) {
        const nlohmann::json body = {{"name", "flood" + run + "_" + std::to_string(f) + "_" + std::to_string(n)},
                                     {"password", "flood-password"}};
        try {
          const auto reply = connection.request("POST", "/api/v1/users", "", body.dump());
          if (reply.status == 201) {
            ++signups;
          } else {
            ++signups_refused;
          }
        } catch (const std::exception&) {
          ++signups_refused;
        }
      }
    });
  }
  const double cpu_ms_before = options.pid ? cpu_ms(options.pid) : 0;
  long rss_peak = 0;
  for (const auto until = Clock::now() + std::chrono::seconds(options.seconds); Clock::now() < until;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (options.pid) rss_peak = std::max(rss_peak, resident_kib(options.pid));
  }
  stop = true;
  for (auto& thread : threads) thread.join();
  const double server_cpu_ms = options.pid ? cpu_ms(options.pid) - cpu_ms_before : 0;
  const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();

  nlohmann::json report = {
      {"games", options.games},
      {"computer_games", options.computer_games},
      {"connections", options.connections},
      {"private_press", options.private_press},
      {"notices", options.notices},
      {"seconds", elapsed},
      {"setup_seconds", setup_seconds},
      {"order_submissions", orders.load()},
      {"order_submissions_per_second", static_cast<double>(orders.load()) / elapsed},
      {"messages_per_second", static_cast<double>(messages.load()) / elapsed},
      {"failures", failures.load()},
      {"order_latency_ms_p50", percentile(latencies_ms, 0.50)},
      {"order_latency_ms_p99", percentile(latencies_ms, 0.99)},
  };
  if (options.signup_flood > 0) {
    report["signup_flood_connections"] = options.signup_flood;
    report["signups_per_second"] = static_cast<double>(signups.load()) / elapsed;
    report["signups_refused_per_second"] = static_cast<double>(signups_refused.load()) / elapsed;
  }
  if (options.pid) {
    report["server_rss_kib_before_games"] = rss_before;
    report["server_rss_kib_after_games"] = rss_after;
    report["server_rss_kib_end"] = resident_kib(options.pid);
    report["server_rss_kib_peak"] = rss_peak;
    report["server_kib_per_game"] =
        static_cast<double>(rss_after - rss_before) / (options.games + options.computer_games);
    report["server_cpu_ms_per_request"] =
        server_cpu_ms / static_cast<double>(std::max<std::uint64_t>(1, orders.load() + messages.load()));
  }
  std::printf("%s\n", report.dump(2).c_str());
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "server_load: %s\n", e.what());
  return 1;
}
