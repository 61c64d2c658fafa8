#include "stratagem/server/serve.h"

#include <cstdio>
#include <cstdlib>

#include <curl/curl.h>
#include <fmt/format.h>
#include <spdlog/cfg/env.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "api.h"
#include "credentials.h"
#include "daide_listener.h"
#include "event_hub.h"
#include "game_runner.h"
#include "http_listener.h"
#include "mail_sender.h"
#include "outbox.h"
#include "push_sender.h"
#include "webhook_sender.h"
#include "stratagem/forward_error.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {
namespace {

void log_to_stderr() {
  auto logger = spdlog::stderr_logger_mt("stratagem");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %l %v", spdlog::pattern_time_type::utc);
  spdlog::cfg::load_env_levels();
}

std::optional<StaticFiles> web_files(const ServeOptions& options) {
  std::error_code error;
  if (options.web) {
    if (!std::filesystem::is_directory(*options.web, error)) return std::nullopt;
    return StaticFiles(*options.web);
  }
  const std::filesystem::path built(STRATAGEM_DEFAULT_WEB_DIR);
  if (std::filesystem::is_directory(built, error)) return StaticFiles(built);
  return std::nullopt;
}

std::string url_host(const std::string& host) {
  return host.find(':') != std::string::npos ? fmt::format("[{}]", host) : host;
}

// An http or https URL without a path (a trailing slash dropped), as links start.
tl::expected<std::string, std::string> read_public_url(std::string url) {
  if (!url.empty() && url.back() == '/') url.pop_back();
  const auto scheme_end = url.find("://");
  const std::string scheme = scheme_end == std::string::npos ? "" : url.substr(0, scheme_end);
  if ((scheme != "http" && scheme != "https") || url.size() == scheme_end + 3 ||
      url.find('/', scheme_end + 3) != std::string::npos)
    return tl::unexpected(fmt::format("'{}' is not http://HOST[:PORT] or https://HOST[:PORT]", url));
  for (const char c : url)
    if (static_cast<unsigned char>(c) <= ' ' || c == '"' || c == '<' || c == '>' || c == '\\')
      return tl::unexpected(fmt::format("'{}' holds a character a link cannot", url));
  return url;
}

}  // namespace

tl::expected<void, std::string> serve(const ServeOptions& options) {
  if (!spdlog::get("stratagem")) log_to_stderr();
  if (!initialise_crypto()) return tl::unexpected(std::string("libsodium cannot start (no source of randomness)"));
  STRATAGEM_TRY_ASSIGN(const auto address, parse_listen_address(options.listen));
  std::optional<ListenAddress> daide_address;
  if (options.daide) {
    auto parsed = parse_listen_address(*options.daide);
    if (!parsed) return tl::unexpected("--daide: " + parsed.error());
    daide_address = *parsed;
  }
  auto public_url = read_public_url(options.public_url.value_or("http://" + options.listen));
  if (!public_url) return tl::unexpected("--public-url: " + public_url.error());
  std::optional<SmtpOptions> smtp;
  if (options.smtp) {
    auto read = smtp_options(*options.smtp, options.mail_from.value_or("Stratagem <notices@" + NoticeLinks{*public_url}.host() + ">"));
    if (!read) return tl::unexpected("--smtp: " + read.error());
    smtp = std::move(*read);
  }
  if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return tl::unexpected(std::string("libcurl cannot start"));
  if (options.outbox_lease_seconds < 10) return tl::unexpected(std::string("--outbox-lease: at least 10 seconds"));
  if (options.web && !std::filesystem::is_directory(*options.web)) {
    return tl::unexpected(fmt::format("--web: '{}' is not a folder", options.web->string()));
  }

  // The pool is for reads (writes go through the store's group committers). SQLite: a
  // connection for each handler thread, else the updates queue for the read before their
  // write instead of sharing commits (docs/storage.md, Figures). PostgreSQL: each is a
  // server process, so fewer; 16 keeps the handlers' reads from queueing.
  const std::size_t pool_size = options.database.starts_with("sqlite:") ? HttpServerOptions{}.worker_threads : 16;
  auto store = storage::open_store(options.database, storage::StoreOptions{.pool_size = pool_size});
  if (!store) return tl::unexpected(fmt::format("--database: {}", store.error().message));
  spdlog::info("database: {} ({})", (*store)->backend(),
               options.database.starts_with("sqlite:") ? options.database : std::string("postgresql"));

  EventHub hub;
  auto events = (*store)->subscribe(
      [&hub](storage::GameId game, storage::EventId) { hub.publish(std::to_string(game)); });
  // Games parsed once per version; 4,096 active games fit in a few tens of MiB.
  GameCache games(4096);
  GameRunner runner(**store, games, GameRunnerOptions{});
  const NoticeLinks links{*public_url};
  std::vector<std::unique_ptr<ChannelSender>> senders;
  if (smtp) senders.push_back(mail_sender(**store, std::move(*smtp), links));
  const char* webhook_ca = std::getenv("STRATAGEM_WEBHOOK_CA_FILE");
  senders.push_back(webhook_sender(
      **store, WebhookOptions{options.webhook_private_addresses, webhook_ca ? webhook_ca : ""}, links));
  std::optional<std::string> push_public_key;
  if (options.web_push) {
    auto key = vapid_key(**store);
    if (!key) return tl::unexpected("--web-push: " + key.error());
    push_public_key = web_push::base64url(key->public_bytes());
    const char* push_ca = std::getenv("STRATAGEM_PUSH_CA_FILE");
    senders.push_back(push_sender(**store, std::move(*key),
                                  OutgoingOptions{options.push_private_addresses, push_ca ? push_ca : ""}, links));
  }
  Outbox outbox(**store, games, std::move(senders),
                OutboxOptions{.lease = std::chrono::seconds(options.outbox_lease_seconds)});
  const auto web = web_files(options);
  Api api(**store, games, runner, web,
          ApiOptions{.signups_per_minute = options.signups_per_minute,
                     .hashing = {},
                     .notice_channels = outbox.player_channels(),
                     .links = links,
                     .webhook_private_addresses = options.webhook_private_addresses,
                     .push_public_key = push_public_key,
                     .push_private_addresses = options.push_private_addresses});
  HttpServer http(api, hub,
                  HttpServerOptions{.max_connections = options.max_connections,
                                    .max_connections_per_address = options.max_connections_per_address});
  STRATAGEM_TRY_ASSIGN(const auto bound, http.listen(address));

  std::optional<DaideServer> daide;
  std::optional<ListenAddress> daide_bound;
  if (daide_address) {
    daide.emplace(**store, games, runner, hub);
    STRATAGEM_TRY_ASSIGN(auto listening, daide->listen(*daide_address));
    daide_bound = listening;
  }

  runner.start();
  outbox.start();
  std::printf("listening on http://%s:%u\n", url_host(bound.host).c_str(), static_cast<unsigned>(bound.port));
  if (daide_bound)
    std::printf("daide on %s:%u\n", url_host(daide_bound->host).c_str(), static_cast<unsigned>(daide_bound->port));
  std::fflush(stdout);
  spdlog::info("listening on {}:{}{}", bound.host, bound.port, web ? "" : " (no web client: --web DIR)");
  if (daide_bound) spdlog::info("DAIDE clients on {}:{}", daide_bound->host, daide_bound->port);
  http.run();
  if (daide) daide->stop();
  runner.stop();
  outbox.stop();
  events.reset();
  spdlog::info("stopped");
  return {};
}

}  // namespace stratagem::server
