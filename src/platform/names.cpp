#include "stratagem/platform/names.h"

#include <cstdint>

namespace stratagem::platform {
namespace {

// Calls `each` with every code point of valid UTF-8 `text`.
template <typename Each>
void for_each_code_point(std::string_view text, Each each) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
    std::uint32_t point = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
      point = (point << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    each(point);
    i += length;
  }
}

bool hidden(std::uint32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

}  // namespace

std::size_t code_points(std::string_view text) {
  std::size_t count = 0;
  for_each_code_point(text, [&](std::uint32_t) { ++count; });
  return count;
}

bool has_hidden_characters(std::string_view text) {
  bool found = false;
  for_each_code_point(text, [&](std::uint32_t c) { found = found || hidden(c); });
  return found;
}

}  // namespace stratagem::platform
