#pragma once

#include <string>
#include <string_view>

namespace stratagem::storage {

// The SHA-256 of a session token in lower-case hex: what the sessions table keeps.
std::string token_hash(std::string_view token);

}  // namespace stratagem::storage
