#pragma once
// JSON text written straight into a string, for the game record that every change to a game
// writes: building an nlohmann::json tree first (a map node and a string per field, then a
// walk to dump it) cost more than the rest of an order submission. The text is the one
// nlohmann::json::dump gives (objects' keys sorted, no spaces, UTF-8 kept, invalid UTF-8
// replaced): callers write each object's keys in sorted order.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace stratagem::platform {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);

  JsonWriter& string(std::string_view text);
  JsonWriter& integer(std::int64_t number);
  JsonWriter& unsigned_integer(std::uint64_t number);
  JsonWriter& boolean(bool truth);
  JsonWriter& null();
  JsonWriter& strings(const std::vector<std::string>& texts);
  // A tree as nlohmann::json would dump it once held in a json (keys sorted at every level,
  // whatever order an ordered_json kept them in).
  JsonWriter& value(const nlohmann::json& tree);
  JsonWriter& value(const nlohmann::ordered_json& tree);
  // JSON text written before, by a JsonWriter.
  JsonWriter& raw(std::string_view text);

  std::string take() && { return std::move(out_); }

 private:
  template <typename Tree>
  void write_tree(const Tree& tree);
  // Before a value in an array or a key in an object: the comma after the previous one.
  void separate();

  std::string out_;
  std::vector<bool> empty_;  // for each open object or array: nothing in it yet
  bool after_key_ = false;
};

}  // namespace stratagem::platform
