#pragma once
// A Diplomacy game on the server, from creation to its end: seats and joining with the
// random draw of powers, phases with their deadlines (the seed's live timing included),
// orders checked on submission and hidden from the other powers, readiness, processing
// through the engine's adjudicator, missed orders and civil disorder with exact
// bookkeeping, press with its rules, signed treaties, draw votes and the endings.
// docs/server-rules.md gives every rule with the seed paragraph behind it.
//
// A value type with no I/O, no clock and no threads: every action takes the acting user
// and the time `now`, changes the game or refuses with a GameError, and returns the
// Effects (events with their audiences, new messages, processed phases, the response).
// Random choices (the draw of powers, the computer players' seeds) come from the seed
// given at creation, so the same actions give the same game.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/platform/diplomacy_options.h"
#include "stratagem/platform/effects.h"
#include "stratagem/platform/error.h"
#include "stratagem/platform/game_status.h"
#include "stratagem/platform/time.h"
#include "stratagem/platform/user.h"

namespace stratagem::platform {

enum class PowerStatus : unsigned char { Playing, CivilDisorder, Eliminated };
std::string_view power_status_name(PowerStatus status);  // "playing", "civil_disorder", "eliminated"

// Live games: a movement phase is negotiation, then order writing (press closed).
enum class Stage : unsigned char { Negotiation, OrderWriting };

// An order kept for the current phase: as written, and in canonical form.
struct KeptOrder {
  std::string input;
  std::string order;
  friend bool operator==(const KeptOrder&, const KeptOrder&) = default;
};

// Powers (by code) and the orders written for each, in the order given.
using OrdersByPower = std::vector<std::pair<std::string, std::vector<std::string>>>;

// A phase in which a power had something to order and neither gave orders nor said it
// was ready (seed 000 §4.3.1). Recorded for every such power, also one already in civil
// disorder (`civil_disorder`: its status when the phase was processed).
struct MissedPhase {
  std::string phase;
  std::string power;
  bool civil_disorder = false;
  friend bool operator==(const MissedPhase&, const MissedPhase&) = default;
};

// Seed 000 §2.2.6: a text that several powers sign, private to its parties until one of
// them publishes it once every party has signed.
struct Treaty {
  std::string id;  // "1", "2", ...
  std::string phase;
  std::string text;
  std::vector<std::string> parties;    // the proposer first, then the others as named
  std::vector<std::string> signed_by;  // in signing order; the proposer signs on proposing
  bool published = false;
  Instant proposed_at;
  nlohmann::json to_json() const;
  friend bool operator==(const Treaty&, const Treaty&) = default;
};

// Orders a computer must give now, for the server to compute on a worker thread and
// give back through submit_computer_orders.
struct ComputerTurn {
  diplomacy::Power power = diplomacy::Power::None;
  std::string power_code;
  std::string phase;      // the phase the orders are for, e.g. "S1901M"
  std::uint64_t seed = 0; // the player's random choices (from the game's seed, phase and power)
  friend bool operator==(const ComputerTurn&, const ComputerTurn&) = default;
};

class DiplomacyGame {
 public:
  // A forming game; if every seat is a computer's, it starts at once.
  // `creator`: the person who made it (may pause and resume it at once); none for games
  // the server makes.
  static tl::expected<DiplomacyGame, GameError> create(std::string id, DiplomacyOptions options, Instant now,
                                                       std::uint64_t seed, std::optional<User> creator = std::nullopt);

