#include "webhook_sender.h"

#include <fmt/format.h>

#include <vector>

#include "api.h"
#include "stratagem/notice_text/notice_text.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notices/notice.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

// Slack reads &, < and > as its own markup.
std::string slack_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return out;
}

// Discord takes at most 2,000 characters a post.
std::string within(std::string text, std::size_t most_bytes) {
  if (text.size() <= most_bytes) return text;
  std::size_t end = most_bytes - 3;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "…";
}

class WebhookSender final : public ChannelSender {
 public:
  WebhookSender(storage::Store& store, WebhookOptions options, NoticeLinks links)
      : store_(store), options_(std::move(options)), links_(std::move(links)) {}

  std::string_view channel() const override { return "webhook"; }
  bool for_players() const override { return false; }
  std::vector<std::string> recipients(storage::OutboxWriter&, storage::UserId) override { return {}; }

  SendOutcome send(const storage::Delivery& delivery, const platform::Game* game) override {
    const auto webhook = store_.notices().webhook_by_id(std::stoll(delivery.recipient));
    if (!webhook) return SendOutcome::retry(webhook.error().message);
    if (!*webhook) return SendOutcome::drop("the webhook was removed");
    json data = json::parse(delivery.payload, nullptr, false);
    if (delivery.kind == notices::kind::deadline_near) {
      if (!game) return SendOutcome::drop("the game is gone");
      data["waiting"] = notices::awaited(*game);
    }
    const auto language = account_language((*webhook)->language).value_or(notice_text::Language::En);
    const auto words = notice_text::notice_text(delivery.kind, data, language, account_names((*webhook)->language));
    const bool slack = (*webhook)->format == "slack";
    std::string text = slack ? "*" + slack_escaped(words.title) + "*" : "**" + words.title + "**";
    for (const std::string& line : words.lines) text += "\n" + (slack ? slack_escaped(line) : line);
    text += "\n" + links_.game(delivery.game);
    // No @everyone or @here from a game's name or a power's message.
    const json body = slack ? json{{"text", text}}
                            : json{{"content", within(text, 1900)}, {"allowed_mentions", {{"parse", json::array()}}}};
    return post((*webhook)->url, body.dump());
  }

 private:
  SendOutcome post(const std::string& url, const std::string& body) {
    const auto answer = post_https(url, {"Content-Type: application/json"}, body, options_);
    switch (answer.problem) {
      case HttpsAddressProblem::none: break;
      case HttpsAddressProblem::unresolved: return SendOutcome::retry("the webhook's host does not resolve");
      case HttpsAddressProblem::not_https:
      case HttpsAddressProblem::malformed: return SendOutcome::drop("not an https URL");
      case HttpsAddressProblem::not_public: return SendOutcome::drop("the webhook's host is not a public address");
    }
    if (!answer.error.empty()) return SendOutcome::retry(fmt::format("webhook: {}", answer.error));
    if (answer.status >= 200 && answer.status < 300) return SendOutcome::sent();
    const std::string reason = fmt::format("webhook answered {}", answer.status);
    // Too many posts, or the chat's trouble: later. Anything else (gone, forbidden, a
    // post it cannot read) will not change by posting again.
    if (answer.status == 429 || answer.status >= 500) return SendOutcome::retry(reason, answer.retry_after);
    return SendOutcome::drop(reason);
  }

  storage::Store& store_;
  WebhookOptions options_;
  NoticeLinks links_;
};

}  // namespace

std::string webhook_format_of(std::string_view url) {
  const std::string host = https_host(url);
  if (host == "hooks.slack.com" || host.ends_with(".slack.com")) return "slack";
  return "discord";
}

std::unique_ptr<ChannelSender> webhook_sender(storage::Store& store, WebhookOptions options, NoticeLinks links) {
  return std::make_unique<WebhookSender>(store, std::move(options), std::move(links));
}

}  // namespace stratagem::server
