#pragma once
// What a player chose to be told and how: per account, and per game where a game has a
// choice of its own. Nothing is sent that a player did not ask for: a kind with no
// channel named is told on none (the default for every kind).

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace stratagem::notices {

// The channels each kind is told on ("email", "push", ...), by kind.
using Events = std::map<std::string, std::vector<std::string>, std::less<>>;

struct AccountSettings {
  static constexpr int kMinReminderHours = 1, kMaxReminderHours = 168;
  static constexpr int kMinPressMinutes = 1, kMaxPressMinutes = 1440;
  int reminder_hours = 2;  // deadline_near: this long before the deadline
  int press_minutes = 15;  // press: at most one notice a game this often, on each channel
  Events events;
  friend bool operator==(const AccountSettings&, const AccountSettings&) = default;
};

// {"reminder_hours", "press_minutes", "events": {KIND: [CHANNEL, ...]}}: every kind of
// kPlayerKinds present, with [] where none.
nlohmann::json to_json(const AccountSettings& settings);
nlohmann::json to_json(const Events& events);
// Read back from what to_json wrote (storage keeps it as text); what cannot be read is
// left at its default.
AccountSettings account_settings_from_json(const nlohmann::json& value);
Events events_from_json(const nlohmann::json& value);

// The channels `kind` goes to: the game's own choice if it has one, else the account's.
std::vector<std::string> channels_for(std::string_view kind, const AccountSettings& account,
                                      const std::optional<Events>& game);

}  // namespace stratagem::notices
