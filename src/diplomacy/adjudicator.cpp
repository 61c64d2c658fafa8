#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/own_outcomes.h"

#include "movement.h"
#include "phase_steps.h"
#include "season.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

PhaseResult adjudicate(const Variant& variant, const RuleOptions& rules, const GameState& state,
                       const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered) {
  switch (state.phase.type) {
    case PhaseType::Movement: return adjudicate_movement(variant, rules, state, orders, ordered);
    case PhaseType::Retreat: return adjudicate_retreats(variant, state, orders, ordered);
    case PhaseType::Adjustment: return adjudicate_adjustments(variant, rules, state, orders, ordered);
  }
  return {};
}

PhaseResult adjudicate(const Variant& variant, const RuleOptions& rules, const GameState& state,
                       const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, OwnOutcomes& own) {
  if (state.phase.type == PhaseType::Movement) return adjudicate_movement(variant, rules, state, orders, ordered, {}, &own);
  PhaseResult result = adjudicate(variant, rules, state, orders, ordered);
  for (int p = 0; p < kMaxProvinces; ++p) own[p] = {result.resolutions[p].outcome, result.resolutions[p].opposing_strength};
  return result;
}

namespace {

// After the moves: a dislodged unit with nowhere to go, or whose power orders nothing
// (seed 000 §4.3.1), is disbanded at once; the retreat phase is held only if some unit
// has a choice.
void end_movement(const Variant& variant, GameState& next, const PowerSet& silent) {
  const auto retreats = [&](const DislodgedUnit& unit) {
    return !unit.retreats.empty() && !silent.contains(index(unit.unit.power));
  };
  bool any_retreat = false;
  next.dislodged_provinces().for_each([&](int p) { any_retreat |= retreats(*next.dislodged_in(province_at(p))); });
  if (any_retreat) {
    GameState with_choices = next;
    with_choices.clear_dislodged();
    next.dislodged_provinces().for_each([&](int p) {
      const DislodgedUnit unit = *next.dislodged_in(province_at(p));
      if (retreats(unit)) with_choices.add_dislodged(variant, unit);
    });
    next = with_choices;
    next.phase.type = PhaseType::Retreat;
    return;
  }
  next.clear_dislodged();
  finish_season(variant, next, silent);
}

}  // namespace

PhaseResult adjudicate_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                                const PowerSet& silent, OwnOutcomes* own) {
  PhaseResult result;
  resolve_movement(variant, rules, state, orders, ordered, result, own);
  end_movement(variant, result.next, silent);
  return result;
}

void advance(const Variant& variant, const RuleOptions& rules, const GameState& state,
             const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, GameState& next) {
  switch (state.phase.type) {
    case PhaseType::Movement:
      resolve_movement_position(variant, rules, state, orders, ordered, next);
      end_movement(variant, next, {});
      return;
    case PhaseType::Retreat: next = adjudicate_retreats(variant, state, orders, ordered).next; return;
    case PhaseType::Adjustment: advance_adjustments(variant, rules, state, orders, ordered, next); return;
  }
}

Power winner(const Variant& variant, const GameState& state) {
  for (int i = 0; i < variant.power_count(); ++i)
    if (state.centre_count(power_at(i)) >= variant.victory_centres()) return power_at(i);
  return Power::None;
}

}  // namespace stratagem::diplomacy
