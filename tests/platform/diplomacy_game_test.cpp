// The Diplomacy game lifecycle (docs/server-rules.md), with exact outcomes: options, seats,
// deadlines, orders, readiness, missed orders and civil disorder, computer players.

#include "diplomacy_game_fixture.h"

namespace stratagem::platform {
namespace {

using namespace game_fixture;
using nlohmann::json;
using std::chrono::minutes;
using std::chrono::seconds;

// --- options

TEST(PlatformDiplomacyOptions, DefaultsAndLive) {
  const auto options = read_diplomacy_options({{"name", "g"}, {"deadlines", "live"}, {"press", "public"}});
  ASSERT_TRUE(options);
  EXPECT_TRUE(options->deadlines.live);
  EXPECT_EQ(options->press, PressRule::Public);
  EXPECT_EQ(options->players, 7);
  EXPECT_EQ(options->civil_disorder_after, 2);
  EXPECT_EQ(options->computer_players, 0);
}

TEST(PlatformDiplomacyOptions, ErrorsNameTheField) {
  const auto error_of = [](json body) { return read_diplomacy_options(body).error(); };
  auto e = error_of({{"deadlines", "live"}});
  EXPECT_EQ(e.code, ErrorCode::BadRequest);
  EXPECT_EQ(e.problem, Problem::MissingField);
  EXPECT_EQ(message(e, Language::En), "name is missing");
  e = error_of({{"name", "g"}, {"deadlines", {{"movement_seconds", 0}, {"retreat_seconds", 1}, {"adjustment_seconds", 1}}}});
  EXPECT_EQ(message(e, Language::En), "deadlines.movement_seconds is not allowed: 1..31536000");
  e = error_of({{"name", "g"}, {"deadlines", {{"movement_seconds", 10}, {"adjustment_seconds", 1}}}});
  EXPECT_EQ(message(e, Language::En), "deadlines.retreat_seconds is missing");
  e = error_of({{"name", "g"}, {"press", "secret"}});
  EXPECT_EQ(message(e, Language::En), "press is not allowed: full | public | none");
  e = error_of({{"name", "g"}, {"players", "7"}});
  EXPECT_EQ(message(e, Language::En), "players must be an integer");
  EXPECT_EQ(message(e, Language::Ja), "players は 整数 でなければなりません");
  EXPECT_EQ(message(e, Language::ZhHant), "players 必須是 整數");
  e = error_of({{"name", "g"}, {"players", 1}});
  EXPECT_EQ(message(e, Language::En), "players is not allowed: 2..7");
  e = error_of({{"name", "g"}, {"players", 4}, {"setup", "3a"}});
  EXPECT_EQ(message(e, Language::En), "setup is not allowed: 4");
  e = error_of({{"name", "g"}, {"players", 2}, {"end_year", 1901}});
  EXPECT_EQ(message(e, Language::En), "end_year is not allowed: 1914..3000");
  EXPECT_EQ(read_diplomacy_options({{"name", "g"}, {"players", 3}})->setup, "3a");
  EXPECT_EQ(read_diplomacy_options({{"name", "g"}, {"players", 3}, {"setup", "3b"}})->setup, "3b");
  e = error_of({{"name", "g"}, {"computer_players", 8}});
  EXPECT_EQ(message(e, Language::En), "computer_players is not allowed: 0..7");
  e = error_of({{"name", ""}});
  EXPECT_EQ(e.field, "name");
  e = error_of({{"name", "g"}, {"rules", "old"}});
  EXPECT_EQ(e.field, "rules");
  e = error_of(json::array());
  EXPECT_EQ(message(e, Language::En), "body must be an object");
}

// --- seats

TEST(PlatformDiplomacyJoin, RandomDrawIsSeededAndHonoursRequests) {
  static const std::string kUserIds[] = {"u0", "u1", "u2", "u3", "u4", "u5", "u6"};
  const auto assignment = [](std::uint64_t seed) {
    auto game = *DiplomacyGame::create("g", options_with(), kStart, seed);
    for (int i = 0; i < 7; ++i) {
      const User user{kUserIds[i], kUserIds[i]};
      auto joined = game.join(user, i == 3 ? std::optional<std::string>("France") : std::nullopt, kStart);
      EXPECT_TRUE(joined);
      if (i < 6) {
        EXPECT_EQ(joined->response["power"], i == 3 ? json("FRANCE") : json(nullptr));
      } else {
        EXPECT_TRUE(has_event(*joined, "game_started"));
      }
    }
    std::vector<std::string> powers;
    for (int i = 0; i < 7; ++i) {
      const auto mine = game.powers_of(kUserIds[i]);
      EXPECT_EQ(mine.size(), 1u);
      powers.push_back(mine.front());
    }
    return powers;
  };
  const auto first = assignment(11);
  EXPECT_EQ(first, assignment(11));
  EXPECT_EQ(first[3], "FRANCE");
  EXPECT_EQ(std::set<std::string>(first.begin(), first.end()), std::set<std::string>(kPowers.begin(), kPowers.end()));
  bool differs = false;
  for (std::uint64_t seed = 12; seed < 20 && !differs; ++seed) differs = assignment(seed) != first;
  EXPECT_TRUE(differs);
}

TEST(PlatformDiplomacyJoin, Refusals) {
  auto game = *DiplomacyGame::create("g", options_with(), kStart, 1);
  ASSERT_TRUE(game.join(user_of("ENGLAND"), "ENGLAND", kStart));
  EXPECT_EQ(game.join(user_of("ENGLAND"), std::nullopt, kStart).error().problem, Problem::AlreadySeated);
  const auto taken = game.join(user_of("FRANCE"), "england", kStart).error();
  EXPECT_EQ(taken.code, ErrorCode::Conflict);
  EXPECT_EQ(message(taken, Language::En), "ENGLAND is already taken");
  EXPECT_EQ(game.join(user_of("FRANCE"), "SPAIN", kStart).error().problem, Problem::UnknownPower);
  EXPECT_EQ(game.view_for("")["status"], "forming");
  EXPECT_EQ(game.next_deadline(), std::nullopt);
  auto full = started_game();
  EXPECT_EQ(full.join({"x", "x"}, std::nullopt, kStart).error().code, ErrorCode::Conflict);
}

TEST(PlatformDiplomacyJoin, ComputerSeatsTakeTheRest) {
  auto game = *DiplomacyGame::create("g", options_with({{"computer_players", 5}}), kStart, 3);
  ASSERT_TRUE(game.join(user_of("ENGLAND"), "ENGLAND", kStart));
  ASSERT_TRUE(game.join(user_of("FRANCE"), std::nullopt, kStart));
  EXPECT_EQ(game.status(), GameStatus::Active);
  const json view = game.view_for(user_of("ENGLAND").id);
  int computers = 0;
  for (const auto& [power, seat] : view["powers"].items()) computers += seat["computer"] == true;
  EXPECT_EQ(computers, 5);
  EXPECT_EQ(view["powers"]["ENGLAND"]["player"], "england");
  EXPECT_EQ(game.computer_turns().size(), 5u);
}

TEST(PlatformDiplomacyJoin, TheViewNamesEachSeatsPowers) {
  // Seed 000 §1.2.3(e), (d)(ii): two seats of three powers; three seats of setup 3b.
  auto two = *DiplomacyGame::create("g", options_with({{"players", 2}}), kStart, 3);
  EXPECT_EQ(two.view_for("")["seat_powers"].dump(), R"([["ENGLAND","FRANCE","RUSSIA"],["AUSTRIA","GERMANY","TURKEY"]])");
  auto three = *DiplomacyGame::create("g", options_with({{"players", 3}, {"setup", "3b"}}), kStart, 3);
  EXPECT_EQ(three.view_for("")["seat_powers"].dump(), R"([["AUSTRIA","ENGLAND","GERMANY"],["ITALY","RUSSIA"],["FRANCE","TURKEY"]])");
  EXPECT_EQ(started_game().view_for("")["seat_powers"].size(), 7u);
}

// --- deadlines

TEST(PlatformDiplomacyDeadlines, PerPhaseTypeAndProcessedAtTheDeadline) {
  auto game = started_game();
  EXPECT_EQ(game.phase_code(), "S1901M");
  EXPECT_EQ(game.next_deadline(), kStart + seconds(3600));
  EXPECT_FALSE(game.advance(kStart + seconds(3600) - std::chrono::milliseconds(1)).changed);
  EXPECT_EQ(game.phase_code(), "S1901M");
  // Austria and Italy meet in Trieste... rather: Italy moves to Tyrolia, nothing dislodged.
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "S1901M", {{"ITALY", {"A Ven-Tyr"}}}, Language::En, kStart));
  const Effects processed = game.advance(kStart + seconds(3600));
  ASSERT_EQ(processed.phases.size(), 1u);
  EXPECT_EQ(processed.phases[0]["phase"], "S1901M");
  EXPECT_EQ(processed.phases[0]["next_phase"], "F1901M");
  EXPECT_EQ(game.phase_code(), "F1901M");
  // The next phase starts when this one is processed.
  EXPECT_EQ(game.next_deadline(), kStart + seconds(7200));
  EXPECT_EQ(game.view_for("")["deadline"], "2026-11-24T20:00:00Z");
}

