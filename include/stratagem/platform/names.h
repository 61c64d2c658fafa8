#pragma once
// What a name (of a person or a game) may hold: it is shown to others, in lists and
// headers, so characters that are invisible or that reverse the direction of the text
// around them (a way to make one name look like another) are refused.

#include <cstddef>
#include <string_view>

namespace stratagem::platform {

// The code points of valid UTF-8 `text`.
std::size_t code_points(std::string_view text);

// Whether valid UTF-8 `text` holds a control character (C0, DEL, C1), a bidirectional
// control (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069) or an invisible one (U+200B-U+200D,
// U+2060, U+FEFF).
bool has_hidden_characters(std::string_view text);

}  // namespace stratagem::platform
