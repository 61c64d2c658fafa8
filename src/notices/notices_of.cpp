#include <array>
#include <map>
#include <optional>
#include <set>

#include "stratagem/diplomacy/types.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/notices/notice.h"

namespace stratagem::notices {
namespace {

using nlohmann::json;
using platform::DiplomacyGame;
using platform::DragonchessGame;
using platform::Effects;
using platform::Event;
using platform::Game;

// A message's text in a notice: enough to know what it is about, not a copy of a letter.
constexpr std::size_t kMessageExcerptBytes = 600;

std::string excerpt(const std::string& text) {
  if (text.size() <= kMessageExcerptBytes) return text;
  std::size_t end = kMessageExcerptBytes;
  // Cut at the start of a character, never inside one.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "…";
}

const Event* last_event(const Effects& effects, std::string_view kind) {
  const Event* found = nullptr;
  for (const Event& event : effects.events)
    if (event.kind == kind) found = &event;
  return found;
}

// The person holding a Diplomacy power, if a person (not a computer, not a DAIDE client)
// does.
std::optional<std::string> person_of(const DiplomacyGame& game, std::string_view power_code) {
  const auto power = formats::read_power(game.variant(), power_code);
  if (!power || game.daide_player(*power)) return std::nullopt;
  const auto player = game.player_of(*power);
  if (!player) return std::nullopt;
  return player->id;
}

// Every person seated in the game, each once, in order.
std::vector<std::string> people_of(const Game& game) {
  std::set<std::string> people;
  if (const auto* diplomacy = game.diplomacy()) {
    for (int p = 0; p < diplomacy->variant().power_count(); ++p)
      if (auto person = person_of(*diplomacy, diplomacy->variant().power_code(diplomacy::power_at(p))))
        people.insert(*person);
  } else if (const auto* dragonchess = game.dragonchess()) {
    for (const auto& player : dragonchess->players())
      if (player) people.insert(player->id);
  }
  return {people.begin(), people.end()};
}

json with_name(const Game& game, json data) {
  data["game_name"] = game.name();
  return data;
}

// The phase a Dragonchess notice speaks of: the number of the move to be made.
std::string move_number(const DragonchessGame& game) { return std::to_string(game.moves().size() + 1); }

void orders_due(const Game& game, const Effects& effects, std::vector<Notice>& out) {
  if (const auto* diplomacy = game.diplomacy()) {
    // A new phase: its orders are due, with a reminder. A resumed game: a reminder of its
    // new deadline only (the orders were due already).
    const Event* started = last_event(effects, "phase_started");
    const Event* resumed = started ? nullptr : last_event(effects, "game_resumed");
    if (!started && !resumed) return;
    const json& payload = (started ? started : resumed)->payload;
    // A person holding several powers is told once, of all of them.
    std::map<std::string, std::vector<std::string>> powers_by_person;
    for (const std::string& power : diplomacy->powers_awaited())
      if (auto person = person_of(*diplomacy, power)) powers_by_person[*person].push_back(power);
    for (auto& [person, powers] : powers_by_person) {
      json data = {{"phase", diplomacy->phase_code()}, {"powers", powers}};
      if (const auto deadline = payload.find("deadline"); deadline != payload.end() && deadline->is_string())
        data["deadline"] = *deadline;
      if (started) out.push_back({person, std::string(kind::orders_due), with_name(game, data)});
      out.push_back({person, std::string(kind::deadline_near), with_name(game, data)});
    }
  } else if (const auto* dragonchess = game.dragonchess()) {
    if (!last_event(effects, "move") && !last_event(effects, "game_started")) return;
    const auto player = dragonchess->player_to_move();
    if (!player) return;
    json data = {{"phase", move_number(*dragonchess)}, {"powers", json::array()}};
    if (const auto deadline = dragonchess->next_deadline()) data["deadline"] = platform::format_instant(*deadline);
    out.push_back({player->id, std::string(kind::orders_due), with_name(game, data)});
    if (data.contains("deadline")) out.push_back({player->id, std::string(kind::deadline_near), with_name(game, data)});
  }
}

// A private or group message to me, or a proposal to me (a public proposal is addressed
// to every power).
void press(const DiplomacyGame& game, const Game& whole, const Event& event, std::vector<Notice>& out) {
  const json& message = event.payload;
  const bool proposal = message.contains("press") && message["press"].value("kind", "") == "propose";
  std::vector<std::string> addressees;
  if (message["to"].is_array()) {
    for (const json& power : message["to"]) addressees.push_back(power.get<std::string>());
  } else if (proposal) {
    for (int p = 0; p < game.variant().power_count(); ++p)
      addressees.push_back(game.variant().power_code(diplomacy::power_at(p)));
  } else {
    return;  // a public message: nobody in particular
  }
  const std::string from = message.value("from", "");
  const auto sender = person_of(game, from);
  std::set<std::string> told;
  for (const std::string& power : addressees) {
    if (power == from) continue;
    const auto person = person_of(game, power);
    if (!person || person == sender || !told.insert(*person).second) continue;
    json entry = {{"from", from}, {"text", excerpt(message.value("text", ""))}};
    if (message.contains("press")) entry["proposal"] = true;
    out.push_back({*person, std::string(kind::press),
                   with_name(whole, {{"phase", message.value("phase", "")}, {"messages", json::array({entry})}, {"count", 1}})});
  }
}

void civil_disorder(const DiplomacyGame& game, const Game& whole, const Event& event, std::vector<Notice>& out) {
  if (event.payload.value("status", "") != "civil_disorder") return;
  const std::string power = event.payload.value("power", "");
  // Given up, the seat has no player left to tell: only a person who missed is told.
  if (auto person = person_of(game, power))
    out.push_back({*person, std::string(kind::civil_disorder), with_name(whole, {{"phase", game.phase_code()}, {"power", power}})});
}

// The event's name for each state a player is told of.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kGameStates{{
    {"game_started", "started"}, {"game_paused", "paused"}, {"game_resumed", "resumed"}, {"game_finished", "finished"}}};

