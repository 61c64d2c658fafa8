#pragma once
// When the outbox sends what: deadline reminders some hours before the deadline, press
// gathered into at most one notice per game and channel every few minutes, and failed
// sends again after a growing wait. Pure: the time is passed in.

#include <optional>

#include <nlohmann/json.hpp>

#include "stratagem/platform/time.h"

namespace stratagem::notices {

using platform::Duration;
using platform::Instant;

// `hours` before the deadline in the notice's data ("deadline"); nullopt when the notice
// has none, or that moment is already past (a phase shorter than the reminder: its
// orders_due said it all).
std::optional<Instant> reminder_time(const nlohmann::json& data, int hours, Instant now);

// A press notice goes at once, unless one went less than `minutes` ago: then when those
// minutes are over, carrying everything that came meanwhile (gather_press).
Instant press_time(std::optional<Instant> last_sent, int minutes, Instant now);

// The press notice still waiting with `more` added: its messages after the waiting ones
// (the newest kMostGathered kept), the count of all.
inline constexpr std::size_t kMostGathered = 20;
nlohmann::json gather_press(nlohmann::json waiting, const nlohmann::json& more);

// A send that failed for a reason that may pass (the mail server down, a timeout) is tried
// again after 10 s, 20 s, 40 s, ... at most an hour apart; after kMostAttempts tries in
// all (about a day) it is given up. A far end that said how long to wait (Retry-After on a
// 429 or 503) is waited for that long when it is longer, but never more than a day.
inline constexpr int kMostAttempts = 30;
Instant retry_time(int attempts_so_far, Instant now, std::optional<Duration> asked = std::nullopt);

}  // namespace stratagem::notices
