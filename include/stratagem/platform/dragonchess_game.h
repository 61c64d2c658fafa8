#pragma once
// A Dragonchess game on the server: two sides (a person against a person or against the
// computer), moves checked by the engine, clocks with increment where a flag fall loses
// (computed from the times passed in: the platform reads no clock), resignation, draw
// offers, and the engine's endings (checkmate, stalemate, repetition, the 100-ply rule).
// A value type like DiplomacyGame: actions take the user and `now` and return Effects.
// The moves are kept as text from the start position; the position with its history
// (which the repetition rule needs) is rebuilt from them.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/dragonchess/types.h"
#include "stratagem/platform/effects.h"
#include "stratagem/platform/error.h"
#include "stratagem/platform/game_status.h"
#include "stratagem/platform/time.h"
#include "stratagem/platform/user.h"

namespace stratagem::platform {

struct DragonchessOptions {
  std::string name;
  bool against_computer = false;
  int level = 5;  // 1..10, against the computer
  std::optional<dragonchess::Color> creator_side;  // nullopt: drawn at random from the seed
  std::optional<Duration> initial;                 // nullopt: no clocks
  Duration increment{0};
  // Extension: the game starts from this position text (a study, a handicap) instead of
  // the start position; the side it names moves first.
  std::optional<std::string> start_position;
  friend bool operator==(const DragonchessOptions&, const DragonchessOptions&) = default;
};

// From the creation body: "name" non-empty string (at most 100 bytes), "opponent"
// "human"|"computer", "level" 1..10, "side" "gold"|"scarlet", "clock" {"initial_seconds"
// 1..86400, "increment_seconds" 0..3600}, "position" position text (the engine's reason
// when it does not read).
tl::expected<DragonchessOptions, GameError> read_dragonchess_options(const nlohmann::json& body);

enum class DrawAction : unsigned char { Offer, Accept, Decline };

// The computer's move to find: the server runs dragonchess search on a worker thread
// (find_computer_move) and gives the move back through submit_computer_move.
struct DragonchessComputerTurn {
  int ply = 0;  // moves made so far: a move for another ply is refused
  int level = 5;
  std::uint64_t seed = 0;
  friend bool operator==(const DragonchessComputerTurn&, const DragonchessComputerTurn&) = default;
};

class DragonchessGame {
 public:
  // The creator takes a side; against the computer the game starts at once.
  static tl::expected<DragonchessGame, GameError> create(std::string id, DragonchessOptions options,
                                                         const User& creator, Instant now, std::uint64_t seed);

  const std::string& id() const { return id_; }
  const DragonchessOptions& options() const { return options_; }
  GameStatus status() const { return status_; }
  const std::vector<std::string>& moves() const { return moves_; }
  // The position text the moves start from.
  std::string_view start_position() const;
  // The side the user plays, if any.
  std::optional<dragonchess::Color> side_of(std::string_view user_id) const;
  // The players by colour (gold, scarlet); the computer's side is empty.
  const std::array<std::optional<User>, 2>& players() const { return players_; }
  // The person whose move it is; nullopt when the computer is to move or the game is not
  // active.
  std::optional<User> player_to_move() const;

  // Human opponents: takes the free side and starts the clocks. Response {"side"}.
  tl::expected<Effects, GameError> join(const User& user, Instant now);
  // A move in any notation the engine reads. Response: the game as view_for shows it.
  // A move that comes after the mover's flag fell is refused (the game is lost on time).
  tl::expected<Effects, GameError> move(const User& user, std::string_view text, Instant now);
  tl::expected<Effects, GameError> resign(const User& user, Instant now);
  tl::expected<Effects, GameError> draw(const User& user, DrawAction action, Instant now);

  std::optional<DragonchessComputerTurn> computer_turn() const;
  tl::expected<Effects, GameError> submit_computer_move(const DragonchessComputerTurn& turn, std::string_view move,
                                                        Instant now);

  // The flag fall of the side to move, when the game is active with clocks.
  std::optional<Instant> next_deadline() const;
  Effects advance(Instant now);

  // The contract's GET /games/{id} (clocks as they stand at `now`), extended with "name",
  // "players" {"gold", "scarlet"} (names, "computer" or null), "my_side", "draw_offer".
  nlohmann::json view_for(std::string_view user_id, Instant now) const;
  // Everything in a Dragonchess game is public: every audience is everyone's.
  bool can_see(const Audience& audience, std::string_view user_id) const;
  Audience addressed(Audience audience) const { return audience; }

  nlohmann::json to_json() const;
  static tl::expected<DragonchessGame, std::string> from_json(const nlohmann::json& record);
  friend bool operator==(const DragonchessGame&, const DragonchessGame&) = default;

 private:
  struct Result {
    std::optional<dragonchess::Color> winner;
    std::string reason;  // "checkmate", "stalemate", "repetition", "halfmove_clock", "time", "resignation", "agreement"
    friend bool operator==(const Result&, const Result&) = default;
  };
  DragonchessGame() = default;
  class Impl;
  friend class Impl;

  std::string id_;
  DragonchessOptions options_;
  std::uint64_t seed_ = 0;
  GameStatus status_ = GameStatus::Forming;
  std::array<std::optional<User>, 2> players_;  // by colour; against the computer one is empty
  std::optional<dragonchess::Color> computer_side_;
  dragonchess::Color first_to_move_ = dragonchess::Color::Gold;
  std::vector<std::string> moves_;  // canonical text
  std::array<Duration, 2> remaining_{};
  Instant turn_started_at_;
  std::optional<dragonchess::Color> draw_offer_by_;
  std::optional<Result> result_;
};

// Runs the engine's search at the turn's level (deterministic for the same turn and
// position; a time limit comes in only through should_stop). The canonical move text,
// or nullopt when the side to move has no move. Pure and CPU-heavy: call it off the I/O
// threads.
std::optional<std::string> find_computer_move(const DragonchessGame& game, const DragonchessComputerTurn& turn,
                                              std::function<bool()> should_stop);

}  // namespace stratagem::platform
