#pragma once
// Requests the server makes to addresses others chose (the group chats' webhooks, the
// browsers' push services): https only, with timeouts and no redirects, and only to
// public addresses unless the operator allows others (a chat server on the same network,
// the tests' endpoints on 127.0.0.1). The host is resolved and checked before each
// request, and the request goes to the address checked (no second lookup that could
// answer otherwise).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stratagem::server {

struct OutgoingOptions {
  bool private_addresses = false;
  std::string ca_file;  // certificates to trust besides the system's (a private CA)
};

// Why `url` cannot be requested: not https, malformed (no host, credentials or spaces in
// it), or a host whose addresses are not public (unless allowed) or do not resolve.
enum class HttpsAddressProblem { none, not_https, malformed, not_public, unresolved };
HttpsAddressProblem https_address_problem(std::string_view url, bool private_addresses);

// The host of an https URL as written ("" when it is not one).
std::string https_host(std::string_view url);
// "https://host[:port]" of an https URL ("" when it is not one).
std::string https_origin(std::string_view url);

struct HttpsAnswer {
  HttpsAddressProblem problem = HttpsAddressProblem::none;
  long status = 0;     // the HTTP status, when answered
  std::string error;   // why there is no answer (connection, TLS, timeout), else ""
  // The answer's Retry-After (seconds or a date, RFC 9110 §10.2.3), when it had one.
  std::optional<std::chrono::seconds> retry_after{};
};

// POSTs `body` with `headers` ("Name: value") to `url`; the answer's body is ignored.
HttpsAnswer post_https(const std::string& url, const std::vector<std::string>& headers, std::string_view body,
                       const OutgoingOptions& options);

}  // namespace stratagem::server
