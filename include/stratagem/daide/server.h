#pragma once
// The server's side of one DAIDE connection, as a pure state machine: octets in, octets
// out (protocol.html chapter 3; syntax.html Level 0). The game itself is the Table's
// business: the session asks it to seat the client, to take its orders and draw votes,
// and, when told the game changed, what happened since (news), which it turns into ORD,
// SCO, NOW, TME, CCD, SLO, DRW and SMR. No clock, no sockets, no threads here: the game
// server (src/server/daide_*) owns those.
//
// The flow: IM (checked: version, magic number) -> RM (the standard map's names) ->
// NME (a seat in a forming game) | OBS (watch) | IAM (a seat back, by passcode) -> MAP
// -> MDF on request -> YES (MAP): the client is ready, and nothing of the game is sent
// before it (REJ (MAP), or no answer in time: OFF, and the seat is free again) -> HLO
// when the game starts (every seat taken and every client ready; powers drawn) -> each
// turn SUB/THX/MIS, GOF, DRW, ORD/SCO/NOW -> SLO or DRW, SMR. Malformed input is
// answered as the protocol says (an Error Message, PRN, HUH with ERR, REJ) and never
// stops the session unless the protocol says the connection ends.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "stratagem/daide/framing.h"
#include "stratagem/daide/message.h"
#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"

namespace stratagem::daide {

// HLO's variant options: the press level and the deadlines (seconds; none: no limit).
struct GameSettings {
  int level = 0;
  std::optional<long> movement_seconds, retreat_seconds, build_seconds;
};

// One order of a processed turn with its result (SUC, BNC, CUT, DSR or NSO; none for a
// holding or convoying unit that was dislodged, whose result is RET alone) and whether
// the unit was dislodged (RET).
struct OrderResult {
  diplomacy::Power power = diplomacy::Power::None;
  diplomacy::Order order;
  std::optional<Token> result = tokens::SUC;
  bool dislodged = false;
};
// A processed turn: the position it was played from, every order's result, and the
// position it led to.
struct ProcessedTurn {
  diplomacy::GameState before;
  std::vector<OrderResult> results;
  diplomacy::GameState after;
};

// SMR's entry for a power.
struct PowerSummary {
  diplomacy::Power power = diplomacy::Power::None;
  std::string name, version;  // the player's, as NME gave them (our own players: their kind)
  int centres = 0;
  std::optional<int> eliminated_in;  // the year it lost its last centre
};
struct GameEnd {
  // One winner: SLO (power). Otherwise DRW: `shared` lists the powers of the draw when it
  // is not every survivor.
  std::optional<diplomacy::Power> solo;
  std::vector<diplomacy::Power> shared;
  std::vector<PowerSummary> summary;
};

// Press to this client's power (or to all) from another power (FRM).
struct PressReceived {
  diplomacy::Power from = diplomacy::Power::None;
  std::vector<diplomacy::Power> to;
  diplomacy::PressMessage press;
};

// What the client may know of its game now.
struct GameNews {
  bool started = false;
  GameSettings settings;
  // This client's power and passcode, once the powers are drawn (players only).
  std::optional<diplomacy::Power> power;
  long passcode = 0;
  diplomacy::GameState state;  // the current position (the start while forming)
  diplomacy::GameState start;  // where the game began (its setup's start: 1901, or 1914 for two)
  // Turns processed since the previous news, oldest first.
  std::vector<ProcessedTurn> processed;
  std::vector<diplomacy::Power> civil_disorder;  // powers in civil disorder now
  std::optional<long> seconds_to_deadline;
  std::optional<GameEnd> end;
  // Press received since the previous news (players of games with press: level 30).
  std::vector<PressReceived> press;
};

// The game server's side, called from the session's member functions (never
// concurrently for one session).
class Table {
 public:
  virtual ~Table() = default;
  // NME: a seat in a forming game with a free DAIDE seat. False: none.
  virtual bool join(const std::string& name, const std::string& version) = 0;
  // YES (MAP): the seat taken by join() is ready; the game starts once every seat is.
  virtual bool accept_map() = 0;
  // The seat taken by join() is given up before the game started (the map refused or
  // never accepted, the connection lost). False: there was none to give up.
  virtual bool leave() = 0;
  // IAM: the seat of `power` back, if the passcode is its seat's.
  virtual bool rejoin(diplomacy::Power power, long passcode) = 0;
  // OBS: watch a game. False: none to watch.
  virtual bool observe() = 0;
  // What happened since the last call (the first call after joining: the game as it is).
  virtual GameNews news() = 0;
  // The power's whole set of orders for `phase`, replacing any before; `ready`: process
  // the turn as soon as every power is ready. False: that is not the current turn (or
  // the game refused the orders).
  virtual bool submit(diplomacy::Phase phase, const std::vector<diplomacy::Order>& orders, bool ready) = 0;
  virtual bool vote_draw(bool draw) = 0;
  // SND: a proposal or an answer from this client's power to `to`. False: the game
  // refused it (its press rules, an answer to no open proposal).
  virtual bool send_press(const std::vector<diplomacy::Power>& to, const diplomacy::PressMessage& press) = 0;
  // A turn already processed (HST), if there is one.
  virtual std::optional<ProcessedTurn> history(diplomacy::Phase phase) = 0;
};

class ServerSession {
 public:
  ServerSession(Table& table, diplomacy::RuleOptions rules);

