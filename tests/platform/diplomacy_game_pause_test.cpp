// Pausing and resuming (docs/server-rules.md, "Pausing"): the clock frozen and given back,
// computers idle, a ready phase waiting, the creator at once and the seated people by a
// unanimous ask, the record keeping it all.
#include <chrono>

#include "diplomacy_game_fixture.h"

namespace stratagem::platform {
namespace {

using namespace game_fixture;
using std::chrono::hours;
using std::chrono::minutes;

const User kHost{"id-host", "host"};

DiplomacyGame hosted_game(json extra = json::object()) {
  auto game = DiplomacyGame::create("g1", options_with(std::move(extra)), kStart, 7, kHost);
  EXPECT_TRUE(game);
  for (const std::string& power : kPowers) EXPECT_TRUE(game->join(user_of(power), power, kStart));
  return std::move(*game);
}

TEST(PlatformDiplomacyPause, TheCreatorPausesAndTheDeadlineIsFrozenThenRestored) {
  auto game = hosted_game({{"deadlines", {{"movement_seconds", 86400}, {"retreat_seconds", 3600}, {"adjustment_seconds", 3600}}}});
  ASSERT_EQ(game.next_deadline(), kStart + hours(24));
  const auto paused = game.pause(kHost, true, kStart + hours(20));
  ASSERT_TRUE(paused);
  EXPECT_TRUE(game.paused());
  EXPECT_EQ(event(*paused, "game_paused").payload,
            (json{{"by", "creator"}, {"phase", "S1901M"}, {"deadline_left_seconds", 4 * 3600}}));
  EXPECT_EQ(paused->response, (json{{"paused", true}, {"asked", 0}, {"needed", 7}}));
  EXPECT_EQ(game.next_deadline(), std::nullopt);
  EXPECT_EQ(game.view_for("")["deadline"], nullptr);
  EXPECT_EQ(game.view_for("")["pause"]["deadline_left_seconds"], 4 * 3600);
  // A week passes: nothing falls due.
  EXPECT_FALSE(game.advance(kStart + hours(24 * 7)).changed);
  EXPECT_EQ(game.phase_code(), "S1901M");
  // Resumed: the four hours that were left.
  const auto resumed = game.pause(kHost, false, kStart + hours(24 * 7));
  ASSERT_TRUE(resumed);
  EXPECT_FALSE(game.paused());
  EXPECT_EQ(game.next_deadline(), kStart + hours(24 * 7 + 4));
  EXPECT_EQ(event(*resumed, "game_resumed").payload,
            (json{{"by", "creator"}, {"phase", "S1901M"}, {"deadline", "2026-12-01T22:00:00Z"}}));
  // Asking for what already is changes nothing.
  const auto again = game.pause(kHost, false, kStart + hours(24 * 7));
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->changed);
}

TEST(PlatformDiplomacyPause, ResumingGivesAtLeastAnHourOrTheWholePhase) {
  auto game = hosted_game();  // an hour a movement phase
  ASSERT_TRUE(game.pause(kHost, true, kStart + minutes(55)));
  ASSERT_TRUE(game.pause(kHost, false, kStart + hours(3)));
  EXPECT_EQ(game.next_deadline(), kStart + hours(4));  // 5 minutes were left: an hour given
  // A live game's phases are shorter than an hour: the whole phase, negotiation shifted alike.
  auto live = hosted_game({{"deadlines", "live"}});
  ASSERT_EQ(live.next_deadline(), kStart + minutes(30));
  ASSERT_TRUE(live.pause(kHost, true, kStart + minutes(29)));
  EXPECT_EQ(live.view_for("")["negotiation_deadline"], nullptr);
  ASSERT_TRUE(live.pause(kHost, false, kStart + hours(1)));
  // 6 minutes were left of the phase (1 of negotiation); its order writing is 5 minutes.
  EXPECT_EQ(live.view_for("")["deadline"], "2026-11-24T19:06:00Z");
  EXPECT_EQ(live.next_deadline(), kStart + minutes(61));
}

TEST(PlatformDiplomacyPause, WhilePausedComputersWaitAndAReadyPhaseIsProcessedOnResuming) {
  auto created = DiplomacyGame::create("g1", options_with({{"computer_players", 6}}), kStart, 7, kHost);
  ASSERT_TRUE(created);
  auto& game = *created;
  ASSERT_TRUE(game.join(user_of("ENGLAND"), "ENGLAND", kStart));
  const auto turns = game.computer_turns();
  ASSERT_EQ(turns.size(), 6u);
  ASSERT_TRUE(game.pause(kHost, true, kStart + minutes(1)));
  EXPECT_TRUE(game.computer_turns().empty());
  EXPECT_TRUE(game.computer_votes().empty());
  // Orders worked out before the pause wait.
  const auto late = game.submit_computer_orders(turns.front(), {}, kStart + minutes(2));
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().problem, Problem::GamePaused);
  EXPECT_EQ(message(late.error(), Language::Ja), "このゲームは一時停止中です");
  // The person orders and says ready; nothing is processed while paused.
  ASSERT_TRUE(game.submit_orders(user_of("ENGLAND"), "S1901M", {{"ENGLAND", {"F Lon-Nth"}}}, Language::En, kStart + minutes(3)));
  ASSERT_TRUE(game.set_ready(user_of("ENGLAND"), "ENGLAND", true, kStart + minutes(3)));
  ASSERT_TRUE(game.pause(kHost, false, kStart + minutes(4)));
  EXPECT_EQ(game.computer_turns().size(), 6u);
  for (const ComputerTurn& turn : game.computer_turns()) ASSERT_TRUE(game.submit_computer_orders(turn, {}, kStart + minutes(5)));
  EXPECT_EQ(game.phase_code(), "F1901M");
  // Everyone ready while paused: processed as it resumes.
  ASSERT_TRUE(game.pause(kHost, true, kStart + minutes(6)));
  ASSERT_TRUE(game.set_ready(user_of("ENGLAND"), "ENGLAND", true, kStart + minutes(7)));
  EXPECT_EQ(game.phase_code(), "F1901M");
  const auto resumed = game.pause(kHost, false, kStart + minutes(8));
  ASSERT_TRUE(resumed);
  EXPECT_TRUE(has_event(*resumed, "game_resumed"));
  EXPECT_EQ(game.computer_turns().size(), 6u);  // the computers' turn again after the resume
}

