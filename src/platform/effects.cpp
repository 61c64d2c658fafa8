#include "stratagem/platform/effects.h"

#include <algorithm>

namespace stratagem::platform {

using nlohmann::json;

Audience Audience::only(std::vector<std::string> seats) {
  std::sort(seats.begin(), seats.end());
  seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
  return {false, std::move(seats), std::nullopt};
}

json Audience::to_json() const {
  if (everyone) return {{"everyone", true}};
  json out = {{"seats", seats}};
  if (holders) out["holders"] = *holders;
  return out;
}

std::optional<Audience> Audience::from_json(const json& value) {
  if (!value.is_object()) return std::nullopt;
  if (value.contains("everyone")) {
    if (value["everyone"] != true || value.size() != 1) return std::nullopt;
    return all();
  }
  const auto strings = [](const json& list) -> std::optional<std::vector<std::string>> {
    if (!list.is_array()) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& item : list) {
      if (!item.is_string()) return std::nullopt;
      out.push_back(item.get<std::string>());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  const auto seats = value.find("seats");
  const auto holders = value.find("holders");
  if (seats == value.end() || value.size() != (holders == value.end() ? 1u : 2u)) return std::nullopt;
  auto names = strings(*seats);
  if (!names) return std::nullopt;
  auto audience = only(std::move(*names));
  if (holders != value.end()) {
    audience.holders = strings(*holders);
    if (!audience.holders) return std::nullopt;
  }
  return audience;
}

json Message::to_json() const {
  json out = {{"id", id},     {"from", from},       {"to", is_public() ? json("all") : json(to)},
              {"text", text}, {"sent_at", format_instant(sent_at)}, {"phase", phase}};
  if (press) out["press"] = *press;
  return out;
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
  if (const auto press = value.find("press"); press != value.end() && press->is_object()) message.press = *press;
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
