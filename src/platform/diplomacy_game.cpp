// The Diplomacy game's lifecycle: creation, seats, orders, readiness, computer turns, deadlines.
#include "diplomacy_game_impl.h"

namespace stratagem::platform {

std::string_view power_status_name(PowerStatus status) {
  switch (status) {
    case PowerStatus::Playing: return "playing";
    case PowerStatus::CivilDisorder: return "civil_disorder";
    case PowerStatus::Eliminated: return "eliminated";
  }
  return "playing";
}

json Treaty::to_json() const {
  return {{"id", id},         {"phase", phase},       {"text", text},
          {"parties", parties}, {"signed_by", signed_by}, {"published", published},
          {"proposed_at", format_instant(proposed_at)}};
}


const Variant& DiplomacyGame::variant() const { return standard_variant(); }

const Variant& DiplomacyGame::map() const { return map_at(variant(), game_rules_, state().phase); }

std::string DiplomacyGame::phase_code() const {
  return status_ == GameStatus::Forming ? std::string() : diplomacy::phase_code(state().phase);
}

tl::expected<DiplomacyGame, GameError> DiplomacyGame::create(std::string id, DiplomacyOptions options, Instant now,
                                                             std::uint64_t seed, std::optional<User> creator) {
  const auto rules = rules_by_name(options.rules);
  if (!rules) return tl::unexpected(fields::bad_value("rules", "standard | datc"));
  if (options.variant != "standard") return tl::unexpected(fields::bad_value("variant", "standard"));
  STRATAGEM_TRY_ASSIGN(auto game_rules, game_rules_for(options));
  if (static_cast<int>(game_rules.setup.seats.size()) != options.players)
    return tl::unexpected(fields::bad_value("setup", std::to_string(options.players) + " seats"));
  if (options.computer_players < 0 || options.computer_players > options.players)
    return tl::unexpected(fields::bad_value("computer_players", "0.." + std::to_string(options.players)));
  if (options.daide_players < 0 || options.daide_players > options.players - options.computer_players)
    return tl::unexpected(
        fields::bad_value("daide_players", "0.." + std::to_string(options.players - options.computer_players)));
  // DAIDE gives a client one power (HLO): seats of several powers are for people and ours.
  const bool one_power_seats = std::all_of(game_rules.setup.seats.begin(), game_rules.setup.seats.end(),
                                           [](const auto& seat) { return seat.powers.size() == 1; });
  if (options.daide_players > 0 && !one_power_seats)
    return tl::unexpected(fields::bad_value("daide_players", "0 with this setup: its seats play several powers, a DAIDE client one"));
  DiplomacyGame game;
  game.game_rules_ = std::move(game_rules);
  game.id_ = std::move(id);
  game.set_options(std::move(options));
  game.rules_ = *rules;
  game.seed_ = seed;
  game.created_at_ = now;
  game.creator_ = std::move(creator);
  if (game.options_.computer_players == game.options_.players) {
    Effects ignored;
    Impl::start_game(game, now, ignored);
  }
  return game;
}

std::vector<std::string> DiplomacyGame::powers_of(std::string_view user_id) const {
  std::vector<std::string> out;
  if (user_id.empty()) return out;
  for (int p = 0; p < static_cast<int>(seats_.size()); ++p)
    if (!seats_[p].computer && seats_[p].player && seats_[p].player->id == user_id)
      out.push_back(Impl::code(*this, power_at(p)));
  return out;
}

PowerStatus DiplomacyGame::power_status(std::string_view power) const {
  const auto p = formats::read_power(variant(), power);
  if (!p || seats_.empty()) return PowerStatus::Playing;
  return seats_[index(*p)].status;
}

int DiplomacyGame::missed_in_a_row(std::string_view power) const {
  const auto p = formats::read_power(variant(), power);
  if (!p || seats_.empty()) return 0;
  return seats_[index(*p)].missed_in_a_row;
}

tl::expected<Effects, GameError> DiplomacyGame::join(const User& user, std::optional<std::string> power, Instant now) {
  const int human_seats = options_.players - options_.computer_players - options_.daide_players;
  const auto people = std::count_if(joiners_.begin(), joiners_.end(), [](const Joiner& j) { return !j.daide; });
  if (status_ != GameStatus::Forming || static_cast<int>(people) >= human_seats)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  for (const Joiner& joiner : joiners_)
    if (joiner.user.id == user.id) return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySeated));
  if (power) {
    STRATAGEM_TRY_ASSIGN(auto p, Impl::power_named(*this, *power));
    power = Impl::code(*this, p);
    const int seat = Impl::seat_of(*this, p);
    if (seat < 0) return tl::unexpected(fields::bad_value("power", "a power that a seat of this game plays"));
    // A seat of several powers (seed 000 §1.2.3(c)-(e)) is asked for by any of them.
    for (const Joiner& joiner : joiners_)
      if (joiner.power && Impl::seat_of(*this, *formats::read_power(variant(), *joiner.power)) == seat)
        return tl::unexpected(error(ErrorCode::Conflict, Problem::PowerTaken, *power));
  }
  return Impl::seat_joiner(*this, {user, power, std::nullopt}, now);
}

