#include "press_api.h"

#include "messages.h"
#include "stratagem/daide/press.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_press.h"

namespace stratagem::server {

namespace {

const daide::MapNames& standard_names() {
  static const daide::MapNames names(diplomacy::standard_variant(), daide::Representation::standard());
  return names;
}

std::optional<std::string> daide_text(const diplomacy::PressMessage& press) {
  const auto tokens = daide::press_tokens(press, standard_names());
  if (!tokens) return std::nullopt;
  return daide::to_text(*tokens, daide::Representation::standard());
}

}  // namespace

tl::expected<void, ApiError> read_press_text(nlohmann::json& body, Language language) {
  const auto found = body.find("press");
  if (found == body.end() || !found->is_string()) return {};
  const auto fail = [&](const std::string& reason) {
    return tl::unexpected(ApiError{400, "bad_request", say(language, Text::press_unreadable, reason)});
  };
  const auto tokens = daide::from_text(found->get<std::string>(), daide::Representation::standard());
  if (!tokens) return fail(tokens.error());
  const auto press = daide::read_press(*tokens, standard_names());
  if (!press) return fail(press.error());
  *found = formats::press_json(diplomacy::standard_variant(), *press);
  return {};
}

void show_press(nlohmann::json& message, Language language, NameRegion names) {
  const auto found = message.find("press");
  if (found == message.end() || !found->is_object()) return;
  const auto& variant = diplomacy::standard_variant();
  if (found->value("kind", "") == "vote") {
    // A computer's vote: "vote" {on, accept} for programs, the sentence for people.
    const auto voter = formats::read_power(variant, message.value("from", ""));
    nlohmann::json vote = {{"on", found->value("on", "")}, {"accept", found->value("accept", false)}};
    message.erase(found);
    if (!voter) return;
    message["sentence"] = formats::with_names_of(
        names, formats::vote_sentence(variant, *voter, vote["on"] == "draw", vote["accept"].get<bool>(), language));
    message["vote"] = std::move(vote);
    return;
  }
  const auto press = formats::press_from_json(variant, *found);
  const auto sender = formats::read_power(variant, message.value("from", ""));
  if (!press || !sender) return;
  if (auto text = daide_text(*press)) *found = *text;
  message["sentence"] = formats::with_names_of(names, formats::press_sentence(variant, *sender, *press, language));
}

void show_deal(nlohmann::json& deal, Language language, NameRegion names) {
  const auto& variant = diplomacy::standard_variant();
  const auto press = formats::press_from_json(variant, {{"kind", "propose"}, {"arrangement", deal["arrangement"]}});
  const auto& parties = deal["parties"];
  const auto proposer = parties.empty() ? tl::unexpected(std::string()) : formats::read_power(variant, parties[0].get<std::string>());
  if (!press || !proposer) return;
  if (auto text = daide_text(*press)) deal["press"] = *text;
  deal["sentence"] = formats::with_names_of(names, formats::press_sentence(variant, *proposer, *press, language));
  std::vector<diplomacy::Power> powers;
  for (const auto& party : parties)
    if (const auto power = formats::read_power(variant, party.get<std::string>())) powers.push_back(*power);
  if (const auto since = diplomacy::parse_phase_code(deal.value("agreed_phase", "")))
    deal["agreement"] =
        formats::with_names_of(names, formats::agreement_sentence(variant, powers, press->arrangement, *since, language));
}

}  // namespace stratagem::server
