// Notices' settings: GET and PATCH /me/notices (the account's choices, its address and
// calendar feed, and the games with choices of their own), GET and PUT
// /games/{id}/notices (one game's choices).
#include <algorithm>

#include <fmt/ranges.h>

#include "api.h"
#include "json_fields.h"
#include "messages.h"
#include "stratagem/notices/notice.h"
#include "stratagem/notices/settings.h"
#include "stratagem/storage/notices.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

json parsed(const std::optional<std::string>& text) {
  return text ? json::parse(*text, nullptr, false) : json::object();
}

std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// {KIND: [CHANNEL, ...]} as a request gives it: every kind one of kPlayerKinds, every
// channel one this server sends on; kinds left out are told on no channel.
tl::expected<notices::Events, ApiError> read_events(const Fields& body, std::string_view name,
                                                    const std::vector<std::string>& channels) {
  const auto events = body.object(name);
  if (!events) return tl::unexpected(events.error());
  notices::Events out;
  for (const auto& [kind, value] : body.raw(name)->items()) {
    if (std::find(notices::kPlayerKinds.begin(), notices::kPlayerKinds.end(), kind) == notices::kPlayerKinds.end()) {
      return tl::unexpected(bad_request(say(body.language(), Text::field_unknown, events->path(kind),
                                            fmt::format("{}", fmt::join(notices::kPlayerKinds, ", ")))));
    }
    const auto chosen = events->strings(kind);
    if (!chosen) return tl::unexpected(chosen.error());
    for (std::size_t i = 0; i < chosen->size(); ++i) {
      if (std::find(channels.begin(), channels.end(), (*chosen)[i]) == channels.end()) {
        const std::string field = fmt::format("{}[{}]", events->path(kind), i);
        if (channels.empty()) return tl::unexpected(bad_request(say(body.language(), Text::no_notice_channels, field)));
        return tl::unexpected(
            bad_request(say(body.language(), Text::field_one_of, field, fmt::format("{}", fmt::join(channels, ", ")))));
      }
    }
    if (!chosen->empty()) out.emplace(kind, *chosen);
  }
  // Stored as the notices layer writes them (sorted, each once).
  return notices::events_from_json(notices::to_json(out));
}

}  // namespace

// Choosing e-mail for a kind needs a confirmed address: said now, rather than found out
// when no mail ever comes.
tl::expected<void, ApiError> Api::check_email_chosen(const notices::Events& events, std::string_view field,
                                                     const Caller& caller) {
  for (const auto& [kind, channels] : events) {
    if (std::find(channels.begin(), channels.end(), "email") == channels.end()) continue;
    const auto email = store_.notices().email_address(caller.user->id);
    if (!email) return tl::unexpected(error_of(email.error(), caller.language));
    const std::string path = fmt::format("{}.{}", field, kind);
    if (!*email) return tl::unexpected(ApiError{409, "conflict", say(caller.language, Text::email_missing, path)});
    if (!(*email)->confirmed_at)
      return tl::unexpected(ApiError{409, "conflict", say(caller.language, Text::email_not_confirmed, path, (*email)->address)});
    return {};
  }
  return {};
}

json Api::notice_settings_json(storage::UserId user, Language language, tl::expected<void, ApiError>& failed) {
  auto& store = store_.notices();
  const auto account = store.notice_settings(user, 0);
  const auto email = store.email_address(user);
  const auto calendar = store.calendar_token(user);
  const auto games = store.game_notice_settings(user);
  for (const auto* error : {account ? nullptr : &account.error(), email ? nullptr : &email.error(),
                            calendar ? nullptr : &calendar.error(), games ? nullptr : &games.error()}) {
    if (error) {
      failed = tl::unexpected(error_of(*error, language));
      return nullptr;
    }
  }
  json out = notices::to_json(notices::account_settings_from_json(parsed(*account)));
  out["channels"] = options_.notice_channels;
  out["email"] = *email ? json{{"address", (*email)->address}, {"confirmed", (*email)->confirmed_at.has_value()}}
                        : json(nullptr);
  out["calendar_url"] = *calendar ? json(options_.links.calendar(**calendar)) : json(nullptr);
  json by_game = json::object();
  for (const auto& [game, settings] : *games)
    by_game[std::to_string(game)] = {{"events", notices::to_json(notices::events_from_json(parsed(settings).value("events", json::object())))}};
  out["games"] = std::move(by_game);
  return out;
}

