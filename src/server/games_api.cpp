// Games: creation, the lobby, what a caller may see of a game, its phases and messages
// (the actions on a game are in game_actions_api.cpp).
#include <spdlog/spdlog.h>

#include "api.h"
#include "credentials.h"
#include "game_action.h"
#include "game_change.h"
#include "json_fields.h"
#include "messages.h"
#include "press_api.h"

namespace stratagem::server {
// One transaction: storage draws the id, the platform makes the game that holds it, and
// both are written together (a crash leaves the whole game or nothing).
Response Api::create_game(const Request& request, Caller& caller, const Captures&) {
  const auto language = caller.language;
  const auto body = parse_body(request.body, language);
  if (!body) return body.error().response();
  if (auto fields = Fields::of(*body, language); !fields) return fields.error().response();
  const auto creator = platform_user(*caller.user);
  const auto now = now_instant();
  const auto seed = random_seed();
  std::optional<platform::Game> created;
  std::optional<platform::GameError> refused;
  // fn may run more than once (again after a lost connection, with another id).
  const auto row = store_.create_game([&](storage::GameId id) -> std::optional<storage::NewGame> {
    created.reset();
    refused.reset();
    auto game = platform::Game::create(std::to_string(id), *body, creator, now, seed);
    if (!game) {
      refused = game.error();
      return std::nullopt;
    }
    created = std::move(*game);
    // The creator of a Dragonchess game takes its first seat; a Diplomacy creator joins later.
    std::vector<storage::UserId> players;
    if (created->dragonchess() != nullptr) players.push_back(caller.user->id);
    auto written = change_of(*created, platform::Effects{}, now, std::move(players));
    return storage::NewGame{
        .kind = std::string(created->kind()),
        .name = created->name(),
        .status = std::move(written.status),
        .created_at = now,
        .next_deadline = written.next_deadline,
        .record = std::move(written.record),
        .players = std::move(*written.players),
    };
  });
  if (!row) return error_of(row.error(), language).response();
  if (refused || !*row) return error_of(*refused, language).response();
  const auto id = (*row)->id;
  games_.put(id, (*row)->version, *created);
  spdlog::info("game {} ({}) created by user {}", id, created->kind(), caller.user->id);
  runner_.after_change(id, *created);
  return Response::json(201, {{"id", std::to_string(id)}});
}

Response Api::list_games(const Request&, Caller& caller, const Captures&) {
  storage::GameQuery query;
  query.player = caller.user->id;
  query.statuses = {"forming"};
  query.limit = 200;
  const auto games = store_.list_games(query);
  if (!games) return error_of(games.error(), caller.language).response();
  auto out = nlohmann::json::array();
  for (const auto& game : *games) {
    out.push_back({{"id", std::to_string(game.id)},
                   {"game", game.kind},
                   {"name", game.name},
                   {"status", game.status},
                   {"created_at", platform::format_instant(game.created_at)}});
  }
  return Response::json(200, out);
}

tl::expected<std::pair<storage::StoredGame, platform::Game>, ApiError> game_of_path(storage::Store& store,
                                                                                    GameCache& cache,
                                                                                    std::string_view id_text,
                                                                                    Language language) {
  const auto id = parse_game_id(id_text);
  if (!id) return tl::unexpected(game_not_found(id_text, language));
  auto stored = store.load_game(*id);
  if (!stored) {
    if (stored.error().code == storage::StoreErrorCode::not_found) return tl::unexpected(game_not_found(id_text, language));
    return tl::unexpected(error_of(stored.error(), language));
  }
  auto game = game_of(*stored, cache);
  if (!game) return tl::unexpected(game_not_found(id_text, language));
  return std::pair{std::move(*stored), std::move(*game)};
}

// The view carries "last_event_id": the newest event when the view was read (read first,
// so that every event after it is newer than the view). A client opens the event stream
// with ?last_event_id= that value and misses nothing between the two requests.
Response Api::get_game(const Request&, Caller& caller, const Captures& captures) {
  std::optional<storage::EventId> last_event;
  if (const auto id = parse_game_id(captures[0])) {
    const auto last = store_.last_event_id(*id);
    if (last) last_event = *last;
  }
  const auto loaded = game_of_path(store_, games_, captures[0], caller.language);
  if (!loaded) return loaded.error().response();
  auto view = loaded->second.view_for(std::to_string(caller.user->id), now_instant());
  if (last_event) view["last_event_id"] = std::to_string(*last_event);
  return Response::json(200, view);
}

Response Api::get_phases(const Request&, Caller& caller, const Captures& captures) {
  const auto loaded = game_of_path(store_, games_, captures[0], caller.language);
  if (!loaded) return loaded.error().response();
  const auto phases = store_.phases(loaded->first.id);
  if (!phases) return error_of(phases.error(), caller.language).response();
  auto out = nlohmann::json::array();
  for (const auto& phase : *phases) out.push_back(nlohmann::json::parse(phase.json, nullptr, false));
  return Response::json(200, out);
}

Response Api::get_messages(const Request&, Caller& caller, const Captures& captures) {
  const auto loaded = game_of_path(store_, games_, captures[0], caller.language);
  if (!loaded) return loaded.error().response();
  const auto stored = store_.messages(loaded->first.id);
  if (!stored) return error_of(stored.error(), caller.language).response();
  nlohmann::json listed = loaded->second.messages_for(std::to_string(caller.user->id), platform_messages(*stored));
  for (auto& message : listed) show_press(message, caller.language, caller.names);
  return Response::json(200, listed);
}

Response Api::get_deals(const Request&, Caller& caller, const Captures& captures) {
  const auto loaded = game_of_path(store_, games_, captures[0], caller.language);
  if (!loaded) return loaded.error().response();
  const platform::DiplomacyGame* diplomacy = loaded->second.diplomacy();
  nlohmann::json deals = diplomacy ? diplomacy->deals_for(std::to_string(caller.user->id)) : nlohmann::json::array();
  for (auto& deal : deals) show_deal(deal, caller.language, caller.names);
  return Response::json(200, deals);
}

}  // namespace stratagem::server