  const std::string& id() const { return id_; }
  const DiplomacyOptions& options() const { return options_; }
  GameStatus status() const { return status_; }
  const diplomacy::Variant& variant() const;
  const diplomacy::RuleOptions& rules() const { return rules_; }
  // The setup, endings and coin toss the engine's game functions take.
  const diplomacy::GameRules& game_rules() const { return game_rules_; }
  // The map of the current phase (the variant with neutral land closed in the
  // two-player game before Italy joins): bots and validation use it.
  const diplomacy::Variant& map() const;
  const diplomacy::GameState& state() const { return position_.state(); }
  // The current phase as the contract writes it ("S1901M").
  std::string phase_code() const;
  Stage stage() const { return stage_; }
  // Every missed phase so far, oldest first.
  const std::vector<MissedPhase>& missed_phases() const { return missed_; }
  // Powers the user holds now (sorted by the variant's order).
  std::vector<std::string> powers_of(std::string_view user_id) const;
  PowerStatus power_status(std::string_view power) const;
  // Consecutive phases the power has missed up to now.
  int missed_in_a_row(std::string_view power) const;
  // Powers the phase still waits for: expected to order (something to order, and a
  // person or a computer ordering it) and neither ordered nor said ready. Empty unless
  // the game is active.
  std::vector<std::string> powers_awaited() const;

  // --- actions (409 conflict / 403 forbidden / 400 bad_request as the contract says)
  // Takes a seat; `power` asks for that power. DAIDE seats are not taken this way. When the last seat is taken the powers
  // not asked for are drawn at random and the first phase starts. Response {"power",
  // "powers"}: the seat's first power and all of them (seats of several powers), or null
  // and [] until the draw.
  tl::expected<Effects, GameError> join(const User& user, std::optional<std::string> power, Instant now);
  // Replaces, for each power named, its orders for `phase`. Each order is parsed (any
  // notation) and validated against the position; those that fail come back with
  // order null and the error in `language` and are not kept. Response: the contract's
  // {"orders": {POWER: [{"input", "order" | null, "error"?}]}}.
  tl::expected<Effects, GameError> submit_orders(const User& user, std::string_view phase,
                                                 const OrdersByPower& orders, Language language, Instant now);
  // A DAIDE client (syntax.html NME) takes a DAIDE seat as `user`, whose id the server
  // chooses ("daide:..."), its name and version shown as the seat's player. Its power is
  // drawn as for people. Response as join's. The seat counts towards the start only once
  // its client has accepted the map (accept_daide_map): syntax.html has a client take the
  // map (MAP, MDF, YES (MAP)) before HLO, and one that is not ready cannot order the first turn.
  tl::expected<Effects, GameError> join_daide(const User& user, std::string_view version, Instant now);
  // The DAIDE client `user` accepted the map (YES (MAP)); the game starts when every seat
  // is taken and every DAIDE client has accepted.
  tl::expected<Effects, GameError> accept_daide_map(const User& user, Instant now);
  // The DAIDE client `user` leaves its seat before the game starts (it refused the map,
  // never accepted it, or its connection closed): the seat is free for another client.
  tl::expected<Effects, GameError> leave_daide_seat(const User& user, Instant now);
  // The passcode HLO gives the DAIDE player of `power`, which IAM must repeat to take the
  // seat back: drawn from the game's seed, so nobody outside the server can know it.
  long daide_passcode(diplomacy::Power power) const;
  // The DAIDE player of `power` ("NAME VERSION" of its NME), if a DAIDE client holds it.
  std::optional<std::string> daide_player(diplomacy::Power power) const;
  // Who holds the seat of `power`: a person or a DAIDE client; nullopt for a computer's
  // seat or none.
  std::optional<User> player_of(diplomacy::Power power) const;
  // When every power with something to order is ready, the phase is processed at once.
  tl::expected<Effects, GameError> set_ready(const User& user, std::string_view power, bool ready, Instant now);
  // `to` nullopt: public. `press`: structured press (formats::press_json's JSON, powers,
  // places and orders in any notation), with or without text. A proposal is open until
  // every addressee accepts it (then it is a deal of all of them), one rejects or refuses
  // it, or its proposer cancels it; an answer must go to the proposer. Response {"id",
  // "sent_at", "phase"}, and "deal" when the message concluded one.
  tl::expected<Effects, GameError> send_message(const User& user, std::string_view from,
                                                std::optional<std::vector<std::string>> to, std::string text,
                                                Instant now, std::optional<nlohmann::json> press = std::nullopt);
  // Deals the user's powers are party to: [{"id", "arrangement", "parties",
  // "agreed_phase", "state": "holding" | "kept" | "broken", "broken_by"?, "broken_phase"?}].
  // After each phase a deal's parties' orders are checked against it: a peace or
  // alliance is broken by a move or supported move into a partner's unit or centre, a
  // demilitarised zone by a move into it, an order promised (XDO) by not giving it.
  nlohmann::json deals_for(std::string_view user_id) const;
  // The arrangements of the deals holding for `power` (computer players keep them).
  std::vector<diplomacy::Arrangement> holding_deals(diplomacy::Power power) const;
  // A power's record for trust: deals it is party to that hold or were kept, and deals it broke.
  std::pair<int, int> deal_record(diplomacy::Power power) const;
  // The orders a power played by a computer has given in this phase, as the engine reads
  // them; empty for a power played by a person (whose orders stay secret) or with none yet.
  // A computer tells them to the partners it holds a peace or alliance with, so that a
  // partner ordering after it can plan around them.
  std::vector<diplomacy::Order> computer_orders_given(diplomacy::Power power) const;
  // How the computer playing `power` keeps deals: the game's computer_personality, or for
  // "mixed" "loyal" or "opportunist" drawn from the game's seed.
  std::string computer_personality(diplomacy::Power power) const;
  // Draw votes: the game ends in a draw when every surviving power votes yes: those played
  // by people and DAIDE clients as they vote, those played by our computers as their
  // position says (computer_votes, vote_as_computer); a computer never counts as agreeing
  // before it has voted, so one person alone cannot end a game against computers.
  tl::expected<Effects, GameError> vote_draw(const User& user, std::string_view power, bool draw, Instant now);
  // Seed 000 §5.1(c): the same vote to stop, after which a lot (from the game's seed)
  // among the seats that still have units names the winner.
  tl::expected<Effects, GameError> vote_end(const User& user, std::string_view power, bool end, Instant now);
  // Seed 002's alliance end: the power declares the end of the game together with
  // `partners` (empty: withdraws). When every power of one group declares the same
  // group and together they own the alliance count of centres (23) after a phase, the
  // game ends with all of them winning. Secret until then, like orders.
  tl::expected<Effects, GameError> declare_alliance_end(const User& user, std::string_view power,
                                                        std::vector<std::string> partners, Instant now);
  // The player leaves the power: it falls into civil disorder at once.
  tl::expected<Effects, GameError> give_up(const User& user, std::string_view power, Instant now);
  // Takes a power in civil disorder: its own player coming back, or another person
  // (one with no seat in the game, or whose powers are all eliminated; seed 000 §4.3.2).
  tl::expected<Effects, GameError> take_seat(const User& user, std::string_view power, Instant now);
  // Seed 000 §2.2.6. Response: the treaty as its parties see it.
  tl::expected<Effects, GameError> propose_treaty(const User& user, std::string_view from,
                                                  std::vector<std::string> parties, std::string text, Instant now);
  tl::expected<Effects, GameError> sign_treaty(const User& user, std::string_view treaty_id, std::string_view power,
                                               Instant now);
  tl::expected<Effects, GameError> publish_treaty(const User& user, std::string_view treaty_id,
                                                  std::string_view power, Instant now);

