#include "stratagem/platform/time.h"

#include <charconv>
#include <cstdio>

namespace stratagem::platform {

std::string format_instant(Instant instant) {
  const auto day = std::chrono::floor<std::chrono::days>(instant);
  const std::chrono::year_month_day date{day};
  const std::chrono::hh_mm_ss<Duration> time{instant - day};
  char text[40];
  const int millis = static_cast<int>(time.subseconds().count());
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()));
  std::string out = text;
  if (millis != 0) {
    std::snprintf(text, sizeof text, ".%03d", millis);
    out += text;
  }
  return out + "Z";
}

namespace {

bool read_number(std::string_view text, std::size_t at, std::size_t digits, int& out) {
  if (at + digits > text.size()) return false;
  for (std::size_t i = at; i < at + digits; ++i)
    if (text[i] < '0' || text[i] > '9') return false;
  std::from_chars(text.data() + at, text.data() + at + digits, out);
  return true;
}

}  // namespace

std::optional<Instant> parse_instant(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!read_number(text, 0, 4, year) || text.size() < 20 || text[4] != '-' || !read_number(text, 5, 2, month) ||
      text[7] != '-' || !read_number(text, 8, 2, day) || text[10] != 'T' || !read_number(text, 11, 2, hour) ||
      text[13] != ':' || !read_number(text, 14, 2, minute) || text[16] != ':' || !read_number(text, 17, 2, second))
    return std::nullopt;
  std::size_t at = 19;
  int millis = 0;
  if (text[at] == '.') {
    std::size_t digits = 0;
    while (at + 1 + digits < text.size() && digits < 3 && text[at + 1 + digits] >= '0' && text[at + 1 + digits] <= '9')
      ++digits;
    if (digits == 0) return std::nullopt;
    read_number(text, at + 1, digits, millis);
    for (std::size_t d = digits; d < 3; ++d) millis *= 10;
    at += 1 + digits;
  }
  if (at + 1 != text.size() || text[at] != 'Z') return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(month)),
                                         std::chrono::day(static_cast<unsigned>(day))};
  if (!date.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  return Instant{std::chrono::sys_days(date)} + std::chrono::hours(hour) + std::chrono::minutes(minute) +
         std::chrono::seconds(second) + Duration(millis);
}

}  // namespace stratagem::platform
