#pragma once
// The order parser reads a folded copy of the player's text: characters that look like
// ASCII punctuation or letters (full-width forms, dashes, arrows, the ideographic
// space, CJK angle brackets) become that ASCII, so the grammar has one spelling of
// each. The copy remembers where each byte came from, so that errors point into what
// the player wrote.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace stratagem::diplomacy {

struct FoldedOrderText {
  std::string text;
  // origin[i]: byte offset in the original text of the character that produced
  // text[i]; origin[text.size()] is the original's size.
  std::vector<int> origin;
};

FoldedOrderText fold_order_text(std::string_view original);

// Byte length of the UTF-8 character starting at `at` (1 for a byte that does not
// start a valid sequence, so that any input can be walked).
std::size_t utf8_length(std::string_view text, std::size_t at);

constexpr bool is_ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
constexpr bool is_non_ascii(char c) { return static_cast<unsigned char>(c) >= 0x80; }

}  // namespace stratagem::diplomacy
