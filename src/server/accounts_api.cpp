// Accounts and sessions: POST /users, POST and DELETE /sessions, GET and PATCH /me, and
// the OpenAPI document.
#include <spdlog/spdlog.h>

#include "api.h"
#include "credentials.h"
#include "json_fields.h"
#include "messages.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/forward_error.h"
#include "stratagem/platform/names.h"

namespace stratagem::server {

namespace embedded {
std::string_view openapi_json();
}

namespace {

constexpr auto kSessionLifetime = std::chrono::days(30);
constexpr std::size_t kNameMax = 32;
constexpr std::size_t kPasswordMin = 8;
constexpr std::size_t kPasswordMax = 256;

// ASCII letters and digits, '_', '-', '.', and any character beyond ASCII (names in
// Chinese or Japanese), but no spaces, no controls and no hidden characters.
bool name_characters_allowed(std::string_view name) {
  if (platform::has_hidden_characters(name)) return false;
  for (const unsigned char c : name) {
    const bool ascii_word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                            c == '_' || c == '-' || c == '.';
    if (!ascii_word && c < 0x80) return false;
  }
  // U+3000 (ideographic space) and U+00A0 (no-break space) are spaces too.
  return name.find("\xE3\x80\x80") == std::string_view::npos && name.find("\xC2\xA0") == std::string_view::npos;
}

nlohmann::json me_json(const storage::User& user) {
  return {{"id", std::to_string(user.id)}, {"name", user.name}, {"language", user.language}};
}

long long seconds_of(std::chrono::steady_clock::duration wait) {
  return std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
}

Response try_again_later(int status, std::string code, std::string message, long long seconds) {
  auto response = ApiError{status, std::move(code), std::move(message)}.response();
  response.headers.emplace_back("Retry-After", std::to_string(seconds));
  return response;
}

// The password pool is full (a flood of signups or logins): come back in a second.
Response server_busy(Language language) {
  return try_again_later(503, "unavailable", say(language, Text::server_busy), 1);
}

// A new session for the user: the token goes to the caller, its hash to storage.
tl::expected<std::string, storage::StoreError> open_session(storage::Store& store, storage::UserId user) {
  auto token = new_token();
  const auto now = now_instant();
  STRATAGEM_TRY(store.create_session(token, user, now, now + kSessionLifetime));
  return token;
}

}  // namespace

Response Api::get_openapi(const Request&, Caller&, const Captures&) {
  Response response;
  response.body = std::string(embedded::openapi_json());
  return response;
}

Response Api::create_user(const Request& request, Caller& caller, const Captures&) {
  const auto language = caller.language;
  const auto body = parse_body(request.body, language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, language);
  if (!fields) return fields.error().response();
  const auto name = fields->string("name");
  if (!name) return name.error().response();
  if (!fields->check_length("name", *name, 1, kNameMax) || !name_characters_allowed(*name)) {
    return bad_request(say(language, Text::user_name_rules, kNameMax)).response();
  }
  const auto password = fields->string("password");
  if (!password) return password.error().response();
  if (!fields->check_length("password", *password, kPasswordMin, kPasswordMax)) {
    return bad_request(say(language, Text::password_rules, kPasswordMin, kPasswordMax)).response();
  }
  const auto chosen_language = fields->optional_choice("language", account_languages());
  if (!chosen_language) return chosen_language.error().response();

  const auto now = RateLimiter::Clock::now();
  if (const auto wait = signups_by_address_.wait_for(request.remote_address, now); wait > RateLimiter::Clock::duration::zero()) {
    return try_again_later(429, "too_many_requests", say(language, Text::too_many_signups, seconds_of(wait)), seconds_of(wait));
  }
  const auto hashed = hasher_.hash(*password);
  if (std::holds_alternative<PasswordHasher::Busy>(hashed)) return server_busy(language);
  const auto& hash = std::get<std::optional<std::string>>(hashed);
  if (!hash) return ApiError{503, "unavailable", say(language, Text::internal_error)}.response();
  signups_by_address_.take(request.remote_address, now);
  const auto code = chosen_language->value_or("en");
  const auto reply_language = account_language(code).value_or(language);
  auto user = store_.create_user(storage::NewUser{
      .name = *name, .password_hash = *hash, .language = code, .created_at = now_instant()});
  if (!user) {
    if (user.error().code == storage::StoreErrorCode::conflict) {
      return ApiError{409, "conflict", say(reply_language, Text::name_taken, *name)}.response();
    }
    return error_of(user.error(), reply_language).response();
  }
  const auto token = open_session(store_, user->id);
  if (!token) return error_of(token.error(), reply_language).response();
  auto out = me_json(*user);
  out["token"] = *token;
  spdlog::info("user {} ({}) created", user->id, user->name);
  return Response::json(201, out);
}

Response Api::create_session(const Request& request, Caller& caller, const Captures&) {
  const auto language = caller.language;
  const auto body = parse_body(request.body, language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, language);
  if (!fields) return fields.error().response();
  const auto name = fields->string("name");
  if (!name) return name.error().response();
  const auto password = fields->string("password");
  if (!password) return password.error().response();

  const auto now = FailureThrottle::Clock::now();
  // The key of one address guessing at one name ('\n' cannot be in either).
  const auto guesser = request.remote_address + '\n' + *name;
  const auto wait = std::max(logins_by_address_and_name_.wait_for(guesser, now),
                             logins_by_address_.wait_for(request.remote_address, now));
  if (wait > FailureThrottle::Clock::duration::zero()) {
    return try_again_later(429, "too_many_requests", say(language, Text::too_many_logins, seconds_of(wait)), seconds_of(wait));
  }
  const auto user = store_.user_by_name(*name);
  if (!user && user.error().code != storage::StoreErrorCode::not_found) return error_of(user.error(), language).response();
  // An unknown name costs as much time as a wrong password.
  const auto verified = hasher_.verify(*password, user ? user->password_hash : dummy_password_hash_);
  if (std::holds_alternative<PasswordHasher::Busy>(verified)) return server_busy(language);
  if (!std::get<bool>(verified) || !user) {
    logins_by_address_and_name_.record_failure(guesser, now);
    logins_by_address_.record_failure(request.remote_address, now);
    return ApiError{401, "unauthenticated", say(language, Text::wrong_login)}.response();
  }
  logins_by_address_and_name_.record_success(guesser);
  const auto token = open_session(store_, user->id);
  if (!token) return error_of(token.error(), language).response();
  return Response::json(200, {{"token", *token}});
}

Response Api::delete_session(const Request& request, Caller& caller, const Captures&) {
  const auto token = request.authorization.substr(std::string_view("Bearer ").size());
  if (auto deleted = store_.delete_session(token); !deleted) return error_of(deleted.error(), caller.language).response();
  sessions_.forget_token(token);
  return Response::no_content();
}

Response Api::get_me(const Request&, Caller& caller, const Captures&) {
  return Response::json(200, me_json(*caller.user));
}

Response Api::update_me(const Request& request, Caller& caller, const Captures&) {
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto code = fields->optional_choice("language", account_languages());
  if (!code) return code.error().response();
  if (!*code) return fields->missing("language").response();
  const auto user = store_.set_user_language(caller.user->id, **code);
  if (!user) return error_of(user.error(), caller.language).response();
  sessions_.forget_user(caller.user->id);
  return Response::json(200, me_json(*user));
}

}  // namespace stratagem::server
