#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "stratagem/daide/message.h"

namespace stratagem::daide {

std::vector<std::uint8_t> to_octets(const TokenList& tokens) {
  std::vector<std::uint8_t> octets;
  octets.reserve(tokens.size() * 2);
  for (Token t : tokens) {
    octets.push_back(static_cast<std::uint8_t>(t.value >> 8));
    octets.push_back(static_cast<std::uint8_t>(t.value & 0xFF));
  }
  return octets;
}

tl::expected<TokenList, std::string> from_octets(std::span<const std::uint8_t> octets) {
  if (octets.size() % 2 != 0)
    return tl::unexpected(fmt::format("a language message of {} octets: tokens are two octets each", octets.size()));
  TokenList tokens;
  tokens.reserve(octets.size() / 2);
  for (std::size_t i = 0; i < octets.size(); i += 2)
    tokens.push_back(Token{static_cast<std::uint16_t>(octets[i] << 8 | octets[i + 1])});
  return tokens;
}

std::string to_text(const TokenList& tokens, const Representation& representation) {
  std::string out;
  bool in_text = false;
  auto space = [&] {
    if (!out.empty() && out.back() != '(') out += ' ';
  };
  for (Token t : tokens) {
    if (is_text(t)) {
      if (!in_text) {
        space();
        out += '\'';
        in_text = true;
      }
      const char c = static_cast<char>(t.number());
      out += c;
      if (c == '\'') out += '\'';
      continue;
    }
    if (in_text) {
      out += '\'';
      in_text = false;
    }
    if (t == tokens::KET) {
      out += ')';
      continue;
    }
    space();
    if (t == tokens::BRA)
      out += '(';
    else if (is_integer(t))
      out += std::to_string(integer_value(t));
    else if (auto m = representation.mnemonic(t))
      out += *m;
    else
      out += fmt::format("0x{:04X}", t.value);
  }
  if (in_text) out += '\'';
  return out;
}

tl::expected<TokenList, std::string> from_text(std::string_view text, const Representation& representation) {
  TokenList tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '(' || c == ')') {
      tokens.push_back(c == '(' ? tokens::BRA : tokens::KET);
      ++i;
    } else if (c == '\'') {
      const std::size_t opened = ++i;
      for (;;) {
        if (i >= text.size()) return tl::unexpected(fmt::format("text: a string opened at column {} is not closed", opened));
        if (text[i] == '\'') {
          if (i + 1 < text.size() && text[i + 1] == '\'') {
            tokens.push_back(text_token('\''));
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        tokens.push_back(text_token(text[i++]));
      }
    } else {
      const std::size_t start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '(' &&
             text[i] != ')' && text[i] != '\'')
        ++i;
      const std::string_view word = text.substr(start, i - start);
      if (word.size() > 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X')) {
        unsigned value = 0;
        const auto [end, ec] = std::from_chars(word.data() + 2, word.data() + word.size(), value, 16);
        if (ec != std::errc{} || end != word.data() + word.size() || value > 0xFFFF)
          return tl::unexpected(fmt::format("text: '{}' at column {} is not a 16-bit token", word, start + 1));
        tokens.push_back(Token{static_cast<std::uint16_t>(value)});
      } else if (std::isdigit(static_cast<unsigned char>(word[0])) || (word[0] == '-' && word.size() > 1)) {
        int value = 0;
        const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (ec != std::errc{} || end != word.data() + word.size() || value < kSmallestInteger ||
            value > kLargestInteger)
          return tl::unexpected(
              fmt::format("text: '{}' at column {} is not an integer from {} to {}", word, start + 1,
                          kSmallestInteger, kLargestInteger));
        tokens.push_back(integer_token(value));
      } else if (auto t = representation.token(word)) {
        tokens.push_back(*t);
      } else {
        return tl::unexpected(fmt::format("text: '{}' at column {} is not a token", word, start + 1));
      }
    }
  }
  return tokens;
}

tl::expected<Nodes, std::string> parse(const TokenList& tokens) {
  std::vector<Nodes> open(1);
  std::vector<std::size_t> opened_at;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token t = tokens[i];
    if (t == tokens::BRA) {
      open.emplace_back();
      opened_at.push_back(i);
    } else if (t == tokens::KET) {
      if (open.size() == 1)
        return tl::unexpected(fmt::format("a ')' at token {} closes no '('", i + 1));
      Node list;
      list.is_list = true;
      list.items = std::move(open.back());
      open.pop_back();
      opened_at.pop_back();
      open.back().push_back(std::move(list));
    } else {
      open.back().push_back(Node{t, {}, false});
    }
  }
  if (open.size() > 1) return tl::unexpected(fmt::format("the '(' at token {} is never closed", opened_at.back() + 1));
  return std::move(open.front());
}

namespace {
void append(const Node& node, TokenList& out) {
  if (!node.is_list) {
    out.push_back(node.token);
    return;
  }
  out.push_back(tokens::BRA);
  for (const Node& item : node.items) append(item, out);
  out.push_back(tokens::KET);
}
}  // namespace

TokenList flatten(const Nodes& nodes) {
  TokenList out;
  for (const Node& node : nodes) append(node, out);
  return out;
}

TokenList bracketed(const TokenList& tokens) {
  TokenList out;
  out.reserve(tokens.size() + 2);
  out.push_back(tokens::BRA);
  out.insert(out.end(), tokens.begin(), tokens.end());
  out.push_back(tokens::KET);
  return out;
}

TokenList bracketed(const Nodes& nodes) { return bracketed(flatten(nodes)); }

std::optional<std::string> text_of(const Node& list) {
  if (!list.is_list) return std::nullopt;
  std::string text;
  for (const Node& item : list.items) {
    if (item.is_list || !is_text(item.token)) return std::nullopt;
    text += static_cast<char>(item.token.number());
  }
  return text;
}

std::optional<long> number_at(const Nodes& items, std::size_t& at) {
  if (at >= items.size() || items[at].is_list || !is_integer(items[at].token)) return std::nullopt;
  long value = integer_value(items[at].token);
  std::size_t next = at + 1;
  for (; next < items.size() && !items[next].is_list && is_bignum(items[next].token); ++next) {
    if (value > (1L << 40) || value < -(1L << 40)) return std::nullopt;  // far beyond any passcode or year
    value = value * 256 + items[next].token.number();
  }
  at = next;
  return value;
}

TokenList text_tokens(std::string_view text) {
  TokenList out;
  for (char c : text) out.push_back(text_token(c));
  return out;
}

TokenList number_tokens(long value) {
  TokenList bignums;
  while (value < kSmallestInteger || value > kLargestInteger) {
    bignums.insert(bignums.begin(), Token{static_cast<std::uint16_t>(category::kBignum << 8 | (value & 0xFF))});
    value >>= 8;  // arithmetic: keeps the sign, as reading back expects
  }
  TokenList out{integer_token(static_cast<int>(value))};
  out.insert(out.end(), bignums.begin(), bignums.end());
  return out;
}

}  // namespace stratagem::daide
