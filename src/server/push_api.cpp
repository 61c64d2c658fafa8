// Web Push subscriptions, one per device: the server's VAPID public key to subscribe with
// (GET /push/key, no sign-in), and a signed-in player's subscriptions (GET, POST
// /me/push_subscriptions, DELETE /me/push_subscriptions/{id}). An endpoint is a secret of
// its device (whoever has it can post to it): only its own account sees it.
#include "api.h"
#include "json_fields.h"
#include "messages.h"
#include "outgoing_https.h"
#include "stratagem/storage/notices.h"
#include "web_push.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

json subscription_json(const storage::PushSubscription& subscription) {
  return {{"id", subscription.id},
          {"endpoint", subscription.endpoint},
          {"created_at", platform::format_instant(subscription.created_at)}};
}

ApiError push_off(Language language) { return ApiError{404, "not_found", say(language, Text::push_off)}; }

}  // namespace

Response Api::get_push_key(const Request&, Caller& caller, const Captures&) {
  if (!options_.push_public_key) return push_off(caller.language).response();
  return Response::json(200, {{"public_key", *options_.push_public_key}});
}

Response Api::list_push_subscriptions(const Request&, Caller& caller, const Captures&) {
  const auto subscriptions = store_.notices().push_subscriptions(caller.user->id);
  if (!subscriptions) return error_of(subscriptions.error(), caller.language).response();
  json out = json::array();
  for (const storage::PushSubscription& subscription : *subscriptions) out.push_back(subscription_json(subscription));
  return Response::json(200, {{"subscriptions", out}});
}

// The body is the browser's PushSubscription as JSON: {"endpoint", "keys": {"p256dh", "auth"}}.
Response Api::add_push_subscription(const Request& request, Caller& caller, const Captures&) {
  if (!options_.push_public_key) return push_off(caller.language).response();
  const auto body = parse_body(request.body, caller.language);
  if (!body) return body.error().response();
  const auto fields = Fields::of(*body, caller.language);
  if (!fields) return fields.error().response();
  const auto endpoint = fields->string("endpoint");
  if (!endpoint) return endpoint.error().response();
  if (https_address_problem(*endpoint, options_.push_private_addresses) != HttpsAddressProblem::none)
    return bad_request(say(caller.language, Text::push_endpoint, "endpoint")).response();
  const auto keys = fields->object("keys");
  if (!keys) return keys.error().response();
  const auto p256dh = keys->string("p256dh");
  if (!p256dh) return p256dh.error().response();
  const auto auth = keys->string("auth");
  if (!auth) return auth.error().response();
  if (!web_push::recipient_of(*p256dh, *auth))
    return bad_request(say(caller.language, Text::push_key, "keys")).response();
  const auto added = store_.notices().add_push_subscription(caller.user->id, *endpoint, *p256dh, *auth, now_instant());
  if (!added) return error_of(added.error(), caller.language).response();
  return Response::json(201, {{"subscription", subscription_json(*added)}});
}

Response Api::delete_push_subscription(const Request&, Caller& caller, const Captures& captures) {
  const auto id = parse_game_id(captures[0]);  // a positive integer, as game ids are
  const auto removed = id ? store_.notices().remove_push_subscription(caller.user->id, *id)
                          : storage::StoreResult<bool>(false);
  if (!removed) return error_of(removed.error(), caller.language).response();
  if (!*removed)
    return ApiError{404, "not_found", say(caller.language, Text::push_subscription_unknown)}.response();
  return Response::no_content();
}

}  // namespace stratagem::server
