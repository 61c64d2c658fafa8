#include <gtest/gtest.h>

#include <algorithm>

#include "stratagem/notices/notice.h"
#include "stratagem/notices/settings.h"
#include "stratagem/notices/timing.h"
#include "stratagem/platform/game.h"

namespace stratagem::notices {
namespace {

using nlohmann::json;
using platform::Action;
using platform::Effects;
using platform::Game;
using platform::Instant;
using platform::User;

const Instant kStart = *platform::parse_instant("2026-11-24T18:00:00Z");
const std::vector<std::string> kPowers = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"};

User person(const std::string& power) { return {std::to_string(10 + (std::find(kPowers.begin(), kPowers.end(), power) - kPowers.begin())), power}; }

std::vector<Notice> of_kind(const std::vector<Notice>& notices, std::string_view kind) {
  std::vector<Notice> out;
  for (const Notice& notice : notices)
    if (notice.kind == kind) out.push_back(notice);
  return out;
}

std::vector<std::string> readers(const std::vector<Notice>& notices) {
  std::vector<std::string> out;
  for (const Notice& notice : notices) out.push_back(notice.user.value_or("chat"));
  return out;
}

struct SevenPeople {
  Game game;
  Effects last_join;
};

SevenPeople seven_people(json extra = json::object()) {
  json body = {{"game", "diplomacy"},
               {"name", "Friday game"},
               {"deadlines", {{"movement_seconds", 86400}, {"retreat_seconds", 3600}, {"adjustment_seconds", 3600}}}};
  body.update(extra);
  auto game = Game::create("5", body, {"1", "creator"}, kStart, 7);
  EXPECT_TRUE(game);
  Effects last;
  for (const std::string& power : kPowers) {
    auto joined = game->act(person(power), Action::Join, {{"power", power}}, diplomacy::Language::En, kStart);
    EXPECT_TRUE(joined);
    last = std::move(*joined);
  }
  return {std::move(*game), std::move(last)};
}

TEST(NoticesOf, AStartedGameTellsEveryPersonItStartedAndThatTheirOrdersAreDue) {
  auto [game, started] = seven_people();
  const auto notices = notices_of(game, started, kStart);
  const std::vector<std::string> everyone = {"10", "11", "12", "13", "14", "15", "16"};
  auto status = of_kind(notices, kind::game_status);
  EXPECT_EQ(readers(status), (std::vector<std::string>{"10", "11", "12", "13", "14", "15", "16", "chat"}));
  EXPECT_EQ(status[0].data, (json{{"state", "started"}, {"game_name", "Friday game"}}));
  auto due = of_kind(notices, kind::orders_due);
  EXPECT_EQ(readers(due), everyone);
  EXPECT_EQ(due[2].data, (json{{"phase", "S1901M"},
                               {"powers", {"FRANCE"}},
                               {"deadline", "2026-11-25T18:00:00Z"},
                               {"game_name", "Friday game"}}));
  auto reminders = of_kind(notices, kind::deadline_near);
  EXPECT_EQ(readers(reminders), (std::vector<std::string>{"10", "11", "12", "13", "14", "15", "16", "chat"}));
  EXPECT_EQ(reminders.back().data,
            (json{{"phase", "S1901M"}, {"deadline", "2026-11-25T18:00:00Z"}, {"game_name", "Friday game"}}));
}

TEST(NoticesOf, APrivateMessageIsToldToItsRecipientsOnlyAndAPublicOneToNobody) {
  auto [game, started] = seven_people();
  auto sent = game.act(person("FRANCE"), Action::SendMessage,
                       {{"from", "FRANCE"}, {"to", {"ENGLAND", "GERMANY"}}, {"text", "Let us share Belgium."}},
                       diplomacy::Language::En, kStart + std::chrono::minutes(5));
  ASSERT_TRUE(sent);
  const auto notices = notices_of(game, *sent, kStart);
  ASSERT_EQ(readers(notices), (std::vector<std::string>{"11", "13"}));
  EXPECT_EQ(notices[0].kind, kind::press);
  EXPECT_EQ(notices[0].data, (json{{"phase", "S1901M"},
                                   {"messages", {{{"from", "FRANCE"}, {"text", "Let us share Belgium."}}}},
                                   {"count", 1},
                                   {"game_name", "Friday game"}}));
  auto to_all = game.act(person("FRANCE"), Action::SendMessage, {{"from", "FRANCE"}, {"to", "all"}, {"text", "Hello"}},
                         diplomacy::Language::En, kStart);
  ASSERT_TRUE(to_all);
  EXPECT_TRUE(notices_of(game, *to_all, kStart).empty());
}

TEST(NoticesOf, APublicProposalIsToldToEveryOtherPerson) {
  auto [game, started] = seven_people();
  auto sent = game.act(person("FRANCE"), Action::SendMessage, {{"from", "FRANCE"}, {"to", "all"}, {"press", {{"kind", "propose"}, {"arrangement", {{"type", "draw"}}}}}},
                       diplomacy::Language::En, kStart);
  ASSERT_TRUE(sent) << sent.error().detail;
  const auto notices = notices_of(game, *sent, kStart);
  EXPECT_EQ(readers(notices), (std::vector<std::string>{"10", "11", "13", "14", "15", "16"}));
  EXPECT_EQ(notices[0].data["messages"][0]["proposal"], true);
}

TEST(NoticesOf, APersonMissingOrdersTwiceIsToldOfCivilDisorderAndTheChatsOfEachPhase) {
  auto [game, started] = seven_people({{"civil_disorder_after", 1}});
  Instant now = kStart + std::chrono::hours(24);
  for (const std::string& power : kPowers) {
    if (power == "FRANCE") continue;
    ASSERT_TRUE(game.act(person(power), Action::Ready, {{"power", power}, {"ready", true}}, diplomacy::Language::En, now));
  }
  const Effects processed = game.advance(now);
  const auto notices = notices_of(game, processed, now);
  auto disorder = of_kind(notices, kind::civil_disorder);
  ASSERT_EQ(readers(disorder), (std::vector<std::string>{"12"}));
  EXPECT_EQ(disorder[0].data, (json{{"phase", "F1901M"}, {"power", "FRANCE"}, {"game_name", "Friday game"}}));
  auto results = of_kind(notices, kind::phase_result);
  ASSERT_EQ(readers(results), (std::vector<std::string>{"chat"}));
  EXPECT_EQ(results[0].data["phase"], "S1901M");
  EXPECT_EQ(results[0].data["next_phase"], "F1901M");
  EXPECT_EQ(results[0].data["centers"]["FRANCE"], 3);
  EXPECT_EQ(results[0].data["centers"]["RUSSIA"], 4);
  EXPECT_EQ(results[0].data["deadline"], "2026-11-26T18:00:00Z");
  // France is in civil disorder: its orders are not due, everyone else's are.
  EXPECT_EQ(readers(of_kind(notices, kind::orders_due)), (std::vector<std::string>{"10", "11", "13", "14", "15", "16"}));
}

TEST(StillTrue, OrdersDueHoldsUntilTheReaderOrdersOrThePhaseMovesOn) {
  auto [game, started] = seven_people();
  const auto due = of_kind(notices_of(game, started, kStart), kind::orders_due);
  const Notice& england = due[1];
  EXPECT_TRUE(still_true(game, england.kind, england.data, england.user));
  EXPECT_TRUE(still_true(game, kind::deadline_near, england.data, std::nullopt));
  ASSERT_TRUE(game.act(person("ENGLAND"), Action::PutOrders, {{"phase", "S1901M"}, {"orders", {{"ENGLAND", {"F LON H"}}}}},
                       diplomacy::Language::En, kStart));
  EXPECT_FALSE(still_true(game, england.kind, england.data, england.user));
  EXPECT_TRUE(still_true(game, due[2].kind, due[2].data, due[2].user));
  game.advance(kStart + std::chrono::hours(24));
  EXPECT_FALSE(still_true(game, due[2].kind, due[2].data, due[2].user));
  EXPECT_TRUE(still_true(game, kind::press, json::object(), england.user));
}

TEST(NoticesOf, APausedGameTellsEveryoneAndResumingBringsANewReminder) {
  auto [game, started] = seven_people();
  const auto old_reminder = of_kind(notices_of(game, started, kStart), kind::deadline_near).back();
  auto paused = game.act({"1", "creator"}, Action::Pause, {{"paused", true}}, diplomacy::Language::En,
                         kStart + std::chrono::hours(20));
  ASSERT_TRUE(paused);
  const auto told = notices_of(game, *paused, kStart);
  EXPECT_EQ(readers(told), (std::vector<std::string>{"10", "11", "12", "13", "14", "15", "16", "chat"}));
  EXPECT_EQ(told[0].kind, kind::game_status);
  EXPECT_EQ(told[0].data, (json{{"state", "paused"}, {"phase", "S1901M"}, {"deadline_left_seconds", 4 * 3600},
                                {"game_name", "Friday game"}}));
  // The reminder of the old deadline is no longer true, paused or resumed.
  EXPECT_FALSE(still_true(game, old_reminder.kind, old_reminder.data, old_reminder.user));
  auto resumed = game.act({"1", "creator"}, Action::Pause, {{"paused", false}}, diplomacy::Language::En,
                          kStart + std::chrono::hours(50));
  ASSERT_TRUE(resumed);
  EXPECT_FALSE(still_true(game, old_reminder.kind, old_reminder.data, old_reminder.user));
  const auto back = notices_of(game, *resumed, kStart);
  const auto status = of_kind(back, kind::game_status);
  EXPECT_EQ(readers(status), (std::vector<std::string>{"10", "11", "12", "13", "14", "15", "16", "chat"}));
  EXPECT_EQ(status[0].data, (json{{"state", "resumed"}, {"phase", "S1901M"}, {"deadline", "2026-11-27T00:00:00Z"},
                                  {"game_name", "Friday game"}}));
  EXPECT_TRUE(of_kind(back, kind::orders_due).empty());  // due already: only reminded
  const auto reminders = of_kind(back, kind::deadline_near);
  EXPECT_EQ(readers(reminders), (std::vector<std::string>{"10", "11", "12", "13", "14", "15", "16", "chat"}));
  EXPECT_EQ(reminders.back().data,
            (json{{"phase", "S1901M"}, {"deadline", "2026-11-27T00:00:00Z"}, {"game_name", "Friday game"}}));
  EXPECT_TRUE(still_true(game, reminders.back().kind, reminders.back().data, std::nullopt));
  // Asking to pause without it happening tells nobody.
  auto asked = game.act(person("FRANCE"), Action::Pause, {{"paused", true}}, diplomacy::Language::En,
                        kStart + std::chrono::hours(51));
  ASSERT_TRUE(asked);
  EXPECT_TRUE(notices_of(game, *asked, kStart).empty());
}

TEST(NoticesOf, DragonchessTellsThePersonWhoseMoveItIs) {
  auto game = Game::create("8", {{"game", "dragonchess"}, {"name", "Castle"}, {"opponent", "human"}, {"side", "gold"}},
                           {"1", "gold"}, kStart, 3);
  ASSERT_TRUE(game);
  auto joined = game->act({"2", "scarlet"}, Action::Join, json::object(), diplomacy::Language::En, kStart);
  ASSERT_TRUE(joined);
  auto notices = notices_of(*game, *joined, kStart);
  EXPECT_EQ(readers(of_kind(notices, kind::game_status)), (std::vector<std::string>{"1", "2", "chat"}));
  auto due = of_kind(notices, kind::orders_due);
  ASSERT_EQ(readers(due), (std::vector<std::string>{"1"}));
  EXPECT_EQ(due[0].data["phase"], "1");
  const std::string move = game->dragonchess()->view_for("1", kStart)["legal_moves"][0];
  auto moved = game->act({"1", "gold"}, Action::Move, {{"move", move}}, diplomacy::Language::En, kStart);
  ASSERT_TRUE(moved);
  EXPECT_TRUE(still_true(*game, kind::orders_due, {{"phase", "2"}}, "2"));
  EXPECT_FALSE(still_true(*game, kind::orders_due, due[0].data, "1"));
  EXPECT_EQ(readers(of_kind(notices_of(*game, *moved, kStart), kind::orders_due)), (std::vector<std::string>{"2"}));
}

TEST(Settings, AGameWithChoicesOfItsOwnOverridesTheAccount) {
  AccountSettings account;
  account.events = {{"press", {"email"}}, {"orders_due", {"email", "push"}}};
  EXPECT_EQ(channels_for(kind::orders_due, account, std::nullopt), (std::vector<std::string>{"email", "push"}));
  EXPECT_TRUE(channels_for(kind::game_status, account, std::nullopt).empty());
  const Events muted;
  EXPECT_TRUE(channels_for(kind::orders_due, account, muted).empty());
  EXPECT_EQ(account_settings_from_json(to_json(account)), account);
  EXPECT_EQ(to_json(AccountSettings{})["events"],
            (json{{"orders_due", json::array()}, {"deadline_near", json::array()}, {"press", json::array()},
                  {"game_status", json::array()}, {"civil_disorder", json::array()}}));
  // What cannot be read stays at its default.
  const auto odd = account_settings_from_json({{"reminder_hours", 1000}, {"press_minutes", "x"}, {"events", {{"x", {"email"}}}}});
  EXPECT_EQ(odd, AccountSettings{});
}

TEST(Timing, RemindersPressAndRetries) {
  const json data = {{"deadline", "2026-11-25T18:00:00Z"}};
  EXPECT_EQ(reminder_time(data, 2, kStart), *platform::parse_instant("2026-11-25T16:00:00Z"));
  EXPECT_EQ(reminder_time(data, 24, kStart), std::nullopt);  // not after now: orders_due said it
  EXPECT_EQ(reminder_time(json::object(), 2, kStart), std::nullopt);
  EXPECT_EQ(press_time(std::nullopt, 15, kStart), kStart);
  EXPECT_EQ(press_time(kStart - std::chrono::minutes(5), 15, kStart), kStart + std::chrono::minutes(10));
  EXPECT_EQ(press_time(kStart - std::chrono::minutes(20), 15, kStart), kStart);
  json waiting = {{"messages", {{{"from", "FRANCE"}, {"text", "1"}}}}, {"count", 1}, {"phase", "S1901M"}};
  for (int i = 2; i <= 25; ++i)
    waiting = gather_press(waiting, {{"messages", {{{"from", "ITALY"}, {"text", std::to_string(i)}}}}, {"count", 1}, {"phase", "F1901M"}});
  EXPECT_EQ(waiting["count"], 25);
  EXPECT_EQ(waiting["phase"], "F1901M");
  ASSERT_EQ(waiting["messages"].size(), kMostGathered);
  EXPECT_EQ(waiting["messages"][0]["text"], "6");
  EXPECT_EQ(retry_time(1, kStart), kStart + std::chrono::seconds(10));
  EXPECT_EQ(retry_time(3, kStart), kStart + std::chrono::seconds(40));
  EXPECT_EQ(retry_time(12, kStart), kStart + std::chrono::hours(1));
  // Retry-After: waited for when longer than the growing wait, at most a day.
  EXPECT_EQ(retry_time(1, kStart, std::chrono::seconds(15)), kStart + std::chrono::seconds(15));
  EXPECT_EQ(retry_time(3, kStart, std::chrono::seconds(15)), kStart + std::chrono::seconds(40));
  EXPECT_EQ(retry_time(1, kStart, std::chrono::hours(100)), kStart + std::chrono::hours(24));
}

}  // namespace
}  // namespace stratagem::notices