  // --- computer players
  // Powers a computer must order now: computer seats, and powers in civil disorder when
  // the game says so, that have something to order and have not ordered yet.
  std::vector<ComputerTurn> computer_turns() const;
  // The computer's orders for turn.power (a turn of computer_turns()); marks it ready.
  // Refused with wrong_phase when the phase has moved on meanwhile.
  tl::expected<Effects, GameError> submit_computer_orders(const ComputerTurn& turn,
                                                          const std::vector<diplomacy::Order>& orders, Instant now);

  // A vote a computer owes: someone has proposed a draw (or an end by lot) by voting for
  // it, and the computer playing `power` has not voted on it in this phase (its votes are
  // cleared at every phase, as its position changes).
  struct ComputerVote {
    diplomacy::Power power = diplomacy::Power::None;
    std::string power_code;
    std::string phase;
    std::string on;  // "draw" or "lot"
    friend bool operator==(const ComputerVote&, const ComputerVote&) = default;
  };
  std::vector<ComputerVote> computer_votes() const;
  // The computer's vote (diplomacy_bots::vote_on_end), said in the game's press (a public
  // message carrying {"kind": "vote", "on", "accept"}) where public press is open; refused
  // with wrong_phase when the phase has moved on or the proposal was withdrawn.
  tl::expected<Effects, GameError> vote_as_computer(const ComputerVote& vote, bool accept, Instant now);

