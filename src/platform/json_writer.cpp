#include "json_writer.h"

#include <algorithm>
#include <charconv>
#include <type_traits>

namespace stratagem::platform {
namespace {

// Well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF),
// as nlohmann::json decodes it.
bool valid_utf8(std::string_view text) {
  const auto* byte = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = byte + text.size();
  auto continuation = [&](const unsigned char* at, unsigned char low, unsigned char high) {
    return at < end && *at >= low && *at <= high;
  };
  while (byte < end) {
    const unsigned char lead = *byte;
    if (lead < 0x80) {
      ++byte;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      if (!continuation(byte + 1, 0x80, 0xBF)) return false;
      byte += 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80;
      const unsigned char high = lead == 0xED ? 0x9F : 0xBF;
      if (!continuation(byte + 1, low, high) || !continuation(byte + 2, 0x80, 0xBF)) return false;
      byte += 3;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      const unsigned char low = lead == 0xF0 ? 0x90 : 0x80;
      const unsigned char high = lead == 0xF4 ? 0x8F : 0xBF;
      if (!continuation(byte + 1, low, high) || !continuation(byte + 2, 0x80, 0xBF) ||
          !continuation(byte + 3, 0x80, 0xBF))
        return false;
      byte += 4;
    } else {
      return false;
    }
  }
  return true;
}

void append_escaped(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t run = 0;  // the start of the characters not yet copied
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out.append(text, run, i - run);
    run = i + 1;
    switch (byte) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
    }
  }
  out.append(text, run);
  out += '"';
}

template <typename Number>
void append_number(std::string& out, Number number) {
  char digits[24];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, number);
  out.append(digits, end);
}

}  // namespace

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (empty_.empty()) return;
  if (!empty_.back()) out_ += ',';
  empty_.back() = false;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  empty_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  out_ += '}';
  empty_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  separate();
  out_ += '[';
  empty_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  out_ += ']';
  empty_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  string(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
  separate();
  if (valid_utf8(text))
    append_escaped(out_, text);
  else  // nlohmann's replacement of what is not UTF-8, exactly
    out_ += nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t number) {
  separate();
  append_number(out_, number);
  return *this;
}

JsonWriter& JsonWriter::unsigned_integer(std::uint64_t number) {
  separate();
  append_number(out_, number);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool truth) {
  separate();
  out_ += truth ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::strings(const std::vector<std::string>& texts) {
  begin_array();
  for (const std::string& text : texts) string(text);
  return end_array();
}

template <typename Tree>
void JsonWriter::write_tree(const Tree& tree) {
  switch (tree.type()) {
    case nlohmann::json::value_t::object: {
      std::vector<const typename Tree::object_t::value_type*> members;
      members.reserve(tree.size());
      for (const auto& member : tree.template get_ref<const typename Tree::object_t&>()) members.push_back(&member);
      // A json (a std::map) holds its keys sorted already; an ordered_json does not.
      if constexpr (!std::is_same_v<Tree, nlohmann::json>)
        std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
      begin_object();
      for (const auto* member : members) {
        key(member->first);
        write_tree(member->second);
      }
      end_object();
      return;
    }
    case nlohmann::json::value_t::array:
      begin_array();
      for (const auto& element : tree) write_tree(element);
      end_array();
      return;
    case nlohmann::json::value_t::string:
      string(tree.template get_ref<const std::string&>());
      return;
    case nlohmann::json::value_t::boolean:
      boolean(tree.template get<bool>());
      return;
    case nlohmann::json::value_t::null:
      null();
      return;
    default:  // numbers, written as nlohmann::json writes them
      separate();
      out_ += tree.dump();
      return;
  }
}

JsonWriter& JsonWriter::value(const nlohmann::json& tree) {
  write_tree(tree);
  return *this;
}

JsonWriter& JsonWriter::value(const nlohmann::ordered_json& tree) {
  write_tree(tree);
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view text) {
  separate();
  out_ += text;
  return *this;
}

}  // namespace stratagem::platform