tl::expected<Effects, GameError> DiplomacyGame::join_daide(const User& user, std::string_view version, Instant now) {
  const auto clients = std::count_if(joiners_.begin(), joiners_.end(), [](const Joiner& j) { return j.daide; });
  if (status_ != GameStatus::Forming || static_cast<int>(clients) >= options_.daide_players)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  for (const Joiner& joiner : joiners_)
    if (joiner.user.id == user.id) return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySeated));
  return Impl::seat_joiner(*this, {user, std::nullopt, user.name + " " + std::string(version), true}, now);
}

tl::expected<Effects, GameError> DiplomacyGame::accept_daide_map(const User& user, Instant now) {
  const auto joiner = std::find_if(joiners_.begin(), joiners_.end(), [&](const Joiner& j) { return j.user.id == user.id; });
  if (status_ != GameStatus::Forming || joiner == joiners_.end() || !joiner->daide)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  Effects effects;
  effects.changed = joiner->awaiting_map;
  joiner->awaiting_map = false;
  Impl::start_if_everyone_seated(*this, now, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::leave_daide_seat(const User& user, Instant) {
  const auto joiner = std::find_if(joiners_.begin(), joiners_.end(), [&](const Joiner& j) { return j.user.id == user.id; });
  if (status_ != GameStatus::Forming || joiner == joiners_.end() || !joiner->daide)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Audience::all(), "player_left", {{"player", joiner->user.name}}});
  joiners_.erase(joiner);
  return effects;
}

long DiplomacyGame::daide_passcode(Power power) const {
  // 100..8099: a DAIDE integer token (14 bits) of four digits, never 0.
  return 100 + static_cast<long>(SeededRandom(SeededRandom::derive(seed_, 0xDA1DE, index(power))).below(8000));
}

std::optional<std::string> DiplomacyGame::daide_player(Power power) const {
  if (seats_.empty() || index(power) >= static_cast<int>(seats_.size())) return std::nullopt;
  return seats_[index(power)].daide;
}

std::vector<std::string> DiplomacyGame::powers_awaited() const {
  std::vector<std::string> out;
  if (status_ != GameStatus::Active) return out;
  for (int p = 0; p < static_cast<int>(seats_.size()); ++p) {
    const Seat& seat = seats_[p];
    if (Impl::expected_to_order(*this, power_at(p)) && !seat.orders && !seat.ready)
      out.push_back(Impl::code(*this, power_at(p)));
  }
  return out;
}

std::optional<User> DiplomacyGame::player_of(Power power) const {
  if (seats_.empty() || index(power) >= static_cast<int>(seats_.size())) return std::nullopt;
  const Seat& seat = seats_[index(power)];
  if (seat.computer) return std::nullopt;
  return seat.player;
}