  // Octets from the client, in any pieces. Returns the octets to send back.
  std::vector<std::uint8_t> receive(std::span<const std::uint8_t> octets);
  // The game changed: what to tell the client (nothing before it has joined or watches).
  std::vector<std::uint8_t> game_changed();
  // Messages since the last call, as text (for the server's log at debug level).
  std::vector<std::string> take_log();
  // The connection must be closed once the returned octets are sent (an Error or Final
  // Message, the client's own Final Message, or OFF).
  bool finished() const { return finished_; }
  // MAP was sent and the client has not yet answered YES (MAP): the server gives it a time
  // limit, after which map_not_accepted() is called.
  bool awaiting_map() const { return stage_ == Stage::AwaitingMap; }
  // The client did not accept the map in time: its seat is given up and it is told OFF
  // (syntax.html: the client should exit).
  std::vector<std::uint8_t> map_not_accepted();
  // The connection is gone: a seat in a game that has not started is given up, so that
  // the game is not kept waiting for a client that will never play it.
  void connection_lost();

 private:
  enum class Stage : std::uint8_t { AwaitingInitial, AwaitingName, AwaitingMap, Playing, Observing };

  void on_frame(const Frame& frame);
  void on_message(const TokenList& tokens);
  void on_command(const TokenList& tokens, const Nodes& items);
  void on_name(const TokenList& tokens, const Nodes& items);
  void on_observe(const TokenList& tokens, const Nodes& items);
  void on_i_am(const TokenList& tokens, const Nodes& items);
  void on_map_answer(const TokenList& tokens, const Nodes& items, bool accepted);
  void on_submit(const TokenList& tokens, const Nodes& items);
  void on_not(const TokenList& tokens, const Nodes& items);
  void on_go(const TokenList& tokens, bool go);
  void on_draw(const TokenList& tokens, bool draw);
  void on_history(const TokenList& tokens, const Nodes& items);
  void on_time(const TokenList& tokens, const Nodes& items);
  void on_send(const TokenList& tokens, const Nodes& items);

  void joined(Stage after_map);
  void turn_off();
  void apply(const GameNews& news);
  void send_hello();
  // ORD for each order, SCO when the centres changed (or always: HST), then the end of
  // the game if it ended with this turn (SLO or DRW, and SMR: before NOW, as
  // syntax.html orders them), NOW last.
  void send_turn_results(const ProcessedTurn& turn, bool always_centres, bool game_ends = false);
  void send_end();
  void send_missing();
  bool submit_current(bool complete);
  bool orders_complete() const;

  void send(const TokenList& tokens);
  void yes(const TokenList& tokens);
  void reject(const TokenList& tokens);
  void huh(const TokenList& tokens, std::size_t error_at);
  void error(ErrorCode code);
  bool in_game() const { return stage_ == Stage::Playing || stage_ == Stage::Observing; }
  // A player with a power in a game being played: orders, votes and press are taken.
  bool game_live() const { return stage_ == Stage::Playing && started_ && !end_ && power_.has_value(); }

  Table& table_;
  diplomacy::RuleOptions rules_;
  MapNames names_;
  FrameReader reader_;
  Stage stage_ = Stage::AwaitingInitial;
  Stage after_map_ = Stage::Playing;  // Playing (NME) or Observing (OBS), once the map is accepted
  std::vector<std::uint8_t> out_;
  std::vector<std::string> log_;
  bool finished_ = false;

  bool started_ = false;
  bool hello_sent_ = false;
  GameSettings settings_;
  std::optional<diplomacy::Power> power_;
  long passcode_ = 0;
  diplomacy::GameState state_;
  diplomacy::GameState start_;
  std::optional<long> seconds_to_deadline_;
  std::vector<diplomacy::Power> civil_disorder_;
  std::optional<GameEnd> end_;
  diplomacy::Phase end_phase_;  // the turn SMR names: the one after the last played
  // This turn's accepted orders, one per unit (builds: per province; waives counted).
  std::vector<diplomacy::Order> orders_;
  bool go_ = true;
  // The last processed turns (a movement turn and what followed it), for ORD.
  std::vector<ProcessedTurn> last_results_;
};

}  // namespace stratagem::daide
