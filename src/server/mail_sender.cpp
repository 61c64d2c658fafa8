#include "mail_sender.h"

#include "api.h"

#include <curl/curl.h>
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notice_text/mail.h"
#include "stratagem/notices/notice.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

// The address inside "Name <address>", or the whole text.
std::string bare_address(const std::string& from) {
  const auto open = from.find('<');
  const auto close = from.rfind('>');
  if (open == std::string::npos || close == std::string::npos || close < open) return from;
  return from.substr(open + 1, close - open - 1);
}

// Feeds a message to libcurl's upload.
struct Upload {
  std::string_view rest;
  static std::size_t read(char* buffer, std::size_t size, std::size_t count, void* self) {
    auto& upload = *static_cast<Upload*>(self);
    const std::size_t n = std::min(size * count, upload.rest.size());
    std::memcpy(buffer, upload.rest.data(), n);
    upload.rest.remove_prefix(n);
    return n;
  }
};

class MailSender final : public ChannelSender {
 public:
  MailSender(storage::Store& store, SmtpOptions options, NoticeLinks links)
      : store_(store), options_(std::move(options)), links_(std::move(links)) {
    const std::string address = bare_address(options_.from);
    domain_ = address.substr(address.rfind('@') + 1);
  }

  std::string_view channel() const override { return "email"; }

  std::vector<std::string> recipients(storage::OutboxWriter& outbox, storage::UserId user) override {
    const auto email = outbox.email_address(user);
    if (!email || !email->confirmed_at) return {};
    return {std::to_string(user)};
  }

  SendOutcome send(const storage::Delivery& delivery, const platform::Game*) override {
    if (!delivery.user) return SendOutcome::drop("a mail without a reader");
    const auto user = store_.user_by_id(*delivery.user);
    if (!user) {
      if (user.error().code == storage::StoreErrorCode::not_found) return SendOutcome::drop("no such user");
      return SendOutcome::retry(user.error().message);
    }
    const auto email = store_.notices().email_address(*delivery.user);
    if (!email) return SendOutcome::retry(email.error().message);
    const json data = json::parse(delivery.payload, nullptr, false);
    const bool confirmation = delivery.kind == notices::kind::confirm_email;
    std::string to;
    notice_text::MailLinks links;
    if (confirmation) {
      // To the address being confirmed, while it is still the account's and unconfirmed.
      to = data.value("address", "");
      if (!*email || (*email)->address != to || (*email)->confirmed_at)
        return SendOutcome::drop("the address to confirm is no longer the account's");
      links.confirm = links_.confirm_email(data.value("token", ""));
    } else {
      if (!*email || !(*email)->confirmed_at) return SendOutcome::drop("no confirmed address");
      to = (*email)->address;
      if (delivery.game != 0) links.game = links_.game(delivery.game);
      links.settings = links_.settings();
      links.unsubscribe_page = links_.unsubscribe_page((*email)->unsubscribe_token);
      links.unsubscribe_one_click = links_.unsubscribe_one_click((*email)->unsubscribe_token);
    }
    const auto language = account_language(user->language).value_or(notice_text::Language::En);
    const auto mail = notice_text::mail_of(delivery.kind, data, language, links, account_names(user->language));
    const notice_text::MailEnvelope envelope{
        .from = options_.from,
        .to = to,
        .message_id = fmt::format("<{}.{}@{}>", delivery.id, delivery.kind, domain_),
        .date = now_instant(),
    };
    return transmit(to, notice_text::mime_message(envelope, mail, language, links));
  }

 private:
  SendOutcome transmit(const std::string& to, const std::string& message) {
    std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl) return SendOutcome::retry("libcurl could not start");
    CURL* c = curl.get();
    const std::string mail_from = "<" + bare_address(options_.from) + ">";
    const std::string rcpt = "<" + to + ">";
    curl_slist* recipients = curl_slist_append(nullptr, rcpt.c_str());
    std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> free_recipients(recipients, curl_slist_free_all);
    Upload upload{message};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(c, CURLOPT_URL, options_.url.c_str());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(c, CURLOPT_MAIL_FROM, mail_from.c_str());
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(c, CURLOPT_READFUNCTION, &Upload::read);
    curl_easy_setopt(c, CURLOPT_READDATA, &upload);
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    switch (options_.starttls) {
      case SmtpOptions::StartTls::required: curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL)); break;
      case SmtpOptions::StartTls::optional: curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY)); break;
      case SmtpOptions::StartTls::off: curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_NONE)); break;
    }
    if (!options_.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, options_.ca_file.c_str());
    if (!options_.user.empty()) {
      curl_easy_setopt(c, CURLOPT_USERNAME, options_.user.c_str());
      curl_easy_setopt(c, CURLOPT_PASSWORD, options_.password.c_str());
    }
    const CURLcode result = curl_easy_perform(c);
    if (result == CURLE_OK) return SendOutcome::sent();
    long code = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
    const std::string reason = fmt::format("SMTP {}: {}{}", options_.url, error[0] ? error : curl_easy_strerror(result),
                                           code ? fmt::format(" (reply {})", code) : "");
    // A permanent refusal of this mail (5xx: no such mailbox, refused content) will not
    // change by waiting; the server down, a timeout or a 4xx may.
    if (code >= 500 && code < 600 && result != CURLE_LOGIN_DENIED) return SendOutcome::drop(reason);
    return SendOutcome::retry(reason);
  }

  storage::Store& store_;
  SmtpOptions options_;
  NoticeLinks links_;
  std::string domain_;
};

}  // namespace

tl::expected<SmtpOptions, std::string> smtp_options(std::string url, std::string from) {
  SmtpOptions options;
  if (!url.starts_with("smtp://") && !url.starts_with("smtps://"))
    return tl::unexpected(fmt::format("'{}' is not smtp://HOST:PORT or smtps://HOST:PORT", url));
  if (url.find('@') != std::string::npos)
    return tl::unexpected(std::string(
        "credentials do not go on the command line: set STRATAGEM_SMTP_USER and STRATAGEM_SMTP_PASSWORD"));
  options.url = std::move(url);
  if (!notice_text::is_mail_address(bare_address(from)))
    return tl::unexpected(fmt::format("--mail-from: '{}' is not an address (Name <someone@example.org>)", from));
  options.from = std::move(from);
  options.user = environment("STRATAGEM_SMTP_USER");
  options.password = environment("STRATAGEM_SMTP_PASSWORD");
  options.ca_file = environment("STRATAGEM_SMTP_CA_FILE");
  const std::string starttls = environment("STRATAGEM_SMTP_STARTTLS");
  if (starttls == "required" || (starttls.empty() && !options.password.empty())) {
    options.starttls = SmtpOptions::StartTls::required;
  } else if (starttls == "optional" || starttls.empty()) {
    options.starttls = SmtpOptions::StartTls::optional;
  } else if (starttls == "off") {
    options.starttls = SmtpOptions::StartTls::off;
  } else {
    return tl::unexpected(fmt::format("STRATAGEM_SMTP_STARTTLS='{}': required, optional or off", starttls));
  }
  return options;
}

std::unique_ptr<ChannelSender> mail_sender(storage::Store& store, SmtpOptions options, NoticeLinks links) {
  return std::make_unique<MailSender>(store, std::move(options), std::move(links));
}

}  // namespace stratagem::server
