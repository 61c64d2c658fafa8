#include "json_fields.h"

#include "stratagem/forward_error.h"
#include "stratagem/platform/names.h"

namespace stratagem::platform::fields {

bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

tl::expected<std::string, GameError> game_name(const nlohmann::json& body, std::size_t most) {
  STRATAGEM_TRY_ASSIGN(auto&& value, string(body, "name", true));
  const std::string& name = *value;
  if (name.empty() || !valid_utf8(name) || code_points(name) > most || has_hidden_characters(name))
    return tl::unexpected(GameError{ErrorCode::BadRequest, Problem::BadGameName, "name", std::to_string(most)});
  return std::move(*value);
}

}  // namespace stratagem::platform::fields
