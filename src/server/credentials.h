#pragma once
// Passwords and session tokens (libsodium).
//
// Passwords: argon2id through crypto_pwhash_str with opslimit 2 and memlimit 19 MiB, the
// floor OWASP recommends for argon2id. One hash took 34 ms of one core on the (loaded)
// 2-core test machine; libsodium's 64 MiB "interactive" preset took 162 ms, nearly five
// times as much per login and per account created, on cores shared with phase processing
// and bots, while the login rate limit (rate_limiter.h) already bounds what an attacker
// can try.
// The parameters are stored inside each hash, so raising them later still verifies old
// ones.
//
// Tokens: 32 random bytes (randombytes_buf) written as 64 hex digits. Storage keeps only
// their SHA-256, so a copy of the database logs nobody in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace stratagem::server {

// Initialises libsodium; false if it cannot (no entropy source).
bool initialise_crypto();

// nullopt only when memory for the hash cannot be had.
std::optional<std::string> hash_password(std::string_view password);
bool verify_password(std::string_view password, const std::string& stored_hash);

std::string new_token();

// A seed for a new game's random choices (the draw of powers, the computer's moves).
std::uint64_t random_seed();

}  // namespace stratagem::server
