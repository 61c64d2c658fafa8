// A game's group-chat webhook, one per player: GET, PUT and DELETE
// /games/{id}/webhook. Its URL is a secret (whoever has it can post to the chat), so each
// player sees only their own.
#include "api.h"
#include "json_fields.h"
#include "messages.h"
#include "stratagem/storage/notices.h"
#include "webhook_sender.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

json webhook_json(const storage::Webhook& webhook) {
  return {{"url", webhook.url}, {"format", webhook.format}, {"language", webhook.language},
          {"reminder_hours", webhook.reminder_hours}};
}

}  // namespace

Response Api::get_webhook(const Request&, Caller& caller, const Captures& captures) {
  const auto game = own_game(caller, captures[0]);
  if (!game) return game.error().response();
  const auto webhook = store_.notices().webhook(*game, caller.user->id);
  if (!webhook) return error_of(webhook.error(), caller.language).response();
  return Response::json(200, {{"webhook", *webhook ? webhook_json(**webhook) : json(nullptr)}});
}

Response Api::put_webhook(const Request& request, Caller& caller, const Captures& captures) {
  const auto game = own_game(caller, captures[0]);
  if (!game) return game.error().response();
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto url = fields->string("url");
  if (!url) return url.error().response();
  const auto format = fields->optional_choice("format", {"discord", "slack"});
  if (!format) return format.error().response();
  // An account's languages: zh-Hant-HK posts with Hong Kong's names (意大利).
  const auto language = fields->optional_choice("language", account_languages());
  if (!language) return language.error().response();
  const auto hours = fields->optional_integer("reminder_hours", 1, 168);
  if (!hours) return hours.error().response();
  switch (https_address_problem(*url, options_.webhook_private_addresses)) {
    case HttpsAddressProblem::none: break;
    case HttpsAddressProblem::not_https:
      return bad_request(say(caller.language, Text::webhook_not_https, "url")).response();
    case HttpsAddressProblem::malformed:
      return bad_request(say(caller.language, Text::webhook_malformed, "url")).response();
    case HttpsAddressProblem::not_public:
      return bad_request(say(caller.language, Text::webhook_not_public, "url")).response();
    case HttpsAddressProblem::unresolved:
      return bad_request(say(caller.language, Text::webhook_unresolved, "url")).response();
  }
  const auto set = store_.notices().set_webhook(storage::Webhook{
      .id = 0,
      .game = *game,
      .owner = caller.user->id,
      .url = *url,
      .format = format->value_or(webhook_format_of(*url)),
      .language = language->value_or(caller.language == Language::ZhHant && caller.names == NameRegion::HongKong
                                         ? std::string("zh-Hant-HK")
                                         : std::string(diplomacy::language_code(caller.language))),
      .reminder_hours = static_cast<int>(hours->value_or(2)),
  });
  if (!set) return error_of(set.error(), caller.language).response();
  return Response::json(200, {{"webhook", webhook_json(*set)}});
}

Response Api::delete_webhook(const Request&, Caller& caller, const Captures& captures) {
  const auto game = own_game(caller, captures[0]);
  if (!game) return game.error().response();
  if (auto deleted = store_.notices().delete_webhook(*game, caller.user->id); !deleted)
    return error_of(deleted.error(), caller.language).response();
  return Response::no_content();
}

}  // namespace stratagem::server
