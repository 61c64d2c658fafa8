#include "stratagem/diplomacy/name_folding.h"

namespace stratagem::diplomacy {

std::string normalise_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  auto add_ascii = [&out](char c) {
    if (c == ' ' || c == '\t' || c == '.' || c == '-' || c == '_' || c == '\'') return;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  };
  const auto byte = [&name](std::size_t i) { return static_cast<unsigned char>(name[i]); };
  for (std::size_t i = 0; i < name.size();) {
    if (byte(i) < 0x80) {
      add_ascii(name[i]);
      ++i;
      continue;
    }
    if (byte(i) == 0xC2 && i + 1 < name.size() && byte(i + 1) == 0xB7) {  // U+00B7 middle dot
      i += 2;
      continue;
    }
    if (i + 2 < name.size()) {
      const unsigned code = (byte(i) & 0x0Fu) << 12 | (byte(i + 1) & 0x3Fu) << 6 | (byte(i + 2) & 0x3Fu);
      const bool three_byte =
          (byte(i) & 0xF0) == 0xE0 && (byte(i + 1) & 0xC0) == 0x80 && (byte(i + 2) & 0xC0) == 0x80;
      if (three_byte) {
        // Full-width ASCII (Ｐａｒ) reads as ASCII.
        if (code >= 0xFF01 && code <= 0xFF5E) {
          add_ascii(static_cast<char>(code - 0xFEE0));
          i += 3;
          continue;
        }
        // Ideographic space, apostrophe-like quotes and the middle dots of CJK text.
        if (code == 0x3000 || code == 0x2018 || code == 0x2019 || code == 0x2027 || code == 0x30FB ||
            code == 0xFF65) {
          i += 3;
          continue;
        }
      }
    }
    out += name[i];
    ++i;
  }
  return out;
}


}  // namespace stratagem::diplomacy
