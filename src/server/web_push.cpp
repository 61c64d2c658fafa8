#include "web_push.h"

#include <fmt/format.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>
#include <sodium.h>

#include <array>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace stratagem::server::web_push {
namespace {

template <auto free_fn>
struct Free {
  template <typename T>
  void operator()(T* p) const {
    free_fn(p);
  }
};
using PkeyContext = std::unique_ptr<EVP_PKEY_CTX, Free<EVP_PKEY_CTX_free>>;
using CipherContext = std::unique_ptr<EVP_CIPHER_CTX, Free<EVP_CIPHER_CTX_free>>;
using DigestContext = std::unique_ptr<EVP_MD_CTX, Free<EVP_MD_CTX_free>>;
using ParamBuilder = std::unique_ptr<OSSL_PARAM_BLD, Free<OSSL_PARAM_BLD_free>>;
using Params = std::unique_ptr<OSSL_PARAM, Free<OSSL_PARAM_free>>;
using Group = std::unique_ptr<EC_GROUP, Free<EC_GROUP_free>>;
using Point = std::unique_ptr<EC_POINT, Free<EC_POINT_free>>;
using Number = std::unique_ptr<BIGNUM, Free<BN_clear_free>>;
using Signature = std::unique_ptr<ECDSA_SIG, Free<ECDSA_SIG_free>>;

constexpr const char* kCurve = "prime256v1";
constexpr std::size_t kPublicKeySize = 65;
constexpr std::size_t kAuthSize = 16;
constexpr std::size_t kSaltSize = 16;
constexpr std::uint32_t kRecordSize = 4096;

[[noreturn]] void fail(std::string_view what) {
  const unsigned long code = ERR_get_error();
  std::array<char, 256> reason{};
  ERR_error_string_n(code, reason.data(), reason.size());
  throw std::runtime_error(fmt::format("OpenSSL, {}: {}", what, reason.data()));
}

void check(int result, std::string_view what) {
  if (result <= 0) fail(what);
}

std::shared_ptr<EVP_PKEY> owned(EVP_PKEY* key) { return {key, EVP_PKEY_free}; }

// A P-256 key from its parts: the public point, and the private scalar for a key pair.
std::shared_ptr<EVP_PKEY> key_from(std::span<const unsigned char> public_point, const BIGNUM* scalar) {
  ParamBuilder builder(OSSL_PARAM_BLD_new());
  if (!builder) fail("OSSL_PARAM_BLD_new");
  check(OSSL_PARAM_BLD_push_utf8_string(builder.get(), OSSL_PKEY_PARAM_GROUP_NAME, kCurve, 0), "group");
  check(OSSL_PARAM_BLD_push_octet_string(builder.get(), OSSL_PKEY_PARAM_PUB_KEY, public_point.data(),
                                         public_point.size()),
        "public key");
  if (scalar) check(OSSL_PARAM_BLD_push_BN(builder.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar), "private key");
  Params params(OSSL_PARAM_BLD_to_param(builder.get()));
  if (!params) fail("OSSL_PARAM_BLD_to_param");
  PkeyContext context(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  if (!context) fail("EVP_PKEY_CTX_new_from_name");
  check(EVP_PKEY_fromdata_init(context.get()), "EVP_PKEY_fromdata_init");
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_fromdata(context.get(), &key, scalar ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get()) <= 0) {
    ERR_clear_error();
    return nullptr;  // not a point of the curve
  }
  return owned(key);
}

Bytes ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  PkeyContext context(EVP_PKEY_CTX_new(own, nullptr));
  if (!context) fail("EVP_PKEY_CTX_new");
  check(EVP_PKEY_derive_init(context.get()), "ECDH");
  check(EVP_PKEY_derive_set_peer(context.get(), peer), "ECDH peer");
  std::size_t size = 0;
  check(EVP_PKEY_derive(context.get(), nullptr, &size), "ECDH size");
  Bytes secret(size);
  check(EVP_PKEY_derive(context.get(), secret.data(), &size), "ECDH");
  secret.resize(size);
  return secret;
}

// HKDF-SHA-256 (RFC 5869), extract then expand.
Bytes hkdf(std::span<const unsigned char> salt, std::span<const unsigned char> input, std::span<const unsigned char> info,
           std::size_t size) {
  PkeyContext context(EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nullptr));
  if (!context) fail("EVP_PKEY_CTX_new_id(HKDF)");
  check(EVP_PKEY_derive_init(context.get()), "HKDF");
  check(EVP_PKEY_CTX_set_hkdf_md(context.get(), EVP_sha256()), "HKDF digest");
  check(EVP_PKEY_CTX_set1_hkdf_salt(context.get(), salt.data(), static_cast<int>(salt.size())), "HKDF salt");
  check(EVP_PKEY_CTX_set1_hkdf_key(context.get(), input.data(), static_cast<int>(input.size())), "HKDF key");
  check(EVP_PKEY_CTX_add1_hkdf_info(context.get(), info.data(), static_cast<int>(info.size())), "HKDF info");
  Bytes out(size);
  check(EVP_PKEY_derive(context.get(), out.data(), &size), "HKDF");
  return out;
}