std::optional<std::string_view> game_state_of(std::string_view event_kind) {
  for (const auto& [event, state] : kGameStates)
    if (event == event_kind) return state;
  return std::nullopt;
}

void game_status(const Game& game, const Event& event, std::string_view state, std::vector<Notice>& out) {
  json data = {{"state", state}};
  if (event.kind == "game_finished") data["result"] = event.payload;
  // Paused: what was left of the phase; resumed: the new deadline.
  if (event.kind == "game_paused" || event.kind == "game_resumed") {
    data["phase"] = event.payload.value("phase", "");
    for (const char* key : {"deadline_left_seconds", "deadline"})
      if (event.payload.contains(key)) data[key] = event.payload[key];
  }
  for (const std::string& person : people_of(game)) out.push_back({person, std::string(kind::game_status), with_name(game, data)});
  out.push_back({std::nullopt, std::string(kind::game_status), with_name(game, data)});
}

// The group chats hear of each processed phase and of the deadline of the new one.
void phase_result(const DiplomacyGame& game, const Game& whole, const Event& event, std::vector<Notice>& out) {
  json centers = json::object();
  for (int p = 0; p < game.variant().power_count(); ++p) {
    const diplomacy::Power power = diplomacy::power_at(p);
    if (const int count = game.state().centre_count(power); count > 0) centers[game.variant().power_code(power)] = count;
  }
  json data = {{"phase", event.payload.value("phase", "")},
               {"next_phase", event.payload.value("next_phase", "")},
               {"centers", centers}};
  if (const auto deadline = game.next_deadline(); deadline && game.status() == platform::GameStatus::Active)
    data["deadline"] = platform::format_instant(*deadline);
  out.push_back({std::nullopt, std::string(kind::phase_result), with_name(whole, data)});
}

}  // namespace

std::vector<Notice> notices_of(const Game& game, const Effects& effects, platform::Instant) {
  std::vector<Notice> out;
  const auto* diplomacy = game.diplomacy();
  for (const Event& event : effects.events) {
    if (const auto state = game_state_of(event.kind)) {
      game_status(game, event, *state, out);
    } else if (!diplomacy) {
      continue;
    } else if (event.kind == "message") {
      press(*diplomacy, game, event, out);
    } else if (event.kind == "player_status") {
      civil_disorder(*diplomacy, game, event, out);
    } else if (event.kind == "phase_processed") {
      phase_result(*diplomacy, game, event, out);
    }
  }
  if (game.status() == platform::GameStatus::Active) {
    orders_due(game, effects, out);
    // A new deadline (a new phase, or the game resumed): its reminder.
    const Event* started = last_event(effects, "phase_started");
    if (const Event* resumed = last_event(effects, "game_resumed"); !started) started = resumed;
    if (diplomacy && started) {
      json data = {{"phase", diplomacy->phase_code()}};
      if (started->payload.contains("deadline")) data["deadline"] = started->payload["deadline"];
      if (data.contains("deadline") && data["deadline"].is_string())
        out.push_back({std::nullopt, std::string(kind::deadline_near), with_name(game, data)});
    }
  }
  return out;
}

std::vector<std::string> awaited(const Game& game) {
  if (const auto* diplomacy = game.diplomacy()) return diplomacy->powers_awaited();
  return {};
}

bool still_true(const Game& game, std::string_view kind, const json& data, const std::optional<std::string>& user) {
  if (kind != kind::orders_due && kind != kind::deadline_near) return true;
  if (game.status() != platform::GameStatus::Active) return false;
  const std::string phase = data.value("phase", "");
  if (const auto* diplomacy = game.diplomacy()) {
    if (diplomacy->phase_code() != phase) return false;
    // A reminder is for the deadline it names: none while paused, the new one once resumed.
    if (kind == kind::deadline_near &&
        (!diplomacy->deadline() || data.value("deadline", "") != platform::format_instant(*diplomacy->deadline())))
      return false;
    for (const std::string& power : diplomacy->powers_awaited())
      if (!user || person_of(*diplomacy, power) == user) return true;
    return false;
  }
  if (const auto* dragonchess = game.dragonchess()) {
    if (move_number(*dragonchess) != phase) return false;
    const auto player = dragonchess->player_to_move();
    return player && (!user || player->id == *user);
  }
  return false;
}

}  // namespace stratagem::notices
