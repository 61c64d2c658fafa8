#include "daide_table.h"

#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "api.h"
#include "credentials.h"
#include "daide_turns.h"
#include "game_action.h"
#include "game_change.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/setup.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_press.h"

namespace stratagem::server {

using diplomacy::Power;
using platform::DiplomacyGame;

namespace {

constexpr std::size_t kGamesLooked = 500;

std::optional<long> seconds(platform::Duration duration) {
  return static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(duration).count());
}

// HLO's level and deadlines. A live game's movement turn is its negotiation and order
// writing together (seed 000 §2.3.1: 15 + 5 minutes after the first year).
daide::GameSettings settings_of(const platform::DiplomacyOptions& options) {
  daide::GameSettings settings;
  // Press is proposals and their answers (syntax.html levels 10-30): a game with press is
  // level 30, one without level 0.
  settings.level = options.press == platform::PressRule::None ? 0 : 30;
  const auto& deadlines = options.deadlines;
  if (deadlines.live) {
    settings.movement_seconds = seconds(platform::kLiveNegotiation + platform::kLiveOrderWriting);
    settings.retreat_seconds = seconds(platform::kLiveRetreat);
    settings.build_seconds = seconds(platform::kLiveAdjustment);
  } else {
    settings.movement_seconds = seconds(deadlines.movement);
    settings.retreat_seconds = seconds(deadlines.retreat);
    settings.build_seconds = seconds(deadlines.adjustment);
  }
  return settings;
}

// Games of a status, oldest first.
std::vector<storage::StoredGame> games_with_status(storage::Store& store, const char* status) {
  auto listed = store.list_games(storage::GameQuery{
      .player = std::nullopt, .statuses = {status}, .kind = "diplomacy", .before = std::nullopt, .limit = kGamesLooked});
  if (!listed) {
    spdlog::warn("daide: cannot list games: {}", listed.error().message);
    return {};
  }
  std::reverse(listed->begin(), listed->end());
  return std::move(*listed);
}

std::string power_code(const diplomacy::Variant& variant, Power power) {
  return std::string(variant.power_code(power));
}

// SMR's name and version of a seat's player: a DAIDE client's NME, a person's name, or
// our own computer player.
std::pair<std::string, std::string> player_names(const DiplomacyGame& game, Power power) {
  if (auto daide = game.daide_player(power)) {
    const auto space = daide->rfind(' ');
    if (space != std::string::npos) return {daide->substr(0, space), daide->substr(space + 1)};
    return {*daide, ""};
  }
  if (auto person = game.player_of(power)) return {person->name, "person"};
  return {"stratagem", "computer"};
}

}  // namespace

DaideTable::DaideTable(storage::Store& store, GameCache& games, GameRunner& runner)
    : store_(store), games_(games), runner_(runner) {}

bool DaideTable::join(const std::string& name, const std::string& version) {
  const platform::User user{"daide:" + new_token().substr(0, 24), name};
  for (const auto& stored : games_with_status(store_, "forming")) {
    const auto game = game_of(stored, games_);
    if (!game || !game->diplomacy() || game->diplomacy()->options().daide_players == 0) continue;
    const auto outcome = act_on_game(store_, games_, runner_, stored.id, now_instant(), [&](platform::Game& g) {
      return g.diplomacy()->join_daide(user, version, now_instant());
    });
    if (outcome && !outcome->missing && !outcome->refused) {
      game_ = stored.id;
      user_ = user;
      return true;
    }
  }
  return false;
}

bool DaideTable::accept_map() {
  return act([&](DiplomacyGame& game) { return game.accept_daide_map(user_, now_instant()); });
}

bool DaideTable::leave() {
  if (!act([&](DiplomacyGame& game) { return game.leave_daide_seat(user_, now_instant()); })) return false;
  game_.reset();
  return true;
}

bool DaideTable::rejoin(Power power, long passcode) {
  for (const auto& stored : games_with_status(store_, "active")) {
    const auto game = game_of(stored, games_);
    const DiplomacyGame* diplomacy = game ? game->diplomacy() : nullptr;
    if (!diplomacy || !diplomacy->daide_player(power) || diplomacy->daide_passcode(power) != passcode) continue;
    game_ = stored.id;
    user_ = *diplomacy->player_of(power);
    reported_once_ = false;
    // Back from civil disorder (a connection lost for turns): the seat is the client's again.
    if (diplomacy->power_status(power_code(diplomacy->variant(), power)) == platform::PowerStatus::CivilDisorder)
      return act([&](DiplomacyGame& g) { return g.take_seat(user_, power_code(g.variant(), power), now_instant()); });
    return true;
  }
  return false;
}

bool DaideTable::observe() {
  user_.name = "observer";
  // A game with DAIDE players first (the one they play), then any game being played.
  std::optional<storage::GameId> any;
  for (const char* status : {"active", "forming"}) {
    for (const auto& stored : games_with_status(store_, status)) {
      const auto game = game_of(stored, games_);
      if (!game || !game->diplomacy()) continue;
      if (game->diplomacy()->options().daide_players > 0) {
        game_ = stored.id;
        return true;
      }
      if (!any && std::string_view(status) == "active") any = stored.id;
    }
  }
  game_ = any;
  return any.has_value();
}