  // Open proposals addressed to a computer's power that it has not answered yet.
  struct ComputerProposal {
    diplomacy::Power power = diplomacy::Power::None;
    std::string power_code;
    std::string proposer;
    std::string message_id;
    diplomacy::PressMessage press;
    friend bool operator==(const ComputerProposal&, const ComputerProposal&) = default;
  };
  std::vector<ComputerProposal> computer_proposals() const;
  // The computer's YES or REJ to the proposer; refused when the proposal closed meanwhile.
  tl::expected<Effects, GameError> answer_as_computer(const ComputerProposal& proposal, bool accept, Instant now);
  // A proposal of a computer's power (turn.power, during turn.phase) to `to`, in a game
  // with computers_propose; refused where the press rules do not allow it.
  tl::expected<Effects, GameError> propose_as_computer(const ComputerTurn& turn, diplomacy::Power to,
                                                       const diplomacy::Arrangement& arrangement, Instant now);

  // --- pausing (docs/server-rules.md, "Pausing")
  // `paused` true asks to pause, false to resume. The game's creator does it at once; a
  // person playing in it asks, and once every person seated in the game (people only:
  // computers and DAIDE clients have no say) has asked the same, it is done. Asking again
  // what is already so withdraws one's ask. While paused no deadline runs (next_deadline()
  // is nullopt), a phase whose powers are all ready waits, and computers neither order,
  // vote nor propose; orders, readiness and press go on. Resuming sets the deadline to the
  // time that was left, but at least kLeastAfterResume (the phase's whole length when that
  // is shorter). Response {"paused", "asked", "needed"}.
  static constexpr Duration kLeastAfterResume = std::chrono::hours(1);
  tl::expected<Effects, GameError> pause(const User& user, bool paused, Instant now);
  bool paused() const { return pause_.has_value(); }
  // The current phase's deadline; nullopt while paused, forming or finished.
  std::optional<Instant> deadline() const { return deadline_; }

  // --- time
  // When advance() next has something to do: the phase deadline, or the end of
  // negotiation in a live game. Nullopt when forming or finished.
  std::optional<Instant> next_deadline() const;
  // Does what is due at `now` (ends negotiation, processes the phase); nothing before.
  Effects advance(Instant now);

  // --- views
  // The contract's GET /games/{id} for this user ("" for someone with no account),
  // extended with "name", "options", "stage", "negotiation_deadline", "treaties",
  // "draw_votes" and "end_votes" (the caller's own; every power's where the game's votes
  // are public), "voters" (the powers whose votes end the game), "missed_phases", "result".
  nlohmann::json view_for(std::string_view user_id) const;
  // Of `all` (the game's messages, oldest first), those the user may read.
  nlohmann::json messages_for(std::string_view user_id, const std::vector<Message>& all) const;
  bool can_see(const Audience& audience, std::string_view user_id) const;
  Audience addressed(Audience audience) const;

  // --- the stored record
  // As text, as every change to the game writes it.
  std::string record() const;
  nlohmann::json to_json() const;
  static tl::expected<DiplomacyGame, std::string> from_json(const nlohmann::json& record);

  // Same record (the setup is derived from the options and not compared on its own).
  friend bool operator==(const DiplomacyGame& a, const DiplomacyGame& b) { return a.record() == b.record(); }

