// Web Push's cryptography: RFC 8291's worked example (Appendix A) reproduced byte for
// byte, and VAPID's JWT (RFC 8292) checked with OpenSSL as a push service would.
#include "web_push.h"

#include <gtest/gtest.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>

#include <nlohmann/json.hpp>

namespace stratagem::server::web_push {
namespace {

Bytes decoded(std::string_view text) {
  auto bytes = from_base64url(text);
  EXPECT_TRUE(bytes) << text;
  return bytes.value_or(Bytes{});
}

std::string text_of(const Bytes& bytes) { return std::string(bytes.begin(), bytes.end()); }

// RFC 8291, Appendix A.
constexpr std::string_view kPlaintext = "When I grow up, I want to be a watermelon";
constexpr std::string_view kServerPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr std::string_view kServerPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr std::string_view kBrowserPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr std::string_view kAuth = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr std::string_view kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr std::string_view kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
    "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

TEST(WebPush, EncryptionReproducesRfc8291sWorkedExample) {
  const auto server = KeyPair::from_private(decoded(kServerPrivate));
  ASSERT_TRUE(server);
  EXPECT_EQ(base64url(server->public_bytes()), kServerPublic);
  EXPECT_EQ(base64url(server->private_bytes()), kServerPrivate);
  const auto browser = recipient_of(kBrowserPublic, kAuth);
  ASSERT_TRUE(browser) << browser.error();
  const auto body = encrypt(kPlaintext, *browser, *server, decoded(kSalt));
  ASSERT_TRUE(body) << body.error();
  EXPECT_EQ(base64url(*body), kBody);
}

TEST(WebPush, FreshEncryptionsDifferAndTooLongOrBadKeysAreRefused) {
  const auto browser = recipient_of(kBrowserPublic, kAuth);
  ASSERT_TRUE(browser);
  const auto first = encrypt("hello", *browser);
  const auto second = encrypt("hello", *browser);
  ASSERT_TRUE(first && second);
  EXPECT_NE(*first, *second);  // a fresh key and salt each time
  EXPECT_EQ(first->size(), 16u + 4 + 1 + 65 + 5 + 1 + 16);
  EXPECT_FALSE(encrypt(std::string(kMostPlaintext + 1, 'x'), *browser));
  EXPECT_TRUE(encrypt(std::string(kMostPlaintext, 'x'), *browser));

  EXPECT_EQ(recipient_of("BCVx", kAuth).error(), "p256dh is not a P-256 public key (65 bytes, uncompressed, base64url)");
  std::string off_the_curve(kBrowserPublic);
  off_the_curve[10] = off_the_curve[10] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(recipient_of(off_the_curve, kAuth));
  EXPECT_EQ(recipient_of(kBrowserPublic, "BTBZ").error(), "auth is not a 16-byte authentication secret (base64url)");
  EXPECT_FALSE(recipient_of(kBrowserPublic, "BTBZMqHH6r4Tts7J_aSIg+"));  // not base64url
  EXPECT_FALSE(KeyPair::from_private(Bytes(32, 0)));
  EXPECT_FALSE(KeyPair::from_private(Bytes(32, 0xff)));  // past the group's order
}

TEST(WebPush, VapidTokenIsAnEs256JwtThatTheServersPublicKeyVerifies) {
  const KeyPair server = KeyPair::generate();
  const auto again = KeyPair::from_private(server.private_bytes());
  ASSERT_TRUE(again);
  EXPECT_EQ(again->public_bytes(), server.public_bytes());
  const auto expires = std::chrono::system_clock::time_point(std::chrono::seconds(1800000000));
  const std::string header =
      vapid_authorization(server, "https://push.example.net", "mailto:ops@diplomacy.example.org", expires);
  ASSERT_TRUE(header.starts_with("vapid t="));
  const auto comma = header.find(", k=");
  ASSERT_NE(comma, std::string::npos);
  EXPECT_EQ(header.substr(comma + 4), base64url(server.public_bytes()));
  const std::string token = header.substr(8, comma - 8);
  const auto first_dot = token.find('.');
  const auto second_dot = token.rfind('.');
  EXPECT_EQ(nlohmann::json::parse(text_of(decoded(token.substr(0, first_dot)))),
            (nlohmann::json{{"typ", "JWT"}, {"alg", "ES256"}}));
  EXPECT_EQ(nlohmann::json::parse(text_of(decoded(token.substr(first_dot + 1, second_dot - first_dot - 1)))),
            (nlohmann::json{{"aud", "https://push.example.net"},
                            {"exp", 1800000000},
                            {"sub", "mailto:ops@diplomacy.example.org"}}));

  // The signature, r || s, verified as DER by OpenSSL with the public key alone.
  const Bytes raw = decoded(token.substr(second_dot + 1));
  ASSERT_EQ(raw.size(), 64u);
  ECDSA_SIG* signature = ECDSA_SIG_new();
  ECDSA_SIG_set0(signature, BN_bin2bn(raw.data(), 32, nullptr), BN_bin2bn(raw.data() + 32, 32, nullptr));
  unsigned char* der = nullptr;
  const int der_size = i2d_ECDSA_SIG(signature, &der);
  ECDSA_SIG_free(signature);
  const std::string signed_part = token.substr(0, second_dot);
  const auto verify = [&](const std::string& message) {
    EVP_MD_CTX* digest = EVP_MD_CTX_new();
    EVP_DigestVerifyInit(digest, nullptr, EVP_sha256(), nullptr, server.key());
    const int ok = EVP_DigestVerify(digest, der, static_cast<std::size_t>(der_size),
                                    reinterpret_cast<const unsigned char*>(message.data()), message.size());
    EVP_MD_CTX_free(digest);
    return ok == 1;
  };
  EXPECT_TRUE(verify(signed_part));
  EXPECT_FALSE(verify(signed_part + "x"));
  OPENSSL_free(der);
}

}  // namespace
}  // namespace stratagem::server::web_push
