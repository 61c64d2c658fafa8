#pragma once
// Reading a request's JSON body field by field. Every refusal is a 400 bad_request whose
// message names the field (a path such as "deadlines.movement_seconds") and what it
// should be, in the caller's language.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "http_message.h"
#include "language.h"
#include "messages.h"

namespace stratagem::server {

ApiError bad_request(std::string message);

// The body parsed as JSON (any value); an empty body reads as `empty_as`.
tl::expected<nlohmann::json, ApiError> parse_body(std::string_view body, Language language,
                                                  const nlohmann::json& empty_as = nlohmann::json::object());

class Fields {
 public:
  // `object` must be a JSON object; `prefix` names it in messages ("" for the body).
  static tl::expected<Fields, ApiError> of(const nlohmann::json& object, Language language,
                                           std::string prefix = "");

  bool has(std::string_view name) const;
  const nlohmann::json* raw(std::string_view name) const;  // null when absent
  std::string path(std::string_view name) const;           // prefix + name

  // Each present field must have the stated type; `required` ones must be present.
  tl::expected<std::string, ApiError> string(std::string_view name) const;
  tl::expected<std::optional<std::string>, ApiError> optional_string(std::string_view name) const;
  // A string among `choices` (named in the message when it is not).
  tl::expected<std::optional<std::string>, ApiError> optional_choice(
      std::string_view name, const std::vector<std::string_view>& choices) const;
  tl::expected<std::optional<std::int64_t>, ApiError> optional_integer(std::string_view name, std::int64_t min,
                                                                       std::int64_t max) const;
  tl::expected<std::optional<double>, ApiError> optional_number(std::string_view name, double min,
                                                                double max) const;
  tl::expected<bool, ApiError> boolean(std::string_view name) const;
  tl::expected<Fields, ApiError> object(std::string_view name) const;
  tl::expected<std::vector<std::string>, ApiError> strings(std::string_view name) const;

  // Length in Unicode code points between min and max.
  tl::expected<void, ApiError> check_length(std::string_view name, const std::string& value, std::size_t min,
                                            std::size_t max) const;

  Language language() const { return language_; }
  ApiError wrong_type(std::string_view name, Text type) const;
  ApiError missing(std::string_view name) const;

 private:
  Fields(const nlohmann::json& object, Language language, std::string prefix)
      : object_(&object), language_(language), prefix_(std::move(prefix)) {}
  const nlohmann::json* object_;
  Language language_;
  std::string prefix_;
};


}  // namespace stratagem::server