TEST(PlatformDiplomacyPause, EverySeatedPersonMustAskAndOthersMayNot) {
  auto game = hosted_game();
  const auto stranger = game.pause({"id-nobody", "nobody"}, true, kStart);
  ASSERT_FALSE(stranger);
  EXPECT_EQ(stranger.error().code, ErrorCode::Forbidden);
  EXPECT_EQ(message(stranger.error(), Language::ZhHant), "只有對局的建立者或參與其中的弈者可以暫停或繼續本局");
  for (std::size_t i = 0; i + 1 < kPowers.size(); ++i) {
    const auto asked = game.pause(user_of(kPowers[i]), true, kStart + minutes(1));
    ASSERT_TRUE(asked);
    EXPECT_EQ(event(*asked, "pause_asked").payload, (json{{"paused", true}, {"asked", i + 1}, {"needed", 7}}));
    EXPECT_FALSE(game.paused());
  }
  // One withdraws and asks again; the seventh makes it unanimous.
  EXPECT_EQ(game.pause(user_of("AUSTRIA"), false, kStart + minutes(2))->response, (json{{"paused", false}, {"asked", 5}, {"needed", 7}}));
  EXPECT_EQ(game.view_for(user_of("AUSTRIA").id)["pause"]["asked_by_me"], false);
  ASSERT_TRUE(game.pause(user_of("AUSTRIA"), true, kStart + minutes(2)));
  EXPECT_EQ(game.view_for(user_of("AUSTRIA").id)["pause"]["asked_by_me"], true);
  const auto last = game.pause(user_of("TURKEY"), true, kStart + minutes(3));
  ASSERT_TRUE(last);
  EXPECT_EQ(event(*last, "game_paused").payload["by"], "vote");
  EXPECT_TRUE(game.paused());
  EXPECT_EQ(game.view_for("")["pause"]["asked"], 0);
  // Resuming by asking too: a person who gave up no longer counts.
  ASSERT_TRUE(game.give_up(user_of("ITALY"), "ITALY", kStart + minutes(4)));
  for (const std::string& power : {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA"})
    ASSERT_TRUE(game.pause(user_of(power), false, kStart + minutes(5)));
  EXPECT_TRUE(game.paused());
  const auto resumed = game.pause(user_of("TURKEY"), false, kStart + minutes(6));
  ASSERT_TRUE(resumed);
  EXPECT_EQ(event(*resumed, "game_resumed").payload["by"], "vote");
  EXPECT_FALSE(game.paused());
  EXPECT_EQ(game.next_deadline(), kStart + minutes(6) + hours(1));  // 57 minutes were left: an hour given
}

TEST(PlatformDiplomacyPause, TheRecordKeepsThePauseAndOldRecordsReadAsRunning) {
  auto game = hosted_game();
  ASSERT_TRUE(game.pause(user_of("FRANCE"), true, kStart + minutes(10)));
  auto copy = DiplomacyGame::from_json(json::parse(game.record()));
  ASSERT_TRUE(copy) << copy.error();
  EXPECT_EQ(copy->record(), game.record());
  ASSERT_TRUE(copy->pause(kHost, true, kStart + minutes(20)));
  auto paused = DiplomacyGame::from_json(json::parse(copy->record()));
  ASSERT_TRUE(paused);
  EXPECT_TRUE(paused->paused());
  EXPECT_EQ(paused->record(), copy->record());
  ASSERT_TRUE(paused->pause(kHost, false, kStart + hours(5)));
  EXPECT_EQ(paused->next_deadline(), kStart + hours(6));  // 40 minutes left; an hour given
  // A game without a creator (made by the server, or before pausing existed).
  auto plain = started_game();
  EXPECT_EQ(json::parse(plain.record()).contains("creator"), false);
  EXPECT_EQ(plain.pause(kHost, true, kStart).error().problem, Problem::NotPauser);
}

}  // namespace
}  // namespace stratagem::platform
