#pragma once
// What the stored records of both games (Diplomacy, Dragonchess) begin with and share: the
// record's version, the game's id, options, seed and status, and the users in it. Each
// game's from_json reads the rest; a field missing or of the wrong type throws
// nlohmann's exception, which from_json turns into its error.

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/platform/error.h"
#include "stratagem/platform/game_status.h"
#include "stratagem/platform/user.h"

namespace stratagem::platform {

template <class Options>
struct RecordHead {
  std::string id;
  Options options;
  std::uint64_t seed = 0;
  GameStatus status = GameStatus::Forming;
};

// `read_options` reads the record's "options" (its GameError is said in English).
template <class ReadOptions,
          class Options = typename std::invoke_result_t<ReadOptions, const nlohmann::json&>::value_type>
tl::expected<RecordHead<Options>, std::string> read_record_head(const nlohmann::json& record, int version,
                                                                ReadOptions read_options) {
  if (record.at("record_version") != version)
    return tl::unexpected("record_version " + record.at("record_version").dump() + " is not known");
  auto options = read_options(record.at("options"));
  if (!options) return tl::unexpected("options: " + message(options.error(), Language::En));
  RecordHead<Options> head{record.at("id").get<std::string>(), std::move(*options)};
  head.seed = record.at("seed").get<std::uint64_t>();
  const std::string status = record.at("status").get<std::string>();
  const auto named = game_status_named(status);
  if (!named) return tl::unexpected("status: " + status + " is not a game status");
  head.status = *named;
  return head;
}

// A user as records write one: {"id", "name"}, or null.
inline std::optional<User> read_user(const nlohmann::json& value) {
  if (value.is_null()) return std::nullopt;
  return User{value.at("id").get<std::string>(), value.at("name").get<std::string>()};
}

}  // namespace stratagem::platform
