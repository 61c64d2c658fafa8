#pragma once
// The group chats' channel: a game's notices posted to the webhooks its players named
// (Discord's and Slack's incoming-webhook formats), in the language each webhook was given.
// Posted as outgoing_https.h posts (https only, public addresses unless `serve
// --webhook-private-addresses` allows others).
//   STRATAGEM_WEBHOOK_CA_FILE  certificates to trust besides the system's (a private CA)

#include <memory>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "notice_links.h"
#include "outbox.h"
#include "outgoing_https.h"

namespace stratagem::server {

using WebhookOptions = OutgoingOptions;

// "discord" or "slack" by the URL's host, when it is one of theirs; else "discord" (the
// format most other chats accept too).
std::string webhook_format_of(std::string_view url);

std::unique_ptr<ChannelSender> webhook_sender(storage::Store& store, WebhookOptions options, NoticeLinks links);

}  // namespace stratagem::server
