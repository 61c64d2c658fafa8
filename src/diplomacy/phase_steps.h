#pragma once
// The three kinds of phase, each adjudicated on its own (adjudicator.cpp dispatches).

#include "stratagem/diplomacy/adjudicator.h"

namespace stratagem::diplomacy {

PhaseResult adjudicate_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);
PhaseResult adjudicate_retreats(const Variant& variant, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);
PhaseResult adjudicate_adjustments(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                   const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered);

}  // namespace stratagem::diplomacy
