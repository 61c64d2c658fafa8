#include "stratagem/platform/dragonchess_game.h"

#include <deque>

#include "game_record.h"
#include "json_fields.h"
#include "random.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/status.h"
#include "stratagem/dragonchess/strength.h"
#include "stratagem/dragonchess/transposition_table.h"
#include "stratagem/forward_error.h"

namespace stratagem::platform {

using nlohmann::json;
using dragonchess::Color;

namespace {

constexpr std::size_t kLongestName = 80;  // characters
constexpr std::size_t kLongestMove = 32;
// A small table: a server runs many games' searches, each with its own.
constexpr std::size_t kSearchTableMegabytes = 4;

GameError error(ErrorCode code, Problem problem, std::string field = {}, std::string detail = {}) {
  return {code, problem, std::move(field), std::move(detail)};
}

std::string_view side_name(Color side) { return side == Color::Gold ? "gold" : "scarlet"; }

std::optional<Color> side_named(std::string_view name) {
  if (name == "gold") return Color::Gold;
  if (name == "scarlet") return Color::Scarlet;
  return std::nullopt;
}

double seconds(Duration duration) { return static_cast<double>(duration.count()) / 1000.0; }

// The game's position with its history (the repetition rule looks back through it),
// rebuilt from the moves. Neither copied nor moved: the position points into `states_`.
class Replay {
 public:
  Replay(std::string_view start, const std::vector<std::string>& moves) : position_(read(start)) {
    for (const std::string& text : moves) {
      const auto move = dragonchess::parse_move(position_, text);
      if (!move) throw std::runtime_error("move " + text + ": " + move.error().message);
      play(*move);
    }
  }
  static dragonchess::Position read(std::string_view text) {
    auto position = dragonchess::Position::from_text(text);
    if (!position) throw std::runtime_error("position: " + position.error().message);
    return std::move(*position);
  }
  Replay(const Replay&) = delete;
  Replay& operator=(const Replay&) = delete;

  const dragonchess::Position& position() const { return position_; }
  dragonchess::Position& position() { return position_; }
  void play(dragonchess::Move move) {
    states_.emplace_back();
    position_.do_move(move, states_.back());
  }

 private:
  dragonchess::Position position_;
  std::deque<dragonchess::StateInfo> states_;
};

}  // namespace

tl::expected<DragonchessOptions, GameError> read_dragonchess_options(const json& body) {
  STRATAGEM_TRY(fields::object(body, ""));
  DragonchessOptions options;
  STRATAGEM_TRY_ASSIGN(auto name, fields::game_name(body, kLongestName));
  options.name = std::move(name);
  STRATAGEM_TRY_ASSIGN(auto opponent, fields::string(body, "opponent", true));
  if (*opponent == "computer") options.against_computer = true;
  else if (*opponent != "human") return tl::unexpected(fields::bad_value("opponent", "human | computer"));
  STRATAGEM_TRY_ASSIGN(auto level,
                       fields::integer(body, "level", false, dragonchess::kMinStrength, dragonchess::kMaxStrength));
  if (level) options.level = static_cast<int>(*level);
  STRATAGEM_TRY_ASSIGN(auto side, fields::string(body, "side", false));
  if (side) {
    options.creator_side = side_named(*side);
    if (!options.creator_side) return tl::unexpected(fields::bad_value("side", "gold | scarlet"));
  }
  if (const auto clock = body.find("clock"); clock != body.end() && !clock->is_null()) {
    if (!clock->is_object()) return tl::unexpected(fields::wrong_type("clock", "object"));
    STRATAGEM_TRY_ASSIGN(auto initial,
                         fields::integer(*clock, "initial_seconds", true, 1, 86400, "clock.initial_seconds"));
    STRATAGEM_TRY_ASSIGN(auto increment,
                         fields::integer(*clock, "increment_seconds", false, 0, 3600, "clock.increment_seconds"));
    options.initial = std::chrono::seconds(*initial);
    options.increment = std::chrono::seconds(increment.value_or(0));
  }
  STRATAGEM_TRY_ASSIGN(auto position, fields::string(body, "position", false));
  if (position) {
    const auto read = dragonchess::Position::from_text(*position);
    if (!read) return tl::unexpected(fields::bad_value("position", read.error().message));
    if (dragonchess::outcome(*read).status != dragonchess::GameStatus::Ongoing)
      return tl::unexpected(fields::bad_value("position", "a position where the game goes on"));
    options.start_position = read->text();
  }
  return options;
}

class DragonchessGame::Impl {
 public:
  using Game = DragonchessGame;

