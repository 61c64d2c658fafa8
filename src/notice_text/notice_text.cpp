#include "stratagem/notice_text/notice_text.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "sentences.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/notices/notice.h"
#include "stratagem/platform/time.h"

namespace stratagem::notice_text {
namespace {

using nlohmann::json;
namespace kind = notices::kind;

template <typename... Args>
std::string fill(std::string_view pattern, Args&&... args) {
  return fmt::format(fmt::runtime(pattern), std::forward<Args>(args)...);
}

std::string text_of(const json& data, std::string_view name) {
  const auto found = data.find(name);
  return found != data.end() && found->is_string() ? found->get<std::string>() : std::string();
}

class Words {
 public:
  explicit Words(Language language, formats::NameRegion names = formats::NameRegion::Taiwan)
      : language_(language), names_(names), says_(sentences_in(language)), variant_(diplomacy::standard_variant()) {}

  const Sentences& says() const { return says_; }

  // "Spring 1901, movement" for a Diplomacy phase code; "move 12" for a Dragonchess move
  // number; the text itself otherwise.
  std::string phase(const std::string& code) const {
    if (const auto parsed = diplomacy::parse_phase_code(code)) {
      const auto& words = formats::words_in(language_);
      return fill(words.phase, fmt::arg("season", words.seasons[static_cast<int>(parsed->season)]),
                  fmt::arg("year", parsed->year), fmt::arg("type", words.phase_types[static_cast<int>(parsed->type)]));
    }
    if (!code.empty() && code.find_first_not_of("0123456789") == std::string::npos)
      return fill(says_.move_number, fmt::arg("number", code));
    return code;
  }

  std::string power(const std::string& code) const {
    if (code == "gold") return std::string(says_.sides[0]);
    if (code == "scarlet") return std::string(says_.sides[1]);
    const auto power = formats::read_power(variant_, code);
    return power ? formats::with_names_of(names_, variant_.power_name(*power, language_)) : code;
  }

  std::string powers(const json& codes) const {
    std::string out;
    if (!codes.is_array()) return out;
    for (const json& code : codes) {
      if (!code.is_string()) continue;
      if (!out.empty()) out += says_.list_separator;
      out += power(code.get<std::string>());
    }
    return out;
  }

