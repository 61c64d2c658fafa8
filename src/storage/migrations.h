#pragma once
// The schema migrations compiled in from data/sql/<backend>/ (see CMakeLists.txt).

#include <span>
#include <string_view>

namespace stratagem::storage {

enum class Backend { sqlite, postgresql };

struct Migration {
  int version;
  std::string_view name;
  std::string_view (*sql)();
};

// Oldest first; the same version numbers for every backend.
std::span<const Migration> migrations(Backend backend);

}  // namespace stratagem::storage
