#pragma once
// A person as the platform knows one: the account's id (the key everything is stored
// under) and name (what other players see). Accounts themselves belong to the server.

#include <string>

namespace stratagem::platform {

struct User {
  std::string id;
  std::string name;
  friend bool operator==(const User&, const User&) = default;
};

}  // namespace stratagem::platform