  static Color side_to_move(const Game& g) { return g.moves_.size() % 2 == 0 ? g.first_to_move_ : ~g.first_to_move_; }

  static std::optional<Instant> flag_falls_at(const Game& g) {
    if (g.status_ != GameStatus::Active || !g.options_.initial) return std::nullopt;
    return g.turn_started_at_ + g.remaining_[dragonchess::index(side_to_move(g))];
  }

  static json clocks(const Game& g, Instant now) {
    if (!g.options_.initial) return nullptr;
    auto remaining = g.remaining_;
    if (g.status_ == GameStatus::Active) {
      Duration& running = remaining[dragonchess::index(side_to_move(g))];
      running = std::max(Duration(0), running - (now - g.turn_started_at_));
    }
    return {{"gold", seconds(remaining[0])}, {"scarlet", seconds(remaining[1])}};
  }

  static json result_json(const Game& g) {
    if (!g.result_) return nullptr;
    return {{"winner", g.result_->winner ? json(side_name(*g.result_->winner)) : json(nullptr)},
            {"reason", g.result_->reason}};
  }

  // The game ends at `now`: the side to move's clock stops where it stands (a resignation
  // or an agreed draw between moves takes the time used so far, as a move would).
  static void finish(Game& g, std::optional<Color> winner, std::string reason, Instant now, Effects& effects) {
    if (g.options_.initial && g.status_ == GameStatus::Active) {
      Duration& running = g.remaining_[dragonchess::index(side_to_move(g))];
      running = std::max(Duration(0), running - (now - g.turn_started_at_));
      g.turn_started_at_ = now;
    }
    g.status_ = GameStatus::Finished;
    g.draw_offer_by_.reset();
    g.result_ = Result{winner, std::move(reason)};
    effects.events.push_back({Audience::all(), "game_finished", result_json(g)});
  }

  static void start(Game& g, Instant now) {
    g.status_ = GameStatus::Active;
    g.turn_started_at_ = now;
    if (g.options_.initial) g.remaining_ = {*g.options_.initial, *g.options_.initial};
  }

  // Plays a move for the side to move at `now`; the clock must not have run out.
  static tl::expected<Effects, GameError> play(Game& g, std::string_view text, Instant now) {
    if (text.size() > kLongestMove || !fields::valid_utf8(text))
      return tl::unexpected(fields::bad_value("move", "a move such as W2e2-2e3"));
    Replay replay(g.start_position(), g.moves_);
    const auto move = dragonchess::parse_move(replay.position(), text);
    if (!move) return tl::unexpected(error(ErrorCode::BadRequest, Problem::IllegalMove, std::string(text), move.error().message));
    const Color mover = side_to_move(g);
    Effects effects;
    effects.changed = true;
    if (g.options_.initial) {
      Duration& left = g.remaining_[dragonchess::index(mover)];
      left -= now - g.turn_started_at_;
      left += g.options_.increment;
    }
    g.turn_started_at_ = now;
    g.moves_.push_back(dragonchess::move_text(replay.position(), *move));
    replay.play(*move);
    // Moving instead of answering declines the opponent's offer.
    if (g.draw_offer_by_ && *g.draw_offer_by_ != mover) g.draw_offer_by_.reset();
    effects.events.push_back({Audience::all(), "move",
                              {{"move", g.moves_.back()},
                               {"position", replay.position().text()},
                               {"side_to_move", side_name(~mover)},
                               {"clocks", clocks(g, now)}}});
    const dragonchess::Outcome outcome = dragonchess::outcome(replay.position());
    switch (outcome.status) {
      case dragonchess::GameStatus::Ongoing: break;
      case dragonchess::GameStatus::Checkmate: finish(g, mover, "checkmate", now, effects); break;
      case dragonchess::GameStatus::Stalemate: finish(g, outcome.winner, "stalemate", now, effects); break;
      case dragonchess::GameStatus::Draw:
        finish(g, std::nullopt,
               outcome.draw_reason == dragonchess::DrawReason::Repetition ? "repetition" : "halfmove_clock", now, effects);
        break;
    }
    return effects;
  }

