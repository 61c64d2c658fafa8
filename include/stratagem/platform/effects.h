#pragma once
// What an action on a game caused, for the layers above to store and send:
//  - events for the stream, each with its audience, so that nobody is sent an event
//    whose content they could not read through the game's views;
//  - press messages to append to the message store;
//  - processed phases to append to the phase store (the record keeps only the current one);
//  - the JSON body the HTTP layer answers the action with.
// Audiences name powers (Diplomacy) or sides (Dragonchess: "gold", "scarlet"), not
// users: who holds a seat can change, and the game answers who may see what now
// (Game::can_see).

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stratagem/platform/time.h"

namespace stratagem::platform {

struct Audience {
  bool everyone = true;
  std::vector<std::string> seats;  // powers or sides, when not everyone; sorted, unique
  // The users who held those seats when the event happened (sorted, unique): they alone
  // see it, so a later holder of a seat is not shown its predecessor's hidden events.
  // Unset in events stored before holders were recorded: then whoever holds a seat now.
  std::optional<std::vector<std::string>> holders;

  static Audience all() { return {}; }
  static Audience only(std::vector<std::string> seats);
  // {"everyone": true} or {"seats": ["ENGLAND", "FRANCE"], "holders": ["12"]}: what
  // storage keeps.
  nlohmann::json to_json() const;
  static std::optional<Audience> from_json(const nlohmann::json& value);
  friend bool operator==(const Audience&, const Audience&) = default;
};

// Kinds (payload in brackets; every payload is what the matching view shows):
//  "player_joined" {power|side, player}   "game_started" {powers} | Dragonchess: the view
//  "player_left" {player} (a DAIDE client leaving a forming game)
//  "orders_given" {power, orders_given}   "orders" {power, phase, orders}        (that power only)
//  "ready" {power, ready}                  "phase_processed" {entry of the phases list}
//  "phase_started" {phase, deadline, negotiation_deadline?}
//  "press_closed" {phase} (live games)    "player_status" {power, status, player, computer}
//  "draw_vote" {power, draw}              "end_vote" {power, end}               (that power only; all with public votes)
//  "alliance_end" {power, with}           (that power only)
//  "message" {the message as listed}      "treaty" {the treaty}                 (its parties, or all once published)
//  "game_finished" {result}               "move" {move, position, side_to_move, clocks}
//  "draw_offer" {side, action: offer | accept | decline}
//  "deal" {the deal as listed}           (its parties: agreed, then kept or broken)
//  "game_paused" {by: creator | vote, phase, deadline_left_seconds}
//  "game_resumed" {by, phase, deadline, negotiation_deadline?}
//  "pause_asked" {paused, asked, needed}  (a person's ask to pause or resume, counted)
struct Event {
  Audience audience;
  std::string kind;
  nlohmann::json payload;
};

// A press message. `to` empty means public (to all).
struct Message {
  std::string id;  // "1", "2", ... within the game
  std::string phase;
  std::string from;
  std::vector<std::string> to;  // sorted powers; empty: public
  std::string text;
  Instant sent_at;
  // Structured press (a proposal or an answer), as formats::press_json writes it; or a
  // computer's vote on a proposed end, {"kind": "vote", "on": "draw" | "lot", "accept"}.
  std::optional<nlohmann::json> press;

  bool is_public() const { return to.empty(); }
  // {"id", "from", "to": [..] | "all", "text", "sent_at", "phase"}: the contract's shape,
  // and "press" (its JSON) when it carries one.
  nlohmann::json to_json() const;
  static std::optional<Message> from_json(const nlohmann::json& value);
  friend bool operator==(const Message&, const Message&) = default;
};

struct Effects {
  // Whether the game record changed and must be written (false: nothing to store).
  bool changed = false;
  std::vector<Event> events;
  std::vector<Message> messages;
  std::vector<nlohmann::json> phases;  // entries of GET /games/{id}/phases, oldest first
  nlohmann::json response = nlohmann::json::object();  // the 2xx body of the action

  // Appends what `later` caused after this.
  void append(Effects later);
};

}  // namespace stratagem::platform
