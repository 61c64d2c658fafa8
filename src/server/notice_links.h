#pragma once
// The addresses a notice links to, from the server's public address (`serve
// --public-url`, the address players reach it at): the game's page, the settings page,
// the confirmation and unsubscribe pages and endpoints, the calendar feed.

#include <string>
#include <string_view>

#include "stratagem/storage/store.h"

namespace stratagem::server {

struct NoticeLinks {
  std::string base;  // e.g. "https://diplomacy.example.org", no trailing slash

  // The host of the public address, without its port (for ids and addresses at it).
  std::string host() const {
    const std::string authority = base.substr(base.find("://") + 3);
    if (!authority.empty() && authority.front() == '[') return authority.substr(1, authority.find(']') - 1);
    return authority.substr(0, authority.rfind(':'));
  }

  std::string game(storage::GameId id) const { return base + "/games/" + std::to_string(id); }
  std::string settings() const { return base + "/settings"; }
  std::string calendar(std::string_view token) const { return base + "/api/v1/calendar/" + std::string(token) + ".ics"; }
  // The web client's page that confirms (a POST, so that a mail scanner following the
  // link confirms nothing).
  std::string confirm_email(std::string_view token) const { return base + "/confirm-email/" + std::string(token); }
  // The web client's page with its button, and the one-click endpoint of RFC 8058 that
  // mail programs POST to.
  std::string unsubscribe_page(std::string_view token) const { return base + "/unsubscribe/" + std::string(token); }
  std::string unsubscribe_one_click(std::string_view token) const {
    return base + "/api/v1/email/unsubscribe/" + std::string(token);
  }
};

}  // namespace stratagem::server
