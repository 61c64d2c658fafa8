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
