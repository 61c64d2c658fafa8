#pragma once
// An account's games' deadlines as an iCalendar feed (RFC 5545), for a phone's calendar
// to show and remind of: one event per game at its current deadline, with an alarm the
// account's reminder hours before it. Text is escaped and lines are folded at 75 octets
// (never inside a UTF-8 character); lines end with CRLF.

#include <string>
#include <string_view>
#include <vector>

#include "stratagem/notice_text/notice_text.h"
#include "stratagem/platform/time.h"

namespace stratagem::notice_text {

struct CalendarEntry {
  std::string uid;        // stable for the game and phase: a calendar updates it in place
  std::string game_name;
  std::string phase;      // a Diplomacy phase code, or a Dragonchess move number
  platform::Instant deadline;
  std::string url;        // the game's page
};

std::string calendar_feed(const std::vector<CalendarEntry>& entries, Language language, int reminder_hours,
                          platform::Instant now);

}  // namespace stratagem::notice_text
