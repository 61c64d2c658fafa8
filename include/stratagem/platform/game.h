#pragma once
// Any game of the server, Diplomacy or Dragonchess, behind one face: what the HTTP layer
// and the scheduler call. Actions come with the request's JSON body, read here field by
// field (a missing or mistyped field is a bad_request naming it), so that every rule and
// every message about a game lives in the platform.
//
// Typical use by the server, inside Store::update_game(id, fn):
//   auto game = Game::from_json(record);                    // the stored record
//   Effects due = game->advance(now);                       // what fell due first (a flag fall,
//                                                           // a deadline the scheduler has not reached)
//   auto effects = game->act(user, Action::PutOrders, body, language, now);
//   if (!effects) -> store `due` if due.changed; error status for effects.error().code,
//                    message(effects.error(), language)
//   else due.append(*effects): store game->record(), due.messages, due.phases, due.events;
//        answer effects->response; keep game->next_deadline() in the games table.
// The scheduler calls advance(now) for games whose next_deadline() has passed, and after
// every action looks at computer_turns() / dragonchess computer_turn().

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/platform/diplomacy_game.h"
#include "stratagem/platform/dragonchess_game.h"
#include "stratagem/platform/effects.h"
#include "stratagem/platform/error.h"
#include "stratagem/platform/game_status.h"
#include "stratagem/platform/time.h"
#include "stratagem/platform/user.h"

namespace stratagem::platform {

// The requests on one game, and the bodies act() reads for each (contract fields first,
// then this server's extensions):
enum class Action : unsigned char {
  Join,           // POST /games/{id}/join          {"power"?}                (Dragonchess: {})
  PutOrders,      // PUT  /games/{id}/orders        {"phase", "orders": {POWER: [text, ...]}}
  Ready,          // POST /games/{id}/ready         {"power", "ready"}
  SendMessage,    // POST /games/{id}/messages      {"from", "to": [POWER, ...] | "all", "text"}
  VoteDraw,       // POST /games/{id}/draw_vote     {"power", "draw"}
  VoteEnd,        // POST /games/{id}/end_vote      {"power", "end"}   (seed 000 §5.1(c), a lot)
  DeclareAlliance,// POST /games/{id}/alliance_end  {"power", "with": [POWER, ...]}  (seed 002; [] withdraws)
  GiveUp,         // POST /games/{id}/give_up       {"power"}
  TakeSeat,       // POST /games/{id}/take_seat     {"power"}
  ProposeTreaty,  // POST /games/{id}/treaties      {"from", "parties": [POWER, ...], "text"}
  SignTreaty,     // POST /games/{id}/treaties/{t}/sign     {"power"}   (t passed as `target`)
  PublishTreaty,  // POST /games/{id}/treaties/{t}/publish  {"power"}
  Move,           // POST /games/{id}/moves         {"move"}
  Resign,         // POST /games/{id}/resign        {}
  Draw,           // POST /games/{id}/draw          {"offer" | "accept" | "decline"} or {"action": ...}
  Pause,          // POST /games/{id}/pause         {"paused"}   (Diplomacy)
};

class Game {
 public:
  // From the contract's POST /games body ("game": "diplomacy" | "dragonchess"). The
  // creator joins a Dragonchess game; a Diplomacy creator does not join by creating.
  static tl::expected<Game, GameError> create(std::string id, const nlohmann::json& body, const User& creator,
                                              Instant now, std::uint64_t seed);
  // The stored record (to_json()); the message says what is wrong with it.
  static tl::expected<Game, std::string> from_json(const nlohmann::json& record);
  nlohmann::json to_json() const;
  // The same as text, as the store keeps it.
  std::string record() const;

  std::string_view kind() const;  // "diplomacy", "dragonchess"
  const std::string& id() const;
  const std::string& name() const;
  GameStatus status() const;

  // One request. `target` is the treaty id of SignTreaty/PublishTreaty; `language` the
  // caller's, for per-order errors. An action that does not belong to the game's kind is
  // a not_found.
  tl::expected<Effects, GameError> act(const User& user, Action action, const nlohmann::json& body,
                                       Language language, Instant now, std::string_view target = {});

  std::optional<Instant> next_deadline() const;
  Effects advance(Instant now);

  // GET /games/{id} for this user ("" for none).
  nlohmann::json view_for(std::string_view user_id, Instant now) const;
  // GET /games/{id}/messages: of `all` (oldest first), what the user may read. Dragonchess: [].
  nlohmann::json messages_for(std::string_view user_id, const std::vector<Message>& all) const;
  // Whether an event of this audience may be sent to the user (its holders, or for events
  // stored without them, the seats' holders now).
  bool can_see(const Audience& audience, std::string_view user_id) const;
  // The audience with its seats' holders as they are now filled in: what an event of
  // this moment is stored with.
  Audience addressed(Audience audience) const;

  DiplomacyGame* diplomacy() { return std::get_if<DiplomacyGame>(&game_); }
  const DiplomacyGame* diplomacy() const { return std::get_if<DiplomacyGame>(&game_); }
  DragonchessGame* dragonchess() { return std::get_if<DragonchessGame>(&game_); }
  const DragonchessGame* dragonchess() const { return std::get_if<DragonchessGame>(&game_); }

 private:
  explicit Game(std::variant<DiplomacyGame, DragonchessGame> game) : game_(std::move(game)) {}
  std::variant<DiplomacyGame, DragonchessGame> game_;
};

}  // namespace stratagem::platform