TEST(PlatformDiplomacyDeadlines, RetreatAndAdjustmentLengths) {
  auto game = started_game();
  // Spring: Germany to Ruhr... build a dislodgement: Austria attacks Venice with support.
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "S1901M", {{"AUSTRIA", {"A Vie-Tyr", "F Tri-Adr"}}}, Language::En, kStart));
  ASSERT_TRUE(game.set_ready(user_of("ITALY"), "ITALY", true, kStart));  // Italy stays out of civil disorder
  game.advance(kStart + seconds(3600));
  const Instant fall = kStart + seconds(3600);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "F1901M",
                                 {{"AUSTRIA", {"A Tyr-Ven", "F Adr S A Tyr-Ven", "A Bud-Ser"}}}, Language::En, fall));
  ASSERT_TRUE(game.set_ready(user_of("ITALY"), "ITALY", true, fall));
  game.advance(fall + seconds(3600));
  EXPECT_EQ(game.phase_code(), "F1901R");
  EXPECT_EQ(game.next_deadline(), fall + seconds(3600) + seconds(600));
  EXPECT_EQ(game.view_for("")["retreats"]["ITALY"].contains("A VEN"), true);
  game.advance(fall + seconds(4200));  // Italy gives no retreat: the army disbands
  EXPECT_EQ(game.phase_code(), "W1901A");
  EXPECT_EQ(game.next_deadline(), fall + seconds(4200) + seconds(900));
}

