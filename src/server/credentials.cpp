#include "credentials.h"

#include <array>

#include <sodium.h>

namespace stratagem::server {
namespace {

constexpr unsigned long long kOpsLimit = 2;
constexpr std::size_t kMemLimit = 19u * 1024u * 1024u;

std::string hex(const unsigned char* bytes, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, size);
  out.pop_back();
  return out;
}

}  // namespace

bool initialise_crypto() { return sodium_init() >= 0; }

std::optional<std::string> hash_password(std::string_view password) {
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str(out.data(), password.data(), password.size(), kOpsLimit, kMemLimit) != 0) {
    return std::nullopt;
  }
  return std::string(out.data());
}

bool verify_password(std::string_view password, const std::string& stored_hash) {
  return crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

std::string new_token() {
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return hex(bytes.data(), bytes.size());
}

std::uint64_t random_seed() {
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

}  // namespace stratagem::server
