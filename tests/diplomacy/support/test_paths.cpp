#include "support/test_paths.h"

#include <cstdlib>

namespace stratagem::diplomacy::testing {
namespace {

// tests/diplomacy/support/test_paths.cpp -> tests/
std::filesystem::path tests_dir() {
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
}

std::filesystem::path from_env_or(const char* variable, const std::filesystem::path& fallback) {
  const char* value = std::getenv(variable);
  return value && *value ? std::filesystem::path(value) : fallback;
}

}  // namespace

std::filesystem::path shared_path(std::string_view relative) {
  return from_env_or("SHARED_DIR", tests_dir().parent_path().parent_path() / "shared") / relative;
}

std::filesystem::path test_data_path(std::string_view relative) {
  return from_env_or("TEST_DATA_DIR", tests_dir() / "data") / relative;
}

}  // namespace stratagem::diplomacy::testing
