#include "api.h"

#include <charconv>

#include <spdlog/spdlog.h>

#include "credentials.h"
#include "json_fields.h"
#include "messages.h"
#include "stratagem/formats/diplomacy_words.h"

namespace stratagem::server {
namespace {

constexpr std::string_view kApiPrefix = "/api/";

std::vector<std::string_view> segments(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    const auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash);
  }
  return out;
}

// The captured segments when `path` fits `pattern`.
std::optional<std::vector<std::string>> match(std::string_view pattern, std::string_view path) {
  const auto want = segments(pattern);
  const auto have = segments(path);
  if (want.size() != have.size() || (path.size() > 1 && path.back() == '/')) return std::nullopt;
  std::vector<std::string> captures;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] == "{}") {
      captures.emplace_back(have[i]);
    } else if (want[i] != have[i]) {
      return std::nullopt;
    }
  }
  return captures;
}

Language request_language(const Request& request) {
  return language_from_accept_language(request.accept_language).value_or(Language::En);
}

ApiError unauthenticated(Language language) {
  return ApiError{401, "unauthenticated", say(language, Text::unauthenticated)};
}

ApiError internal_error(Language language) { return ApiError{500, "internal_error", say(language, Text::internal_error)}; }

}  // namespace

platform::Instant now_instant() {
  return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

platform::User platform_user(const storage::User& user) { return platform::User{std::to_string(user.id), user.name}; }

ApiError error_of(const platform::GameError& error, Language language) {
  using platform::ErrorCode;
  int status = 400;
  switch (error.code) {
    case ErrorCode::BadRequest: status = 400; break;
    case ErrorCode::Forbidden: status = 403; break;
    case ErrorCode::PressNotAllowed: status = 403; break;
    case ErrorCode::NotFound: status = 404; break;
    case ErrorCode::Conflict: status = 409; break;
    case ErrorCode::WrongPhase: status = 409; break;
  }
  return ApiError{status, std::string(platform::error_code_name(error.code)), platform::message(error, language)};
}

ApiError error_of(const storage::StoreError& error, Language language) {
  spdlog::error("storage: {}", error.message);
  switch (error.code) {
    case storage::StoreErrorCode::not_found:
      return ApiError{404, "not_found", say(language, Text::not_found)};
    case storage::StoreErrorCode::unavailable:
      return ApiError{503, "unavailable", say(language, Text::database_unavailable)};
    default:
      return internal_error(language);
  }
}

ApiError game_not_found(std::string_view id, Language language) {
  return ApiError{404, "not_found", say(language, Text::game_not_found, id)};
}

std::optional<storage::GameId> parse_game_id(std::string_view text) {
  storage::GameId id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

std::optional<platform::Game> game_of(const storage::StoredGame& stored, GameCache& cache) {
  if (auto cached = cache.get(stored.id, stored.version)) return cached;
  const auto record = nlohmann::json::parse(stored.record, nullptr, false);
  auto game = platform::Game::from_json(record);
  if (!game) {
    spdlog::error("game {}: its record cannot be read: {}", stored.id, game.error());
    return std::nullopt;
  }
  cache.put(stored.id, stored.version, *game);
  return std::move(*game);
}

namespace {

// Enough for every player of 10,000 active games with a few devices each, at about
// 200 bytes an entry; a session is asked of the database again after 10 s (see
// session_cache.h for what that bounds).
constexpr std::size_t kSessionsRemembered = 100'000;
constexpr std::chrono::seconds kSessionRemembered{10};

}  // namespace

Api::Api(storage::Store& store, GameCache& games, GameRunner& runner, std::optional<StaticFiles> web,
         ApiOptions options)
    : store_(store),
      options_(options),
      games_(games),
      runner_(runner),
      web_(std::move(web)),
      sessions_(kSessionsRemembered, kSessionRemembered),
      hasher_(options.hashing),
      signups_by_address_(options.signups_per_minute,
                          std::chrono::duration_cast<RateLimiter::Clock::duration>(
                              std::chrono::duration<double>(60.0 / std::max(options.signups_per_minute, 1e-3)))),
      // An account may have 5 confirmation mails sent at once, then one every 12 minutes:
      // enough for typing mistakes, too few to mail bomb an address through us.
      email_changes_(5, std::chrono::minutes(12)),
      // One guesser of one name: 5 tries, then 1 s, 2 s, 4 s ... up to 15 minutes apart.
      logins_by_address_and_name_(FailureThrottleOptions{.free_failures = 5}),
      // One address guessing many names: 30 tries, then growing delays as above.
      logins_by_address_(FailureThrottleOptions{.free_failures = 30}),
      dummy_password_hash_(hash_password("not a password of anyone").value_or("")) {}

const std::vector<Api::Route>& Api::routes() {
  static const std::vector<Route> kRoutes = {
      {"GET", "/api/v1/openapi.json", &Api::get_openapi, false},
      {"POST", "/api/v1/users", &Api::create_user, false},
      {"POST", "/api/v1/sessions", &Api::create_session, false},
      {"DELETE", "/api/v1/sessions", &Api::delete_session, true},
      {"GET", "/api/v1/me", &Api::get_me, true},
      {"PATCH", "/api/v1/me", &Api::update_me, true},
      {"GET", "/api/v1/me/notices", &Api::get_notice_settings, true},
      {"PATCH", "/api/v1/me/notices", &Api::update_notice_settings, true},
      {"PUT", "/api/v1/me/email", &Api::put_email, true},
      {"DELETE", "/api/v1/me/email", &Api::delete_email, true},
      {"POST", "/api/v1/email/confirm", &Api::confirm_email, false},
      {"POST", "/api/v1/email/unsubscribe/{}", &Api::unsubscribe, false},
      {"POST", "/api/v1/me/calendar", &Api::reset_calendar, true},
      {"DELETE", "/api/v1/me/calendar", &Api::delete_calendar, true},
      {"GET", "/api/v1/calendar/{}", &Api::get_calendar, false},
      {"GET", "/api/v1/push/key", &Api::get_push_key, false},
      {"GET", "/api/v1/me/push_subscriptions", &Api::list_push_subscriptions, true},
      {"POST", "/api/v1/me/push_subscriptions", &Api::add_push_subscription, true},
      {"DELETE", "/api/v1/me/push_subscriptions/{}", &Api::delete_push_subscription, true},
      {"POST", "/api/v1/games", &Api::create_game, true},
      {"GET", "/api/v1/games", &Api::list_games, true},
      {"GET", "/api/v1/games/{}", &Api::get_game, true},
      {"POST", "/api/v1/games/{}/join", nullptr, true, ActionRoute{platform::Action::Join, 200}},
      {"PUT", "/api/v1/games/{}/orders", nullptr, true, ActionRoute{platform::Action::PutOrders, 200}},
      {"POST", "/api/v1/games/{}/ready", nullptr, true, ActionRoute{platform::Action::Ready, 200}},
      {"GET", "/api/v1/games/{}/phases", &Api::get_phases, true},
      {"GET", "/api/v1/games/{}/messages", &Api::get_messages, true},
      {"GET", "/api/v1/games/{}/deals", &Api::get_deals, true},
      {"GET", "/api/v1/games/{}/notices", &Api::get_game_notices, true},
      {"PUT", "/api/v1/games/{}/notices", &Api::put_game_notices, true},
      {"GET", "/api/v1/games/{}/webhook", &Api::get_webhook, true},
      {"PUT", "/api/v1/games/{}/webhook", &Api::put_webhook, true},
      {"DELETE", "/api/v1/games/{}/webhook", &Api::delete_webhook, true},
      {"GET", "/api/v1/games/{}/press_read", &Api::get_press_read, true},
      {"PUT", "/api/v1/games/{}/press_read", &Api::put_press_read, true},
      {"POST", "/api/v1/games/{}/messages", nullptr, true, ActionRoute{platform::Action::SendMessage, 201}},
      {"POST", "/api/v1/games/{}/draw_vote", nullptr, true, ActionRoute{platform::Action::VoteDraw, 200}},
      {"POST", "/api/v1/games/{}/end_vote", nullptr, true, ActionRoute{platform::Action::VoteEnd, 200}},
      {"POST", "/api/v1/games/{}/pause", nullptr, true, ActionRoute{platform::Action::Pause, 200}},
      {"POST", "/api/v1/games/{}/alliance_end", nullptr, true, ActionRoute{platform::Action::DeclareAlliance, 200}},
      {"POST", "/api/v1/games/{}/give_up", nullptr, true, ActionRoute{platform::Action::GiveUp, 200}},
      {"POST", "/api/v1/games/{}/take_seat", nullptr, true, ActionRoute{platform::Action::TakeSeat, 200}},
      {"POST", "/api/v1/games/{}/treaties", nullptr, true, ActionRoute{platform::Action::ProposeTreaty, 201}},
      {"POST", "/api/v1/games/{}/treaties/{}/sign", nullptr, true, ActionRoute{platform::Action::SignTreaty, 200}},
      {"POST", "/api/v1/games/{}/treaties/{}/publish", nullptr, true, ActionRoute{platform::Action::PublishTreaty, 200}},
      {"POST", "/api/v1/games/{}/moves", nullptr, true, ActionRoute{platform::Action::Move, 200}},
      {"POST", "/api/v1/games/{}/resign", nullptr, true, ActionRoute{platform::Action::Resign, 200}},
      {"POST", "/api/v1/games/{}/draw", nullptr, true, ActionRoute{platform::Action::Draw, 200}},
  };
  return kRoutes;
}

Response Api::handle(const Request& request) {
  try {
    return dispatch(request);
  } catch (const std::exception& e) {
    spdlog::error("{} {}: {}", request.method, request.path, e.what());
    return internal_error(request_language(request)).response();
  }
}

// Only an action on a game is taken here, and only when neither the caller's session nor
// the game has to be read from the database first: the store then commits it with its
// batch while this thread serves other connections. Anything else, or anything refused,
// goes the usual way, to handle() on a worker.
bool Api::start(const Request& request, Respond respond) {
  try {
    if (!request.path.starts_with(kApiPrefix) || request.path.find('\0') != std::string::npos) return false;
    for (const auto& route : routes()) {
      if (!route.action || route.method != request.method) continue;
      auto captures = match(route.pattern, request.path);
      if (!captures) continue;
      Caller caller{.language = request_language(request),
                .names = names_from_accept_language(request.accept_language),
                .user = std::nullopt};
      if (!authenticate_from_memory(request, caller)) return false;
      return start_action(request, caller, *captures, *route.action, std::move(respond));
    }
  } catch (const std::exception& e) {
    spdlog::debug("{} {} not started: {}", request.method, request.path, e.what());
  }
  return false;
}

Response Api::dispatch(const Request& request) {
  Caller caller{.language = request_language(request),
                .names = names_from_accept_language(request.accept_language),
                .user = std::nullopt};
  // A decoded NUL ("%00") would end the path early for anything that reads it as C text.
  if (request.path.find('\0') != std::string::npos) {
    return bad_request(say(caller.language, Text::path_has_nul)).response();
  }
  // HEAD is GET without the body (the listener leaves the body out).
  if (request.method == "HEAD") {
    Request as_get = request;
    as_get.method = "GET";
    return dispatch(as_get);
  }
  if (!request.path.starts_with(kApiPrefix)) {
    if (web_ && request.method == "GET") {
      if (auto file = web_->get(request.path)) return std::move(*file);
    }
    return ApiError{404, "not_found", say(caller.language, Text::no_route, request.method, request.path)}.response();
  }
  bool path_known = false;
  for (const auto& route : routes()) {
    auto captures = match(route.pattern, request.path);
    if (!captures) continue;
    path_known = true;
    if (route.method != request.method) continue;
    if (route.needs_user) {
      if (auto authenticated = authenticate(request, caller, false); !authenticated) {
        return authenticated.error().response();
      }
    }
    const auto started = std::chrono::steady_clock::now();
    auto response = route.action ? act(request, caller, *captures, *route.action)
                                 : (this->*route.handler)(request, caller, *captures);
    spdlog::debug("{} {} {} {} µs", request.method, request.path, response.status,
                  std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started)
                      .count());
    return response;
  }
  if (path_known) {
    return ApiError{405, "method_not_allowed", say(caller.language, Text::method_not_allowed, request.method,
                                                   request.path)}
        .response();
  }
  return ApiError{404, "not_found", say(caller.language, Text::no_route, request.method, request.path)}.response();
}

namespace {

std::string session_token(const Request& request, bool query_token_allowed) {
  constexpr std::string_view kBearer = "Bearer ";
  if (request.authorization.size() > kBearer.size() &&
      std::string_view(request.authorization).substr(0, kBearer.size()) == kBearer) {
    return request.authorization.substr(kBearer.size());
  }
  if (query_token_allowed) {
    if (const auto it = request.query.find("token"); it != request.query.end()) return it->second;
  }
  return {};
}

void identify(Caller& caller, storage::User user) {
  if (const auto language = account_language(user.language)) {
    caller.language = *language;
    caller.names = account_names(user.language);
  }
  caller.user = std::move(user);
}

}  // namespace

tl::expected<void, ApiError> Api::authenticate(const Request& request, Caller& caller, bool query_token_allowed) {
  const std::string token = session_token(request, query_token_allowed);
  if (token.empty()) return tl::unexpected(unauthenticated(caller.language));
  const auto now = now_instant();
  auto user = sessions_.get(token, now);
  if (!user) {
    auto stored = store_.user_by_session(token, now);
    if (!stored) {
      if (stored.error().code == storage::StoreErrorCode::not_found) return tl::unexpected(unauthenticated(caller.language));
      return tl::unexpected(error_of(stored.error(), caller.language));
    }
    sessions_.put(token, *stored, now);
    user = std::move(*stored);
  }
  identify(caller, std::move(*user));
  return {};
}

bool Api::authenticate_from_memory(const Request& request, Caller& caller) {
  const std::string token = session_token(request, false);
  if (token.empty()) return false;
  auto user = sessions_.get(token, now_instant());
  if (!user) return false;
  identify(caller, std::move(*user));
  return true;
}

Response Api::malformed_request(const Request& request, bool header_too_large) const {
  const auto language = request_language(request);
  if (header_too_large) return ApiError{431, "too_large", say(language, Text::header_too_large)}.response();
  return ApiError{400, "bad_request", say(language, Text::malformed_http)}.response();
}

Response Api::body_too_large(const Request& request, std::size_t limit) const {
  return ApiError{413, "too_large", say(request_language(request), Text::too_large, limit)}.response();
}

}  // namespace stratagem::server
