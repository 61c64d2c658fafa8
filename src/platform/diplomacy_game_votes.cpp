// Draw and end votes, and the end of an alliance: how the players end a game together.
#include "diplomacy_game_impl.h"

namespace stratagem::platform {

tl::expected<Effects, GameError> DiplomacyGame::vote_draw(const User& user, std::string_view power_name, bool draw,
                                                          Instant) {
  return Impl::vote(*this, user, power_name, &Seat::draw_vote, "draw", draw);
}

tl::expected<Effects, GameError> DiplomacyGame::vote_end(const User& user, std::string_view power_name, bool end,
                                                         Instant) {
  return Impl::vote(*this, user, power_name, &Seat::end_vote, "end", end);
}

std::vector<DiplomacyGame::ComputerVote> DiplomacyGame::computer_votes() const {
  std::vector<ComputerVote> out;
  if (status_ != GameStatus::Active || pause_) return out;
  const auto due = [&](const char* on, bool Seat::*vote, std::string Seat::*voted_in) {
    if (!Impl::proposed(*this, vote)) return;
    for (int p = 0; p < variant().power_count(); ++p)
      if (Impl::computer_controlled(*this, power_at(p)) && Impl::votes(*this, power_at(p)) &&
          seats_[p].*voted_in != phase_code())
        out.push_back({power_at(p), Impl::code(*this, power_at(p)), phase_code(), on});
  };
  due("draw", &Seat::draw_vote, &Seat::draw_voted_in);
  due("lot", &Seat::end_vote, &Seat::end_voted_in);
  return out;
}

tl::expected<Effects, GameError> DiplomacyGame::vote_as_computer(const ComputerVote& vote, bool accept, Instant now) {
  const auto due = computer_votes();
  if (std::find(due.begin(), due.end(), vote) == due.end())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::WrongPhase, vote.phase, phase_code()));
  const bool draw = vote.on == "draw";
  Seat& seat = seats_[index(vote.power)];
  (draw ? seat.draw_vote : seat.end_vote) = accept;
  (draw ? seat.draw_voted_in : seat.end_voted_in) = vote.phase;
  const std::string word = draw ? "draw" : "end";
  Effects effects;
  effects.changed = true;
  effects.events.push_back({options_.public_votes ? Audience::all() : Audience::only({vote.power_code}), word + "_vote",
                            {{"power", vote.power_code}, {word, accept}}});
  // It says so to everyone where public press is open: a person sees why nothing ended.
  if (Impl::press_allowed(*this, true)) {
    Message message{std::to_string(message_count_ + 1), phase_code(), vote.power_code, {}, "", now,
                    nlohmann::json{{"kind", "vote"}, {"on", vote.on}, {"accept", accept}}};
    ++message_count_;
    effects.events.push_back({Audience::all(), "message", message.to_json()});
    effects.messages.push_back(std::move(message));
  }
  if (accept) Impl::end_if_agreed(*this, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::declare_alliance_end(const User& user, std::string_view power_name,
                                                                    std::vector<std::string> partners, Instant) {
  STRATAGEM_TRY_ASSIGN(auto power, Impl::own_power(*this, user, power_name));
  PowerSet group;
  for (std::size_t i = 0; i < partners.size(); ++i) {
    const auto partner = formats::read_power(variant(), partners[i]);
    if (!partner) return tl::unexpected(fields::bad_value("with[" + std::to_string(i) + "]", "a power"));
    group.insert(index(*partner));
  }
  std::vector<std::string>& declared = seats_[index(power)].alliance;
  declared.clear();
  if (!group.empty()) {
    group.insert(index(power));
    declared = Impl::codes(*this, group);
  }
  const std::string code = Impl::code(*this, power);
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Audience::only({code}), "alliance_end", {{"power", code}, {"with", declared}}});
  effects.response = {{"power", code}, {"with", declared}};
  return effects;
}

}  // namespace stratagem::platform
