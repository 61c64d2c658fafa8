#include "outgoing_https.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <sys/socket.h>

#include <cstring>
#include <memory>
#include <optional>

namespace stratagem::server {
namespace {

struct ParsedUrl {
  std::string host;  // without brackets
  int port = 443;
};

std::optional<ParsedUrl> parse_https(std::string_view url) {
  constexpr std::string_view kScheme = "https://";
  if (!url.starts_with(kScheme) || url.size() > 2000) return std::nullopt;
  std::string_view rest = url.substr(kScheme.size());
  const std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  for (const char c : url)
    if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7F) return std::nullopt;
  ParsedUrl parsed;
  std::string_view host = authority;
  std::string_view port;
  if (host.front() == '[') {
    const auto close = host.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    port = host.substr(close + 1);
    host = host.substr(1, close - 1);
  } else if (const auto colon = host.rfind(':'); colon != std::string_view::npos) {
    port = host.substr(colon);
    host = host.substr(0, colon);
  }
  if (!port.empty()) {
    if (port.front() != ':' || port.size() < 2 || port.size() > 6) return std::nullopt;
    int number = 0;
    for (const char c : port.substr(1)) {
      if (c < '0' || c > '9') return std::nullopt;
      number = number * 10 + (c - '0');
    }
    if (number < 1 || number > 65535) return std::nullopt;
    parsed.port = number;
  }
  if (host.empty()) return std::nullopt;
  parsed.host = std::string(host);
  return parsed;
}

// Loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT, multicast,
// unspecified and the like: addresses of this machine or its networks, never a public chat.
bool is_public(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    const auto bytes = reinterpret_cast<const unsigned char*>(&reinterpret_cast<const sockaddr_in*>(address)->sin_addr);
    const unsigned a = bytes[0], b = bytes[1];
    if (a == 0 || a == 10 || a == 127 || a >= 224) return false;          // this, private, loopback, multicast+
    if (a == 169 && b == 254) return false;                                // link-local
    if (a == 172 && b >= 16 && b < 32) return false;                       // private
    if (a == 192 && b == 168) return false;                                // private
    if (a == 100 && b >= 64 && b < 128) return false;                      // carrier-grade NAT
    if (a == 192 && b == 0 && bytes[2] == 0) return false;                 // IETF protocol assignments
    if (a == 198 && (b == 18 || b == 19)) return false;                    // benchmarking
    return true;
  }
  if (address->sa_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    const unsigned char* bytes = in6.s6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&in6)) {
      sockaddr_in v4{};
      v4.sin_family = AF_INET;
      std::memcpy(&v4.sin_addr, bytes + 12, 4);
      return is_public(reinterpret_cast<const sockaddr*>(&v4));
    }
    if (IN6_IS_ADDR_UNSPECIFIED(&in6) || IN6_IS_ADDR_LOOPBACK(&in6) || IN6_IS_ADDR_LINKLOCAL(&in6) ||
        IN6_IS_ADDR_MULTICAST(&in6) || IN6_IS_ADDR_SITELOCAL(&in6))
      return false;
    if ((bytes[0] & 0xFE) == 0xFC) return false;  // unique local fc00::/7
    return true;
  }
  return false;
}

struct Resolved {
  HttpsAddressProblem problem = HttpsAddressProblem::none;
  std::string address;  // the one to connect to, as text
};

Resolved resolve(const ParsedUrl& url, bool private_addresses) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(url.host.c_str(), nullptr, &hints, &found) != 0 || !found) return {HttpsAddressProblem::unresolved, ""};
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> free_found(found, freeaddrinfo);
  Resolved out;
  // Every address of the name must be allowed: a name with one public and one private
  // address could be made to lead either way.
  for (const addrinfo* a = found; a; a = a->ai_next) {
    if (!private_addresses && !is_public(a->ai_addr)) return {HttpsAddressProblem::not_public, ""};
    if (!out.address.empty()) continue;
    char text[INET6_ADDRSTRLEN] = "";
    const void* raw = a->ai_family == AF_INET
                          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr)
                          : static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr);
    if (inet_ntop(a->ai_family, raw, text, sizeof text))
      out.address = a->ai_family == AF_INET6 ? fmt::format("[{}]", text) : std::string(text);
  }
  if (out.address.empty()) return {HttpsAddressProblem::unresolved, ""};
  return out;
}

std::size_t ignore_body(char*, std::size_t size, std::size_t count, void*) { return size * count; }

}  // namespace

HttpsAddressProblem https_address_problem(std::string_view url, bool private_addresses) {
  if (!url.starts_with("https://")) return HttpsAddressProblem::not_https;
  const auto parsed = parse_https(url);
  if (!parsed) return HttpsAddressProblem::malformed;
  return resolve(*parsed, private_addresses).problem;
}

std::string https_host(std::string_view url) {
  const auto parsed = parse_https(url);
  return parsed ? parsed->host : std::string();
}

std::string https_origin(std::string_view url) {
  const auto parsed = parse_https(url);
  if (!parsed) return {};
  const std::string host = parsed->host.find(':') != std::string::npos ? "[" + parsed->host + "]" : parsed->host;
  return parsed->port == 443 ? "https://" + host : fmt::format("https://{}:{}", host, parsed->port);
}

HttpsAnswer post_https(const std::string& url, const std::vector<std::string>& headers, std::string_view body,
                       const OutgoingOptions& options) {
  const auto parsed = parse_https(url);
  if (!parsed)
    return {.problem = url.starts_with("https://") ? HttpsAddressProblem::malformed : HttpsAddressProblem::not_https,
            .status = 0,
            .error = {}};
  const auto resolved = resolve(*parsed, options.private_addresses);
  if (resolved.problem != HttpsAddressProblem::none) return {.problem = resolved.problem, .status = 0, .error = {}};
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return {.error = "libcurl could not start"};
  CURL* c = curl.get();
  // The connection goes to the address just checked, whatever a second lookup would say.
  const std::string pin = fmt::format("{}:{}:{}", parsed->host, parsed->port, resolved.address);
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> resolve_list(curl_slist_append(nullptr, pin.c_str()),
                                                                           curl_slist_free_all);
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_list(nullptr, curl_slist_free_all);
  for (const std::string& header : headers) header_list.reset(curl_slist_append(header_list.release(), header.c_str()));
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_RESOLVE, resolve_list.get());
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, header_list.get());
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &ignore_body);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 5L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, 15L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "Stratagem notices");
  if (!options.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, options.ca_file.c_str());
  const CURLcode result = curl_easy_perform(c);
  if (result != CURLE_OK) return {.error = error[0] ? error : curl_easy_strerror(result)};
  HttpsAnswer answer;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &answer.status);
  curl_off_t retry_after = 0;  // libcurl turns a date into seconds from now
  if (curl_easy_getinfo(c, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK && retry_after > 0)
    answer.retry_after = std::chrono::seconds(retry_after);
  return answer;
}

}  // namespace stratagem::server