  static tl::expected<Color, GameError> own_side(const Game& g, const User& user) {
    if (g.status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
    const auto side = g.side_of(user.id);
    if (!side) return tl::unexpected(error(ErrorCode::Forbidden, Problem::NotSeated, "gold | scarlet"));
    return *side;
  }

  static bool flag_fallen(const Game& g, Instant now) {
    const auto falls = flag_falls_at(g);
    return falls && now >= *falls;
  }
};

tl::expected<DragonchessGame, GameError> DragonchessGame::create(std::string id, DragonchessOptions options,
                                                                 const User& creator, Instant now,
                                                                 std::uint64_t seed) {
  DragonchessGame game;
  game.id_ = std::move(id);
  game.seed_ = seed;
  const Color side = options.creator_side.value_or(SeededRandom(seed).below(2) == 0 ? Color::Gold : Color::Scarlet);
  game.options_ = std::move(options);
  game.first_to_move_ = Replay::read(game.start_position()).side_to_move();
  game.players_[dragonchess::index(side)] = creator;
  if (game.options_.against_computer) {
    game.computer_side_ = ~side;
    Impl::start(game, now);
  }
  return game;
}

std::string_view DragonchessGame::start_position() const {
  return options_.start_position ? std::string_view(*options_.start_position) : dragonchess::kStartPositionText;
}

std::optional<Color> DragonchessGame::side_of(std::string_view user_id) const {
  if (user_id.empty()) return std::nullopt;
  for (const Color side : {Color::Gold, Color::Scarlet})
    if (players_[dragonchess::index(side)] && players_[dragonchess::index(side)]->id == user_id) return side;
  return std::nullopt;
}

std::optional<User> DragonchessGame::player_to_move() const {
  if (status_ != GameStatus::Active) return std::nullopt;
  return players_[dragonchess::index(Impl::side_to_move(*this))];
}

tl::expected<Effects, GameError> DragonchessGame::join(const User& user, Instant now) {
  if (options_.against_computer) return tl::unexpected(error(ErrorCode::Conflict, Problem::NotHumanGame));
  if (status_ != GameStatus::Forming) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  if (side_of(user.id)) return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySeated));
  const Color side = players_[0] ? Color::Scarlet : Color::Gold;
  players_[dragonchess::index(side)] = user;
  Impl::start(*this, now);
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Audience::all(), "player_joined", {{"side", side_name(side)}, {"player", user.name}}});
  effects.events.push_back({Audience::all(), "game_started", view_for("", now)});
  effects.response = {{"side", side_name(side)}};
  return effects;
}

tl::expected<Effects, GameError> DragonchessGame::move(const User& user, std::string_view text, Instant now) {
  STRATAGEM_TRY_ASSIGN(auto side, Impl::own_side(*this, user));
  if (Impl::flag_fallen(*this, now)) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  if (side != Impl::side_to_move(*this)) return tl::unexpected(error(ErrorCode::Conflict, Problem::NotYourTurn));
  auto effects = Impl::play(*this, text, now);
  if (effects) effects->response = view_for(user.id, now);
  return effects;
}

tl::expected<Effects, GameError> DragonchessGame::resign(const User& user, Instant now) {
  STRATAGEM_TRY_ASSIGN(auto side, Impl::own_side(*this, user));
  Effects effects;
  effects.changed = true;
  Impl::finish(*this, ~side, "resignation", now, effects);
  effects.response = view_for(user.id, now);
  return effects;
}

