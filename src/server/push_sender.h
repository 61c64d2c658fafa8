#pragma once
// The Web Push channel (RFC 8030): a player's notices to each device they subscribed,
// encrypted for the device's browser (RFC 8291) and signed with the server's VAPID key
// (RFC 8292), posted as outgoing_https.h posts to the browser's push service (https only;
// public addresses unless `serve --push-private-addresses` allows others, for tests). A
// push service that says the subscription is gone (404, 410) has it removed.
//   STRATAGEM_PUSH_CA_FILE  certificates to trust besides the system's (a private CA)
// The message is JSON for the client's service worker (web/pwa/service-worker.js):
// {"title", "body", "url", "tag", "lang"}, in the account's language.

#include <memory>
#include <string>

#include <tl/expected.hpp>

#include "notice_links.h"
#include "outbox.h"
#include "outgoing_https.h"
#include "web_push.h"

namespace stratagem::server {

// The server's VAPID key pair: made once, kept in the database (every process and every
// restart signs with the key the browsers subscribed with).
tl::expected<web_push::KeyPair, std::string> vapid_key(storage::Store& store);

std::unique_ptr<ChannelSender> push_sender(storage::Store& store, web_push::KeyPair key, OutgoingOptions options,
                                           NoticeLinks links);

}  // namespace stratagem::server
