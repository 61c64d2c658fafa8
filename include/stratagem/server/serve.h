#pragma once
// `stratagem serve`: the game server of shared/contracts/server-api.md.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include <tl/expected.hpp>

namespace stratagem::server {

struct ServeOptions {
  std::string listen = "127.0.0.1:8080";         // HOST:PORT; port 0 takes a free port
  std::string database = "sqlite:stratagem.db";  // sqlite:PATH or postgresql://...
  // The web client's built files; nullopt: web/dist of the source tree if it exists.
  std::optional<std::filesystem::path> web;
  // Open connections at most, in all (0: as many as the descriptor limit leaves room
  // for) and from one client address; beyond them a new connection is answered 503.
  std::size_t max_connections = 0;
  std::size_t max_connections_per_address = 256;
  // Accounts one client address may create: this many at once, then this many a minute.
  double signups_per_minute = 20;
  // HOST:PORT for DAIDE clients (docs/daide.md); none: no DAIDE listener.
  std::optional<std::string> daide;
  // The address players reach the server at, for the links in notices (mails, group
  // chats, the calendar feed); none: http://LISTEN.
  std::optional<std::string> public_url;
  // smtp://HOST:PORT (or smtps://) of the mail server notices go through; none: no mail.
  // Credentials and STARTTLS come from the environment (docs/server.md, "E-mail").
  std::optional<std::string> smtp;
  // The From of the mails; none: Stratagem <notices@HOST of the public URL>.
  std::optional<std::string> mail_from;
  // Webhooks may post to loopback and private addresses (a chat server on this network; tests).
  bool webhook_private_addresses = false;
  // Web Push to the players' devices (docs/server.md, "Web Push"): the VAPID key pair is
  // made on the first start and kept in the database.
  bool web_push = false;
  // Push messages may go to loopback and private addresses (tests' push services).
  bool push_private_addresses = false;
  // How long the outbox's senders hold what they claimed (docs/server.md, "Notices").
  int outbox_lease_seconds = 120;
};

// Opens the database (creating or migrating its schema), listens, prints
// "listening on http://HOST:PORT" (and with a DAIDE listener "daide on HOST:PORT") on
// stdout, and serves until SIGINT or SIGTERM, after
// which it stops accepting, finishes the requests in flight and returns. Logs go to
// stderr (level from SPDLOG_LEVEL, default info). A message when it cannot start.
tl::expected<void, std::string> serve(const ServeOptions& options);

}  // namespace stratagem::server
