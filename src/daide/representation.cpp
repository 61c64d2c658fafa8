#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "stratagem/daide/token.h"
#include "token_table.h"

namespace stratagem::daide {

namespace {

std::string upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

bool is_redefinable(Token t) { return is_power(t) || is_province(t); }

}  // namespace

const Representation& Representation::standard() {
  static const Representation table = [] {
    Representation r;
    for (const auto& [value, mnemonic] : standard_token_table()) r.entries_.push_back({Token{value}, mnemonic});
    std::sort(r.entries_.begin(), r.entries_.end(),
              [](const Entry& a, const Entry& b) { return a.token < b.token; });
    return r;
  }();
  return table;
}

tl::expected<Representation, std::string> Representation::from_rm(std::span<const std::uint8_t> data) {
  if (data.empty()) return standard();
  if (data.size() % 6 != 0)
    return tl::unexpected(fmt::format("representation message of {} octets, not a multiple of six", data.size()));
  Representation r;
  for (const Entry& e : standard().entries_)
    if (!is_redefinable(e.token)) r.entries_.push_back(e);
  for (std::size_t at = 0; at < data.size(); at += 6) {
    const Token token{static_cast<std::uint16_t>(data[at] << 8 | data[at + 1])};
    std::string mnemonic;
    for (std::size_t k = 2; k < 5; ++k) {
      const char c = static_cast<char>(data[at + k]);
      if (!std::isupper(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)))
        return tl::unexpected(fmt::format("representation message block {}: name octet {} is 0x{:02X}, not A-Z or 0-9",
                                          at / 6 + 1, k - 1, data[at + k]));
      mnemonic += c;
    }
    if (data[at + 5] != 0)
      return tl::unexpected(fmt::format("representation message block {} ({}): sixth octet is not zero", at / 6 + 1,
                                        mnemonic));
    if (!is_redefinable(token))
      return tl::unexpected(fmt::format("representation message block {} ({}): token 0x{:04X} is neither a power "
                                        "nor a province",
                                        at / 6 + 1, mnemonic, token.value));
    if (r.token(mnemonic) || r.mnemonic(token))
      return tl::unexpected(
          fmt::format("representation message block {}: {} (0x{:04X}) is defined twice", at / 6 + 1, mnemonic, token.value));
    const auto place = std::lower_bound(r.entries_.begin(), r.entries_.end(), token,
                                        [](const Entry& e, Token t) { return e.token < t; });
    r.entries_.insert(place, Entry{token, std::move(mnemonic)});
  }
  return r;
}

std::optional<std::string_view> Representation::mnemonic(Token t) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), t,
                                   [](const Entry& e, Token x) { return e.token < x; });
  if (it == entries_.end() || it->token != t) return std::nullopt;
  return it->mnemonic;
}

std::optional<Token> Representation::token(std::string_view mnemonic) const {
  const std::string wanted = upper(mnemonic);
  for (const Entry& e : entries_)
    if (e.mnemonic == wanted) return e.token;
  return std::nullopt;
}

std::vector<Token> Representation::powers() const {
  std::vector<Token> r;
  for (const Entry& e : entries_)
    if (is_power(e.token)) r.push_back(e.token);
  return r;
}

std::vector<Token> Representation::provinces() const {
  std::vector<Token> r;
  for (const Entry& e : entries_)
    if (is_province(e.token)) r.push_back(e.token);
  return r;
}

}  // namespace stratagem::daide
