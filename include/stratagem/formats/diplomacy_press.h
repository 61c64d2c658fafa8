#pragma once
// Structured press (stratagem/diplomacy/press.h) as a sentence for a person, in English,
// 繁體中文, 简体中文 or 日本語, with the variant's names of powers, places and orders:
// "France proposes peace with Germany", "法國提議與德國和平".

#include <string>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

std::string press_sentence(const diplomacy::Variant& variant, diplomacy::Power sender,
                           const diplomacy::PressMessage& message, diplomacy::Language language);

// A computer player's vote on a proposed draw (`on_draw`) or end by lot, said in the game's
// press: "France votes against the draw", "法國投票反對和局".
std::string vote_sentence(const diplomacy::Variant& variant, diplomacy::Power voter, bool on_draw, bool accept,
                          diplomacy::Language language);

// An agreement in force between `parties`, as an agreement, not as the proposal that made
// it: "France and Germany at peace since Spring 1901", "自1901年春季起，法國與德國和平相處",
// "1901年春から、フランスとドイツは和平中".
std::string agreement_sentence(const diplomacy::Variant& variant, const std::vector<diplomacy::Power>& parties,
                               const diplomacy::Arrangement& arrangement, diplomacy::Phase since,
                               diplomacy::Language language);

// The JSON of the API: {"kind": "propose" | "accept" | "reject" | "refuse" | "cancel",
// "arrangement": A}, where A is {"type": "peace", "powers": [..]}, {"type": "alliance",
// "powers", "against"}, {"type": "draw", "powers"?}, {"type": "solo", "power"},
// {"type": "dmz", "powers", "provinces"}, {"type": "order", "order": "A PAR - BUR",
// "power", "other_power"?, "route"?}, {"type": "and" | "or", "parts": [A, A, ...]} or
// {"type": "not" | "no_arrangement", "part": A}; powers and provinces by their codes.
nlohmann::json press_json(const diplomacy::Variant& variant, const diplomacy::PressMessage& message);
// Read back, in any notation of powers, places and orders; an error names the path
// ("arrangement.parts[1].powers[0]") and what is wrong there.
tl::expected<diplomacy::PressMessage, std::string> press_from_json(const diplomacy::Variant& variant,
                                                                   const nlohmann::json& value);

}  // namespace stratagem::formats
