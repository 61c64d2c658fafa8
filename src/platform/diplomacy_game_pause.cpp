// Pausing and resuming a game: at once by its creator, or by every seated person asking.
#include "diplomacy_game_impl.h"

namespace stratagem::platform {

std::vector<std::string> DiplomacyGame::seated_people() const {
  std::vector<std::string> people;
  for (const Seat& seat : seats_)
    if (seat.player && !seat.computer && !seat.daide && seat.status == PowerStatus::Playing)
      people.push_back(seat.player->id);
  std::sort(people.begin(), people.end());
  people.erase(std::unique(people.begin(), people.end()), people.end());
  return people;
}

tl::expected<Effects, GameError> DiplomacyGame::pause(const User& user, bool paused, Instant now) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  const std::vector<std::string> people = seated_people();
  const bool creator = creator_ && creator_->id == user.id;
  const bool seated = std::binary_search(people.begin(), people.end(), user.id);
  if (!creator && !seated) return tl::unexpected(error(ErrorCode::Forbidden, Problem::NotPauser));
  Effects effects;
  if (creator) {
    if (paused != pause_.has_value()) set_paused(paused, "creator", now, effects);
  } else {
    // An ask is to change what is: asking for what already is withdraws one's ask.
    const auto mine = std::lower_bound(pause_asked_.begin(), pause_asked_.end(), user.id);
    const bool asked = mine != pause_asked_.end() && *mine == user.id;
    const bool asking = paused != pause_.has_value();
    if (asking != asked) {
      effects.changed = true;
      if (asking) pause_asked_.insert(mine, user.id);
      else pause_asked_.erase(mine);
      // Those who asked and no longer sit (gave up, eliminated) no longer count.
      std::vector<std::string> counted;
      std::set_intersection(pause_asked_.begin(), pause_asked_.end(), people.begin(), people.end(),
                            std::back_inserter(counted));
      pause_asked_ = std::move(counted);
      if (pause_asked_.size() == people.size()) {
        set_paused(!pause_.has_value(), "vote", now, effects);
      } else {
        effects.events.push_back({Audience::all(), "pause_asked",
                                  {{"paused", !pause_.has_value()}, {"asked", pause_asked_.size()}, {"needed", people.size()}}});
      }
    }
  }
  effects.response = {{"paused", pause_.has_value()}, {"asked", pause_asked_.size()}, {"needed", people.size()}};
  return effects;
}

void DiplomacyGame::set_paused(bool paused, std::string_view by, Instant now, Effects& effects) {
  effects.changed = true;
  pause_asked_.clear();
  if (paused) {
    const auto left = [&](std::optional<Instant> until) { return std::max(Duration::zero(), until.value_or(now) - now); };
    pause_ = Pause{now, left(deadline_), std::nullopt};
    if (negotiation_ends_at_ && stage_ == Stage::Negotiation) pause_->negotiation_left = left(negotiation_ends_at_);
    deadline_.reset();
    negotiation_ends_at_.reset();
    effects.events.push_back({Audience::all(), "game_paused",
                              {{"by", by},
                               {"phase", phase_code()},
                               {"deadline_left_seconds", std::chrono::duration_cast<std::chrono::seconds>(pause_->deadline_left).count()}}});
    return;
  }
  // The time that was left, but never less than a player needs to look again.
  const Duration least = std::min(kLeastAfterResume, Impl::phase_length(*this, state().phase.type));
  const Duration added = std::max(Duration::zero(), least - pause_->deadline_left);
  deadline_ = now + pause_->deadline_left + added;
  if (pause_->negotiation_left) negotiation_ends_at_ = now + *pause_->negotiation_left + added;
  pause_.reset();
  json payload = {{"by", by}, {"phase", phase_code()}, {"deadline", format_instant(*deadline_)}};
  if (negotiation_ends_at_) payload["negotiation_deadline"] = format_instant(*negotiation_ends_at_);
  effects.events.push_back({Audience::all(), "game_resumed", std::move(payload)});
  // Everyone may have said ready while it was paused.
  Impl::process_if_everyone_ready(*this, now, effects);
}

}  // namespace stratagem::platform
