// What the caller has read of a game's press, per conversation, kept with the account
// (issue 29 §4): GET and PUT /api/v1/games/{id}/press_read. A phone shows the unread
// marks the desktop left.
#include <algorithm>

#include "api.h"
#include "json_fields.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::server {

namespace {

constexpr std::int64_t kLastMessageId = 9007199254740991;  // 2^53 - 1: a JSON number read exactly

// "*" (every conversation at once), "all" (the public board), or the other powers of a
// conversation: the variant's codes, each once, in alphabetical order, joined by "+".
bool is_conversation(std::string_view key) {
  if (key == "*" || key == "all") return true;
  const auto& variant = diplomacy::standard_variant();
  std::string_view previous;
  while (!key.empty()) {
    const auto plus = key.find('+');
    const std::string_view code = key.substr(0, plus);
    bool known = false;
    for (int p = 0; p < variant.power_count() && !known; ++p) known = variant.power_code(diplomacy::power_at(p)) == code;
    if (!known || code <= previous) return false;
    previous = code;
    if (plus == std::string_view::npos) return true;
    key.remove_prefix(plus + 1);
    if (key.empty()) return false;
  }
  return false;
}

Response marks_json(const storage::PressRead& marks) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [thread, last] : marks) out[thread] = last;
  return Response::json(200, out);
}

}  // namespace

Response Api::get_press_read(const Request&, Caller& caller, const Captures& captures) {
  const auto id = parse_game_id(captures[0]);
  if (!id) return game_not_found(captures[0], caller.language).response();
  const auto marks = store_.press_read(caller.user->id, *id);
  if (!marks) return error_of(marks.error(), caller.language).response();
  // No marks and no game: the game does not exist (a game with no marks is just unread).
  if (marks->empty() && !store_.load_game(*id)) return game_not_found(captures[0], caller.language).response();
  return marks_json(*marks);
}

Response Api::put_press_read(const Request& request, Caller& caller, const Captures& captures) {
  const auto id = parse_game_id(captures[0]);
  if (!id) return game_not_found(captures[0], caller.language).response();
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto thread = fields->string("thread");
  if (!thread) return thread.error().response();
  if (!is_conversation(*thread)) return bad_request(say(caller.language, Text::press_thread)).response();
  const auto last = fields->optional_integer("last_read", 0, kLastMessageId);
  if (!last) return last.error().response();
  if (!*last) return fields->missing("last_read").response();
  const auto marks = store_.mark_press_read(caller.user->id, *id, *thread, **last);
  if (!marks) {
    if (marks.error().code == storage::StoreErrorCode::not_found) return game_not_found(captures[0], caller.language).response();
    return error_of(marks.error(), caller.language).response();
  }
  return marks_json(*marks);
}

}  // namespace stratagem::server
