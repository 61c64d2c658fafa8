#pragma once
// The API of the contract (shared/contracts/server-api.md) over the platform and storage:
// routing, authentication, the caller's language, JSON bodies, error bodies, and the
// web client's files. Every handler runs on a worker thread (http_listener.h), except an
// action started on the I/O thread (Api::start, game_actions_api.cpp).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "game_cache.h"
#include "game_runner.h"
#include "http_listener.h"
#include "failure_throttle.h"
#include "game_action.h"
#include "language.h"
#include "notice_links.h"
#include "password_hasher.h"
#include "rate_limiter.h"
#include "session_cache.h"
#include "static_files.h"
#include "stratagem/platform/error.h"
#include "stratagem/notices/settings.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

// Who is asking, and in which language to answer.
struct Caller {
  Language language = Language::En;
  NameRegion names = NameRegion::Taiwan;  // whose names the sentences written for the caller use
  std::optional<storage::User> user;  // set once authenticated
};

// An action's request as read, before it runs.
struct ActionRequest {
  storage::GameId game = 0;
  std::string game_text;  // as the path gave it, for "no such game"
  nlohmann::json body;
  platform::User user;
  std::string target;  // the path's second capture (a treaty), if any
  platform::Instant now;
};

struct ApiOptions {
  // Accounts created per client address: this many at once, then this many a minute.
  double signups_per_minute = 20;
  PasswordHasherOptions hashing;
  // The channels players may choose for their notices (Outbox::player_channels).
  std::vector<std::string> notice_channels;
  NoticeLinks links;
  // Webhooks may lead to loopback and private addresses (serve --webhook-private-addresses).
  bool webhook_private_addresses = false;
  // The server's VAPID public key (base64url) when Web Push is on (serve --web-push).
  std::optional<std::string> push_public_key;
  // Push subscriptions may lead to loopback and private addresses (serve --push-private-addresses).
  bool push_private_addresses = false;
};

class Api final : public RequestHandler {
 public:
  Api(storage::Store& store, GameCache& games, GameRunner& runner, std::optional<StaticFiles> web,
      ApiOptions options = {});

  Response handle(const Request& request) override;
  bool start(const Request& request, Respond respond) override;
  bool is_event_stream(const Request& request) const override;
  std::variant<Response, std::unique_ptr<EventStream>> open_event_stream(const Request& request) override;
  Response body_too_large(const Request& request, std::size_t limit) const override;
  Response malformed_request(const Request& request, bool header_too_large) const override;

 private:
  using Captures = std::vector<std::string>;
  using Handler = Response (Api::*)(const Request&, Caller&, const Captures&);
  // An action on the game of the path's first capture, answered with `status`.
  struct ActionRoute {
    platform::Action action;
    int status;
  };
  struct Route {
    std::string_view method;
    std::string_view pattern;  // "{}" matches one path segment, passed in Captures
    Handler handler;           // null for an action
    bool needs_user;
    std::optional<ActionRoute> action = std::nullopt;
  };
  static const std::vector<Route>& routes();

  Response dispatch(const Request& request);
  // The account of the request's token (Authorization header, or `token` in the query
  // when `query_token_allowed`), which also sets the caller's language.
  tl::expected<void, ApiError> authenticate(const Request& request, Caller& caller, bool query_token_allowed);
  // The same from the sessions in memory alone: false when the token is not among them.
  bool authenticate_from_memory(const Request& request, Caller& caller);

  // accounts_api.cpp
  Response get_openapi(const Request&, Caller&, const Captures&);
  Response create_user(const Request&, Caller&, const Captures&);
  Response create_session(const Request&, Caller&, const Captures&);
  Response delete_session(const Request&, Caller&, const Captures&);
  Response get_me(const Request&, Caller&, const Captures&);
  Response update_me(const Request&, Caller&, const Captures&);

  // games_api.cpp
  Response create_game(const Request&, Caller&, const Captures&);
  Response list_games(const Request&, Caller&, const Captures&);
  Response get_game(const Request&, Caller&, const Captures&);
  Response get_phases(const Request&, Caller&, const Captures&);
  Response get_messages(const Request&, Caller&, const Captures&);
  Response get_deals(const Request&, Caller&, const Captures&);

