#pragma once
// Web Push's cryptography, over OpenSSL's libcrypto (no primitive is written here):
//  - a message encrypted for one browser (RFC 8291): ECDH on P-256 between a fresh key of
//    ours and the subscription's key, HKDF-SHA-256 with the subscription's authentication
//    secret, one record of the aes128gcm content coding (RFC 8188);
//  - the application server's identity (VAPID, RFC 8292): a JWT signed with ES256 by the
//    server's key pair, whose public half the browsers subscribed with.

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

struct evp_pkey_st;

namespace stratagem::server::web_push {

using Bytes = std::vector<unsigned char>;

// Base64url without padding (RFC 7515 §2), as Web Push writes keys and tokens.
std::string base64url(std::span<const unsigned char> bytes);
std::optional<Bytes> from_base64url(std::string_view text);

// A P-256 key pair.
class KeyPair {
 public:
  static KeyPair generate();
  // From the private key's 32 big-endian bytes; nullopt when they are not a key.
  static std::optional<KeyPair> from_private(std::span<const unsigned char> scalar);
  Bytes private_bytes() const;  // 32 bytes
  Bytes public_bytes() const;   // 65 bytes, the uncompressed point (0x04 || x || y)
  evp_pkey_st* key() const { return key_.get(); }

 private:
  explicit KeyPair(std::shared_ptr<evp_pkey_st> key) : key_(std::move(key)) {}
  std::shared_ptr<evp_pkey_st> key_;
};

// What a browser's subscription gives to encrypt for it.
struct Recipient {
  Bytes public_key;  // p256dh: 65 bytes
  Bytes auth;        // 16 bytes
};

// A subscription's keys as the browser gave them (base64url), checked; the message says
// what is wrong with them.
tl::expected<Recipient, std::string> recipient_of(std::string_view p256dh, std::string_view auth);

// The most a message may hold: one 4096-byte record, less its header (86 bytes), the
// padding delimiter and the tag.
constexpr std::size_t kMostPlaintext = 4096 - 86 - 1 - 16;

// The body of a push message (RFC 8291 §4): salt, record size, our public key, and the
// ciphertext. `sender` and `salt` must be fresh for every message; they are parameters
// so that the RFC's worked example can be reproduced.
tl::expected<Bytes, std::string> encrypt(std::string_view plaintext, const Recipient& to, const KeyPair& sender,
                                         std::span<const unsigned char> salt);
// The same with a fresh key pair and salt.
tl::expected<Bytes, std::string> encrypt(std::string_view plaintext, const Recipient& to);

// The Authorization header's value for a request to a push service at `audience` (the
// endpoint's origin, "https://host[:port]"): "vapid t=<JWT>, k=<our public key>".
// `subject`: how the push service may reach the operator (a mailto: or https: URL).
std::string vapid_authorization(const KeyPair& server, std::string_view audience, std::string_view subject,
                                std::chrono::system_clock::time_point expires);

}  // namespace stratagem::server::web_push
