#pragma once
// The API of the contract (shared/contracts/server-api.md) over the platform and storage:
// routing, authentication, the caller's language, JSON bodies, error bodies, and the
// web client's files. Every handler runs on a worker thread (http_listener.h).

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
#include "language.h"
#include "password_hasher.h"
#include "rate_limiter.h"
#include "session_cache.h"
#include "static_files.h"
#include "stratagem/platform/error.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

// Who is asking, and in which language to answer.
struct Caller {
  Language language = Language::En;
  std::optional<storage::User> user;  // set once authenticated
};

struct ApiOptions {
  // Accounts created per client address: this many at once, then this many a minute.
  double signups_per_minute = 20;
  PasswordHasherOptions hashing;
};

class Api final : public RequestHandler {
 public:
  Api(storage::Store& store, GameCache& games, GameRunner& runner, std::optional<StaticFiles> web,
      ApiOptions options = {});

  Response handle(const Request& request) override;
  bool is_event_stream(const Request& request) const override;
  std::variant<Response, std::unique_ptr<EventStream>> open_event_stream(const Request& request) override;
  Response body_too_large(const Request& request, std::size_t limit) const override;
  Response malformed_request(const Request& request, bool header_too_large) const override;

 private:
  using Captures = std::vector<std::string>;
  using Handler = Response (Api::*)(const Request&, Caller&, const Captures&);
  struct Route {
    std::string_view method;
    std::string_view pattern;  // "{}" matches one path segment, passed in Captures
    Handler handler;
    bool needs_user;
  };
  static const std::vector<Route>& routes();

  Response dispatch(const Request& request);
  // The account of the request's token (Authorization header, or `token` in the query
  // when `query_token_allowed`), which also sets the caller's language.
  tl::expected<void, ApiError> authenticate(const Request& request, Caller& caller, bool query_token_allowed);

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
  Response join(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::Join, 200); }
  Response put_orders(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::PutOrders, 200); }
  Response ready(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::Ready, 200); }
  Response send_message(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::SendMessage, 201); }
  Response vote_draw(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::VoteDraw, 200); }
  Response vote_end(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::VoteEnd, 200); }
  Response declare_alliance(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::DeclareAlliance, 200); }
  Response give_up(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::GiveUp, 200); }
  Response take_seat(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::TakeSeat, 200); }
  Response propose_treaty(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::ProposeTreaty, 201); }
  Response sign_treaty(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::SignTreaty, 200); }
  Response publish_treaty(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::PublishTreaty, 200); }
  Response move(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::Move, 200); }
  Response resign(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::Resign, 200); }
  Response draw(const Request& r, Caller& c, const Captures& k) { return act(r, c, k, platform::Action::Draw, 200); }
  // One action on a game, in one storage transaction; `status` on success.
  Response act(const Request& request, Caller& caller, const Captures& captures, platform::Action action, int status);

  storage::Store& store_;
  GameCache& games_;
  GameRunner& runner_;
  std::optional<StaticFiles> web_;
  SessionCache sessions_;
  PasswordHasher hasher_;
  RateLimiter signups_by_address_;
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
// The stored record as a platform game (from the cache when it holds that version);
// nullopt (logged) when it cannot be read.
std::optional<platform::Game> game_of(const storage::StoredGame& stored, GameCache& cache);

}  // namespace stratagem::server
