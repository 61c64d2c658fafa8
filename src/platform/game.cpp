#include "stratagem/platform/game.h"

#include "json_fields.h"
#include "stratagem/forward_error.h"

namespace stratagem::platform {

using nlohmann::json;

namespace {

GameError not_for_this_game() { return {ErrorCode::NotFound, Problem::BadValue, "action", "not one of this game's"}; }

tl::expected<std::string, GameError> required_string(const json& body, const std::string& name) {
  STRATAGEM_TRY_ASSIGN(auto&& value, fields::string(body, name, true));
  return std::move(*value);
}

tl::expected<bool, GameError> required_bool(const json& body, const std::string& name) {
  STRATAGEM_TRY_ASSIGN(auto value, fields::boolean(body, name, true));
  return *value;
}

tl::expected<Effects, GameError> act_diplomacy(DiplomacyGame& game, const User& user, Action action, const json& body,
                                               Language language, Instant now, std::string_view target) {
  switch (action) {
    case Action::Join: {
      STRATAGEM_TRY_ASSIGN(auto power, fields::string(body, "power", false));
      return game.join(user, std::move(power), now);
    }
    case Action::PutOrders: {
      STRATAGEM_TRY_ASSIGN(auto phase, required_string(body, "phase"));
      const auto orders = body.find("orders");
      if (orders == body.end()) return tl::unexpected(fields::missing("orders"));
      if (!orders->is_object()) return tl::unexpected(fields::wrong_type("orders", "object"));
      OrdersByPower by_power;
      for (const auto& [power, texts] : orders->items()) {
        STRATAGEM_TRY_ASSIGN(auto list, fields::strings(texts, "orders." + power));
        by_power.emplace_back(power, std::move(list));
      }
      return game.submit_orders(user, phase, by_power, language, now);
    }
    case Action::Ready: {
      STRATAGEM_TRY_ASSIGN(auto power, required_string(body, "power"));
      STRATAGEM_TRY_ASSIGN(auto ready, required_bool(body, "ready"));
      return game.set_ready(user, power, ready, now);
    }
    case Action::SendMessage: {
      STRATAGEM_TRY_ASSIGN(auto from, required_string(body, "from"));
      const auto to = body.find("to");
      if (to == body.end()) return tl::unexpected(fields::missing("to"));
      std::optional<std::vector<std::string>> recipients;
      if (!to->is_string() || *to != "all") {
        STRATAGEM_TRY_ASSIGN(auto list, fields::strings(*to, "to"));
        recipients = std::move(list);
      }
      std::optional<json> press;
      if (const auto found = body.find("press"); found != body.end() && !found->is_null()) {
        if (!found->is_object()) return tl::unexpected(fields::wrong_type("press", "object"));
        press = *found;
      }
      std::string text;
      if (!press || body.contains("text")) {
        STRATAGEM_TRY_ASSIGN(auto given, required_string(body, "text"));
        text = std::move(given);
      }
      return game.send_message(user, from, std::move(recipients), std::move(text), now, std::move(press));
    }
    case Action::VoteDraw:
    case Action::VoteEnd: {
      STRATAGEM_TRY_ASSIGN(auto power, required_string(body, "power"));
      const bool draw = action == Action::VoteDraw;
      STRATAGEM_TRY_ASSIGN(auto vote, required_bool(body, draw ? "draw" : "end"));
      return draw ? game.vote_draw(user, power, vote, now) : game.vote_end(user, power, vote, now);
    }
    case Action::DeclareAlliance: {
      STRATAGEM_TRY_ASSIGN(auto power, required_string(body, "power"));
      const auto with = body.find("with");
      if (with == body.end()) return tl::unexpected(fields::missing("with"));
      STRATAGEM_TRY_ASSIGN(auto partners, fields::strings(*with, "with"));
      return game.declare_alliance_end(user, power, std::move(partners), now);
    }
    case Action::GiveUp:
    case Action::TakeSeat:
    case Action::SignTreaty:
    case Action::PublishTreaty: {
      STRATAGEM_TRY_ASSIGN(auto power, required_string(body, "power"));
      if (action == Action::GiveUp) return game.give_up(user, power, now);
      if (action == Action::TakeSeat) return game.take_seat(user, power, now);
      if (action == Action::SignTreaty) return game.sign_treaty(user, target, power, now);
      return game.publish_treaty(user, target, power, now);
    }
    case Action::ProposeTreaty: {
      STRATAGEM_TRY_ASSIGN(auto from, required_string(body, "from"));
      const auto parties = body.find("parties");
      if (parties == body.end()) return tl::unexpected(fields::missing("parties"));
      STRATAGEM_TRY_ASSIGN(auto list, fields::strings(*parties, "parties"));
      STRATAGEM_TRY_ASSIGN(auto text, required_string(body, "text"));
      return game.propose_treaty(user, from, std::move(list), std::move(text), now);
    }
    case Action::Pause: {
      STRATAGEM_TRY_ASSIGN(auto paused, required_bool(body, "paused"));
      return game.pause(user, paused, now);
    }
    case Action::Move:
    case Action::Resign:
    case Action::Draw:
      break;
  }
  return tl::unexpected(not_for_this_game());
}

tl::expected<Effects, GameError> act_dragonchess(DragonchessGame& game, const User& user, Action action,
                                                 const json& body, Instant now) {
  switch (action) {
    case Action::Join: return game.join(user, now);
    case Action::Move: {
      STRATAGEM_TRY_ASSIGN(auto move, required_string(body, "move"));
      return game.move(user, move, now);
    }
    case Action::Resign: return game.resign(user, now);
    case Action::Draw: {
      // The contract's body is one of {"offer"}, {"accept"}, {"decline"}: read as a key
      // (any value) or as {"action": "offer" | "accept" | "decline"}.
      std::optional<std::string> what;
      if (const auto it = body.find("action"); it != body.end()) {
        if (!it->is_string()) return tl::unexpected(fields::wrong_type("action", "string"));
        what = it->get<std::string>();
      } else {
        for (const char* key : {"offer", "accept", "decline"})
          if (body.contains(key)) what = key;
      }
      if (!what) return tl::unexpected(fields::missing("action"));
      if (*what == "offer") return game.draw(user, DrawAction::Offer, now);
      if (*what == "accept") return game.draw(user, DrawAction::Accept, now);
      if (*what == "decline") return game.draw(user, DrawAction::Decline, now);
      return tl::unexpected(fields::bad_value("action", "offer | accept | decline"));
    }
    default: break;
  }
  return tl::unexpected(not_for_this_game());
}

}  // namespace

tl::expected<Game, GameError> Game::create(std::string id, const json& body, const User& creator, Instant now,
                                           std::uint64_t seed) {
  STRATAGEM_TRY(fields::object(body, ""));
  STRATAGEM_TRY_ASSIGN(auto kind, fields::string(body, "game", true));
  if (*kind == "diplomacy") {
    STRATAGEM_TRY_ASSIGN(auto options, read_diplomacy_options(body));
    STRATAGEM_TRY_ASSIGN(auto game, DiplomacyGame::create(std::move(id), std::move(options), now, seed, creator));
    return Game(std::move(game));
  }
  if (*kind == "dragonchess") {
    STRATAGEM_TRY_ASSIGN(auto options, read_dragonchess_options(body));
    STRATAGEM_TRY_ASSIGN(auto game, DragonchessGame::create(std::move(id), std::move(options), creator, now, seed));
    return Game(std::move(game));
  }
  return tl::unexpected(fields::bad_value("game", "diplomacy | dragonchess"));
}

tl::expected<Game, std::string> Game::from_json(const json& record) {
  if (!record.is_object() || !record.contains("game")) return tl::unexpected(std::string("game record: no \"game\" field"));
  if (record["game"] == "diplomacy") {
    STRATAGEM_TRY_ASSIGN(auto game, DiplomacyGame::from_json(record));
    return Game(std::move(game));
  }
  if (record["game"] == "dragonchess") {
    STRATAGEM_TRY_ASSIGN(auto game, DragonchessGame::from_json(record));
    return Game(std::move(game));
  }
  return tl::unexpected("game record: \"game\" is " + record["game"].dump());
}

json Game::to_json() const {
  return std::visit([](const auto& game) { return game.to_json(); }, game_);
}

std::string Game::record() const {
  if (const auto* game = std::get_if<DiplomacyGame>(&game_)) return game->record();
  return std::get<DragonchessGame>(game_).to_json().dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string_view Game::kind() const { return diplomacy() ? "diplomacy" : "dragonchess"; }

const std::string& Game::id() const {
  return std::visit([](const auto& game) -> const std::string& { return game.id(); }, game_);
}

const std::string& Game::name() const {
  return std::visit([](const auto& game) -> const std::string& { return game.options().name; }, game_);
}

GameStatus Game::status() const {
  return std::visit([](const auto& game) { return game.status(); }, game_);
}

tl::expected<Effects, GameError> Game::act(const User& user, Action action, const json& body, Language language,
                                           Instant now, std::string_view target) {
  STRATAGEM_TRY(fields::object(body, ""));
  if (auto* game = diplomacy()) return act_diplomacy(*game, user, action, body, language, now, target);
  return act_dragonchess(*dragonchess(), user, action, body, now);
}

std::optional<Instant> Game::next_deadline() const {
  return std::visit([](const auto& game) { return game.next_deadline(); }, game_);
}

Effects Game::advance(Instant now) {
  return std::visit([&](auto& game) { return game.advance(now); }, game_);
}

json Game::view_for(std::string_view user_id, Instant now) const {
  if (const auto* game = diplomacy()) return game->view_for(user_id);
  return dragonchess()->view_for(user_id, now);
}

json Game::messages_for(std::string_view user_id, const std::vector<Message>& all) const {
  if (const auto* game = diplomacy()) return game->messages_for(user_id, all);
  return json::array();
}

bool Game::can_see(const Audience& audience, std::string_view user_id) const {
  return std::visit([&](const auto& game) { return game.can_see(audience, user_id); }, game_);
}

Audience Game::addressed(Audience audience) const {
  return std::visit([&](const auto& game) { return game.addressed(std::move(audience)); }, game_);
}

}  // namespace stratagem::platform
