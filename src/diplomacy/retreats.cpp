#include "phase_steps.h"
#include "season.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

PhaseResult adjudicate_retreats(const Variant& variant, const GameState& state,
                                const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                                const PowerSet& silent) {
  PhaseResult result;
  GameState& next = result.next;
  next = state;
  next.clear_dislodged();
  // Seed 000 §2.5.6: units retreating to the same province are all disbanded.
  std::array<std::uint8_t, kMaxProvinces> arrivals{};
  const auto retreat_destination = [&](int p) { return variant.province_of(orders[p].target()); };
  const auto retreats = [&](int p) { return ordered.contains(p) && orders[p].kind() == OrderKind::Retreat; };
  state.dislodged_provinces().for_each([&](int p) {
    if (retreats(p)) ++arrivals[index(retreat_destination(p))];
  });
  state.dislodged_provinces().for_each([&](int p) {
    const Unit unit = state.dislodged_in(province_at(p))->unit;
    Resolution& r = result.resolutions[p];
    if (!ordered.contains(p)) {
      r.outcome = Outcome::Hold;
      result.removed_without_order.push_back(unit);
      return;
    }
    if (!retreats(p)) {
      r.outcome = Outcome::Ok;
      return;
    }
    if (arrivals[index(retreat_destination(p))] > 1) {
      r.outcome = Outcome::Bounce;
      state.dislodged_provinces().for_each([&](int other) {
        if (other != p && retreats(other) && retreat_destination(other) == retreat_destination(p))
          r.by = state.dislodged_in(province_at(other))->unit.location;
      });
      return;
    }
    r.outcome = Outcome::Ok;
    next.place(variant, Unit{unit.type, unit.power, orders[p].target()});
  });
  next.phase.type = PhaseType::Movement;
  finish_season(variant, next, silent);
  return result;
}

}  // namespace stratagem::diplomacy