tl::expected<Effects, GameError> DragonchessGame::draw(const User& user, DrawAction action, Instant now) {
  STRATAGEM_TRY_ASSIGN(auto side, Impl::own_side(*this, user));
  const bool offered_by_opponent = draw_offer_by_ == ~side;
  Effects effects;
  effects.changed = true;
  const auto announce = [&](Color by, std::string_view what) {
    effects.events.push_back({Audience::all(), "draw_offer", {{"side", side_name(by)}, {"action", what}}});
  };
  switch (action) {
    case DrawAction::Offer:
      if (draw_offer_by_ == side) return tl::unexpected(error(ErrorCode::Conflict, Problem::DrawOfferPending));
      if (offered_by_opponent) {  // both offer: agreed
        announce(side, "accept");
        Impl::finish(*this, std::nullopt, "agreement", now, effects);
        break;
      }
      announce(side, "offer");
      if (computer_side_) {
        announce(*computer_side_, "decline");  // the computer plays on
      } else {
        draw_offer_by_ = side;
      }
      break;
    case DrawAction::Accept:
      if (!offered_by_opponent) return tl::unexpected(error(ErrorCode::Conflict, Problem::NoDrawOffer));
      announce(side, "accept");
      Impl::finish(*this, std::nullopt, "agreement", now, effects);
      break;
    case DrawAction::Decline:
      if (!offered_by_opponent) return tl::unexpected(error(ErrorCode::Conflict, Problem::NoDrawOffer));
      draw_offer_by_.reset();
      announce(side, "decline");
      break;
  }
  effects.response = view_for(user.id, now);
  return effects;
}

std::optional<DragonchessComputerTurn> DragonchessGame::computer_turn() const {
  if (status_ != GameStatus::Active || !computer_side_ || *computer_side_ != Impl::side_to_move(*this))
    return std::nullopt;
  const int ply = static_cast<int>(moves_.size());
  return DragonchessComputerTurn{ply, options_.level, SeededRandom::derive(seed_, static_cast<std::uint64_t>(ply), 0)};
}

tl::expected<Effects, GameError> DragonchessGame::submit_computer_move(const DragonchessComputerTurn& turn,
                                                                       std::string_view move, Instant now) {
  if (status_ != GameStatus::Active || Impl::flag_fallen(*this, now))
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  if (!computer_side_ || *computer_side_ != Impl::side_to_move(*this) ||
      turn.ply != static_cast<int>(moves_.size()))
    return tl::unexpected(error(ErrorCode::Conflict, Problem::NotYourTurn));
  auto effects = Impl::play(*this, move, now);
  if (effects) effects->response = view_for("", now);
  return effects;
}

std::optional<Instant> DragonchessGame::next_deadline() const { return Impl::flag_falls_at(*this); }

Effects DragonchessGame::advance(Instant now) {
  Effects effects;
  if (!Impl::flag_fallen(*this, now)) return effects;
  // The flag of the side to move has fallen: it loses on time (its clock stops at 0).
  const Color loser = Impl::side_to_move(*this);
  effects.changed = true;
  Impl::finish(*this, ~loser, "time", now, effects);
  return effects;
}

json DragonchessGame::view_for(std::string_view user_id, Instant now) const {
  Replay replay(start_position(), moves_);
  json legal = json::array();
  if (status_ == GameStatus::Active) {
    dragonchess::MoveList list;
    dragonchess::generate_legal(replay.position(), list);
    std::vector<std::string> texts;
    for (const dragonchess::Move move : list) texts.push_back(dragonchess::move_text(replay.position(), move));
    std::sort(texts.begin(), texts.end());
    legal = texts;
  }
  json players = json::object();
  for (const Color side : {Color::Gold, Color::Scarlet}) {
    const auto& player = players_[dragonchess::index(side)];
    players[std::string(side_name(side))] =
        player ? json(player->name) : computer_side_ == side ? json("computer") : json(nullptr);
  }
  const auto mine = side_of(user_id);
  return {{"id", id_},
          {"game", "dragonchess"},
          {"name", options_.name},
          {"status", game_status_name(status_)},
          {"position", replay.position().text()},
          {"side_to_move", side_name(Impl::side_to_move(*this))},
          // The side to move's King is attacked (a finished game by checkmate stays so).
          {"in_check", replay.position().in_check()},
          {"moves", moves_},
          {"start_position", start_position()},
          {"legal_moves", std::move(legal)},
          {"clocks", Impl::clocks(*this, now)},
          {"increment_seconds", seconds(options_.increment)},
          {"result", Impl::result_json(*this)},
          {"players", std::move(players)},
          {"level", options_.against_computer ? json(options_.level) : json(nullptr)},
          {"my_side", mine ? json(side_name(*mine)) : json(nullptr)},
          {"draw_offer", draw_offer_by_ ? json(side_name(*draw_offer_by_)) : json(nullptr)}};
}

bool DragonchessGame::can_see(const Audience&, std::string_view) const { return true; }

