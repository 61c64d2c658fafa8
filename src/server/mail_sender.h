#pragma once
// The e-mail channel: notices as mails through an SMTP server (`serve --smtp
// smtp://HOST:PORT`), sent with libcurl (STARTTLS, authentication, timeouts). The
// credentials and the TLS policy come from the environment, never from the command line
// (where every user of the machine could read them in the process list):
//   STRATAGEM_SMTP_USER, STRATAGEM_SMTP_PASSWORD
//   STRATAGEM_SMTP_STARTTLS  required (the default when a password is set) | optional
//                            (the default otherwise: used when offered) | off
//   STRATAGEM_SMTP_CA_FILE   certificates to trust besides the system's (a private CA)
// A mail goes only to a confirmed address (the confirmation mail itself excepted), in the
// account's language, with a Message-ID that stays the same if it is ever sent again.

#include <memory>
#include <string>

#include <tl/expected.hpp>

#include "notice_links.h"
#include "outbox.h"

namespace stratagem::server {

struct SmtpOptions {
  std::string url;   // smtp://HOST:PORT or smtps://HOST:PORT
  std::string from;  // "Stratagem <notices@example.org>"
  std::string user;
  std::string password;
  enum class StartTls { required, optional, off } starttls = StartTls::optional;
  std::string ca_file;
};

// `url` and `from` as given, the rest from the environment; a message naming what is
// wrong otherwise.
tl::expected<SmtpOptions, std::string> smtp_options(std::string url, std::string from);

std::unique_ptr<ChannelSender> mail_sender(storage::Store& store, SmtpOptions options, NoticeLinks links);

}  // namespace stratagem::server
