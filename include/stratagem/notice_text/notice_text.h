#pragma once
// A notice (stratagem/notices/notice.h) in words, in its reader's language (en, zh-Hant,
// zh-Hans, ja): a title (a mail's subject, a chat post's first line) and the lines that
// say the rest. Names of powers and phases come from the variant and the formats
// library's words, so a notice says "France" / "法國" / "法国" / "フランス" as the game
// page does. Every channel (mail.h, chat.h, Web Push) builds on this.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/regional_names.h"

namespace stratagem::notice_text {

using Language = diplomacy::Language;

struct NoticeText {
  std::string title;
  std::vector<std::string> lines;
};

// The notice of `kind` with its data in `language`. Unknown kinds and missing data make a
// plainer sentence, never an error: the outbox sends what it has.
// Powers are named as `names` names them where Taiwan and Hong Kong differ.
NoticeText notice_text(std::string_view kind, const nlohmann::json& data, Language language,
                       formats::NameRegion names = formats::NameRegion::Taiwan);

// The fixed sentences around a notice, in `language`: "Open the game: {url}", ...
enum class Phrase {
  open_game,        // {url}
  why_you_get_it,   // {settings}: the mail footer
  stop_mails,       // {url}: the one-click unsubscribe page
  confirm_link,     // {url}: the confirmation mail's link
};
std::string phrase(Phrase phrase, Language language, std::string_view url);

// A phase in words: "Spring 1901, movement" for a Diplomacy phase code, "move 12" for a
// Dragonchess move number.
std::string phase_words(const std::string& code, Language language);

// A game's name as the reader sees it, as the web client shows it: a game named after its
// kind in any of the four languages (what the web client names a game left unnamed:
// "Diplomacy" made on an English page) is named after its kind in `language` (外交); any
// other name is the players' own and stays as written.
std::string game_title(std::string_view name, Language language);

// "2026-11-25 18:00 UTC" from an RFC 3339 instant ("" when it does not read).
std::string readable_time(std::string_view rfc3339);

}  // namespace stratagem::notice_text
