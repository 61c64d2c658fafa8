#pragma once
// Reading the fields of a request body, each failure a GameError naming the field.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/forward_error.h"
#include "stratagem/platform/error.h"

namespace stratagem::platform::fields {

inline GameError missing(std::string field) { return {ErrorCode::BadRequest, Problem::MissingField, std::move(field)}; }
inline GameError wrong_type(std::string field, std::string type) {
  return {ErrorCode::BadRequest, Problem::WrongType, std::move(field), std::move(type)};
}
inline GameError bad_value(std::string field, std::string allowed) {
  return {ErrorCode::BadRequest, Problem::BadValue, std::move(field), std::move(allowed)};
}

inline tl::expected<void, GameError> object(const nlohmann::json& body, std::string_view name) {
  if (!body.is_object()) return tl::unexpected(wrong_type(std::string(name.empty() ? "body" : name), "object"));
  return {};
}

// nullopt: absent (or null) and not required.
inline tl::expected<std::optional<std::string>, GameError> string(const nlohmann::json& body, const std::string& name,
                                                                  bool required) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) {
    if (required) return tl::unexpected(missing(name));
    return std::nullopt;
  }
  if (!it->is_string()) return tl::unexpected(wrong_type(name, "string"));
  return it->get<std::string>();
}

inline tl::expected<std::optional<std::int64_t>, GameError> integer(const nlohmann::json& body, const std::string& name,
                                                                    bool required, std::int64_t low, std::int64_t high,
                                                                    std::string path = {}) {
  if (path.empty()) path = name;
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) {
    if (required) return tl::unexpected(missing(path));
    return std::nullopt;
  }
  if (!it->is_number_integer()) return tl::unexpected(wrong_type(path, "integer"));
  const std::int64_t value = it->get<std::int64_t>();
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(high))
    return tl::unexpected(bad_value(path, std::to_string(low) + ".." + std::to_string(high)));
  if (value < low || value > high)
    return tl::unexpected(bad_value(path, std::to_string(low) + ".." + std::to_string(high)));
  return value;
}

inline tl::expected<std::optional<bool>, GameError> boolean(const nlohmann::json& body, const std::string& name,
                                                            bool required) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) {
    if (required) return tl::unexpected(missing(name));
    return std::nullopt;
  }
  if (!it->is_boolean()) return tl::unexpected(wrong_type(name, "boolean"));
  return it->get<bool>();
}

inline tl::expected<std::vector<std::string>, GameError> strings(const nlohmann::json& value, const std::string& path) {
  if (!value.is_array()) return tl::unexpected(wrong_type(path, "array of strings"));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_string()) return tl::unexpected(wrong_type(path + "[" + std::to_string(i) + "]", "string"));
    out.push_back(value[i].get<std::string>());
  }
  return out;
}

// A name or text field: non-empty, at most `limit` bytes, valid UTF-8.
bool valid_utf8(std::string_view text);
inline tl::expected<std::string, GameError> text(const nlohmann::json& body, const std::string& name,
                                                 std::size_t limit) {
  STRATAGEM_TRY_ASSIGN(auto value, string(body, name, true));
  if (value->empty() || value->size() > limit || !valid_utf8(*value))
    return tl::unexpected(bad_value(name, "1.." + std::to_string(limit) + " bytes of UTF-8"));
  return std::move(*value);
}

// A game's name: 1 to `most` characters (code points), none of them hidden
// (platform/names.h).
tl::expected<std::string, GameError> game_name(const nlohmann::json& body, std::size_t most);

}  // namespace stratagem::platform::fields
