#pragma once
// A no-press (level 0) DAIDE player: the conversation with a server, as a pure state
// machine. Octets in, octets out; the orders come from a computer player; what happens
// is told in events (words for a person), never printed here. The TCP connection is
// tcp_client.h's business.
//
// The flow (syntax.html, Level 0): IM -> RM; NME (or IAM to take a power back) -> MAP
// -> MDF (checked against the standard map) -> YES (MAP); HLO; then each turn SCO/NOW ->
// SUB -> THX (rejected orders replaced by hold, disband or waive) and MIS (missing orders
// supplied); ORD results; SLO/DRW/SMR at the end; OFF to leave. Anything unexpected or
// malformed is answered as the protocol says (HUH, PRN, an Error Message) and reported.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stratagem/daide/framing.h"
#include "stratagem/daide/message.h"
#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy_bots/end_vote.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::daide {

// The version NME reports: the project's.
std::string_view client_version();

struct ClientOptions {
  std::string name = "stratagem";
  std::string version = std::string(client_version());
  // With a passcode: take this power back with IAM (power) (passcode) instead of joining
  // with NME. Without: with NME the server chooses, and HLO is only checked against it.
  std::optional<diplomacy::Power> power;
  std::optional<long> passcode;
  // The player's seed for a turn is drawn from this and the turn.
  std::uint64_t seed = 1;
  // The player's should_stop for one decision, given the turn's time limit in seconds
  // (MTL, RTL or BTL of HLO; nullopt: none). Empty: never stop early.
  std::function<std::function<bool()>(std::optional<long> seconds)> stop_for_turn;
};

struct Event {
  enum class Kind : std::uint8_t { Info, Warning, Error } kind = Kind::Info;
  std::string text;
};

class Client {
 public:
  Client(diplomacy_bots::Player& player, ClientOptions options);

  // The Initial Message, to send as soon as the connection is open.
  std::vector<std::uint8_t> start();
  // Octets from the server, in any pieces. Returns the octets to send back.
  std::vector<std::uint8_t> receive(std::span<const std::uint8_t> octets);
  // The connection closed from the other end.
  void connection_closed();

  // Events since the last call.
  std::vector<Event> take_events();
  // The conversation is over: close the connection (after sending what receive returned).
  bool finished() const { return finished_; }
  // Why it ended badly, if it did (a protocol error, a rejected map, a refused join).
  const std::optional<std::string>& failure() const { return failure_; }
  // What is known so far.
  std::optional<diplomacy::Power> power() const { return power_; }
  const diplomacy::GameState& state() const { return state_; }
  bool game_over() const { return game_over_; }

 private:
  enum class Stage : std::uint8_t { AwaitingRepresentation, Joining, Playing, Finished };

  void on_frame(const Frame& frame);
  void on_diplomacy(const TokenList& tokens);
  void on_message(const TokenList& tokens, const Nodes& items);
  void on_map(const TokenList& tokens, const Nodes& items);
  void on_map_definition(const Nodes& items);
  void on_hello(const Nodes& items);
  void on_now(const Nodes& items);
  void on_thanks(const Nodes& items);
  void on_missing(const Nodes& items);
  void on_reject(const Nodes& items);
  void on_yes(const Nodes& items);
  void on_press(const Nodes& items);
  void on_load(const Nodes& items);

  void submit_orders();
  // Each movement turn, before our orders, DRW when our position would take a draw
  // (syntax.html: a DRW is forgotten when the turn processes, so it is sent again each turn).
  void vote_on_draw();
  diplomacy_bots::EndVote judge_draw() const;
  void submit(const std::vector<TokenList>& orders);
  void send(const TokenList& tokens);
  void send_frame(const std::vector<std::uint8_t>& octets);
  void protocol_error(ErrorCode code, const std::string& why);
  void huh(const TokenList& tokens, std::size_t error_at, const std::string& why);
  void finish(std::optional<std::string> failure);
  void report(Event::Kind kind, std::string text);
  std::string text(const TokenList& tokens) const;
  std::string power_name(diplomacy::Power p) const;

  diplomacy_bots::Player& player_;
  ClientOptions options_;
  diplomacy::RuleOptions rules_ = diplomacy::standard_rules();
  FrameReader reader_;
  Representation representation_ = Representation::standard();
  MapNames names_;
  Stage stage_ = Stage::AwaitingRepresentation;
  std::vector<std::uint8_t> out_;
  std::vector<Event> events_;
  bool finished_ = false;
  std::optional<std::string> failure_;

  std::optional<std::string> map_name_;
  bool map_accepted_ = false;
  std::optional<diplomacy::Power> power_;
  std::optional<long> passcode_;
  std::optional<long> movement_seconds_, retreat_seconds_, build_seconds_;
  diplomacy::GameState state_;
  bool game_over_ = false;
  // The orders submitted this turn, as sent, and which of them the server refused.
  std::vector<TokenList> submitted_;
  bool resubmitted_after_reject_ = false;
  int missing_answers_ = 0;
  // Press: the game's level (HLO's LVL) and the deals we accepted (kept in our orders).
  long press_level_ = 0;
  std::vector<diplomacy::Arrangement> deals_;
  // Every power's centres as each year seen began (its Spring movement), for the draw vote
  // (diplomacy_bots::vote_on_end); the year of the last Spring seen.
  std::vector<diplomacy_bots::CentreCounts> year_starts_;
  std::optional<int> last_spring_;
};

}  // namespace stratagem::daide
