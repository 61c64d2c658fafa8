#include "stratagem/notices/timing.h"

#include <algorithm>

namespace stratagem::notices {

using nlohmann::json;

std::optional<Instant> reminder_time(const json& data, int hours, Instant now) {
  const auto deadline = data.find("deadline");
  if (deadline == data.end() || !deadline->is_string()) return std::nullopt;
  const auto at = platform::parse_instant(deadline->get<std::string>());
  if (!at) return std::nullopt;
  const Instant reminder = *at - std::chrono::hours(hours);
  if (reminder <= now) return std::nullopt;
  return reminder;
}

Instant press_time(std::optional<Instant> last_sent, int minutes, Instant now) {
  if (!last_sent) return now;
  return std::max(now, *last_sent + std::chrono::minutes(minutes));
}

json gather_press(json waiting, const json& more) {
  json& messages = waiting["messages"];
  if (!messages.is_array()) messages = json::array();
  if (const auto added = more.find("messages"); added != more.end() && added->is_array())
    for (const json& message : *added) messages.push_back(message);
  if (messages.size() > kMostGathered) messages.erase(messages.begin(), messages.end() - kMostGathered);
  waiting["count"] = waiting.value("count", 0) + more.value("count", 0);
  if (more.contains("phase")) waiting["phase"] = more["phase"];
  return waiting;
}

Instant retry_time(int attempts_so_far, Instant now, std::optional<Duration> asked) {
  constexpr auto kFirst = std::chrono::seconds(10);
  constexpr auto kLongest = std::chrono::hours(1);
  constexpr auto kLongestAsked = std::chrono::hours(24);
  const int doublings = std::clamp(attempts_so_far - 1, 0, 20);
  const auto wait = std::min<Duration>(kFirst * (1LL << doublings), kLongest);
  return now + std::max(wait, std::min<Duration>(asked.value_or(Duration::zero()), kLongestAsked));
}

}  // namespace stratagem::notices