namespace {

constexpr int kRecordVersion = 1;

json user_json(const std::optional<User>& user) {
  return user ? json{{"id", user->id}, {"name", user->name}} : json(nullptr);
}

}  // namespace

json DragonchessGame::to_json() const {
  json options = {{"name", options_.name},
                  {"opponent", options_.against_computer ? "computer" : "human"},
                  {"level", options_.level}};
  if (options_.creator_side) options["side"] = side_name(*options_.creator_side);
  if (options_.start_position) options["position"] = *options_.start_position;
  if (options_.initial)
    options["clock"] = {{"initial_seconds", std::chrono::duration_cast<std::chrono::seconds>(*options_.initial).count()},
                        {"increment_seconds", std::chrono::duration_cast<std::chrono::seconds>(options_.increment).count()}};
  json result = nullptr;
  if (result_)
    result = {{"winner", result_->winner ? json(side_name(*result_->winner)) : json(nullptr)}, {"reason", result_->reason}};
  return {{"record_version", kRecordVersion},
          {"game", "dragonchess"},
          {"id", id_},
          {"options", std::move(options)},
          {"seed", seed_},
          {"status", game_status_name(status_)},
          {"players", {{"gold", user_json(players_[0])}, {"scarlet", user_json(players_[1])}}},
          {"computer_side", computer_side_ ? json(side_name(*computer_side_)) : json(nullptr)},
          {"moves", moves_},
          {"remaining_ms", {remaining_[0].count(), remaining_[1].count()}},
          {"turn_started_at", format_instant(turn_started_at_)},
          {"draw_offer", draw_offer_by_ ? json(side_name(*draw_offer_by_)) : json(nullptr)},
          {"result", std::move(result)}};
}

tl::expected<DragonchessGame, std::string> DragonchessGame::from_json(const json& record) {
  try {
    STRATAGEM_TRY_ASSIGN(auto head, read_record_head(record, kRecordVersion, read_dragonchess_options));
    DragonchessGame game;
    game.id_ = std::move(head.id);
    game.options_ = std::move(head.options);
    game.seed_ = head.seed;
    game.status_ = head.status;
    game.players_ = {read_user(record.at("players").at("gold")), read_user(record.at("players").at("scarlet"))};
    const auto side_or_none = [](const json& value) -> std::optional<Color> {
      if (value.is_null()) return std::nullopt;
      const auto side = side_named(value.get<std::string>());
      if (!side) throw std::runtime_error(value.dump() + " is not a side");
      return side;
    };
    game.computer_side_ = side_or_none(record.at("computer_side"));
    game.moves_ = record.at("moves").get<std::vector<std::string>>();
    game.first_to_move_ = Replay::read(game.start_position()).side_to_move();
    Replay check(game.start_position(), game.moves_);  // every move must replay
    game.remaining_ = {Duration(record.at("remaining_ms").at(0).get<std::int64_t>()),
                       Duration(record.at("remaining_ms").at(1).get<std::int64_t>())};
    const auto started = parse_instant(record.at("turn_started_at").get<std::string>());
    if (!started) return tl::unexpected(std::string("turn_started_at is not a time"));
    game.turn_started_at_ = *started;
    game.draw_offer_by_ = side_or_none(record.at("draw_offer"));
    if (const json& result = record.at("result"); !result.is_null())
      game.result_ = Result{side_or_none(result.at("winner")), result.at("reason").get<std::string>()};
    return game;
  } catch (const std::exception& e) {
    return tl::unexpected(std::string("game record: ") + e.what());
  }
}

std::optional<std::string> find_computer_move(const DragonchessGame& game, const DragonchessComputerTurn& turn,
                                              std::function<bool()> should_stop) {
  Replay replay(game.start_position(), game.moves());
  const auto level = dragonchess::strength_level(turn.level);
  if (!level) return std::nullopt;
  dragonchess::SearchLimits limits;
  dragonchess::SearchOptions options;
  dragonchess::apply_strength(*level, turn.seed, limits, options);
  limits.should_stop = std::move(should_stop);
  dragonchess::TranspositionTable table(kSearchTableMegabytes);
  const dragonchess::SearchResult result = dragonchess::search(replay.position(), limits, options, &table);
  if (result.best.is_null()) return std::nullopt;
  return dragonchess::move_text(replay.position(), result.best);
}

}  // namespace stratagem::platform
