// E-mail addresses for notices: PUT and DELETE /me/email (an address is used only once
// confirmed), POST /email/confirm (the link's token, single use, 24 hours), and POST
// /email/unsubscribe/{token} (RFC 8058 one-click, no sign-in).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "api.h"
#include "credentials.h"
#include "json_fields.h"
#include "messages.h"
#include "stratagem/notice_text/mail.h"
#include "stratagem/notices/notice.h"
#include "stratagem/storage/notices.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

constexpr auto kConfirmationLifetime = std::chrono::hours(24);

json email_json(const storage::EmailAddress& email) {
  return {{"address", email.address}, {"confirmed", email.confirmed_at.has_value()}};
}

}  // namespace

bool Api::sends_mail() const {
  return std::find(options_.notice_channels.begin(), options_.notice_channels.end(), "email") !=
         options_.notice_channels.end();
}

Response Api::put_email(const Request& request, Caller& caller, const Captures&) {
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto address = fields->string("address");
  if (!address) return address.error().response();
  if (!notice_text::is_mail_address(*address))
    return bad_request(say(caller.language, Text::email_invalid, "address", *address)).response();
  if (!sends_mail()) return ApiError{409, "conflict", say(caller.language, Text::no_mail_server)}.response();
  const auto now = RateLimiter::Clock::now();
  const std::string key = std::to_string(caller.user->id);
  if (const auto wait = email_changes_.wait_for(key, now); wait > RateLimiter::Clock::duration::zero()) {
    const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
    auto response = ApiError{429, "too_many_requests", say(caller.language, Text::too_many_confirmations, seconds)}.response();
    response.headers.emplace_back("Retry-After", std::to_string(seconds));
    return response;
  }
  email_changes_.take(key, now);
  const std::string token = new_token();
  const auto sent_at = now_instant();
  const storage::NewDelivery confirmation{.channel = "email",
                                          .recipient = key,
                                          .user = caller.user->id,
                                          .game = 0,
                                          .kind = std::string(notices::kind::confirm_email),
                                          .payload = json{{"address", *address}, {"token", token}}.dump(),
                                          .due_at = sent_at};
  if (auto set = store_.notices().set_email_address(caller.user->id, *address, token, sent_at + kConfirmationLifetime,
                                                   new_token(), confirmation);
      !set)
    return error_of(set.error(), caller.language).response();
  spdlog::info("user {}: a confirmation mail is on its way", caller.user->id);
  return Response::json(202, {{"address", *address}, {"confirmed", false}});
}

Response Api::delete_email(const Request&, Caller& caller, const Captures&) {
  if (auto deleted = store_.notices().delete_email_address(caller.user->id); !deleted)
    return error_of(deleted.error(), caller.language).response();
  return Response::no_content();
}

Response Api::confirm_email(const Request& request, Caller& caller, const Captures&) {
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto token = fields->string("token");
  if (!token) return token.error().response();
  const auto confirmed = store_.notices().confirm_email_address(*token, now_instant());
  if (!confirmed) {
    if (confirmed.error().code == storage::StoreErrorCode::not_found)
      return ApiError{404, "not_found", say(caller.language, Text::confirmation_unknown)}.response();
    return error_of(confirmed.error(), caller.language).response();
  }
  return Response::json(200, email_json(*confirmed));
}

// RFC 8058: a mail program POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe
// address, with no cookie and no sign-in; the token in the address is the proof.
Response Api::unsubscribe(const Request&, Caller& caller, const Captures& captures) {
  const auto gone = store_.notices().unsubscribe(captures[0]);
  if (!gone) {
    if (gone.error().code == storage::StoreErrorCode::not_found)
      return ApiError{404, "not_found", say(caller.language, Text::unsubscribe_unknown)}.response();
    return error_of(gone.error(), caller.language).response();
  }
  spdlog::info("user {}: unsubscribed by a mail's link", gone->user);
  return Response::json(200, {{"address", gone->address}, {"unsubscribed", true}});
}

}  // namespace stratagem::server
