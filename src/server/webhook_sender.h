#pragma once
// The group chats' channel: a game's notices posted to the webhooks its players named
// (Discord's and Slack's incoming-webhook formats), in the language each webhook was given.
// Only https, with timeouts, and only to public addresses unless the operator allows
// others (`serve --webhook-private-addresses`, for a chat server on the same network and
// for tests): the address is resolved and checked before each post, and the post goes to
// the address checked (no second lookup that could answer otherwise, no redirects).
//   STRATAGEM_WEBHOOK_CA_FILE  certificates to trust besides the system's (a private CA)

#include <memory>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "notice_links.h"
#include "outbox.h"

namespace stratagem::server {

struct WebhookOptions {
  bool private_addresses = false;
  std::string ca_file;  // from the environment
};

// Why `url` cannot be a webhook ("" when it can): not https, no host, credentials in it,
// or a host whose addresses are not public (unless allowed). Resolves the host.
enum class WebhookProblem { none, not_https, malformed, not_public, unresolved };
WebhookProblem webhook_problem(std::string_view url, bool private_addresses);

// "discord" or "slack" by the URL's host, when it is one of theirs; else "discord" (the
// format most other chats accept too).
std::string webhook_format_of(std::string_view url);

std::unique_ptr<ChannelSender> webhook_sender(storage::Store& store, WebhookOptions options, NoticeLinks links);

}  // namespace stratagem::server
