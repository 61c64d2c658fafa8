// Rule switches as `NAME=VALUE` text.
#include "stratagem/dragonchess/rules.h"

#include <fmt/format.h>

namespace stratagem::dragonchess {

tl::expected<void, Error> apply_rule_switch(Rules& rules, std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos)
    return tl::unexpected(Error{ErrorKind::Unreadable, fmt::format("rule '{}': expected NAME=VALUE", text)});
  const std::string_view name = text.substr(0, equals), value = text.substr(equals + 1);
  auto choose = [&](auto& field, auto first, std::string_view first_name, auto second,
                    std::string_view second_name) -> tl::expected<void, Error> {
    if (value == first_name) {
      field = first;
    } else if (value == second_name) {
      field = second;
    } else {
      return tl::unexpected(Error{ErrorKind::Unknown, fmt::format("rule '{}': value '{}' is not {} or {}", name,
                                                                  value, first_name, second_name)});
    }
    return {};
  };
  if (name == "elemental-climb")
    return choose(rules.elemental_climb, ElementalClimb::Capture, "capture", ElementalClimb::Move, "move");
  if (name == "elemental-leap") return choose(rules.elemental_leap, false, "no", true, "yes");
  if (name == "hero-return") return choose(rules.hero_return, HeroReturn::Any, "any", HeroReturn::Origin, "origin");
  if (name == "dragon-breath")
    return choose(rules.dragon_breath, DragonBreath::Cross, "cross", DragonBreath::Below, "below");
  if (name == "dwarf-turn") return choose(rules.dwarf_turn, false, "no", true, "yes");
  if (name == "stalemate") return choose(rules.stalemate, StalemateResult::Draw, "draw", StalemateResult::Loss, "loss");
  return tl::unexpected(Error{ErrorKind::Unknown,
                              fmt::format("rule '{}': unknown rule '{}' (known: elemental-climb, elemental-leap, "
                                          "hero-return, dragon-breath, dwarf-turn, stalemate)",
                                          text, name)});
}

std::string format_rules(const Rules& rules) {
  return fmt::format("elemental-climb={} elemental-leap={} hero-return={} dragon-breath={} dwarf-turn={} stalemate={}",
                     rules.elemental_climb == ElementalClimb::Capture ? "capture" : "move",
                     rules.elemental_leap ? "yes" : "no", rules.hero_return == HeroReturn::Any ? "any" : "origin",
                     rules.dragon_breath == DragonBreath::Cross ? "cross" : "below", rules.dwarf_turn ? "yes" : "no",
                     rules.stalemate == StalemateResult::Draw ? "draw" : "loss");
}

}  // namespace stratagem::dragonchess