 private:
  struct Seat {
    std::optional<User> player;
    bool computer = false;
    std::optional<std::string> daide;  // a DAIDE client's "NAME VERSION"
    PowerStatus status = PowerStatus::Playing;
    int missed_in_a_row = 0;
    bool ready = false;
    bool draw_vote = false;
    bool end_vote = false;
    // A computer's: the phase in which it last voted on a proposed draw, or end by lot.
    std::string draw_voted_in, end_voted_in;
    std::vector<std::string> alliance;  // seed 002: the declared group, itself included; empty: none
    std::optional<std::vector<KeptOrder>> orders;  // nullopt: none given this phase
    friend bool operator==(const Seat&, const Seat&) = default;
  };
  struct Joiner {
    User user;
    std::optional<std::string> power;
    std::optional<std::string> daide;
    bool awaiting_map = false;  // a DAIDE client that has not yet accepted the map
    friend bool operator==(const Joiner&, const Joiner&) = default;
  };
  struct Result {
    std::string reason;  // "victory" (centres), "fixed_year", "lot", "alliance", "draw"
    std::vector<std::string> winners;    // powers; a seat's powers together in the two-player game
    std::vector<std::string> survivors;  // a draw: the powers sharing it
    std::string phase;
    friend bool operator==(const Result&, const Result&) = default;
  };

  DiplomacyGame() = default;
  class Impl;
  friend class Impl;

  // A paused game's clock: what was left of the phase (and of a live game's negotiation).
  struct Pause {
    Instant since;
    Duration deadline_left{};
    std::optional<Duration> negotiation_left;
    friend bool operator==(const Pause&, const Pause&) = default;
  };
  // The people seated in the game now (ids, sorted): those whose ask to pause counts.
  std::vector<std::string> seated_people() const;
  void set_paused(bool paused, std::string_view by, Instant now, Effects& effects);

  // The options, with their text in the record: set once (create, from_json), never changed.
  void set_options(DiplomacyOptions options);
  std::string id_;
  DiplomacyOptions options_;
  std::string options_text_;
  diplomacy::RuleOptions rules_;
  diplomacy::GameRules game_rules_;
  std::uint64_t seed_ = 0;
  GameStatus status_ = GameStatus::Forming;
  Instant created_at_;
  std::vector<Joiner> joiners_;
  std::vector<Seat> seats_;  // by power index, once started
  // The position, with its text in the record set at the same time: every change to a
  // game writes the record, and the position changes a few times a phase at most.
  class Position {
   public:
    const diplomacy::GameState& state() const { return state_; }
    const std::string& text() const { return text_; }  // "null" until set
    void set(const diplomacy::Variant& variant, diplomacy::GameState state);
    // With its text, as a record read back holds it.
    void set(diplomacy::GameState state, std::string text);

   private:
    diplomacy::GameState state_;
    std::string text_ = "null";
  };
  Position position_;
  Stage stage_ = Stage::Negotiation;
  Instant phase_started_at_;
  std::optional<Instant> negotiation_ends_at_;
  std::optional<Instant> deadline_;
  int processed_phases_ = 0;
  int movement_phases_ = 0;
  std::vector<MissedPhase> missed_;
  std::vector<Treaty> treaties_;
  // Structured press: proposals (open until answered) and the deals agreed.
  struct Proposal {
    std::string message_id;
    std::string phase;
    std::string from;
    std::vector<std::string> addressees;  // sorted
    nlohmann::json arrangement;           // formats::press_json's "arrangement"
    std::vector<std::string> accepted_by;
    bool open = true;
    friend bool operator==(const Proposal&, const Proposal&) = default;
  };
  struct Deal {
    std::string id;  // "1", "2", ...
    nlohmann::json arrangement;
    std::vector<std::string> parties;  // the proposer first
    std::string agreed_phase;
    std::string state = "holding";  // holding | kept | broken
    std::vector<std::string> broken_by;
    std::string broken_phase;
    friend bool operator==(const Deal&, const Deal&) = default;
  };
  std::vector<Proposal> proposals_;
  std::vector<Deal> deals_;
  int message_count_ = 0;
  std::optional<Result> result_;
  std::optional<User> creator_;
  std::optional<Pause> pause_;
  std::vector<std::string> pause_asked_;  // ids of people asking to pause (or, paused, to resume), sorted
};

}  // namespace stratagem::platform
