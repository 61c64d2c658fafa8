#include "push_sender.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "api.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notice_text/notice_text.h"
#include "stratagem/notices/notice.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

constexpr std::string_view kVapidKeyName = "vapid_private_key";
// A notice's words are short; a long press gathering is cut (the page has it all).
constexpr std::size_t kMostBodyBytes = 1500;

std::string cut(std::string text, std::size_t most_bytes) {
  if (text.size() <= most_bytes) return text;
  std::size_t end = most_bytes - 3;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "…";
}

class PushSender final : public ChannelSender {
 public:
  PushSender(storage::Store& store, web_push::KeyPair key, OutgoingOptions options, NoticeLinks links)
      : store_(store), key_(std::move(key)), options_(std::move(options)), links_(std::move(links)) {}

  std::string_view channel() const override { return "push"; }

  std::vector<std::string> recipients(storage::OutboxWriter& outbox, storage::UserId user) override {
    std::vector<std::string> devices;
    for (const storage::PushSubscription& subscription : outbox.push_subscriptions(user))
      devices.push_back(std::to_string(subscription.id));
    return devices;
  }

  SendOutcome send(const storage::Delivery& delivery, const platform::Game* game) override {
    if (!delivery.user) return SendOutcome::drop("a push message without a reader");
    const auto subscription = store_.notices().push_subscription(std::stoll(delivery.recipient));
    if (!subscription) return SendOutcome::retry(subscription.error().message);
    if (!*subscription || (*subscription)->user != *delivery.user)
      return SendOutcome::drop("the device no longer takes this account's notices");
    const auto user = store_.user_by_id(*delivery.user);
    if (!user) {
      if (user.error().code == storage::StoreErrorCode::not_found) return SendOutcome::drop("no such user");
      return SendOutcome::retry(user.error().message);
    }
    const auto recipient = web_push::recipient_of((*subscription)->p256dh, (*subscription)->auth);
    if (!recipient) {
      forget(**subscription);
      return SendOutcome::drop(recipient.error());
    }
    json data = json::parse(delivery.payload, nullptr, false);
    if (delivery.kind == notices::kind::deadline_near && game) data["waiting"] = notices::awaited(*game);
    const auto language = account_language(user->language).value_or(notice_text::Language::En);
    const auto words = notice_text::notice_text(delivery.kind, data, language, account_names(user->language));
    std::string body;
    for (const std::string& line : words.lines) body += (body.empty() ? "" : "\n") + line;
    const json message = {
        {"title", words.title},
        {"body", cut(body, kMostBodyBytes)},
        {"url", delivery.game != 0 ? links_.game(delivery.game) : links_.settings()},
        // One notice a game and kind on the device's screen: a newer replaces an older.
        {"tag", fmt::format("{}-{}", delivery.game, delivery.kind)},
        {"lang", diplomacy::language_code(language)},
    };
    const auto encrypted = web_push::encrypt(message.dump(), *recipient);
    if (!encrypted) return SendOutcome::drop(encrypted.error());

    const std::string& endpoint = (*subscription)->endpoint;
    const auto expires = std::chrono::system_clock::now() + std::chrono::hours(12);
    const std::vector<std::string> headers = {
        "Authorization: " + web_push::vapid_authorization(key_, https_origin(endpoint), links_.base, expires),
        "Content-Encoding: aes128gcm",
        "Content-Type: application/octet-stream",
        // A notice a day old is news no more; a reminder is wanted now.
        "TTL: 86400",
        delivery.kind == notices::kind::deadline_near ? "Urgency: high" : "Urgency: normal",
    };
    const auto answer = post_https(
        endpoint, headers,
        std::string_view(reinterpret_cast<const char*>(encrypted->data()), encrypted->size()), options_);
    switch (answer.problem) {
      case HttpsAddressProblem::none: break;
      case HttpsAddressProblem::unresolved: return SendOutcome::retry("the push service's host does not resolve");
      case HttpsAddressProblem::not_https:
      case HttpsAddressProblem::malformed:
      case HttpsAddressProblem::not_public:
        forget(**subscription);
        return SendOutcome::drop("the push service's address is not a public https address");
    }
    if (!answer.error.empty()) return SendOutcome::retry(fmt::format("push: {}", answer.error));
    if (answer.status >= 200 && answer.status < 300) return SendOutcome::sent();
    const std::string reason = fmt::format("the push service answered {}", answer.status);
    if (answer.status == 404 || answer.status == 410) {
      // RFC 8030 §7.3: the subscription expired or the browser unsubscribed.
      forget(**subscription);
      return SendOutcome::drop(reason + ": the subscription is gone");
    }
    if (answer.status == 429 || answer.status >= 500) return SendOutcome::retry(reason, answer.retry_after);
    return SendOutcome::drop(reason);
  }

 private:
  void forget(const storage::PushSubscription& subscription) {
    if (auto forgot = store_.notices().forget_push_subscription(subscription.id); !forgot)
      spdlog::warn("push subscription {}: {}", subscription.id, forgot.error().message);
  }

  storage::Store& store_;
  web_push::KeyPair key_;
  OutgoingOptions options_;
  NoticeLinks links_;
};

}  // namespace

tl::expected<web_push::KeyPair, std::string> vapid_key(storage::Store& store) {
  const auto kept = store.notices().server_key(kVapidKeyName,
                                                web_push::base64url(web_push::KeyPair::generate().private_bytes()));
  if (!kept) return tl::unexpected(kept.error().message);
  const auto scalar = web_push::from_base64url(*kept);
  auto key = scalar ? web_push::KeyPair::from_private(*scalar) : std::nullopt;
  if (!key) return tl::unexpected(std::string("the VAPID key kept in the database is not a P-256 private key"));
  return std::move(*key);
}

std::unique_ptr<ChannelSender> push_sender(storage::Store& store, web_push::KeyPair key, OutgoingOptions options,
                                           NoticeLinks links) {
  return std::make_unique<PushSender>(store, std::move(key), std::move(options), std::move(links));
}

}  // namespace stratagem::server