TEST(PlatformDiplomacyDeadlines, AnOverdueGameProcessesOnePhaseAndRestartsTheClock) {
  auto game = started_game();
  const Instant back = kStart + std::chrono::hours(30);  // the server was down
  const Effects effects = game.advance(back);
  EXPECT_EQ(effects.phases.size(), 1u);
  EXPECT_EQ(game.phase_code(), "F1901M");
  EXPECT_EQ(game.next_deadline(), back + seconds(3600));
}

TEST(PlatformDiplomacyDeadlines, LiveTimingOfTheSeed) {
  auto game = started_game(options_with({{"deadlines", "live"}}));
  EXPECT_EQ(game.next_deadline(), kStart + minutes(30));
  json view = game.view_for(user_of("ENGLAND").id);
  EXPECT_EQ(view["stage"], "negotiation");
  EXPECT_EQ(view["deadline"], "2026-11-24T18:35:00Z");
  EXPECT_EQ(view["negotiation_deadline"], "2026-11-24T18:30:00Z");
  ASSERT_TRUE(game.send_message(user_of("ENGLAND"), "ENGLAND", std::vector<std::string>{"FRANCE"}, "hello",
                                kStart + minutes(29)));
  const Effects closing = game.advance(kStart + minutes(30));
  EXPECT_TRUE(has_event(closing, "press_closed"));
  EXPECT_EQ(game.stage(), Stage::OrderWriting);
  EXPECT_EQ(game.next_deadline(), kStart + minutes(35));
  const auto refused = game.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "hi", kStart + minutes(31));
  EXPECT_EQ(refused.error().code, ErrorCode::PressNotAllowed);
  EXPECT_EQ(refused.error().problem, Problem::PressClosed);
  EXPECT_EQ(message(refused.error(), Language::ZhHans), "指令订定期中不允许交涉");
  // Orders may still be written.
  EXPECT_TRUE(game.submit_orders(user_of("ENGLAND"), "S1901M", {{"ENGLAND", {"F Lon-Nth"}}}, Language::En,
                                 kStart + minutes(32)));
  game.advance(kStart + minutes(35));
  EXPECT_EQ(game.phase_code(), "F1901M");
  // 15 minutes of negotiation after the first turn.
  EXPECT_EQ(game.next_deadline(), kStart + minutes(50));
  EXPECT_EQ(game.view_for("")["deadline"], "2026-11-24T18:55:00Z");
  EXPECT_TRUE(game.send_message(user_of("ENGLAND"), "ENGLAND", std::nullopt, "spring is over", kStart + minutes(36)));
}

