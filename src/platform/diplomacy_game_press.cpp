// Press between powers (seed 000 §2.2) and treaties: proposed, signed, published.
#include "diplomacy_game_impl.h"

namespace stratagem::platform {

tl::expected<Effects, GameError> DiplomacyGame::send_message(const User& user, std::string_view from,
                                                             std::optional<std::vector<std::string>> to,
                                                             std::string text, Instant now,
                                                             std::optional<nlohmann::json> press) {
  STRATAGEM_TRY_ASSIGN(auto sender, Impl::own_power(*this, user, from));
  // A proposal or an answer may come without words.
  if ((text.empty() && !press) || !fields::valid_utf8(text) || code_points(text) > kLongestMessage)
    return tl::unexpected(GameError{ErrorCode::BadRequest, Problem::BadText, "text", std::to_string(kLongestMessage)});
  std::vector<std::string> recipients;
  if (to) {
    if (to->empty()) return tl::unexpected(fields::bad_value("to", "[POWER, ...] | \"all\""));
    // Each power at most once: a list longer than the powers cannot be one.
    if (to->size() > static_cast<std::size_t>(variant().power_count()))
      return tl::unexpected(fields::bad_value("to", "each power at most once"));
    for (const std::string& name : *to) {
      STRATAGEM_TRY_ASSIGN(auto power, Impl::power_named(*this, name));
      if (power == sender) return tl::unexpected(fields::bad_value("to", "powers other than the sender"));
      const auto code = Impl::code(*this, power);
      if (std::find(recipients.begin(), recipients.end(), code) != recipients.end())
        return tl::unexpected(fields::bad_value("to", "each power at most once"));
      recipients.push_back(code);
    }
  }
  STRATAGEM_TRY(Impl::press_allowed(*this, recipients.empty()));
  std::sort(recipients.begin(), recipients.end());
  Message message{std::to_string(message_count_ + 1), phase_code(), Impl::code(*this, sender), recipients,
                  std::move(text), now, std::nullopt};
  Effects effects;
  if (press)
    STRATAGEM_TRY(Impl::record_press(*this, message, *press, effects));
  ++message_count_;
  effects.changed = true;
  std::vector<std::string> audience = recipients;
  audience.push_back(message.from);
  effects.events.push_back(
      {message.is_public() ? Audience::all() : Audience::only(std::move(audience)), "message", message.to_json()});
  effects.response["id"] = message.id;
  effects.response["sent_at"] = format_instant(now);
  effects.response["phase"] = message.phase;
  effects.messages.push_back(std::move(message));
  return effects;
}
tl::expected<Effects, GameError> DiplomacyGame::propose_treaty(const User& user, std::string_view from,
                                                               std::vector<std::string> parties, std::string text,
                                                               Instant now) {
  STRATAGEM_TRY_ASSIGN(auto proposer, Impl::own_power(*this, user, from));
  if (text.empty() || !fields::valid_utf8(text) || code_points(text) > kLongestTreaty)
    return tl::unexpected(GameError{ErrorCode::BadRequest, Problem::BadText, "text", std::to_string(kLongestTreaty)});
  if (static_cast<int>(treaties_.size()) >= kMostTreaties)
    return tl::unexpected(fields::bad_value("text", "at most " + std::to_string(kMostTreaties) + " treaties"));
  std::vector<std::string> codes = {Impl::code(*this, proposer)};
  for (const std::string& name : parties) {
    STRATAGEM_TRY_ASSIGN(auto power, Impl::power_named(*this, name));
    const std::string code = Impl::code(*this, power);
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  }
  if (codes.size() < 2) return tl::unexpected(fields::bad_value("parties", "at least one power besides the proposer"));
  // A treaty is private to its parties until published: it needs private press.
  STRATAGEM_TRY(Impl::press_allowed(*this, false));
  Treaty treaty{std::to_string(treaties_.size() + 1), phase_code(), std::move(text), codes, {codes.front()}, false, now};
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Impl::treaty_audience(treaty), "treaty", treaty.to_json()});
  effects.response = treaty.to_json();
  treaties_.push_back(std::move(treaty));
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::sign_treaty(const User& user, std::string_view treaty_id,
                                                            std::string_view power_name, Instant) {
  STRATAGEM_TRY_ASSIGN(auto party, Impl::treaty_party(*this, user, treaty_id, power_name));
  auto& [treaty, code] = party;
  if (std::find(treaty->signed_by.begin(), treaty->signed_by.end(), code) != treaty->signed_by.end())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySigned, code));
  STRATAGEM_TRY(Impl::press_allowed(*this, false));
  treaty->signed_by.push_back(code);
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Impl::treaty_audience(*treaty), "treaty", treaty->to_json()});
  effects.response = treaty->to_json();
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::publish_treaty(const User& user, std::string_view treaty_id,
                                                               std::string_view power_name, Instant) {
  STRATAGEM_TRY_ASSIGN(auto party, Impl::treaty_party(*this, user, treaty_id, power_name));
  auto& [treaty, code] = party;
  if (treaty->signed_by.size() != treaty->parties.size())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::TreatyUnsigned));
  // Publishing is public press (seed 000 §2.2.5-2.2.6).
  STRATAGEM_TRY(Impl::press_allowed(*this, true));
  Effects effects;
  effects.response = treaty->to_json();
  if (treaty->published) return effects;
  treaty->published = true;
  effects.changed = true;
  effects.events.push_back({Audience::all(), "treaty", treaty->to_json()});
  effects.response = treaty->to_json();
  return effects;
}

}  // namespace stratagem::platform