Response Api::get_notice_settings(const Request&, Caller& caller, const Captures&) {
  tl::expected<void, ApiError> failed;
  auto out = notice_settings_json(caller.user->id, caller.language, failed);
  if (!failed) return failed.error().response();
  return Response::json(200, out);
}

Response Api::update_notice_settings(const Request& request, Caller& caller, const Captures&) {
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto stored = store_.notices().notice_settings(caller.user->id, 0);
  if (!stored) return error_of(stored.error(), caller.language).response();
  auto settings = notices::account_settings_from_json(parsed(*stored));
  using notices::AccountSettings;
  const auto hours = fields->optional_integer("reminder_hours", AccountSettings::kMinReminderHours,
                                              AccountSettings::kMaxReminderHours);
  if (!hours) return hours.error().response();
  const auto minutes = fields->optional_integer("press_minutes", AccountSettings::kMinPressMinutes,
                                                AccountSettings::kMaxPressMinutes);
  if (!minutes) return minutes.error().response();
  if (*hours) settings.reminder_hours = static_cast<int>(**hours);
  if (*minutes) settings.press_minutes = static_cast<int>(**minutes);
  if (fields->has("events")) {
    auto events = read_events(*fields, "events", options_.notice_channels);
    if (!events) return events.error().response();
    if (auto chosen = check_email_chosen(*events, "events", caller); !chosen) return chosen.error().response();
    settings.events = std::move(*events);
  }
  if (auto written = store_.notices().set_notice_settings(caller.user->id, 0, dump(notices::to_json(settings)));
      !written)
    return error_of(written.error(), caller.language).response();
  return get_notice_settings(request, caller, {});
}

// A player's choices for one game: only a game they have a seat in.
tl::expected<storage::GameId, ApiError> Api::own_game(const Caller& caller, const std::string& id_text) {
  const auto game = game_of_path(store_, games_, id_text, caller.language);
  if (!game) return tl::unexpected(game.error());
  const auto& players = game->first.players;
  if (std::find(players.begin(), players.end(), caller.user->id) == players.end())
    return tl::unexpected(ApiError{403, "forbidden", say(caller.language, Text::not_in_game, id_text)});
  return game->first.id;
}

Response Api::get_game_notices(const Request&, Caller& caller, const Captures& captures) {
  const auto game = own_game(caller, captures[0]);
  if (!game) return game.error().response();
  const auto settings = store_.notices().notice_settings(caller.user->id, *game);
  if (!settings) return error_of(settings.error(), caller.language).response();
  json out = {{"events", *settings ? notices::to_json(notices::events_from_json(parsed(*settings).value("events", json::object())))
                                   : json(nullptr)}};
  return Response::json(200, out);
}

Response Api::put_game_notices(const Request& request, Caller& caller, const Captures& captures) {
  const auto game = own_game(caller, captures[0]);
  if (!game) return game.error().response();
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  // "events": null drops the game's own choices; the field itself must be there.
  if (!body->contains("events")) return fields->missing("events").response();
  std::optional<std::string> settings;
  if (fields->has("events")) {
    auto events = read_events(*fields, "events", options_.notice_channels);
    if (!events) return events.error().response();
    if (auto chosen = check_email_chosen(*events, "events", caller); !chosen) return chosen.error().response();
    settings = dump({{"events", notices::to_json(*events)}});
  }
  if (auto written = store_.notices().set_notice_settings(caller.user->id, *game, settings); !written)
    return error_of(written.error(), caller.language).response();
  return get_game_notices(request, caller, captures);
}

}  // namespace stratagem::server