TEST(PlatformDiplomacyDeadlines, LiveRetreatsAreFiveMinutesWithPressClosed) {
  auto game = started_game(options_with({{"deadlines", "live"}}));
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "S1901M", {{"AUSTRIA", {"A Vie-Tyr", "F Tri-Adr"}}}, Language::En, kStart));
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "S1901M", {{"ITALY", {"A Ven H"}}}, Language::En, kStart));
  game.advance(kStart + minutes(30));
  game.advance(kStart + minutes(35));
  const Instant fall = kStart + minutes(35);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "F1901M",
                                 {{"AUSTRIA", {"A Tyr-Ven", "F Adr S A Tyr-Ven", "A Bud-Ser"}}}, Language::En, fall));
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "F1901M", {{"ITALY", {"A Ven H"}}}, Language::En, fall));
  game.advance(fall + minutes(15));
  game.advance(fall + minutes(20));
  ASSERT_EQ(game.phase_code(), "F1901R");
  EXPECT_EQ(game.next_deadline(), fall + minutes(25));
  EXPECT_EQ(game.send_message(user_of("ITALY"), "ITALY", std::nullopt, "help", fall + minutes(21)).error().problem,
            Problem::PressClosed);
}

// --- orders

TEST(PlatformDiplomacyOrders, CheckedPerOrderInTheCallersLanguageAndReplacedWhole) {
  auto game = started_game();
  const auto first = game.submit_orders(user_of("RUSSIA"), "S1901M",
                                        {{"RUSSIA", {"陸軍 モスクワ 移動 ワルシャワ", "A War-Mos", "F Sev-Xyz", "A Lon-Nth"}}},
                                        Language::Ja, kStart);
  ASSERT_TRUE(first);
  const json& replies = first->response["orders"]["RUSSIA"];
  ASSERT_EQ(replies.size(), 4u);
  EXPECT_EQ(replies[0]["order"], "A MOS - WAR");
  EXPECT_EQ(replies[1]["order"], "A WAR - MOS");
  EXPECT_EQ(replies[2]["order"], nullptr);
  EXPECT_FALSE(replies[2]["error"].get<std::string>().empty());
  EXPECT_EQ(replies[3]["order"], nullptr);
  EXPECT_EQ(game.view_for(user_of("RUSSIA").id)["my_orders"]["RUSSIA"].size(), 2u);
  // A second submission replaces the first whole.
  ASSERT_TRUE(game.submit_orders(user_of("RUSSIA"), "S1901M", {{"RUSSIA", {"陆军莫斯科移动乌克兰"}}}, Language::ZhHans, kStart));
  const json mine = game.view_for(user_of("RUSSIA").id)["my_orders"]["RUSSIA"];
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0]["order"], "A MOS - UKR");
  EXPECT_EQ(mine[0]["input"], "陆军莫斯科移动乌克兰");
}

