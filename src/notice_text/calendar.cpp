#include "stratagem/notice_text/calendar.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "sentences.h"

namespace stratagem::notice_text {
namespace {

// RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT.
std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case ';': out += "\\;"; break;
      case ',': out += "\\,"; break;
      case '\n': out += "\\n"; break;
      case '\r': break;
      default: out += c;
    }
  }
  return out;
}

// §3.1: a content line longer than 75 octets goes on with CRLF and a space, split
// between characters.
void add_line(std::string& out, std::string_view line) {
  std::size_t width = 75;
  while (line.size() > width) {
    std::size_t cut = width;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    out.append(line.substr(0, cut));
    out += "\r\n ";
    line.remove_prefix(cut);
    width = 74;  // the leading space counts
  }
  out.append(line);
  out += "\r\n";
}

std::string utc(platform::Instant instant) {
  return fmt::format("{:%Y%m%dT%H%M%S}Z", std::chrono::floor<std::chrono::seconds>(instant));
}

}  // namespace

std::string calendar_feed(const std::vector<CalendarEntry>& entries, Language language, int reminder_hours,
                          platform::Instant now) {
  const Sentences& says = sentences_in(language);
  std::string out;
  add_line(out, "BEGIN:VCALENDAR");
  add_line(out, "VERSION:2.0");
  add_line(out, "PRODID:-//Stratagem//Game deadlines//EN");
  add_line(out, "CALSCALE:GREGORIAN");
  add_line(out, "METHOD:PUBLISH");
  add_line(out, "X-WR-CALNAME:" + escaped(says.calendar_name));
  add_line(out, "REFRESH-INTERVAL;VALUE=DURATION:PT15M");
  add_line(out, "X-PUBLISHED-TTL:PT15M");
  for (const CalendarEntry& entry : entries) {
    const std::string summary =
        fmt::format(fmt::runtime(says.calendar_summary), fmt::arg("game", game_title(entry.game_name, language)),
                    fmt::arg("phase", phase_words(entry.phase, language)));
    add_line(out, "BEGIN:VEVENT");
    add_line(out, "UID:" + escaped(entry.uid));
    add_line(out, "DTSTAMP:" + utc(now));
    add_line(out, "DTSTART:" + utc(entry.deadline));
    add_line(out, "DTEND:" + utc(entry.deadline));
    add_line(out, "SUMMARY:" + escaped(summary));
    add_line(out, "DESCRIPTION:" + escaped(phrase(Phrase::open_game, language, entry.url)));
    add_line(out, "URL:" + entry.url);
    add_line(out, "TRANSP:TRANSPARENT");
    add_line(out, "BEGIN:VALARM");
    add_line(out, "ACTION:DISPLAY");
    add_line(out, "DESCRIPTION:" + escaped(summary));
    add_line(out, fmt::format("TRIGGER:-PT{}H", reminder_hours));
    add_line(out, "END:VALARM");
    add_line(out, "END:VEVENT");
  }
  add_line(out, "END:VCALENDAR");
  return out;
}

}  // namespace stratagem::notice_text
