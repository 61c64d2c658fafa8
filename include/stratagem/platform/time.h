#pragma once
// Time as the platform sees it: an instant passed in by the caller (the platform never
// reads a clock), at millisecond precision, and its RFC 3339 text for the wire.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace stratagem::platform {

using Instant = std::chrono::sys_time<std::chrono::milliseconds>;
using Duration = std::chrono::milliseconds;

// "2026-11-24T18:00:00Z"; milliseconds are written only when not zero ("…:00.250Z").
std::string format_instant(Instant instant);
// Reads what format_instant writes (UTC only, "Z" suffix, optional fraction of up to 3 digits).
std::optional<Instant> parse_instant(std::string_view text);

}  // namespace stratagem::platform
