#include "order_text.h"

#include <cstdint>
#include <optional>

namespace stratagem::diplomacy {

namespace {

// The code point of a valid UTF-8 sequence of `length` bytes at `at`.
char32_t decode(std::string_view text, std::size_t at, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[at + k]); };
  switch (length) {
    case 1: return byte(0);
    case 2: return char32_t(byte(0) & 0x1F) << 6 | (byte(1) & 0x3F);
    case 3: return char32_t(byte(0) & 0x0F) << 12 | char32_t(byte(1) & 0x3F) << 6 | (byte(2) & 0x3F);
    default:
      return char32_t(byte(0) & 0x07) << 18 | char32_t(byte(1) & 0x3F) << 12 |
             char32_t(byte(2) & 0x3F) << 6 | (byte(3) & 0x3F);
  }
}

// The ASCII character a look-alike stands for, if it is one.
std::optional<char> ascii_look_alike(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) return static_cast<char>(c - 0xFEE0);  // full-width ASCII
  switch (c) {
    case '\t': case '\n': case '\r': case 0x00A0: case 0x3000: return ' ';
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015:
    case 0x2212:
    case 0x2192: case 0x27F6: case 0x21D2: return '-';
    case 0x3008: case 0x300A: return '<';
    case 0x3009: case 0x300B: return '>';
    case 0x3010: case 0x3014: return '(';
    case 0x3011: case 0x3015: return ')';
    default: return std::nullopt;
  }
}

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  const std::size_t length = lead < 0x80 ? 1 : lead >> 5 == 0x6 ? 2 : lead >> 4 == 0xE ? 3 : lead >> 3 == 0x1E ? 4 : 0;
  if (length == 0 || at + length > text.size()) return 1;
  for (std::size_t k = 1; k < length; ++k)
    if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) return 1;
  return length;
}

FoldedOrderText fold_order_text(std::string_view original) {
  FoldedOrderText folded;
  folded.text.reserve(original.size());
  folded.origin.reserve(original.size() + 1);
  for (std::size_t at = 0; at < original.size();) {
    const std::size_t length = utf8_length(original, at);
    const bool valid = length > 1 || static_cast<unsigned char>(original[at]) < 0x80;
    const auto ascii = valid ? ascii_look_alike(decode(original, at, length)) : std::nullopt;
    if (ascii) {
      folded.text += *ascii;
      folded.origin.push_back(static_cast<int>(at));
    } else {
      for (std::size_t k = 0; k < length; ++k) {
        folded.text += original[at + k];
        folded.origin.push_back(static_cast<int>(at + k));
      }
    }
    at += length;
  }
  folded.origin.push_back(static_cast<int>(original.size()));
  return folded;
}

}  // namespace stratagem::diplomacy
