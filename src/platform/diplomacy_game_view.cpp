// What each user sees of a game: the view, the press addressed to them, the audience of an event.
#include "diplomacy_game_impl.h"

namespace stratagem::platform {

json DiplomacyGame::view_for(std::string_view user_id) const {
  json view = {{"id", id_},
               {"game", "diplomacy"},
               {"name", options_.name},
               {"status", game_status_name(status_)},
               {"options", diplomacy_options_json(options_)},
               {"phase", status_ == GameStatus::Forming ? json(nullptr) : json(phase_code())},
               {"deadline", status_ == GameStatus::Active ? instant_or_null(deadline_) : json(nullptr)},
               {"result", Impl::result_json(*this)},
               {"winner", result_ && result_->winners.size() == 1 ? json(result_->winners.front()) : json(nullptr)}};
  const std::vector<std::string> mine = powers_of(user_id);
  view["my_powers"] = mine;
  // The setup's seats (seed 000 §1.2.3): who plays which powers together, so that a
  // player joining a game of fewer than seven sees what each seat commands.
  json seat_powers = json::array();
  for (const auto& seat : game_rules_.setup.seats) seat_powers.push_back(Impl::codes(*this, seat.powers));
  view["seat_powers"] = std::move(seat_powers);
  if (status_ == GameStatus::Forming) {
    json joined = json::array();
    for (const Joiner& joiner : joiners_)
      joined.push_back({{"player", joiner.user.name}, {"power", joiner.power ? json(*joiner.power) : json(nullptr)}});
    view["players"] = std::move(joined);
    const int daide_joined = static_cast<int>(std::count_if(joiners_.begin(), joiners_.end(), [](const Joiner& j) { return j.daide; }));
    view["seats"] = {{"taken", joiners_.size()},
                     {"open", options_.players - options_.computer_players - options_.daide_players -
                                  (static_cast<int>(joiners_.size()) - daide_joined)}};
    if (options_.daide_players > 0) view["seats"]["daide_open"] = options_.daide_players - daide_joined;
    view["powers"] = json::object();
    view["my_orders"] = json::object();
    return view;
  }
  if (status_ == GameStatus::Active) {
    // Whether the game is paused, and who may change that: the creator at once
    // ("by_creator"), else every seated person asking ("asked" of "needed").
    const std::vector<std::string> people = seated_people();
    json pause = {{"paused", pause_.has_value()},
                  {"since", pause_ ? json(format_instant(pause_->since)) : json(nullptr)},
                  {"deadline_left_seconds",
                   pause_ ? json(std::chrono::duration_cast<std::chrono::seconds>(pause_->deadline_left).count()) : json(nullptr)},
                  {"by_creator", creator_ && creator_->id == user_id},
                  {"can_ask", std::binary_search(people.begin(), people.end(), std::string(user_id))},
                  {"asked", pause_asked_.size()},
                  {"needed", people.size()},
                  {"asked_by_me", std::binary_search(pause_asked_.begin(), pause_asked_.end(), std::string(user_id))}};
    view["pause"] = std::move(pause);
  }
  if (options_.deadlines.live)
    view["stage"] = stage_ == Stage::Negotiation ? "negotiation" : "order_writing";
  view["negotiation_deadline"] = status_ == GameStatus::Active ? instant_or_null(negotiation_ends_at_) : json(nullptr);
  view["press_open"] = status_ == GameStatus::Active && options_.press != PressRule::None && Impl::press_open(*this);
  nlohmann::ordered_json position = formats::write_state(variant(), state());
  view["units"] = std::move(position["units"]);
  view["centers"] = std::move(position["centers"]);
  view["retreats"] = position.contains("retreats") ? json(std::move(position["retreats"])) : json::object();
  json powers = json::object(), my_orders = json::object(), draw_votes = json::object(), end_votes = json::object(),
       alliance = json::object();
  for (int p = 0; p < variant().power_count(); ++p) {
    const Seat& seat = seats_[p];
    const std::string& code = Impl::code(*this, power_at(p));
    // Field by field, as in to_json: the view is written on every request for a game.
    json& power = powers[code];
    power["player"] = seat.player && !seat.computer ? json(seat.player->name) : json(nullptr);
    // A DAIDE client is a computer player from outside, named by its NME.
    power["computer"] = seat.computer || seat.daide.has_value();
    if (seat.daide) power["daide"] = *seat.daide;
    power["status"] = power_status_name(seat.status);
    power["ready"] = seat.ready;
    power["orders_given"] = seat.orders.has_value();
    power["missed_in_a_row"] = seat.missed_in_a_row;
    power["to_order"] = status_ == GameStatus::Active && Impl::has_something_to_order(*this, power_at(p)) &&
                        !Impl::idle(*this, power_at(p));
    power["armistice"] = game_rules_.setup.armistice.contains(p);
    power["neutral"] = Impl::idle(*this, power_at(p)) && !game_rules_.setup.armistice.contains(p);
    const bool my_power = std::find(mine.begin(), mine.end(), code) != mine.end();
    if (my_power) {
      my_orders[code] = seat.orders ? Impl::kept_json(*seat.orders) : json::array();
      alliance[code] = seat.alliance;
    }
    if (my_power || options_.public_votes) {
      draw_votes[code] = seat.draw_vote;
      end_votes[code] = seat.end_vote;
    }
  }
  view["powers"] = std::move(powers);
  view["my_orders"] = std::move(my_orders);
  view["draw_votes"] = std::move(draw_votes);
  view["end_votes"] = std::move(end_votes);
  // Whose votes a draw or an end by lot needs, so that a page can say what a vote does.
  json voters = json::array();
  for (const Power p : Impl::voters(*this)) voters.push_back(Impl::code(*this, p));
  view["voters"] = std::move(voters);
  view["alliance_end"] = std::move(alliance);
  json missed = json::array();
  for (const MissedPhase& entry : missed_)
    missed.push_back({{"phase", entry.phase}, {"power", entry.power}, {"civil_disorder", entry.civil_disorder}});
  view["missed_phases"] = std::move(missed);
  json treaties = json::array();
  for (const Treaty& treaty : treaties_) {
    const bool party = std::any_of(mine.begin(), mine.end(), [&](const std::string& power) {
      return std::find(treaty.parties.begin(), treaty.parties.end(), power) != treaty.parties.end();
    });
    if (treaty.published || party) treaties.push_back(treaty.to_json());
  }
  view["treaties"] = std::move(treaties);
  return view;
}

json DiplomacyGame::messages_for(std::string_view user_id, const std::vector<Message>& all) const {
  const std::vector<std::string> mine = powers_of(user_id);
  const auto is_mine = [&](const std::string& power) {
    return std::find(mine.begin(), mine.end(), power) != mine.end();
  };
  json out = json::array();
  for (const Message& message : all)
    if (message.is_public() || is_mine(message.from) || std::any_of(message.to.begin(), message.to.end(), is_mine))
      out.push_back(message.to_json());
  return out;
}

bool DiplomacyGame::can_see(const Audience& audience, std::string_view user_id) const {
  if (audience.everyone) return true;
  if (audience.holders) return std::binary_search(audience.holders->begin(), audience.holders->end(), user_id);
  const std::vector<std::string> mine = powers_of(user_id);
  return std::any_of(audience.seats.begin(), audience.seats.end(), [&](const std::string& seat) {
    return std::find(mine.begin(), mine.end(), seat) != mine.end();
  });
}

Audience DiplomacyGame::addressed(Audience audience) const {
  if (audience.everyone || audience.holders) return audience;
  std::vector<std::string> holders;
  for (int p = 0; p < static_cast<int>(seats_.size()); ++p) {
    const auto& seat = seats_[p];
    if (seat.computer || !seat.player) continue;
    const auto code = Impl::code(*this, power_at(p));
    if (std::binary_search(audience.seats.begin(), audience.seats.end(), code)) holders.push_back(seat.player->id);
  }
  std::sort(holders.begin(), holders.end());
  holders.erase(std::unique(holders.begin(), holders.end()), holders.end());
  audience.holders = std::move(holders);
  return audience;
}

}  // namespace stratagem::platform
