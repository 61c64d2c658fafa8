#include "stratagem/notices/settings.h"

#include <algorithm>

#include "stratagem/notices/notice.h"

namespace stratagem::notices {

using nlohmann::json;

json to_json(const Events& events) {
  json out = json::object();
  for (const std::string_view kind : kPlayerKinds) {
    const auto found = events.find(kind);
    out[std::string(kind)] = found == events.end() ? json::array() : json(found->second);
  }
  return out;
}

json to_json(const AccountSettings& settings) {
  return {{"reminder_hours", settings.reminder_hours},
          {"press_minutes", settings.press_minutes},
          {"events", to_json(settings.events)}};
}

Events events_from_json(const json& value) {
  Events events;
  if (!value.is_object()) return events;
  for (const std::string_view kind : kPlayerKinds) {
    const auto found = value.find(kind);
    if (found == value.end() || !found->is_array()) continue;
    std::vector<std::string> channels;
    for (const json& channel : *found)
      if (channel.is_string()) channels.push_back(channel.get<std::string>());
    std::sort(channels.begin(), channels.end());
    channels.erase(std::unique(channels.begin(), channels.end()), channels.end());
    if (!channels.empty()) events.emplace(kind, std::move(channels));
  }
  return events;
}

AccountSettings account_settings_from_json(const json& value) {
  AccountSettings settings;
  if (!value.is_object()) return settings;
  const auto number = [&](std::string_view name, int least, int most, int fallback) {
    const auto found = value.find(name);
    if (found == value.end() || !found->is_number_integer()) return fallback;
    const auto n = found->get<long long>();
    return n < least || n > most ? fallback : static_cast<int>(n);
  };
  settings.reminder_hours = number("reminder_hours", AccountSettings::kMinReminderHours,
                                   AccountSettings::kMaxReminderHours, settings.reminder_hours);
  settings.press_minutes = number("press_minutes", AccountSettings::kMinPressMinutes,
                                  AccountSettings::kMaxPressMinutes, settings.press_minutes);
  if (const auto events = value.find("events"); events != value.end()) settings.events = events_from_json(*events);
  return settings;
}

std::vector<std::string> channels_for(std::string_view kind, const AccountSettings& account,
                                      const std::optional<Events>& game) {
  const Events& events = game ? *game : account.events;
  const auto found = events.find(kind);
  return found == events.end() ? std::vector<std::string>{} : found->second;
}

}  // namespace stratagem::notices
