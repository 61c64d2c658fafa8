#pragma once
// A DAIDE language message (syntax.html): a list of tokens, as octets in a Diplomacy
// Message, as text for logs and tests ("HLO (ENG) (1234) ((LVL 0))", strings in single
// quotes, integers in decimal), and as a tree of bracketed lists for reading.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/daide/token.h"

namespace stratagem::daide {

using TokenList = std::vector<Token>;

// Two octets a token, big-endian (protocol 4.1).
std::vector<std::uint8_t> to_octets(const TokenList& tokens);
tl::expected<TokenList, std::string> from_octets(std::span<const std::uint8_t> octets);

// Text form. Tokens without a mnemonic are written 0xHHHH, and read back the same way;
// a quote inside a string is doubled.
std::string to_text(const TokenList& tokens, const Representation& representation);
tl::expected<TokenList, std::string> from_text(std::string_view text, const Representation& representation);

// A message read into a tree: a node is one token, or a bracketed list of nodes.
struct Node {
  Token token{};  // for a single token
  std::vector<Node> items;  // for a list
  bool is_list = false;

  bool is(Token t) const { return !is_list && token == t; }
};
using Nodes = std::vector<Node>;

// The message's top-level items; an error names the unmatched bracket and its place.
tl::expected<Nodes, std::string> parse(const TokenList& tokens);
// The tokens of nodes (brackets around lists), and of one list with its brackets.
TokenList flatten(const Nodes& nodes);
TokenList bracketed(const TokenList& tokens);
TokenList bracketed(const Nodes& nodes);

// Reading values: a list holding only text tokens ('name'), a number at items[at]
// (an integer with any Bignum tokens after it; `at` moves past them).
std::optional<std::string> text_of(const Node& list);
std::optional<long> number_at(const Nodes& items, std::size_t& at);
TokenList text_tokens(std::string_view text);
// A number as an integer token, followed by Bignum tokens when it does not fit 14 bits.
TokenList number_tokens(long value);

}  // namespace stratagem::daide
