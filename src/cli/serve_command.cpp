// `stratagem serve`: the game server (shared/contracts/server-api.md, docs/server.md).
#include <memory>
#include <string>

#include "commands.h"
#include "stratagem/server/serve.h"

namespace stratagem::cli {

void add_serve_command(CLI::App& app) {
  struct Options {
    server::ServeOptions serve;
    std::string web;
  };
  auto options = std::make_shared<Options>();
  CLI::App* serve = app.add_subcommand("serve", "Run the game server (HTTP API, web client, games with deadlines)");
  serve->add_option("--listen", options->serve.listen, "HOST:PORT to listen on; port 0 takes a free port")
      ->capture_default_str();
  serve->add_option("--database", options->serve.database,
                    "sqlite:PATH, or postgresql://USER@HOST:PORT/DB (password in the URL or PGPASSWORD)")
      ->capture_default_str();
  serve->add_option("--web", options->web, "Folder of the built web client (default: web/dist of the source tree)");
  serve->add_option("--max-connections", options->serve.max_connections,
                    "Open connections at most (default 0: what the descriptor limit leaves room for)")
      ->capture_default_str();
  serve->add_option("--max-connections-per-address", options->serve.max_connections_per_address,
                    "Open connections at most from one client address")
      ->capture_default_str();
  serve->add_option("--signups-per-minute", options->serve.signups_per_minute,
                    "Accounts one client address may create a minute (and at once)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  serve->add_option("--daide", options->serve.daide,
                    "HOST:PORT to listen on for DAIDE clients (outside computer players); port 0 takes a free port");
  serve->add_option("--public-url", options->serve.public_url,
                    "The address players reach the server at, for the links in notices (default: http://LISTEN)");
  serve->add_option("--smtp", options->serve.smtp,
                    "smtp://HOST:PORT of the mail server for notices (user, password and STARTTLS: "
                    "STRATAGEM_SMTP_USER, STRATAGEM_SMTP_PASSWORD, STRATAGEM_SMTP_STARTTLS)");
  serve->add_option("--mail-from", options->serve.mail_from,
                    "From of the notices' mails (default: Stratagem <notices@HOST of --public-url>)");
  serve->add_flag("--webhook-private-addresses", options->serve.webhook_private_addresses,
                  "Let games' webhooks post to loopback and private addresses (default: public addresses only)");
  serve->add_flag("--web-push", options->serve.web_push,
                  "Send notices to the players' devices by Web Push (the VAPID key is made once and kept in the database)");
  serve->add_flag("--push-private-addresses", options->serve.push_private_addresses,
                  "Let Web Push post to push services at loopback and private addresses (default: public addresses only)");
  serve->add_option("--outbox-lease", options->serve.outbox_lease_seconds,
                    "Seconds a notice sender holds what it claimed before another process may send it")
      ->capture_default_str();
  serve->callback([options] {
    if (!options->web.empty()) options->serve.web = options->web;
    if (auto served = server::serve(options->serve); !served) throw BadInput{served.error()};
  });
}

}  // namespace stratagem::cli