  // notices_api.cpp
  Response get_notice_settings(const Request&, Caller&, const Captures&);
  Response update_notice_settings(const Request&, Caller&, const Captures&);
  Response get_game_notices(const Request&, Caller&, const Captures&);
  Response put_game_notices(const Request&, Caller&, const Captures&);
  // email_api.cpp
  Response put_email(const Request&, Caller&, const Captures&);
  Response delete_email(const Request&, Caller&, const Captures&);
  Response confirm_email(const Request&, Caller&, const Captures&);
  Response unsubscribe(const Request&, Caller&, const Captures&);
  bool sends_mail() const;
  // push_api.cpp
  Response get_push_key(const Request&, Caller&, const Captures&);
  Response list_push_subscriptions(const Request&, Caller&, const Captures&);
  Response add_push_subscription(const Request&, Caller&, const Captures&);
  Response delete_push_subscription(const Request&, Caller&, const Captures&);
  // webhook_api.cpp
  Response get_webhook(const Request&, Caller&, const Captures&);
  Response put_webhook(const Request&, Caller&, const Captures&);
  Response delete_webhook(const Request&, Caller&, const Captures&);
  // calendar_api.cpp
  Response reset_calendar(const Request&, Caller&, const Captures&);
  Response delete_calendar(const Request&, Caller&, const Captures&);
  Response get_calendar(const Request&, Caller&, const Captures&);
  // GET /me/notices's body; `failed` set when storage failed.
  nlohmann::json notice_settings_json(storage::UserId user, Language language, tl::expected<void, ApiError>& failed);
  tl::expected<void, ApiError> check_email_chosen(const notices::Events& events, std::string_view field,
                                                  const Caller& caller);
  // The game of the path, if the caller has a seat in it (else 404 or 403 to answer).
  tl::expected<storage::GameId, ApiError> own_game(const Caller& caller, const std::string& id_text);

  // press_read_api.cpp
  Response get_press_read(const Request&, Caller&, const Captures&);
  Response put_press_read(const Request&, Caller&, const Captures&);

  // game_actions_api.cpp
  // The request read, or the answer refusing it.
  tl::expected<ActionRequest, Response> read_action(const Request& request, const Caller& caller,
                                                    const Captures& captures, platform::Action action) const;
  // One action on a game, in one storage transaction; the route's status on success.
  Response act(const Request& request, Caller& caller, const Captures& captures, ActionRoute route);
  // act() without waiting for the commit, where it can be (Store::start_update); false:
  // call act().
  bool start_action(const Request& request, Caller& caller, const Captures& captures, ActionRoute route,
                    Respond respond);
  // The answer to an action, from its outcome.
  static Response answer(const tl::expected<ActionOutcome, storage::StoreError>& outcome, std::string_view game_text,
                         Language language, ActionRoute route);

  storage::Store& store_;
  ApiOptions options_;
  GameCache& games_;
  GameRunner& runner_;
  std::optional<StaticFiles> web_;
  SessionCache sessions_;
  PasswordHasher hasher_;
  RateLimiter signups_by_address_;
  RateLimiter email_changes_;  // confirmation mails an account may cause
  FailureThrottle logins_by_address_and_name_;
  FailureThrottle logins_by_address_;
  std::string dummy_password_hash_;  // verified against for unknown names: no timing oracle
};

// --- shared by the handler files
platform::Instant now_instant();
platform::User platform_user(const storage::User& user);
ApiError error_of(const platform::GameError& error, Language language);
ApiError error_of(const storage::StoreError& error, Language language);
ApiError game_not_found(std::string_view id, Language language);
// A game id of the URL; nullopt when it cannot be one (then the game is not found).
std::optional<storage::GameId> parse_game_id(std::string_view text);
// The game of a URL's id as stored and as the platform reads it, or the 404 to answer.
tl::expected<std::pair<storage::StoredGame, platform::Game>, ApiError> game_of_path(storage::Store& store,
                                                                                    GameCache& cache,
                                                                                    std::string_view id_text,
                                                                                    Language language);
// The stored record as a platform game (from the cache when it holds that version);
// nullopt (logged) when it cannot be read.
std::optional<platform::Game> game_of(const storage::StoredGame& stored, GameCache& cache);

}  // namespace stratagem::server
