#pragma once
// What the Diplomacy game tests share: a start time, the seven powers, people named after
// the power they ask for, options with deadlines, a started seven-person game, and ways to
// find events and make everybody ready.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/platform/diplomacy_game.h"
#include "stratagem/platform/diplomacy_options.h"
#include "stratagem/platform/game.h"

namespace stratagem::platform::game_fixture {

using nlohmann::json;

inline const Instant kStart = *parse_instant("2026-11-24T18:00:00Z");
inline const std::vector<std::string> kPowers = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"};

inline User user_of(const std::string& power) {
  std::string name = power;
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return {"id-" + name, name};
}

inline DiplomacyOptions options_with(json extra = json::object()) {
  json body = {{"game", "diplomacy"},
               {"name", "Friday game"},
               {"deadlines", {{"movement_seconds", 3600}, {"retreat_seconds", 600}, {"adjustment_seconds", 900}}}};
  body.update(extra);
  return *read_diplomacy_options(body);
}

// Seven people, each asking for the power named after them: no random draw.
inline DiplomacyGame started_game(DiplomacyOptions options = options_with()) {
  auto game = DiplomacyGame::create("g1", std::move(options), kStart, 7);
  EXPECT_TRUE(game);
  for (const std::string& power : kPowers) EXPECT_TRUE(game->join(user_of(power), power, kStart));
  EXPECT_EQ(game->status(), GameStatus::Active);
  return std::move(*game);
}

inline bool has_event(const Effects& effects, const std::string& kind) {
  return std::any_of(effects.events.begin(), effects.events.end(), [&](const Event& e) { return e.kind == kind; });
}

inline const Event& event(const Effects& effects, const std::string& kind) {
  for (const Event& e : effects.events)
    if (e.kind == kind) return e;
  throw std::runtime_error("no event " + kind);
}

// Every power with something to order says it is ready, through whoever plays it.
inline void everyone_ready_but(DiplomacyGame& game, const std::set<std::string>& except, Instant now) {
  for (const std::string& power : kPowers) {
    const json seat = game.view_for("")["powers"][power];
    if (except.count(power) || seat["to_order"] != true || !seat["player"].is_string()) continue;
    const std::string name = seat["player"];
    ASSERT_TRUE(game.set_ready({"id-" + name, name}, power, true, now)) << power;
  }
}

}  // namespace stratagem::platform::game_fixture
