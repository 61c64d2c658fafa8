#include "game_change.h"

#include <charconv>
#include <string>

#include <nlohmann/json.hpp>

#include "stratagem/notices/notice.h"

namespace stratagem::server {
namespace {

std::string dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A platform user id that is an account's (DAIDE clients' ids are not).
std::optional<storage::UserId> account_id(const std::string& user) {
  storage::UserId id = 0;
  const auto [end, error] = std::from_chars(user.data(), user.data() + user.size(), id);
  if (error != std::errc() || end != user.data() + user.size()) return std::nullopt;
  return id;
}

}  // namespace

storage::GameChange change_of(const platform::Game& game, const platform::Effects& effects, platform::Instant now,
                              std::optional<std::vector<storage::UserId>> players) {
  storage::GameChange change;
  change.record = game.record();
  change.status = std::string(platform::game_status_name(game.status()));
  change.next_deadline = game.next_deadline();
  change.players = std::move(players);
  for (const auto& phase : effects.phases) change.phases.push_back(dump(phase));
  for (const auto& message : effects.messages) {
    change.messages.push_back(storage::NewMessage{
        .phase = message.phase,
        .sender = message.from,
        .recipients = message.is_public() ? std::string("\"all\"") : dump(message.to),
        .text = message.text,
        .sent_at = message.sent_at,
        .press = message.press ? std::optional<std::string>(dump(*message.press)) : std::nullopt,
    });
  }
  for (const auto& event : effects.events) {
    change.events.push_back(storage::NewEvent{
        .audience = dump(game.addressed(event.audience).to_json()),
        .kind = event.kind,
        .payload = dump(event.payload),
        .created_at = now,
    });
  }
  for (auto& notice : notices::notices_of(game, effects, now)) {
    std::optional<storage::UserId> user;
    if (notice.user && !(user = account_id(*notice.user))) continue;
    change.notices.push_back(
        storage::NewNotice{.user = user, .kind = std::move(notice.kind), .payload = dump(notice.data), .created_at = now});
  }
  return change;
}

std::vector<platform::Message> platform_messages(const std::vector<storage::StoredMessage>& stored) {
  std::vector<platform::Message> out;
  out.reserve(stored.size());
  for (const auto& message : stored) {
    platform::Message converted{
        .id = std::to_string(out.size() + 1),
        .phase = message.phase,
        .from = message.sender,
        .to = {},
        .text = message.text,
        .sent_at = message.sent_at,
        .press = std::nullopt,
    };
    if (message.press) {
      auto press = nlohmann::json::parse(*message.press, nullptr, false);
      if (press.is_object()) converted.press = std::move(press);
    }
    const auto recipients = nlohmann::json::parse(message.recipients, nullptr, false);
    if (recipients.is_array()) {
      for (const auto& power : recipients) {
        if (power.is_string()) converted.to.push_back(power.get<std::string>());
      }
    }
    out.push_back(std::move(converted));
  }
  return out;
}

}  // namespace stratagem::server