 private:
  Language language_;
  formats::NameRegion names_;
  const Sentences& says_;
  const diplomacy::Variant& variant_;
};

NoticeText orders_due(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  const std::string phase = w.phase(text_of(data, "phase"));
  const std::string deadline = readable_time(text_of(data, "deadline"));
  const std::string powers = w.powers(data.value("powers", json::array()));
  if (powers.empty()) {  // Dragonchess: a move
    return {fill(s.move_due_title, fmt::arg("game", game)),
            {deadline.empty() ? fill(s.move_due_open, fmt::arg("phase", phase))
                              : fill(s.move_due, fmt::arg("phase", phase), fmt::arg("deadline", deadline))}};
  }
  return {fill(s.orders_due_title, fmt::arg("game", game), fmt::arg("phase", phase)),
          {deadline.empty()
               ? fill(s.orders_due_open, fmt::arg("phase", phase), fmt::arg("powers", powers))
               : fill(s.orders_due, fmt::arg("phase", phase), fmt::arg("powers", powers), fmt::arg("deadline", deadline))}};
}

// To a player (with the powers not ordered yet), or to a game's chats (with whom the game
// is waiting for, filled in when sent).
NoticeText deadline_near(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  const std::string phase = w.phase(text_of(data, "phase"));
  const std::string deadline = readable_time(text_of(data, "deadline"));
  NoticeText out{fill(s.deadline_near_title, fmt::arg("game", game), fmt::arg("phase", phase)), {}};
  if (const std::string powers = w.powers(data.value("powers", json::array())); !powers.empty()) {
    out.lines.push_back(fill(s.deadline_near, fmt::arg("phase", phase), fmt::arg("deadline", deadline),
                             fmt::arg("powers", powers)));
  } else {
    out.lines.push_back(fill(s.deadline_near_chat, fmt::arg("phase", phase), fmt::arg("deadline", deadline)));
    if (const std::string waiting = w.powers(data.value("waiting", json::array())); !waiting.empty())
      out.lines.push_back(fill(s.waiting_for, fmt::arg("powers", waiting)));
  }
  return out;
}

NoticeText press(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  const int count = data.value("count", 1);
  NoticeText out{count == 1 ? fill(s.press_title_one, fmt::arg("game", game))
                            : fill(s.press_title, fmt::arg("game", game), fmt::arg("count", count)),
                 {}};
  const json messages = data.value("messages", json::array());
  for (const json& message : messages) {
    const std::string power = w.power(text_of(message, "from"));
    const std::string text = text_of(message, "text");
    if (message.value("proposal", false)) out.lines.push_back(fill(s.proposal_line, fmt::arg("power", power)));
    if (!text.empty()) out.lines.push_back(fill(s.press_line, fmt::arg("power", power), fmt::arg("text", text)));
  }
  if (const int more = count - static_cast<int>(messages.size()); more > 0)
    out.lines.push_back(fill(s.more_messages, fmt::arg("count", more)));
  return out;
}

// "4 h 20 min" in the reader's language (a paused game's time left).
std::string readable_duration(const Sentences& s, long long seconds) {
  const long long minutes = (std::max(0LL, seconds) + 59) / 60;
  if (minutes < 60) return fill(s.minutes_only, fmt::arg("minutes", minutes));
  return fill(s.hours_minutes, fmt::arg("hours", minutes / 60), fmt::arg("minutes", minutes % 60));
}

NoticeText game_status(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  const std::string state = text_of(data, "state");
  if (state == "started") return {fill(s.started_title, fmt::arg("game", game)), {std::string(s.started)}};
  if (state == "paused") {
    const json left = data.value("deadline_left_seconds", json(0));
    return {fill(s.paused_title, fmt::arg("game", game)),
            {fill(s.paused, fmt::arg("phase", w.phase(text_of(data, "phase"))),
                  fmt::arg("left", readable_duration(s, left.is_number_integer() ? left.get<long long>() : 0)))}};
  }
  if (state == "resumed")
    return {fill(s.resumed_title, fmt::arg("game", game)),
            {fill(s.resumed, fmt::arg("phase", w.phase(text_of(data, "phase"))),
                  fmt::arg("deadline", readable_time(text_of(data, "deadline"))))}};
  NoticeText out{fill(s.finished_title, fmt::arg("game", game)), {}};
  const json result = data.value("result", json::object());
  if (result.is_object() && text_of(result, "reason") == "draw" && result.contains("survivors")) {
    out.lines.push_back(fill(s.drawn, fmt::arg("powers", w.powers(result["survivors"]))));
  } else if (result.is_object() && result.contains("winners") && !result["winners"].empty()) {
    out.lines.push_back(fill(s.won, fmt::arg("powers", w.powers(result["winners"]))));
  } else if (result.is_object() && result.contains("winner") && result["winner"].is_string()) {
    out.lines.push_back(fill(s.won, fmt::arg("powers", w.power(result["winner"]))));
  } else {
    out.lines.push_back(std::string(s.finished));
  }
  return out;
}

NoticeText civil_disorder(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  const std::string power = w.power(text_of(data, "power"));
  return {fill(s.civil_disorder_title, fmt::arg("game", game), fmt::arg("power", power)),
          {fill(s.civil_disorder, fmt::arg("power", power), fmt::arg("phase", w.phase(text_of(data, "phase"))))}};
}

NoticeText phase_result(const Words& w, const json& data, const std::string& game) {
  const auto& s = w.says();
  NoticeText out{fill(s.phase_result_title, fmt::arg("game", game), fmt::arg("phase", w.phase(text_of(data, "phase")))), {}};
  if (const std::string deadline = readable_time(text_of(data, "deadline")); !deadline.empty())
    out.lines.push_back(fill(s.next_phase, fmt::arg("phase", w.phase(text_of(data, "next_phase"))),
                             fmt::arg("deadline", deadline)));
  std::string centres;
  const json counts = data.value("centers", json::object());
  for (const auto& [power, count] : counts.items()) {
    if (!centres.empty()) centres += s.list_separator;
    centres += fmt::format("{} {}", w.power(power), count.is_number() ? count.get<int>() : 0);
  }
  if (!centres.empty()) out.lines.push_back(fill(s.centres, fmt::arg("centres", centres)));
  return out;
}

}  // namespace

std::string phase_words(const std::string& code, Language language) { return Words(language).phase(code); }

std::string game_title(std::string_view name, Language language) {
  for (std::size_t kind = 0; kind < sentences_in(language).games.size(); ++kind)
    for (std::size_t any = 0; any < diplomacy::kLanguageCount; ++any)
      if (sentences_in(static_cast<Language>(any)).games[kind] == name)
        return std::string(sentences_in(language).games[kind]);
  return std::string(name);
}

std::string readable_time(std::string_view rfc3339) {
  const auto instant = platform::parse_instant(rfc3339);
  if (!instant) return {};
  return fmt::format("{:%Y-%m-%d %H:%M} UTC", std::chrono::floor<std::chrono::minutes>(*instant));
}

NoticeText notice_text(std::string_view notice_kind, const json& data, Language language, formats::NameRegion names) {
  const Words words(language, names);
  const std::string game = game_title(text_of(data, "game_name"), language);
  if (notice_kind == kind::orders_due) return orders_due(words, data, game);
  if (notice_kind == kind::deadline_near) return deadline_near(words, data, game);
  if (notice_kind == kind::press) return press(words, data, game);
  if (notice_kind == kind::game_status) return game_status(words, data, game);
  if (notice_kind == kind::civil_disorder) return civil_disorder(words, data, game);
  if (notice_kind == kind::phase_result) return phase_result(words, data, game);
  if (notice_kind == kind::confirm_email)
    return {std::string(words.says().confirm_title),
            {fill(words.says().confirm, fmt::arg("address", text_of(data, "address")))}};
  return {game, {}};
}

std::string phrase(Phrase which, Language language, std::string_view url) {
  const auto& s = sentences_in(language);
  switch (which) {
    case Phrase::open_game: return fill(s.open_game, fmt::arg("url", url));
    case Phrase::why_you_get_it: return fill(s.why_you_get_it, fmt::arg("url", url));
    case Phrase::stop_mails: return fill(s.stop_mails, fmt::arg("url", url));
    case Phrase::confirm_link: return fill(s.confirm_link, fmt::arg("url", url));
  }
  return std::string(url);
}

}  // namespace stratagem::notice_text
