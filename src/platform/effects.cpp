#include "stratagem/platform/effects.h"

#include <algorithm>

namespace stratagem::platform {

using nlohmann::json;

Audience Audience::only(std::vector<std::string> seats) {
  std::sort(seats.begin(), seats.end());
  seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
  return {false, std::move(seats)};
}

json Audience::to_json() const {
  if (everyone) return {{"everyone", true}};
  return {{"seats", seats}};
}

std::optional<Audience> Audience::from_json(const json& value) {
  if (!value.is_object()) return std::nullopt;
  if (value.contains("everyone")) {
    if (value["everyone"] != true || value.size() != 1) return std::nullopt;
    return all();
  }
  const auto seats = value.find("seats");
  if (seats == value.end() || !seats->is_array() || value.size() != 1) return std::nullopt;
  std::vector<std::string> names;
  for (const auto& seat : *seats) {
    if (!seat.is_string()) return std::nullopt;
    names.push_back(seat.get<std::string>());
  }
  return only(std::move(names));
}

json Message::to_json() const {
  return {{"id", id},     {"from", from},       {"to", is_public() ? json("all") : json(to)},
          {"text", text}, {"sent_at", format_instant(sent_at)}, {"phase", phase}};
}

std::optional<Message> Message::from_json(const json& value) {
  if (!value.is_object()) return std::nullopt;
  for (const char* key : {"id", "from", "text", "sent_at", "phase"})
    if (!value.contains(key) || !value[key].is_string()) return std::nullopt;
  Message message;
  message.id = value["id"];
  message.from = value["from"];
  message.text = value["text"];
  message.phase = value["phase"];
  const auto sent_at = parse_instant(value["sent_at"].get<std::string>());
  if (!sent_at) return std::nullopt;
  message.sent_at = *sent_at;
  const auto to = value.find("to");
  if (to == value.end()) return std::nullopt;
  if (*to != "all") {
    if (!to->is_array() || to->empty()) return std::nullopt;
    for (const auto& power : *to) {
      if (!power.is_string()) return std::nullopt;
      message.to.push_back(power.get<std::string>());
    }
    std::sort(message.to.begin(), message.to.end());
  }
  return message;
}

void Effects::append(Effects later) {
  changed = changed || later.changed;
  for (auto& event : later.events) events.push_back(std::move(event));
  for (auto& message : later.messages) messages.push_back(std::move(message));
  for (auto& phase : later.phases) phases.push_back(std::move(phase));
}

}  // namespace stratagem::platform
