// Every action on a game (orders, press, votes, seats, moves), each one storage
// transaction: on a worker thread, or started on the I/O thread when nothing has to be
// read from the database first.
#include <spdlog/spdlog.h>

#include "api.h"
#include "json_fields.h"
#include "messages.h"
#include "press_api.h"

namespace stratagem::server {
namespace {

bool seats_caller(platform::Action action) {
  return action == platform::Action::Join || action == platform::Action::TakeSeat;
}

std::vector<storage::UserId> with_player(std::vector<storage::UserId> players, storage::UserId user) {
  if (std::find(players.begin(), players.end(), user) == players.end()) players.push_back(user);
  return players;
}

// `read` must outlive the action (storage runs it while the caller waits).
GameAction action_of(const ActionRequest& read, platform::Action action, Language language) {
  return [&read, action, language](platform::Game& game) {
    return game.act(read.user, action, read.body, language, read.now, read.target);
  };
}

SeatedUsers seated_after(platform::Action action, storage::UserId caller) {
  return [action, caller](const storage::StoredGame& locked) -> std::optional<std::vector<storage::UserId>> {
    if (!seats_caller(action)) return std::nullopt;
    return with_player(locked.players, caller);
  };
}

}  // namespace

tl::expected<ActionRequest, Response> Api::read_action(const Request& request, const Caller& caller,
                                                            const Captures& captures, platform::Action action) const {
  const auto language = caller.language;
  const auto id = parse_game_id(captures[0]);
  if (!id) return tl::unexpected(game_not_found(captures[0], language).response());
  auto body = parse_body(request.body, language);
  if (!body) return tl::unexpected(body.error().response());
  if (action == platform::Action::SendMessage)
    if (auto press = read_press_text(*body, language); !press) return tl::unexpected(press.error().response());
  return ActionRequest{.game = *id,
                       .game_text = captures[0],
                       .body = std::move(*body),
                       .user = platform_user(*caller.user),
                       .target = captures.size() > 1 ? captures[1] : std::string(),
                       .now = now_instant()};
}

Response Api::act(const Request& request, Caller& caller, const Captures& captures, ActionRoute route) {
  auto read = read_action(request, caller, captures, route.action);
  if (!read) return std::move(read.error());
  const auto outcome = act_on_game(store_, games_, runner_, read->game, read->now,
                                   action_of(*read, route.action, caller.language),
                                   seated_after(route.action, caller.user->id));
  return answer(outcome, read->game_text, caller.language, route);
}

bool Api::start_action(const Request& request, Caller& caller, const Captures& captures, ActionRoute route,
                       Respond respond) {
  // A refusal is answered the usual way, by act().
  const auto read = read_action(request, caller, captures, route.action);
  if (!read) return false;
  const Language language = caller.language;
  return start_action_on_game(
      store_, games_, runner_, read->game, read->now, action_of(*read, route.action, language),
      seated_after(route.action, caller.user->id),
      [game_text = read->game_text, language, route, what = request.method + " " + request.path,
       respond = std::move(respond)](std::optional<tl::expected<ActionOutcome, storage::StoreError>> outcome) {
        if (!outcome) {
          respond(std::nullopt);
          return;
        }
        // On the store's writing thread: nothing may escape. The action has committed, so
        // it is never handed back to be done again: a failure here is a 500, as in handle().
        Response response;
        try {
          response = answer(*outcome, game_text, language, route);
        } catch (const std::exception& e) {
          spdlog::error("{}: {}", what, e.what());
          response = ApiError{500, "internal_error", say(language, Text::internal_error)}.response();
        }
        spdlog::debug("{} {} without a worker", what, response.status);
        respond(std::move(response));
      });
}

Response Api::answer(const tl::expected<ActionOutcome, storage::StoreError>& outcome, std::string_view game_text,
                     Language language, ActionRoute route) {
  if (!outcome) {
    if (outcome.error().code == storage::StoreErrorCode::not_found) return game_not_found(game_text, language).response();
    return error_of(outcome.error(), language).response();
  }
  if (outcome->missing) return game_not_found(game_text, language).response();
  if (outcome->refused) return error_of(*outcome->refused, language).response();
  return Response::json(route.status, outcome->response);
}

}  // namespace stratagem::server