tl::expected<Effects, GameError> DiplomacyGame::submit_orders(const User& user, std::string_view phase,
                                                              const OrdersByPower& orders, Language language,
                                                              Instant) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  if (phase != phase_code())
    return tl::unexpected(error(ErrorCode::WrongPhase, Problem::WrongPhase, std::string(phase), phase_code()));
  std::vector<std::pair<Power, const std::vector<std::string>*>> checked_powers;
  for (const auto& [name, texts] : orders) {
    STRATAGEM_TRY_ASSIGN(auto power, Impl::own_power(*this, user, name));
    const std::string field = "orders." + name;
    if (texts.size() > kMostOrdersPerPower)
      return tl::unexpected(fields::bad_value(field, "at most " + std::to_string(kMostOrdersPerPower) + " orders"));
    for (std::size_t i = 0; i < texts.size(); ++i)
      if (texts[i].size() > kLongestOrder || !fields::valid_utf8(texts[i]))
        return tl::unexpected(fields::bad_value(field + "[" + std::to_string(i) + "]",
                                                "at most " + std::to_string(kLongestOrder) + " bytes of UTF-8"));
    checked_powers.emplace_back(power, &texts);
  }
  Effects effects;
  effects.changed = true;
  json response = json::object();
  for (const auto& [power, texts] : checked_powers) {
    Impl::Checked checked = Impl::check_orders(*this, power, *texts, language);
    response[Impl::code(*this, power)] = std::move(checked.response);
    Impl::keep_orders(*this, power, std::move(checked.kept), effects);
    Impl::comes_back(*this, power, effects);
  }
  effects.response = {{"orders", std::move(response)}};
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::set_ready(const User& user, std::string_view power_name, bool ready,
                                                          Instant now) {
  STRATAGEM_TRY_ASSIGN(auto power, Impl::own_power(*this, user, power_name));
  Effects effects;
  effects.changed = true;
  seats_[index(power)].ready = ready;
  effects.events.push_back({Audience::all(), "ready", {{"power", Impl::code(*this, power)}, {"ready", ready}}});
  if (ready) Impl::comes_back(*this, power, effects);
  effects.response = {{"power", Impl::code(*this, power)}, {"ready", ready}};
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::give_up(const User& user, std::string_view power_name, Instant now) {
  STRATAGEM_TRY_ASSIGN(auto power, Impl::own_power(*this, user, power_name));
  Seat& seat = seats_[index(power)];
  Effects effects;
  effects.changed = true;
  seat.player.reset();
  seat.orders.reset();
  seat.ready = false;
  seat.draw_vote = false;
  seat.end_vote = false;
  seat.alliance.clear();
  if (seat.status == PowerStatus::Playing) seat.status = PowerStatus::CivilDisorder;
  effects.events.push_back({Audience::all(), "player_status", Impl::player_status_payload(*this, power)});
  effects.response = Impl::player_status_payload(*this, power);
  // The phase no longer waits for this power: the others may all be ready.
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::take_seat(const User& user, std::string_view power_name, Instant) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  STRATAGEM_TRY_ASSIGN(auto power, Impl::power_named(*this, power_name));
  Seat& seat = seats_[index(power)];
  const std::string code = Impl::code(*this, power);
  if (seat.status != PowerStatus::CivilDisorder || seat.computer || Impl::idle(*this, power) ||
      Impl::seat_of(*this, power) < 0)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::SeatNotOpen, code));
  const bool own_player = seat.player && seat.player->id == user.id;
  if (!own_player) {
    // §4.3.2: a newcomer, or a player whose own powers are all eliminated.
    for (const std::string& held : powers_of(user.id))
      if (power_status(held) != PowerStatus::Eliminated)
        return tl::unexpected(error(ErrorCode::Conflict, Problem::NotEliminated));
  }
  Effects effects;
  effects.changed = true;
  if (!own_player) seat.daide.reset();  // a person takes over a DAIDE client's power
  seat.player = user;
  seat.status = PowerStatus::Playing;
  seat.missed_in_a_row = 0;
  seat.draw_vote = false;
  seat.end_vote = false;
  seat.alliance.clear();
  effects.events.push_back({Audience::all(), "player_status", Impl::player_status_payload(*this, power)});
  effects.response = Impl::player_status_payload(*this, power);
  return effects;
}
std::vector<ComputerTurn> DiplomacyGame::computer_turns() const {
  std::vector<ComputerTurn> turns;
  if (status_ != GameStatus::Active || pause_) return turns;
  for (int p = 0; p < variant().power_count(); ++p) {
    const Power power = power_at(p);
    if (!Impl::computer_controlled(*this, power) || !Impl::has_something_to_order(*this, power) || seats_[p].ready)
      continue;
    turns.push_back({power, Impl::code(*this, power), phase_code(),
                     SeededRandom::derive(seed_, static_cast<std::uint64_t>(processed_phases_), static_cast<std::uint64_t>(p))});
  }
  return turns;
}

tl::expected<Effects, GameError> DiplomacyGame::submit_computer_orders(const ComputerTurn& turn,
                                                                       const std::vector<Order>& orders, Instant now) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  // Orders a computer worked out before the game was paused wait for it to resume.
  if (pause_) return tl::unexpected(error(ErrorCode::Conflict, Problem::GamePaused));
  if (turn.phase != phase_code())
    return tl::unexpected(error(ErrorCode::WrongPhase, Problem::WrongPhase, turn.phase, phase_code()));
  if (turn.power == Power::None || index(turn.power) >= variant().power_count() ||
      !Impl::computer_controlled(*this, turn.power))
    return tl::unexpected(error(ErrorCode::Forbidden, Problem::NotSeated, turn.power_code));
  // The normal path: the orders as text, read and checked like a person's.
  std::vector<std::string> texts;
  for (const Order& order : orders) texts.push_back(Impl::canonical(*this, order));
  Effects effects;
  effects.changed = true;
  Impl::Checked checked = Impl::check_orders(*this, turn.power, texts, Language::En);
  effects.response = {{"orders", {{turn.power_code, std::move(checked.response)}}}};
  Impl::keep_orders(*this, turn.power, std::move(checked.kept), effects);
  seats_[index(turn.power)].ready = true;
  effects.events.push_back({Audience::all(), "ready", {{"power", turn.power_code}, {"ready", true}}});
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

std::optional<Instant> DiplomacyGame::next_deadline() const {
  if (status_ != GameStatus::Active || pause_) return std::nullopt;
  if (negotiation_ends_at_ && stage_ == Stage::Negotiation) return negotiation_ends_at_;
  return deadline_;
}

Effects DiplomacyGame::advance(Instant now) {
  Effects effects;
  // Each step moves the next deadline past `now` or ends the game; two steps at most.
  for (int step = 0; step < 4; ++step) {
    const auto due = next_deadline();
    if (!due || *due > now) break;
    effects.changed = true;
    if (stage_ == Stage::Negotiation && negotiation_ends_at_) {
      // Seed 000 §2.3.1-2.3.2: order writing, with press closed.
      stage_ = Stage::OrderWriting;
      effects.events.push_back({Audience::all(), "press_closed", {{"phase", phase_code()}}});
    } else {
      Impl::process(*this, now, effects);
    }
  }
  return effects;
}

}  // namespace stratagem::platform