Bytes bytes_of(std::string_view text) { return Bytes(text.begin(), text.end()); }

void append(Bytes& out, std::span<const unsigned char> more) { out.insert(out.end(), more.begin(), more.end()); }

}  // namespace

std::string base64url(std::span<const unsigned char> bytes) {
  constexpr int kVariant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), kVariant), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(), kVariant);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

std::optional<Bytes> from_base64url(std::string_view text) {
  Bytes out(text.size() * 3 / 4 + 3);
  std::size_t size = 0;
  const char* end = nullptr;
  if (sodium_base642bin(out.data(), out.size(), text.data(), text.size(), nullptr, &size, &end,
                        sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
      end != text.data() + text.size())
    return std::nullopt;
  out.resize(size);
  return out;
}

KeyPair KeyPair::generate() {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  if (!key) fail("EVP_PKEY_Q_keygen");
  return KeyPair(owned(key));
}

std::optional<KeyPair> KeyPair::from_private(std::span<const unsigned char> scalar) {
  if (scalar.size() != 32) return std::nullopt;
  Group group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  if (!group) fail("EC_GROUP_new_by_curve_name");
  Number d(BN_bin2bn(scalar.data(), static_cast<int>(scalar.size()), nullptr));
  if (!d) fail("BN_bin2bn");
  if (BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0) return std::nullopt;
  Point point(EC_POINT_new(group.get()));
  if (!point) fail("EC_POINT_new");
  check(EC_POINT_mul(group.get(), point.get(), d.get(), nullptr, nullptr, nullptr), "EC_POINT_mul");
  std::array<unsigned char, kPublicKeySize> public_point{};
  if (EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED, public_point.data(),
                         public_point.size(), nullptr) != public_point.size())
    fail("EC_POINT_point2oct");
  auto key = key_from(public_point, d.get());
  if (!key) return std::nullopt;
  return KeyPair(std::move(key));
}

Bytes KeyPair::private_bytes() const {
  BIGNUM* raw = nullptr;
  check(EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_PRIV_KEY, &raw), "private key");
  Number d(raw);
  Bytes out(32);
  check(BN_bn2binpad(d.get(), out.data(), static_cast<int>(out.size())), "BN_bn2binpad");
  return out;
}

Bytes KeyPair::public_bytes() const {
  Bytes out(kPublicKeySize);
  std::size_t size = 0;
  check(EVP_PKEY_get_octet_string_param(key_.get(), OSSL_PKEY_PARAM_PUB_KEY, out.data(), out.size(), &size),
        "public key");
  if (size != kPublicKeySize || out[0] != 0x04) throw std::runtime_error("OpenSSL: the public key is not uncompressed");
  return out;
}

tl::expected<Recipient, std::string> recipient_of(std::string_view p256dh, std::string_view auth) {
  auto key = from_base64url(p256dh);
  if (!key || key->size() != kPublicKeySize || (*key)[0] != 0x04 || !key_from(*key, nullptr))
    return tl::unexpected(std::string("p256dh is not a P-256 public key (65 bytes, uncompressed, base64url)"));
  auto secret = from_base64url(auth);
  if (!secret || secret->size() != kAuthSize)
    return tl::unexpected(std::string("auth is not a 16-byte authentication secret (base64url)"));
  return Recipient{std::move(*key), std::move(*secret)};
}

