#pragma once
// The server's own messages to people, in the four languages. Each text is a format
// string whose {} are filled in the same order in every language.

#include <string>
#include <utility>

#include <fmt/format.h>

#include "language.h"

namespace stratagem::server {

enum class Text {
  malformed_json,        // {byte}
  number_too_large,      // {field}
  number_too_large_body,
  body_not_object,
  field_missing,         // {field}
  field_type,            // {field} {type}
  field_one_of,          // {field} {choices}
  field_range,           // {field} {min} {max}
  field_length,          // {field} {min} {max}
  user_name_rules,       // {most}
  password_rules,        // {least} {most}
  type_string,
  type_integer,
  type_number,
  type_boolean,
  type_object,
  type_array_of_strings,
  type_strings_or_all,
  name_taken,            // {name}
  wrong_login,
  unauthenticated,
  too_many_logins,       // {seconds}
  too_many_signups,      // {seconds}
  server_busy,
  too_large,             // {bytes}
  header_too_large,
  malformed_http,
  path_has_nul,
  no_route,              // {method} {path}
  method_not_allowed,    // {method} {path}
  game_not_found,        // {id}
  not_found,
  internal_error,
  database_unavailable,
  shutting_down,
  press_unreadable,      // {reason}
  field_unknown,         // {field} {choices}
  not_in_game,           // {id}
  no_notice_channels,    // {field}
  email_invalid,         // {field} {address}
  no_mail_server,
  too_many_confirmations,  // {seconds}
  confirmation_unknown,
  unsubscribe_unknown,
  email_missing,         // {field}
  email_not_confirmed,   // {field} {address}
  webhook_not_https,     // {field}
  webhook_malformed,     // {field}
  webhook_not_public,    // {field}
  webhook_unresolved,    // {field}
  calendar_unknown,
  push_off,
  push_endpoint,         // {field}
  push_key,              // {field}
  push_subscription_unknown,
  press_thread,          // a conversation key is not one
};

// The format string of `text` in `language`.
std::string_view text_format(Language language, Text text);

template <typename... Args>
std::string say(Language language, Text text, Args&&... args) {
  return fmt::format(fmt::runtime(text_format(language, text)), std::forward<Args>(args)...);
}

}  // namespace stratagem::server
