#include <gtest/gtest.h>

#include <regex>

#include "stratagem/notice_text/calendar.h"
#include "stratagem/notice_text/mail.h"
#include "stratagem/notice_text/notice_text.h"
#include "stratagem/notices/notice.h"

namespace stratagem::notice_text {
namespace {

using nlohmann::json;
constexpr Language kAll[] = {Language::En, Language::ZhHant, Language::ZhHans, Language::Ja};
const platform::Instant kNoon = *platform::parse_instant("2026-11-24T12:00:00Z");

const json kOrdersDue = {{"game_name", "Friday game"}, {"phase", "S1901M"}, {"powers", {"FRANCE", "ITALY"}},
                         {"deadline", "2026-11-25T18:00:00Z"}};

TEST(NoticeText, OrdersDueNamesTheGamePhasePowersAndDeadlineInEachLanguage) {
  EXPECT_EQ(notice_text("orders_due", kOrdersDue, Language::En).title, "Friday game: orders for Spring 1901, movement");
  EXPECT_EQ(notice_text("orders_due", kOrdersDue, Language::En).lines,
            std::vector<std::string>{"Your orders for Spring 1901, movement (France, Italy) are due by 2026-11-25 18:00 UTC."});
  const auto ja = notice_text("orders_due", kOrdersDue, Language::Ja);
  EXPECT_EQ(ja.lines.at(0), "1901年 春 移動フェイズの命令（フランス、イタリア）の締め切りは 2026-11-25 18:00 UTC です。");
  EXPECT_NE(notice_text("orders_due", kOrdersDue, Language::ZhHant).lines.at(0).find("法國、義大利"), std::string::npos)
      << notice_text("orders_due", kOrdersDue, Language::ZhHant).lines.at(0);
  EXPECT_NE(notice_text("orders_due", kOrdersDue, Language::ZhHans).lines.at(0).find("法国、意大利"), std::string::npos)
      << notice_text("orders_due", kOrdersDue, Language::ZhHans).lines.at(0);
}

// Traditional Chinese names Italy as Taiwan does (義大利), or as Hong Kong does (意大利)
// for a reader who chose Hong Kong's names; a person's words are never renamed.
TEST(NoticeText, TraditionalChineseNamesPowersAsTheReadersRegionDoes) {
  const json press = {{"game_name", "Friday game"},
                      {"count", 1},
                      {"messages", {{{"from", "ITALY"}, {"text", "義大利不會攻擊你"}}}}};
  const auto taiwan = notice_text("press", press, Language::ZhHant);
  const auto hong_kong = notice_text("press", press, Language::ZhHant, formats::NameRegion::HongKong);
  ASSERT_EQ(taiwan.lines.size(), 1u);
  ASSERT_EQ(hong_kong.lines.size(), 1u);
  EXPECT_EQ(taiwan.lines[0].rfind("義大利", 0), 0u) << taiwan.lines[0];
  EXPECT_EQ(hong_kong.lines[0].rfind("意大利", 0), 0u) << hong_kong.lines[0];
  EXPECT_NE(hong_kong.lines[0].find("義大利不會攻擊你"), std::string::npos) << hong_kong.lines[0];
  EXPECT_NE(notice_text("orders_due", kOrdersDue, Language::ZhHant, formats::NameRegion::HongKong).lines.at(0).find("法國、意大利"),
            std::string::npos);
}

TEST(NoticeText, APausedAndAResumedGameInEachLanguage) {
  const json paused = {{"game_name", "Friday game"}, {"state", "paused"}, {"phase", "S1901M"}, {"deadline_left_seconds", 15000}};
  const json resumed = {{"game_name", "Friday game"}, {"state", "resumed"}, {"phase", "S1901M"}, {"deadline", "2026-11-27T00:00:00Z"}};
  EXPECT_EQ(notice_text("game_status", paused, Language::En).title, "Friday game is paused");
  EXPECT_EQ(notice_text("game_status", paused, Language::En).lines,
            std::vector<std::string>{"The game is paused in Spring 1901, movement, with 4 h 10 min left before its deadline. "
                                     "No deadline runs out and computer players wait until it resumes."});
  EXPECT_EQ(notice_text("game_status", resumed, Language::En).lines,
            std::vector<std::string>{"The game has resumed in Spring 1901, movement; orders are due by 2026-11-27 00:00 UTC."});
  EXPECT_EQ(notice_text("game_status", paused, Language::Ja).title, "Friday gameが一時停止されました");
  EXPECT_EQ(notice_text("game_status", paused, Language::Ja).lines.at(0),
            "対局は1901年 春 移動フェイズで一時停止されました。締め切りまで残り4時間10分です。再開までは締め切りが来ず、コンピューターも待ちます。");
  EXPECT_EQ(notice_text("game_status", resumed, Language::ZhHant).title, "Friday game已繼續");
  EXPECT_NE(notice_text("game_status", {{"game_name", "g"}, {"state", "paused"}, {"phase", "S1901M"}, {"deadline_left_seconds", 59}},
                        Language::ZhHans).lines.at(0).find("还剩1 分钟"), std::string::npos)
      << "59 s left reads as a minute";
}

TEST(NoticeText, AGameNamedAfterItsKindIsNamedInTheReadersLanguage) {
  const json unnamed = {{"game_name", "Diplomacy"}, {"phase", "S1901M"}, {"powers", {"FRANCE"}}};
  EXPECT_EQ(notice_text("orders_due", unnamed, Language::ZhHant).title.rfind("外交：", 0), 0u)
      << notice_text("orders_due", unnamed, Language::ZhHant).title;
  EXPECT_EQ(game_title("ドラゴンチェス", Language::ZhHans), "龙棋");
  EXPECT_EQ(game_title("强权外交", Language::En), "Diplomacy");
  EXPECT_EQ(game_title("Friday game", Language::Ja), "Friday game");
  EXPECT_EQ(game_title("Diplomacy night", Language::Ja), "Diplomacy night");
}

TEST(NoticeText, EveryKindReadsInEveryLanguageWithNothingLeftUnfilled) {
  const std::vector<std::pair<std::string, json>> cases = {
      {"orders_due", kOrdersDue},
      {"orders_due", {{"game_name", "Castle"}, {"phase", "7"}, {"powers", json::array()}}},
      {"deadline_near", kOrdersDue},
      {"deadline_near", {{"game_name", "g"}, {"phase", "F1902R"}, {"deadline", "2026-11-25T18:00:00Z"}, {"waiting", {"TURKEY"}}}},
      {"press", {{"game_name", "g"}, {"count", 3}, {"messages", {{{"from", "GERMANY"}, {"text", "hi"}}, {{"from", "RUSSIA"}, {"text", ""}, {"proposal", true}}}}}},
      {"game_status", {{"game_name", "g"}, {"state", "started"}}},
      {"game_status", {{"game_name", "g"}, {"state", "finished"}, {"result", {{"reason", "draw"}, {"survivors", {"ENGLAND", "FRANCE"}}}}}},
      {"game_status", {{"game_name", "g"}, {"state", "finished"}, {"result", {{"reason", "victory"}, {"winners", {"TURKEY"}}}}}},
      {"game_status", {{"game_name", "g"}, {"state", "finished"}, {"result", {{"winner", "scarlet"}, {"reason", "checkmate"}}}}},
      {"game_status", {{"game_name", "g"}, {"state", "paused"}, {"phase", "S1901M"}, {"deadline_left_seconds", 14400}}},
      {"game_status", {{"game_name", "g"}, {"state", "resumed"}, {"phase", "S1901M"}, {"deadline", "2026-11-27T00:00:00Z"}}},
      {"civil_disorder", {{"game_name", "g"}, {"phase", "W1901A"}, {"power", "AUSTRIA"}}},
      {"phase_result", {{"game_name", "g"}, {"phase", "F1901M"}, {"next_phase", "W1901A"}, {"deadline", "2026-11-25T18:00:00Z"}, {"centers", {{"AUSTRIA", 4}}}}},
      {"confirm_email", {{"address", "a@example.org"}}},
  };
  for (const Language language : kAll) {
    for (const auto& [kind, data] : cases) {
      const NoticeText text = notice_text(kind, data, language);
      EXPECT_FALSE(text.title.empty()) << kind;
      EXPECT_FALSE(text.lines.empty()) << kind;
      for (const std::string& line : text.lines) {
        EXPECT_EQ(line.find('{'), std::string::npos) << kind << ": " << line;
        EXPECT_EQ(line.find("ENGLAND"), std::string::npos) << "a power code left: " << line;
      }
    }
  }
  const auto press = notice_text("press", cases[4].second, Language::En);
  EXPECT_EQ(press.title, "g: 3 new messages");
  EXPECT_EQ(press.lines, (std::vector<std::string>{"Germany: hi", "Russia sent a proposal.", "…and 1 more."}));
  EXPECT_EQ(notice_text("game_status", cases[6].second, Language::En).lines.at(0),
            "The game has ended in a draw between England, France.");
  EXPECT_EQ(notice_text("deadline_near", cases[3].second, Language::En).lines.at(1), "Waiting for: Turkey.");
}

TEST(Mail, AMimeMessageWithBothPartsEncodedSubjectAndOneClickUnsubscribe) {
  const MailLinks links{.game = "https://d.example/games/5",
                        .settings = "https://d.example/settings",
                        .confirm = "",
                        .unsubscribe_page = "https://d.example/unsubscribe/ab",
                        .unsubscribe_one_click = "https://d.example/api/v1/email/unsubscribe/ab"};
  const Mail mail = mail_of("orders_due", kOrdersDue, Language::Ja, links);
  EXPECT_NE(mail.text.find("対局を開く：https://d.example/games/5"), std::string::npos);
  EXPECT_NE(mail.html.find("<a href=\"https://d.example/games/5\">"), std::string::npos);
  EXPECT_NE(mail.html.find("<html lang=\"ja\">"), std::string::npos);
  const std::string message = mime_message({"Stratagem <n@d.example>", "a@example.org", "<7.orders_due@d.example>", kNoon},
                                           mail, Language::Ja, links);
  EXPECT_NE(message.find("Message-ID: <7.orders_due@d.example>\r\n"), std::string::npos);
  EXPECT_NE(message.find("Date: Tue, 24 Nov 2026 12:00:00 +0000\r\n"), std::string::npos);
  EXPECT_NE(message.find("List-Unsubscribe: <https://d.example/api/v1/email/unsubscribe/ab>\r\n"), std::string::npos);
  EXPECT_NE(message.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  EXPECT_NE(message.find("Subject: =?UTF-8?B?"), std::string::npos);
  EXPECT_NE(message.find("Content-Type: text/plain; charset=utf-8"), std::string::npos);
  EXPECT_NE(message.find("Content-Type: text/html; charset=utf-8"), std::string::npos);
  // Every line of the message is short and CRLF-ended; no bare LF.
  std::size_t start = 0;
  while (start < message.size()) {
    const auto end = message.find("\r\n", start);
    ASSERT_NE(end, std::string::npos);
    EXPECT_LE(end - start, 78u) << message.substr(start, end - start);
    EXPECT_EQ(message.substr(start, end - start).find('\n'), std::string::npos);
    start = end + 2;
  }
  // The confirmation is not a subscription: no unsubscribe headers.
  const Mail confirm = mail_of("confirm_email", {{"address", "a@example.org"}}, Language::En,
                               {.game = "", .settings = "", .confirm = "https://d.example/confirm-email/x",
                                .unsubscribe_page = "", .unsubscribe_one_click = ""});
  EXPECT_NE(confirm.text.find("https://d.example/confirm-email/x"), std::string::npos);
  EXPECT_EQ(mime_message({"S <n@d.example>", "a@example.org", "<1@d>", kNoon}, confirm, Language::En, {})
                .find("List-Unsubscribe"),
            std::string::npos);
}

TEST(Mail, OnlyPlainAddressesAreAddresses) {
  for (const char* good : {"a@example.org", "first.last+tag@mail.example.co.jp", "x_y@a-b.example"})
    EXPECT_TRUE(is_mail_address(good)) << good;
  for (const char* bad : {"", "a", "a@", "@example.org", "a@example", "a b@example.org", "a@exa mple.org",
                          "a@example.org\r\nBcc: x@y.z", "<a@example.org>", "a\"@example.org", "a..b@example.org",
                          "a@-example.org", "a@example..org", "甲@example.org"})
    EXPECT_FALSE(is_mail_address(bad)) << bad;
  EXPECT_FALSE(is_mail_address(std::string(250, 'a') + "@example.org"));
}

TEST(Calendar, AFeedOfDeadlinesWithAlarmsEscapedAndFolded) {
  const std::string feed = calendar_feed(
      {{"game-5-S1901M@d.example", "Friday; game, \"long\" name that goes on and on and on and on and on", "S1901M",
        *platform::parse_instant("2026-11-25T18:00:00Z"), "https://d.example/games/5"}},
      Language::ZhHant, 3, kNoon);
  EXPECT_TRUE(feed.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
  EXPECT_TRUE(feed.ends_with("END:VCALENDAR\r\n"));
  EXPECT_NE(feed.find("DTSTART:20261125T180000Z\r\n"), std::string::npos);
  EXPECT_NE(feed.find("DTSTAMP:20261124T120000Z\r\n"), std::string::npos);
  EXPECT_NE(feed.find("TRIGGER:-PT3H\r\n"), std::string::npos);
  EXPECT_NE(feed.find("UID:game-5-S1901M@d.example\r\n"), std::string::npos);
  // Unfolded, the summary is the escaped sentence.
  const std::string unfolded = std::regex_replace(feed, std::regex("\r\n "), "");
  EXPECT_NE(unfolded.find("SUMMARY:Friday\\; game\\, \"long\" name that goes on and on and on and on and on：1901年春季，行動期截止"),
            std::string::npos)
      << unfolded;
  std::size_t start = 0;
  while (start < feed.size()) {
    const auto end = feed.find("\r\n", start);
    EXPECT_LE(end - start, 75u);
    start = end + 2;
  }
}

}  // namespace
}  // namespace stratagem::notice_text