std::optional<DiplomacyGame> DaideTable::load() const {
  if (!game_) return std::nullopt;
  const auto stored = store_.load_game(*game_);
  if (!stored) return std::nullopt;
  const auto game = game_of(*stored, games_);
  if (!game || !game->diplomacy()) return std::nullopt;
  return *game->diplomacy();
}

std::optional<Power> DaideTable::power_of(const DiplomacyGame& game) const {
  if (user_.id.empty()) return std::nullopt;
  const auto powers = game.powers_of(user_.id);
  if (powers.empty()) return std::nullopt;
  const auto power = formats::read_power(game.variant(), powers.front());
  return power ? std::optional<Power>(*power) : std::nullopt;
}

bool DaideTable::act(
    const std::function<tl::expected<platform::Effects, platform::GameError>(DiplomacyGame&)>& action) {
  if (!game_) return false;
  const auto outcome = act_on_game(store_, games_, runner_, *game_, now_instant(), [&](platform::Game& game) {
    if (!game.diplomacy()) return tl::expected<platform::Effects, platform::GameError>(platform::Effects{});
    return action(*game.diplomacy());
  });
  if (!outcome) spdlog::warn("daide: {}: {}", user_.name, outcome.error().message);
  return outcome && !outcome->missing && !outcome->refused;
}

DaideTable::Entries DaideTable::phase_entries(const DiplomacyGame& game, std::size_t first) const {
  Entries out;
  const auto phases = store_.phases(*game_);
  if (!phases) return out;
  const auto parse = [&](std::size_t k) { return nlohmann::json::parse((*phases)[k].json, nullptr, false); };
  std::size_t count = phases->size();
  std::optional<nlohmann::json> last;
  // Phases processed after `game` was read belong to the next news.
  while (count > 0) {
    last = parse(count - 1);
    if (last->value("next_phase", "") == game.phase_code()) break;
    last.reset();
    --count;
  }
  out.count = count;
  for (std::size_t k = first; k < count; ++k) out.entries.push_back(k + 1 == count && last ? *last : parse(k));
  return out;
}

std::vector<daide::ProcessedTurn> DaideTable::turns(const DiplomacyGame& game, const std::vector<nlohmann::json>& entries,
                                                    std::size_t first) const {
  std::vector<daide::ProcessedTurn> out;
  for (std::size_t k = first; k < entries.size(); ++k) {
    diplomacy::GameState after = game.state();
    if (k + 1 < entries.size()) {
      auto next = phase_position(game.variant(), entries[k + 1]);
      if (next) after = *next;
    }
    auto turn = processed_turn(game.variant(), entries[k], after);
    if (!turn) {
      spdlog::warn("daide: game {}: phase {} cannot be read for ORD", *game_, k + 1);
      continue;
    }
    out.push_back(std::move(*turn));
  }
  return out;
}

daide::GameNews DaideTable::news() {
  daide::GameNews news;
  news.state = diplomacy::GameState::initial(diplomacy::standard_variant());
  news.start = news.state;
  const auto game = load();
  if (!game) return news;
  news.start = diplomacy::initial_state(game->variant(), game->game_rules().setup);
  const diplomacy::Variant& variant = game->variant();
  news.settings = settings_of(game->options());
  news.started = game->status() != platform::GameStatus::Forming;
  if (!news.started) return news;
  news.state = game->state();
  if (const auto power = power_of(*game)) {
    news.power = *power;
    news.passcode = game->daide_passcode(*power);
  }
  // Only the phases not yet reported are read (the first news reports none: the game as it is).
  // Most wakes are other players' orders: the phase is the same, and no phase is read.
  if (!reported_once_ || game->phase_code() != reported_phase_) {
    const Entries fresh = phase_entries(*game, reported_once_ ? phases_reported_ : SIZE_MAX);
    if (reported_once_ && fresh.count > phases_reported_) news.processed = turns(*game, fresh.entries, 0);
    phases_reported_ = std::max(phases_reported_, fresh.count);
    reported_phase_ = game->phase_code();
    reported_once_ = true;
  }

  news.press = press_since(*game);
  for (int p = 0; p < variant.power_count(); ++p) {
    const Power power = diplomacy::power_at(p);
    // A seat someone held (not the armistice's or the neutral's empty ones).
    if (game->power_status(power_code(variant, power)) == platform::PowerStatus::CivilDisorder && game->player_of(power))
      news.civil_disorder.push_back(power);
  }
  if (const auto deadline = game->next_deadline()) {
    const auto left = std::chrono::ceil<std::chrono::seconds>(*deadline - now_instant()).count();
    news.seconds_to_deadline = std::max<long>(0, static_cast<long>(left));
  }
  if (game->status() != platform::GameStatus::Finished) return news;
  daide::GameEnd end;
  const nlohmann::json view = game->view_for(user_.id);
  const auto& result = view["result"];
  std::vector<Power> winners;
  for (const auto& code : result.value("winners", nlohmann::json::array()))
    if (auto p = formats::read_power(variant, code.get<std::string>())) winners.push_back(*p);
  if (result.value("reason", "") != "draw") {
    if (winners.size() == 1) end.solo = winners.front();
    else end.shared = winners;
  }
  // The year each power lost its last centre: the first phase it starts with none.
  std::vector<std::optional<int>> eliminated(static_cast<std::size_t>(variant.power_count()));
  for (const auto& entry : phase_entries(*game, 0).entries) {
    const auto before = phase_position(variant, entry);
    if (!before) continue;
    for (int p = 0; p < variant.power_count(); ++p)
      if (!eliminated[p] && before->centre_count(diplomacy::power_at(p)) == 0) eliminated[p] = before->phase.year;
  }
  for (int p = 0; p < variant.power_count(); ++p) {
    const Power power = diplomacy::power_at(p);
    const auto [name, version] = player_names(*game, power);
    const int centres = news.state.centre_count(power);
    std::optional<int> out_in;
    if (centres == 0) out_in = eliminated[p].value_or(news.state.phase.year);
    end.summary.push_back({power, name, version, centres, out_in});
  }
  news.end = std::move(end);
  return news;
}

