#include "json_fields.h"

#include "stratagem/forward_error.h"
#include "stratagem/platform/names.h"

#include <fmt/ranges.h>

namespace stratagem::server {

ApiError bad_request(std::string message) {
  return ApiError{400, "bad_request", std::move(message)};
}

namespace {

// Follows the parse to say where a number too large for a double stands ("a.b[2]"): the
// DOM parser's out_of_range error names only the number.
class PathTracker final : public nlohmann::json::json_sax_t {
 public:
  std::string failed_path;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    frames_.push_back({true, std::string(), 0});
    return true;
  }
  bool key(string_t& name) override {
    frames_.back().key = name;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override {
    frames_.push_back({false, std::string(), 0});
    return true;
  }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    failed_path = path();
    return false;
  }

 private:
  struct Frame {
    bool object;
    std::string key;
    std::size_t index;
  };
  bool value() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    return true;
  }
  bool close() {
    frames_.pop_back();
    return value();
  }
  // The value being read: its array index is the count of those before it.
  std::string path() const {
    std::string out;
    for (const auto& frame : frames_) {
      if (frame.object) {
        if (!out.empty()) out += '.';
        out += frame.key;
      } else {
        out += fmt::format("[{}]", frame.index);
      }
    }
    return out;
  }
  std::vector<Frame> frames_;
};

}  // namespace

tl::expected<nlohmann::json, ApiError> parse_body(std::string_view body, Language language,
                                                  const nlohmann::json& empty_as) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return empty_as;
  try {
    return nlohmann::json::parse(body);
  } catch (const nlohmann::json::parse_error& error) {
    return tl::unexpected(bad_request(say(language, Text::malformed_json, error.byte)));
  } catch (const nlohmann::json::out_of_range&) {
    // The only out_of_range of parsing: a number beyond the range of a double (1e400).
    PathTracker tracker;
    nlohmann::json::sax_parse(body, &tracker);
    if (tracker.failed_path.empty()) return tl::unexpected(bad_request(say(language, Text::number_too_large_body)));
    return tl::unexpected(bad_request(say(language, Text::number_too_large, tracker.failed_path)));
  }
}

tl::expected<Fields, ApiError> Fields::of(const nlohmann::json& object, Language language, std::string prefix) {
  if (!object.is_object()) {
    if (prefix.empty()) return tl::unexpected(bad_request(say(language, Text::body_not_object)));
    prefix.pop_back();  // the '.' joining it to its fields
    return tl::unexpected(bad_request(
        say(language, Text::field_type, prefix, say(language, Text::type_object))));
  }
  return Fields(object, language, std::move(prefix));
}

bool Fields::has(std::string_view name) const { return raw(name) != nullptr; }

const nlohmann::json* Fields::raw(std::string_view name) const {
  const auto it = object_->find(name);
  if (it == object_->end() || it->is_null()) return nullptr;
  return &*it;
}

std::string Fields::path(std::string_view name) const { return prefix_ + std::string(name); }

ApiError Fields::wrong_type(std::string_view name, Text type) const {
  return bad_request(say(language_, Text::field_type, path(name), say(language_, type)));
}

ApiError Fields::missing(std::string_view name) const {
  return bad_request(say(language_, Text::field_missing, path(name)));
}

tl::expected<std::string, ApiError> Fields::string(std::string_view name) const {
  STRATAGEM_TRY_ASSIGN(auto value, optional_string(name));
  if (!value) return tl::unexpected(missing(name));
  return std::move(*value);
}

tl::expected<std::optional<std::string>, ApiError> Fields::optional_string(std::string_view name) const {
  const auto* value = raw(name);
  if (!value) return std::optional<std::string>{};
  if (!value->is_string()) return tl::unexpected(wrong_type(name, Text::type_string));
  return value->get<std::string>();
}

tl::expected<std::optional<std::string>, ApiError> Fields::optional_choice(
    std::string_view name, const std::vector<std::string_view>& choices) const {
  auto value = optional_string(name);
  if (!value || !*value) return value;
  for (const auto choice : choices) {
    if (**value == choice) return value;
  }
  return tl::unexpected(bad_request(
      say(language_, Text::field_one_of, path(name), fmt::format("{}", fmt::join(choices, ", ")))));
}

tl::expected<std::optional<std::int64_t>, ApiError> Fields::optional_integer(std::string_view name,
                                                                             std::int64_t min,
                                                                             std::int64_t max) const {
  const auto* value = raw(name);
  if (!value) return std::optional<std::int64_t>{};
  if (!value->is_number_integer()) return tl::unexpected(wrong_type(name, Text::type_integer));
  // Unsigned values above the signed range are out of range too.
  if (value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
    return tl::unexpected(bad_request(say(language_, Text::field_range, path(name), min, max)));
  }
  const auto number = value->get<std::int64_t>();
  if (number < min || number > max) {
    return tl::unexpected(bad_request(say(language_, Text::field_range, path(name), min, max)));
  }
  return number;
}

tl::expected<std::optional<double>, ApiError> Fields::optional_number(std::string_view name, double min,
                                                                      double max) const {
  const auto* value = raw(name);
  if (!value) return std::optional<double>{};
  if (!value->is_number()) return tl::unexpected(wrong_type(name, Text::type_number));
  const auto number = value->get<double>();
  if (!(number >= min && number <= max)) {
    return tl::unexpected(bad_request(say(language_, Text::field_range, path(name), min, max)));
  }
  return number;
}

tl::expected<bool, ApiError> Fields::boolean(std::string_view name) const {
  const auto* value = raw(name);
  if (!value) return tl::unexpected(missing(name));
  if (!value->is_boolean()) return tl::unexpected(wrong_type(name, Text::type_boolean));
  return value->get<bool>();
}

tl::expected<Fields, ApiError> Fields::object(std::string_view name) const {
  const auto* value = raw(name);
  if (!value) return tl::unexpected(missing(name));
  return Fields::of(*value, language_, path(name) + ".");
}

tl::expected<std::vector<std::string>, ApiError> Fields::strings(std::string_view name) const {
  const auto* value = raw(name);
  if (!value) return tl::unexpected(missing(name));
  if (!value->is_array()) return tl::unexpected(wrong_type(name, Text::type_array_of_strings));
  std::vector<std::string> out;
  out.reserve(value->size());
  for (const auto& item : *value) {
    if (!item.is_string()) return tl::unexpected(wrong_type(name, Text::type_array_of_strings));
    out.push_back(item.get<std::string>());
  }
  return out;
}

tl::expected<void, ApiError> Fields::check_length(std::string_view name, const std::string& value,
                                                  std::size_t min, std::size_t max) const {
  const auto length = platform::code_points(value);
  if (length < min || length > max) {
    return tl::unexpected(bad_request(say(language_, Text::field_length, path(name), min, max)));
  }
  return {};
}

}  // namespace stratagem::server
