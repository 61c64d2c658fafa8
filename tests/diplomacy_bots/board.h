#pragma once
// Hand-made positions for the players' tests: places and powers by their codes.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/diplomacy_bots/player.h"

namespace stratagem::diplomacy_bots::test_board {

inline diplomacy::Location at(const std::string& code) {
  const diplomacy::Variant& v = diplomacy::standard_variant();
  for (int l = 0; l < v.location_count(); ++l)
    if (v.location_code(diplomacy::location_at(l)) == code) return diplomacy::location_at(l);
  ADD_FAILURE() << "no location " << code;
  return diplomacy::Location::None;
}

inline diplomacy::Province province(const std::string& code) {
  return diplomacy::standard_variant().province_of(at(code));
}

inline diplomacy::Power power(const std::string& code) {
  const diplomacy::Variant& v = diplomacy::standard_variant();
  for (int i = 0; i < v.power_count(); ++i)
    if (v.power_code(diplomacy::power_at(i)) == code) return diplomacy::power_at(i);
  ADD_FAILURE() << "no power " << code;
  return diplomacy::Power::None;
}

inline std::vector<diplomacy::Order> orders_of(const std::string& spec, const diplomacy::GameState& state,
                                               diplomacy::Power p, std::uint64_t seed) {
  const diplomacy::RuleOptions rules = diplomacy::standard_rules();
  auto player = make_player(spec);
  EXPECT_TRUE(player.has_value()) << player.error();
  if (!player) return {};
  return (*player)->orders(Turn{diplomacy::standard_variant(), rules, state, p, seed});
}

inline std::string text(const std::vector<diplomacy::Order>& orders) {
  const diplomacy::Variant& v = diplomacy::standard_variant();
  std::string out;
  for (const diplomacy::Order& o : orders) {
    out += "[kind " + std::to_string(static_cast<int>(o.kind())) + " " +
           (o.unit() == diplomacy::Location::None ? "-" : v.location_code(o.unit()));
    if (o.target() != diplomacy::Location::None) out += " " + v.location_code(o.target());
    if (o.dest() != diplomacy::Location::None) out += " " + v.location_code(o.dest());
    out += "]";
  }
  return out;
}

}  // namespace stratagem::diplomacy_bots::test_board