bool DaideTable::submit(diplomacy::Phase phase, const std::vector<diplomacy::Order>& orders, bool ready) {
  return act([&](DiplomacyGame& game) -> tl::expected<platform::Effects, platform::GameError> {
    const auto power = power_of(game);
    if (!power) return platform::Effects{};
    const diplomacy::Variant& variant = game.variant();
    const diplomacy::GameState& state = game.state();
    std::vector<std::string> texts;
    for (const auto& order : orders) {
      diplomacy::UnitType target_type = diplomacy::UnitType::Army;
      if (order.is_support() || order.kind() == diplomacy::OrderKind::Convoy)
        if (auto unit = state.unit_in(variant.province_of(order.target()))) target_type = unit->type;
      texts.push_back(diplomacy::format_order(variant, order, target_type));
    }
    const std::string code = power_code(variant, *power);
    auto effects = game.submit_orders(user_, diplomacy::phase_code(phase), {{code, texts}}, platform::Language::En,
                                      now_instant());
    if (!effects) return effects;
    for (const auto& answer : effects->response[code])
      if (answer["order"].is_null())
        spdlog::warn("daide: {} ({}): the game refused {}: {}", user_.name, code, answer.value("input", ""),
                     answer.value("error", ""));
    auto readiness = game.set_ready(user_, code, ready, now_instant());
    if (readiness) effects->append(std::move(*readiness));
    return effects;
  });
}

bool DaideTable::vote_draw(bool draw) {
  return act([&](DiplomacyGame& game) -> tl::expected<platform::Effects, platform::GameError> {
    const auto power = power_of(game);
    if (!power) return platform::Effects{};
    return game.vote_draw(user_, power_code(game.variant(), *power), draw, now_instant());
  });
}

bool DaideTable::send_press(const std::vector<Power>& to, const diplomacy::PressMessage& press) {
  return act([&](DiplomacyGame& game) -> tl::expected<platform::Effects, platform::GameError> {
    const auto power = power_of(game);
    if (!power) return platform::Effects{};
    std::vector<std::string> recipients;
    for (Power p : to) recipients.push_back(power_code(game.variant(), p));
    return game.send_message(user_, power_code(game.variant(), *power), std::move(recipients), "", now_instant(),
                             formats::press_json(game.variant(), press));
  });
}

std::vector<daide::PressReceived> DaideTable::press_since(const DiplomacyGame& game) {
  std::vector<daide::PressReceived> out;
  const auto power = power_of(game);
  if (!power || game.options().press == platform::PressRule::None) return out;
  const auto stored = store_.messages(*game_);
  if (!stored) return out;
  const auto seen = std::exchange(messages_seen_, stored->size());
  if (!seen) return out;
  const std::size_t from = *seen;
  const std::string mine = power_code(game.variant(), *power);
  for (const auto& message : platform_messages(*stored)) {
    if (std::stoul(message.id) <= from || !message.press || message.from == mine) continue;
    if (!message.is_public() && std::find(message.to.begin(), message.to.end(), mine) == message.to.end()) continue;
    const auto press = formats::press_from_json(game.variant(), *message.press);
    const auto sender = formats::read_power(game.variant(), message.from);
    if (!press || !sender) continue;
    daide::PressReceived received{*sender, {}, *press};
    for (const auto& code : message.to)
      if (auto p = formats::read_power(game.variant(), code)) received.to.push_back(*p);
    if (received.to.empty()) received.to.push_back(*power);
    out.push_back(std::move(received));
  }
  return out;
}

std::optional<daide::ProcessedTurn> DaideTable::history(diplomacy::Phase phase) {
  const auto game = load();
  if (!game) return std::nullopt;
  const auto entries = phase_entries(*game, 0).entries;
  const std::string code = diplomacy::phase_code(phase);
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (entries[k].value("phase", "") != code) continue;
    auto found = turns(*game, entries, k);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
  }
  return std::nullopt;
}

}  // namespace stratagem::server
