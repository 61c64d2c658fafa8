#pragma once
// A notice as an e-mail (RFC 5322 with MIME): UTF-8 text and HTML parts of the same
// words, a subject encoded for any script (RFC 2047), a Message-ID that is the same
// every time the same delivery is sent (so that a mail sent again after a crash can be
// recognised as the same), and one-click unsubscribe (RFC 8058) for notices.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "stratagem/notice_text/notice_text.h"
#include "stratagem/platform/time.h"

namespace stratagem::notice_text {

struct MailLinks {
  std::string game;         // the game's page; "" for a mail not about a game
  std::string settings;     // the notices' settings page
  std::string confirm;      // the confirmation page (confirm_email only)
  std::string unsubscribe_page;       // "" for a mail that is not a notice (the confirmation)
  std::string unsubscribe_one_click;  // RFC 8058's List-Unsubscribe URL
};

struct MailEnvelope {
  std::string from;        // "Stratagem <notices@example.org>"
  std::string to;          // an address
  std::string message_id;  // "<...@...>", stable for the delivery
  platform::Instant date;
};

struct Mail {
  std::string subject;
  std::string text;  // plain text
  std::string html;
};

// The words of the notice as a mail's subject and parts.
Mail mail_of(std::string_view kind, const nlohmann::json& data, Language language, const MailLinks& links,
             formats::NameRegion names = formats::NameRegion::Taiwan);

// The whole message, CRLF line ends, ready for SMTP's DATA.
std::string mime_message(const MailEnvelope& envelope, const Mail& mail, Language language, const MailLinks& links);

// Whether `address` is a plain addr-spec a mail can go to: local@domain, printable ASCII
// without spaces, quotes or angle brackets (nothing that could leave a header), a domain
// of dot-separated labels, at most 254 characters.
bool is_mail_address(std::string_view address);

}  // namespace stratagem::notice_text
