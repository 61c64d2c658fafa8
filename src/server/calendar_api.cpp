// An account's calendar feed of its games' deadlines: POST /me/calendar makes (or
// resets) its secret address, DELETE /me/calendar ends it, and GET
// /calendar/{token}.ics is the feed itself (RFC 5545), read by calendar programs that
// sign in to nothing: the secret in the address is the key.
#include <fmt/format.h>

#include "api.h"
#include "credentials.h"
#include "messages.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notice_text/calendar.h"
#include "stratagem/notices/settings.h"
#include "stratagem/storage/notices.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

// Games in a feed, at most: a player in more active games than this has other problems.
constexpr std::size_t kMostGames = 200;

}  // namespace

Response Api::reset_calendar(const Request&, Caller& caller, const Captures&) {
  const std::string token = new_token();
  if (auto set = store_.notices().set_calendar_token(caller.user->id, token); !set)
    return error_of(set.error(), caller.language).response();
  return Response::json(200, {{"calendar_url", options_.links.calendar(token)}});
}

Response Api::delete_calendar(const Request&, Caller& caller, const Captures&) {
  if (auto set = store_.notices().set_calendar_token(caller.user->id, std::nullopt); !set)
    return error_of(set.error(), caller.language).response();
  return Response::no_content();
}

Response Api::get_calendar(const Request&, Caller& caller, const Captures& captures) {
  std::string_view token = captures[0];
  if (token.ends_with(".ics")) token.remove_suffix(4);
  const auto user = store_.notices().user_by_calendar_token(token);
  if (!user) {
    if (user.error().code == storage::StoreErrorCode::not_found)
      return ApiError{404, "not_found", say(caller.language, Text::calendar_unknown)}.response();
    return error_of(user.error(), caller.language).response();
  }
  const auto games = store_.list_games(storage::GameQuery{.player = user->id, .statuses = {}, .kind = std::nullopt,
                                                          .before = std::nullopt, .limit = kMostGames});
  if (!games) return error_of(games.error(), caller.language).response();
  const auto settings = store_.notices().notice_settings(user->id, 0);
  if (!settings) return error_of(settings.error(), caller.language).response();
  const auto now = now_instant();
  const std::string me = std::to_string(user->id);
  std::vector<notice_text::CalendarEntry> entries;
  for (const auto& stored : *games) {
    if (stored.status != "active") continue;
    const auto game = game_of(stored, games_);
    if (!game) continue;
    std::string phase;
    std::optional<platform::Instant> deadline;
    if (const auto* diplomacy = game->diplomacy()) {
      // The phase's deadline (a live game's end of negotiation comes before it).
      const json view = diplomacy->view_for(me);
      if (view.contains("deadline") && view["deadline"].is_string())
        deadline = platform::parse_instant(view["deadline"].get<std::string>());
      phase = diplomacy->phase_code();
    } else if (const auto* dragonchess = game->dragonchess()) {
      deadline = dragonchess->next_deadline();
      phase = std::to_string(dragonchess->moves().size() + 1);
    }
    if (!deadline) continue;
    entries.push_back({.uid = fmt::format("game-{}-{}@{}", stored.id, phase, options_.links.host()),
                       .game_name = stored.name,
                       .phase = phase,
                       .deadline = *deadline,
                       .url = options_.links.game(stored.id)});
  }
  const auto language = account_language(user->language).value_or(Language::En);
  const int hours = notices::account_settings_from_json(json::parse(settings->value_or("{}"), nullptr, false)).reminder_hours;
  Response response;
  response.content_type = "text/calendar; charset=utf-8";
  response.body = notice_text::calendar_feed(entries, language, hours, now);
  response.headers.emplace_back("Cache-Control", "no-cache, private");
  return response;
}

}  // namespace stratagem::server