TEST(PlatformDiplomacyOrders, ALaterOrderForAUnitReplacesAnEarlierOneInAnyNotation) {
  auto game = started_game();
  // Clicked A SMY - SYR, then typed "A SMY H" in Japanese: the later one stands.
  const auto answer = game.submit_orders(user_of("TURKEY"), "S1901M",
                                         {{"TURKEY", {"A SMY - SYR", "F Ank-Bla", "陸軍 スミルナ 維持"}}}, Language::Ja, kStart);
  ASSERT_TRUE(answer);
  const json& replies = answer->response["orders"]["TURKEY"];
  ASSERT_EQ(replies.size(), 3u);
  EXPECT_EQ(replies[0]["order"], nullptr);
  EXPECT_EQ(replies[0]["replaced"], true);
  EXPECT_EQ(replies[0]["error"], "同じ部隊への後の命令に置き換えられた");
  EXPECT_EQ(replies[1]["order"], "F ANK - BLA");
  EXPECT_FALSE(replies[1].contains("replaced"));
  EXPECT_EQ(replies[2]["order"], "A SMY H");
  const json mine = game.view_for(user_of("TURKEY").id)["my_orders"]["TURKEY"];
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ(mine[1]["order"], "A SMY H");
  // The same unit written with another coast or type is still the unit of that province.
  const auto fleets = game.submit_orders(user_of("RUSSIA"), "S1901M",
                                         {{"RUSSIA", {"F StP/sc-Bot", "F STP/SC - FIN"}}}, Language::En, kStart);
  ASSERT_TRUE(fleets);
  EXPECT_EQ(fleets->response["orders"]["RUSSIA"][0]["error"], "replaced by a later order for the same unit");
  EXPECT_EQ(fleets->response["orders"]["RUSSIA"][1]["order"], "F STP/SC - FIN");
  // An impossible new order replaces nothing: the unit keeps its order.
  const auto impossible = game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A PAR - BUR", "A PAR - MOS"}}}, Language::En, kStart);
  ASSERT_TRUE(impossible);
  EXPECT_EQ(impossible->response["orders"]["FRANCE"][0]["order"], "A PAR - BUR");
  EXPECT_EQ(impossible->response["orders"]["FRANCE"][1]["order"], nullptr);
  EXPECT_FALSE(impossible->response["orders"]["FRANCE"][1].contains("replaced"));
  EXPECT_NE(impossible->response["orders"]["FRANCE"][1]["error"], "replaced by a later order for the same unit");
}

TEST(PlatformDiplomacyOrders, HiddenFromOtherPowersUntilProcessed) {
  auto game = started_game();
  const auto given = game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A Par-Bur"}}}, Language::En, kStart);
  ASSERT_TRUE(given);
  const Event& orders = event(*given, "orders");
  EXPECT_EQ(orders.audience, Audience::only({"FRANCE"}));
  EXPECT_TRUE(game.can_see(orders.audience, user_of("FRANCE").id));
  EXPECT_FALSE(game.can_see(orders.audience, user_of("GERMANY").id));
  EXPECT_FALSE(game.can_see(orders.audience, ""));
  EXPECT_EQ(event(*given, "orders_given").audience, Audience::all());
  EXPECT_EQ(event(*given, "orders_given").payload.dump(), R"({"orders_given":true,"power":"FRANCE"})");
  const json other = game.view_for(user_of("GERMANY").id);
  EXPECT_EQ(other["my_orders"].dump(), R"({"GERMANY":[]})");
  EXPECT_EQ(other["powers"]["FRANCE"]["orders_given"], true);
  EXPECT_EQ(game.view_for("").dump().find("A PAR - BUR"), std::string::npos);
  const Effects processed = game.advance(kStart + seconds(3600));
  EXPECT_EQ(processed.phases[0]["orders"]["FRANCE"][0]["order"], "A PAR - BUR");
  EXPECT_EQ(processed.phases[0]["orders"]["FRANCE"][0]["result"], "ok");
}

TEST(PlatformDiplomacyOrders, Refusals) {
  auto game = started_game();
  auto e = game.submit_orders(user_of("FRANCE"), "F1901M", {{"FRANCE", {"A Par-Bur"}}}, Language::En, kStart).error();
  EXPECT_EQ(e.code, ErrorCode::WrongPhase);
  EXPECT_EQ(message(e, Language::En), "orders are for F1901M, but the current phase is S1901M");
  e = game.submit_orders(user_of("FRANCE"), "S1901M", {{"GERMANY", {"A Ber-Kie"}}}, Language::En, kStart).error();
  EXPECT_EQ(e.code, ErrorCode::Forbidden);
  EXPECT_EQ(message(e, Language::En), "you do not play GERMANY");
  // Nothing is kept when one power of the request is refused.
  e = game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A Par-Bur"}}, {"GERMANY", {}}}, Language::En, kStart)
          .error();
  EXPECT_EQ(e.code, ErrorCode::Forbidden);
  EXPECT_EQ(game.view_for(user_of("FRANCE").id)["powers"]["FRANCE"]["orders_given"], false);
  // Another power's unit is void, in the caller's language.
  const auto foreign = game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A Mun-Bur"}}}, Language::En, kStart);
  EXPECT_EQ(foreign->response["orders"]["FRANCE"][0]["order"], nullptr);
}

// --- readiness