tl::expected<Bytes, std::string> encrypt(std::string_view plaintext, const Recipient& to, const KeyPair& sender,
                                         std::span<const unsigned char> salt) {
  if (plaintext.size() > kMostPlaintext)
    return tl::unexpected(fmt::format("a push message holds at most {} bytes, not {}", kMostPlaintext, plaintext.size()));
  if (salt.size() != kSaltSize) return tl::unexpected(std::string("the salt is not 16 bytes"));
  const auto peer = key_from(to.public_key, nullptr);
  if (!peer) return tl::unexpected(std::string("the subscription's key is not a P-256 public key"));
  const Bytes sender_public = sender.public_bytes();

  // RFC 8291 §3.3-3.4: the input keying material from the shared secret and the
  // authentication secret, bound to both public keys; then RFC 8188's key and nonce.
  const Bytes shared = ecdh(sender.key(), peer.get());
  Bytes key_info = bytes_of(std::string_view("WebPush: info\0", 14));
  append(key_info, to.public_key);
  append(key_info, sender_public);
  const Bytes input = hkdf(to.auth, shared, key_info, 32);
  const Bytes content_key = hkdf(salt, input, bytes_of(std::string_view("Content-Encoding: aes128gcm\0", 28)), 16);
  const Bytes nonce = hkdf(salt, input, bytes_of(std::string_view("Content-Encoding: nonce\0", 24)), 12);

  // One record: the message and the last record's delimiter, 0x02, with no padding.
  Bytes record = bytes_of(plaintext);
  record.push_back(0x02);
  CipherContext cipher(EVP_CIPHER_CTX_new());
  if (!cipher) fail("EVP_CIPHER_CTX_new");
  check(EVP_EncryptInit_ex(cipher.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr), "AES-128-GCM");
  check(EVP_CIPHER_CTX_ctrl(cipher.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr), "IV size");
  check(EVP_EncryptInit_ex(cipher.get(), nullptr, nullptr, content_key.data(), nonce.data()), "AES-128-GCM key");
  Bytes sealed(record.size() + 16);
  int written = 0;
  check(EVP_EncryptUpdate(cipher.get(), sealed.data(), &written, record.data(), static_cast<int>(record.size())),
        "AES-128-GCM");
  int last = 0;
  check(EVP_EncryptFinal_ex(cipher.get(), sealed.data() + written, &last), "AES-128-GCM final");
  check(EVP_CIPHER_CTX_ctrl(cipher.get(), EVP_CTRL_GCM_GET_TAG, 16, sealed.data() + written + last), "GCM tag");
  sealed.resize(static_cast<std::size_t>(written + last) + 16);

  // RFC 8188 §2.1's header: salt, record size, and our public key as the key id.
  Bytes body(salt.begin(), salt.end());
  for (int shift = 24; shift >= 0; shift -= 8) body.push_back(static_cast<unsigned char>(kRecordSize >> shift));
  body.push_back(static_cast<unsigned char>(sender_public.size()));
  append(body, sender_public);
  append(body, sealed);
  return body;
}

tl::expected<Bytes, std::string> encrypt(std::string_view plaintext, const Recipient& to) {
  std::array<unsigned char, kSaltSize> salt{};
  check(RAND_bytes(salt.data(), static_cast<int>(salt.size())), "RAND_bytes");
  return encrypt(plaintext, to, KeyPair::generate(), salt);
}

std::string vapid_authorization(const KeyPair& server, std::string_view audience, std::string_view subject,
                                std::chrono::system_clock::time_point expires) {
  const nlohmann::json header = {{"typ", "JWT"}, {"alg", "ES256"}};
  const nlohmann::json claims = {
      {"aud", audience},
      {"exp", std::chrono::duration_cast<std::chrono::seconds>(expires.time_since_epoch()).count()},
      {"sub", subject}};
  const auto encoded = [](const std::string& text) {
    return base64url(std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
  };
  const std::string signed_part = encoded(header.dump()) + "." + encoded(claims.dump());

  DigestContext digest(EVP_MD_CTX_new());
  if (!digest) fail("EVP_MD_CTX_new");
  check(EVP_DigestSignInit(digest.get(), nullptr, EVP_sha256(), nullptr, server.key()), "ES256");
  std::size_t size = 0;
  const auto* data = reinterpret_cast<const unsigned char*>(signed_part.data());
  check(EVP_DigestSign(digest.get(), nullptr, &size, data, signed_part.size()), "ES256 size");
  Bytes der(size);
  check(EVP_DigestSign(digest.get(), der.data(), &size, data, signed_part.size()), "ES256");
  // JWS wants r || s, 32 bytes each (RFC 7518 §3.4), where OpenSSL gives DER.
  const unsigned char* reading = der.data();
  Signature signature(d2i_ECDSA_SIG(nullptr, &reading, static_cast<long>(size)));
  if (!signature) fail("d2i_ECDSA_SIG");
  const BIGNUM* r = nullptr;
  const BIGNUM* s = nullptr;
  ECDSA_SIG_get0(signature.get(), &r, &s);
  Bytes raw(64);
  check(BN_bn2binpad(r, raw.data(), 32), "r");
  check(BN_bn2binpad(s, raw.data() + 32, 32), "s");
  return fmt::format("vapid t={}.{}, k={}", signed_part, base64url(raw), base64url(server.public_bytes()));
}

}  // namespace stratagem::server::web_push