TEST(PlatformDiplomacyReadiness, ProcessedAtOnceWhenEveryPowerWithSomethingToOrderIsReady) {
  auto game = started_game();
  everyone_ready_but(game, {"TURKEY"}, kStart + seconds(5));
  EXPECT_EQ(game.phase_code(), "S1901M");
  EXPECT_EQ(game.view_for("")["powers"]["AUSTRIA"]["ready"], true);
  auto last = game.set_ready(user_of("TURKEY"), "TURKEY", true, kStart + seconds(9));
  ASSERT_TRUE(last);
  EXPECT_EQ(last->phases.size(), 1u);
  EXPECT_EQ(game.phase_code(), "F1901M");
  EXPECT_EQ(game.next_deadline(), kStart + seconds(9) + seconds(3600));
  EXPECT_EQ(game.view_for("")["powers"]["AUSTRIA"]["ready"], false);  // a new phase starts unready
  // Ready and unready again: not processed.
  ASSERT_TRUE(game.set_ready(user_of("TURKEY"), "TURKEY", true, kStart + seconds(10)));
  ASSERT_TRUE(game.set_ready(user_of("TURKEY"), "TURKEY", false, kStart + seconds(11)));
  everyone_ready_but(game, {"TURKEY"}, kStart + seconds(12));
  EXPECT_EQ(game.phase_code(), "F1901M");
}

// --- missed orders and civil disorder

TEST(PlatformDiplomacyCivilDisorder, NmrCountingAcrossPhasesFallingInAndComingBack) {
  auto game = started_game();
  Instant now = kStart;
  // England misses S1901M: counted, still playing.
  everyone_ready_but(game, {"ENGLAND"}, now);
  now += seconds(3600);
  game.advance(now);
  EXPECT_EQ(game.missed_in_a_row("ENGLAND"), 1);
  EXPECT_EQ(game.power_status("ENGLAND"), PowerStatus::Playing);
  // F1901M missed too: civil disorder (default: 2 in a row).
  everyone_ready_but(game, {"ENGLAND"}, now);
  now += seconds(3600);
  const Effects second = game.advance(now);
  EXPECT_EQ(game.power_status("ENGLAND"), PowerStatus::CivilDisorder);
  EXPECT_EQ(event(second, "player_status").payload["status"], "civil_disorder");
  EXPECT_EQ(second.phases[0]["missed"], json::array({"ENGLAND"}));
  // Nobody gained a centre: no adjustments. In S1902M England is in civil disorder and
  // not waited for: the others being ready processes the phase.
  ASSERT_EQ(game.phase_code(), "S1902M");
  everyone_ready_but(game, {"ENGLAND"}, now + seconds(1));
  EXPECT_EQ(game.phase_code(), "F1902M");
  const std::vector<MissedPhase> expected = {
      {"S1901M", "ENGLAND", false}, {"F1901M", "ENGLAND", false}, {"S1902M", "ENGLAND", true}};
  EXPECT_EQ(game.missed_phases(), expected);
  EXPECT_EQ(game.missed_in_a_row("ENGLAND"), 3);
  // The player comes back by giving orders.
  const auto back = game.submit_orders(user_of("ENGLAND"), "F1902M", {{"ENGLAND", {"F Lon-Nth"}}}, Language::En, now + seconds(2));
  ASSERT_TRUE(back);
  EXPECT_EQ(game.power_status("ENGLAND"), PowerStatus::Playing);
  EXPECT_EQ(game.missed_in_a_row("ENGLAND"), 0);
  EXPECT_EQ(event(*back, "player_status").payload["status"], "playing");
}

TEST(PlatformDiplomacyCivilDisorder, MissedAdjustmentsWaiveBuildsAndRemoveByTheCivilDisorderOrder) {
  auto game = started_game();
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "S1901M", {{"AUSTRIA", {"A Vie-Tyr"}}}, Language::En, kStart));
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "S1901M", {{"ITALY", {"A Ven-Pie"}}}, Language::En, kStart));
  Instant now = kStart + seconds(3600);
  game.advance(now);
  ASSERT_TRUE(game.submit_orders(user_of("AUSTRIA"), "F1901M", {{"AUSTRIA", {"A Tyr-Ven", "A Bud-Ser"}}}, Language::En, now));
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "F1901M", {{"ITALY", {"A Pie H"}}}, Language::En, now));
  now += seconds(3600);
  game.advance(now);
  ASSERT_EQ(game.phase_code(), "W1901A");
  // Nobody orders the adjustments: Austria's two builds are waived, and Italy (three
  // units, two centres) loses the unit farthest from its centres (seed 000 §4.3.3).
  now += seconds(900);
  const Effects adjusted = game.advance(now);
  EXPECT_EQ(game.phase_code(), "S1902M");
  const json units = game.view_for("")["units"];
  EXPECT_EQ(units["AUSTRIA"], json::array({"A SER", "F TRI", "A VEN"}));
  EXPECT_EQ(units["ITALY"], json::array({"F NAP", "A ROM"}));
  EXPECT_EQ(adjusted.phases[0]["missed"], json::array({"AUSTRIA", "ITALY"}));
  const std::vector<MissedPhase> missed(game.missed_phases().end() - 2, game.missed_phases().end());
  EXPECT_EQ(missed, (std::vector<MissedPhase>{{"W1901A", "AUSTRIA", false}, {"W1901A", "ITALY", false}}));
}

TEST(PlatformDiplomacyCivilDisorder, ReadinessWithoutOrdersIsNotAMiss) {
  auto game = started_game();
  everyone_ready_but(game, {}, kStart);
  EXPECT_TRUE(game.missed_phases().empty());
  EXPECT_EQ(game.phase_code(), "F1901M");
}

TEST(PlatformDiplomacyCivilDisorder, ConfigurableThreshold) {
  auto game = started_game(options_with({{"civil_disorder_after", 1}}));
  everyone_ready_but(game, {"TURKEY"}, kStart);
  game.advance(kStart + seconds(3600));
  EXPECT_EQ(game.power_status("TURKEY"), PowerStatus::CivilDisorder);
}

TEST(PlatformDiplomacyCivilDisorder, GiveUpAndAnotherPersonTakesTheSeat) {
  auto game = started_game();
  const auto gave_up = game.give_up(user_of("ITALY"), "ITALY", kStart);
  ASSERT_TRUE(gave_up);
  EXPECT_EQ(game.power_status("ITALY"), PowerStatus::CivilDisorder);
  EXPECT_EQ(game.view_for("")["powers"]["ITALY"]["player"], nullptr);
  EXPECT_TRUE(game.powers_of(user_of("ITALY").id).empty());
  // A player with a surviving power cannot take a second one (seed 000 §4.3.2).
  EXPECT_EQ(game.take_seat(user_of("FRANCE"), "ITALY", kStart).error().problem, Problem::NotEliminated);
  EXPECT_EQ(game.take_seat(user_of("FRANCE"), "GERMANY", kStart).error().problem, Problem::SeatNotOpen);
  const User newcomer{"id-zoe", "zoe"};
  const auto taken = game.take_seat(newcomer, "ITALY", kStart + seconds(1));
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->response["player"], "zoe");
  EXPECT_EQ(game.power_status("ITALY"), PowerStatus::Playing);
  EXPECT_EQ(game.powers_of("id-zoe"), std::vector<std::string>{"ITALY"});
  EXPECT_TRUE(game.submit_orders(newcomer, "S1901M", {{"ITALY", {"A Ven H"}}}, Language::En, kStart + seconds(2)));
  // The one who gave up no longer plays it.
  EXPECT_EQ(game.set_ready(user_of("ITALY"), "ITALY", true, kStart).error().code, ErrorCode::Forbidden);
}

TEST(PlatformDiplomacyCivilDisorder, AGivenUpPowersOrdersAreDropped) {
  auto game = started_game();
  ASSERT_TRUE(game.submit_orders(user_of("FRANCE"), "S1901M", {{"FRANCE", {"A Par-Bur"}}}, Language::En, kStart));
  ASSERT_TRUE(game.give_up(user_of("FRANCE"), "FRANCE", kStart));
  EXPECT_EQ(game.view_for("")["powers"]["FRANCE"]["orders_given"], false);
  const Effects processed = game.advance(kStart + seconds(3600));
  const json& france = processed.phases[0]["orders"]["FRANCE"];
  ASSERT_EQ(france.size(), 3u);
  for (const json& entry : france) EXPECT_EQ(entry["result"], "hold") << entry.dump();
  EXPECT_EQ(game.view_for("")["units"]["FRANCE"], json::array({"F BRE", "A MAR", "A PAR"}));
}

TEST(PlatformDiplomacyCivilDisorder, ComputerTakesPowersInCivilDisorderWhenAsked) {
  auto game = started_game(options_with({{"computer_takes_civil_disorder", true}}));
  ASSERT_TRUE(game.give_up(user_of("ITALY"), "ITALY", kStart));
  const auto turns = game.computer_turns();
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].power_code, "ITALY");
  EXPECT_EQ(turns[0].phase, "S1901M");
  ASSERT_TRUE(game.submit_computer_orders(turns[0], {}, kStart + seconds(1)));
  EXPECT_TRUE(game.computer_turns().empty());
  everyone_ready_but(game, {"ITALY"}, kStart + seconds(2));
  EXPECT_EQ(game.phase_code(), "F1901M");
  EXPECT_TRUE(game.missed_phases().empty());
}

// --- computer players

TEST(PlatformDiplomacyComputers, AllComputerGameRunsThroughTheNormalPath) {
  auto game = *DiplomacyGame::create("g", options_with({{"computer_players", 7}}), kStart, 5);
  EXPECT_EQ(game.status(), GameStatus::Active);
  auto turns = game.computer_turns();
  ASSERT_EQ(turns.size(), 7u);
  EXPECT_EQ(turns[0].power_code, "AUSTRIA");
  EXPECT_NE(turns[0].seed, turns[1].seed);
  // A computer's orders are read and checked like a person's; a void one is dropped.
  using namespace diplomacy;
  const Variant& variant = game.variant();
  const auto location = [&](const char* code) {
    for (int l = 0; l < variant.location_count(); ++l)
      if (variant.location_code(location_at(l)) == code) return location_at(l);
    return Location::None;
  };
  const auto given = game.submit_computer_orders(
      turns[5], {Order::move(UnitType::Army, location("MOS"), location("UKR")), Order::move(UnitType::Army, location("PAR"), location("BUR"))},
      kStart);
  ASSERT_TRUE(given);
  EXPECT_EQ(given->response["orders"]["RUSSIA"][0]["order"], "A MOS - UKR");
  EXPECT_EQ(given->response["orders"]["RUSSIA"][1]["order"], nullptr);
  EXPECT_EQ(game.computer_turns().size(), 6u);
  // A turn of a phase gone by is refused.
  ComputerTurn stale = turns[0];
  stale.phase = "F1901M";
  EXPECT_EQ(game.submit_computer_orders(stale, {}, kStart).error().code, ErrorCode::WrongPhase);
  for (const ComputerTurn& turn : game.computer_turns()) ASSERT_TRUE(game.submit_computer_orders(turn, {}, kStart));
  EXPECT_EQ(game.phase_code(), "F1901M");
  EXPECT_EQ(game.computer_turns().size(), 7u);
  // People cannot order computer powers.
  EXPECT_EQ(game.set_ready(User{"x", "x"}, "RUSSIA", true, kStart).error().code, ErrorCode::Forbidden);
}

// A computer's orders of the phase are what it tells its partners; a person's stay secret.
TEST(PlatformDiplomacyComputers, AComputersOrdersOfThePhaseAreThereForItsPartners) {
  auto game = started_game(options_with({{"computer_takes_civil_disorder", true}}));
  const diplomacy::Power italy = diplomacy::power_at(4);
  ASSERT_EQ(game.variant().power_code(italy), "ITALY");
  ASSERT_TRUE(game.submit_orders(user_of("ITALY"), "S1901M", {{"ITALY", {"A Ven-Tyr"}}}, Language::En, kStart));
  EXPECT_TRUE(game.computer_orders_given(italy).empty());
  ASSERT_TRUE(game.give_up(user_of("ITALY"), "ITALY", kStart));
  const auto turns = game.computer_turns();
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_TRUE(game.computer_orders_given(italy).empty());
  const diplomacy::Variant& variant = game.variant();
  const auto location = [&](const char* code) {
    for (int l = 0; l < variant.location_count(); ++l)
      if (variant.location_code(diplomacy::location_at(l)) == code) return diplomacy::location_at(l);
    return diplomacy::Location::None;
  };
  const diplomacy::Order to_piedmont = diplomacy::Order::move(diplomacy::UnitType::Army, location("VEN"), location("PIE"));
  ASSERT_TRUE(game.submit_computer_orders(turns[0], {to_piedmont}, kStart + seconds(1)));
  EXPECT_EQ(game.computer_orders_given(italy), std::vector<diplomacy::Order>{to_piedmont});
}

}  // namespace
}  // namespace stratagem::platform
